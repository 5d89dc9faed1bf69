"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { CardActionDialog } from "@/components/customers/card-action-dialog";
import { cardAction, type CardActionName, type CardActions } from "@/components/customers/card-action-list";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { CardView } from "@/lib/contracts/cards";

/**
 * Every change the card's state allows, as buttons that wrap (so all stay on screen on a phone);
 * each opens the confirmation dialog, then the 2FA step-up.
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
        <div className="flex flex-wrap gap-2" role="group" aria-label="Card actions">
          {allowed.map((a) => (
            <Button
              key={a}
              variant={cardAction(a).tone === "danger" ? "danger" : "secondary"}
              size="sm"
              onClick={() => setAction(a)}
            >
              {cardAction(a).label.replace("…", "")}
            </Button>
          ))}
        </div>
      )}
      {action ? (
        <CardActionDialog
          svcCardId={svcCardId}
          card={card}
          action={action}
          actions={actions}
          onClose={() => setAction(undefined)}
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
