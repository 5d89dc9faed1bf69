"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { CardActionDialog } from "@/components/customers/card-action-dialog";
import type { CardActionName, CardActions } from "@/components/customers/card-action-list";
import { cardName } from "@/components/customers/labels";
import { Alert } from "@/components/ui/alert";
import type { CardView } from "@/lib/contracts/cards";
import { CardActionControls } from "./card-action-menu";

/**
 * Every change the card's state allows: freeze or unfreeze first, the rest under "More actions"
 * (CardActionControls); each opens the confirmation dialog, then the 2FA step-up. The focus goes
 * back to what opened the dialog, or to the group's first button once the change has replaced it.
 */
export function CardActionBar({
  svcCardId,
  card,
  allowed,
  canAct,
  twoFactorEnabled,
  actions,
}: {
  svcCardId: string;
  card: CardView;
  allowed: CardActionName[];
  canAct: boolean;
  twoFactorEnabled: boolean;
  actions: CardActions;
}) {
  const router = useRouter();
  const [action, setAction] = useState<CardActionName>();
  const [notice, setNotice] = useState<string>();
  const opener = useRef<HTMLElement | null>(null);
  const group = useRef<HTMLDivElement>(null);
  if (!canAct) return <p className="text-sm text-muted">Viewers can see cards but not change them.</p>;
  if (!twoFactorEnabled)
    return (
      <Alert>
        Card changes need two-factor authentication.{" "}
        <Link href="/settings/security" className="font-medium underline">
          Turn it on in Settings → Security
        </Link>
        .
      </Alert>
    );
  return (
    <div className="flex flex-col gap-3">
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {allowed.length === 0 ? (
        <p className="text-sm text-muted">No changes possible: the card is permanently closed.</p>
      ) : (
        <div ref={group} role="group" aria-label="Card actions">
          <CardActionControls
            cardLabel={cardName(card)}
            allowed={allowed}
            onPick={(a, from) => {
              opener.current = from;
              setAction(a);
            }}
          />
        </div>
      )}
      {action ? (
        <CardActionDialog
          svcCardId={svcCardId}
          card={card}
          action={action}
          actions={actions}
          onClose={() => setAction(undefined)}
          returnFocusTo={() =>
            opener.current?.isConnected ? opener.current : group.current?.querySelector("button")
          }
          onDone={(text) => {
            setAction(undefined);
            setNotice(text);
            router.refresh();
          }}
        />
      ) : null}
    </div>
  );
}
