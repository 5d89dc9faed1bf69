"use client";

import { useCallback, useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import { errorText } from "./error-text";
import { SecureFrame } from "./secure-frame";
import type { MyAccountAction, PinFormAction } from "./types";

/**
 * The hosted PIN page for one card. Each showing asks for a fresh URL (they are single use):
 * the PIN-setup form while no PIN is set, the PIN-change form afterwards.
 */
export function PinSetup({
  cardId,
  pinForm,
  onPinSet,
}: {
  cardId: string;
  pinForm: PinFormAction;
  onPinSet: () => void;
}) {
  const { run } = useAction(pinForm);
  const [url, setUrl] = useState<string>();
  const [pinSetBefore, setPinSetBefore] = useState(false);
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void run({ cardId }).then((res) => {
      if (!live) return;
      if (res.ok) {
        setUrl(res.data.url);
        setPinSetBefore(res.data.pinSet);
      } else setError(errorText(res.error));
    });
    return () => {
      live = false;
    };
  }, [run, cardId, attempt]);

  if (error) {
    return (
      <div className="flex flex-col gap-3">
        <Alert tone="error">{error}</Alert>
        <Button
          variant="secondary"
          onClick={() => {
            setError(undefined);
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
  if (!url) return <p className="text-sm text-muted">Loading the secure PIN page…</p>;
  return (
    <SecureFrame
      src={url}
      kind="pin"
      title={pinSetBefore ? "Change your card PIN" : "Set your card PIN"}
      onPinSet={onPinSet}
    />
  );
}

/**
 * After the PIN page reports success: pin_set follows an upstream event, so wait (briefly) until
 * the account shows it. Resolves true when it does, false after about 10 seconds.
 */
export function useWaitForPin(myAccount: MyAccountAction) {
  const { run } = useAction(myAccount);
  return useCallback(
    async (cardId: string): Promise<boolean> => {
      for (let i = 0; i < 14; i++) {
        const res = await run({});
        if (res.ok && res.data.cards.some((c) => c.card_id === cardId && c.pin_set)) return true;
        await new Promise((r) => setTimeout(r, 700));
      }
      return false;
    },
    [run],
  );
}
