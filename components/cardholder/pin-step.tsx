"use client";

import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { PinSetup, useWaitForPin } from "./pin-setup";
import type { MyAccountAction, PinFormAction } from "./types";

/** The wizard's last step: choose a 4-digit PIN inside the secure page, then on to My card. */
export function PinStep({
  cardId,
  pinForm,
  myAccount,
  myCardHref,
}: {
  cardId: string;
  pinForm: PinFormAction;
  myAccount: MyAccountAction;
  myCardHref: string;
}) {
  const router = useRouter();
  const waitForPin = useWaitForPin(myAccount);
  const [saved, setSaved] = useState(false);

  const onPinSet = useCallback(() => {
    if (saved) return;
    setSaved(true);
    void waitForPin(cardId).then(() => {
      router.push(myCardHref);
      router.refresh();
    });
  }, [saved, waitForPin, cardId, router, myCardHref]);

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        Choose a 4-digit PIN for in-store payments. You type it on our card partner&apos;s secure page: we
        never see it.
      </p>
      {saved ? (
        <Alert tone="success">Your PIN is set. Opening your card…</Alert>
      ) : (
        <div className="flex justify-center">
          <PinSetup cardId={cardId} pinForm={pinForm} onPinSet={onPinSet} />
        </div>
      )}
    </div>
  );
}
