"use client";

import { CreditCard } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { When } from "@/components/api-keys/key-cells";
import { CardActionControls } from "@/components/cards/card-action-menu";
import { Alert } from "@/components/ui/alert";
import { cn } from "@/components/ui/cn";
import { ScrollRegion } from "@/components/ui/scroll-hint";
import { ACTIONS_COLUMN, STACKED, TableHeader } from "@/components/ui/table";
import type { CardView } from "@/lib/contracts/cards";
import { CardStatusBadge, YesNo } from "./badges";
import { CardActionDialog } from "./card-action-dialog";
import type { CardActionName, CardActions } from "./card-action-list";
import { cardName } from "./labels";

export interface CardListProps {
  svcCardId: string;
  cards: CardView[];
  /** Per card id, the actions its state allows. */
  allowed: Record<string, CardActionName[]>;
  /** Operators and admins act on cards; viewers only read (docs/team.md, Roles). */
  canAct: boolean;
  /** Card changes need the 2FA step-up, so a user without 2FA is sent to set it up first. */
  twoFactorEnabled: boolean;
  actions: CardActions;
}

/**
 * The customer's cards, oldest first, in a table that becomes stacked rows on a phone (STACKED).
 * Each change goes through a confirmation dialog that says what it does, then the 2FA step-up.
 */
export function CardList({ svcCardId, cards, allowed, canAct, twoFactorEnabled, actions }: CardListProps) {
  const router = useRouter();
  const [dialog, setDialog] = useState<{ card: CardView; action: CardActionName }>();
  const [notice, setNotice] = useState<string>();
  const opener = useRef<HTMLElement | null>(null);
  const showActions = canAct && twoFactorEnabled;

  if (cards.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-5 py-10 text-center">
        <CreditCard className="size-6 text-muted" aria-hidden />
        <p className="font-medium">No cards yet</p>
        <p className="max-w-sm text-sm text-muted">
          The first virtual card is created at the end of onboarding, once the account wallet is deployed.
        </p>
      </div>
    );
  }

  return (
    <>
      {notice || (canAct && !twoFactorEnabled) ? (
        <div className="flex flex-col gap-2 px-5 pt-4">
          {notice ? <Alert tone="success">{notice}</Alert> : null}
          {canAct && !twoFactorEnabled ? (
            <Alert>
              Freezing, voiding and reporting cards need two-factor authentication.{" "}
              <Link href="/settings/security" className="font-medium underline">
                Turn it on in Settings → Security
              </Link>
              .
            </Alert>
          ) : null}
        </div>
      ) : null}
      <ScrollRegion label="Cards of this customer" hintClassName="max-sm:hidden md:hidden">
        <table className={cn("w-full text-left text-sm sm:min-w-[44rem]", STACKED.table)}>
          <TableHeader
            className={STACKED.head}
            columns={[
              "Card",
              "Status",
              "PIN",
              "Created",
              "Activated",
              ...(showActions ? [ACTIONS_COLUMN] : []),
            ]}
          />
          <tbody className={cn("divide-y divide-border", STACKED.body)}>
            {cards.map((card) => (
              <tr key={card.card_id} className={cn("align-middle", STACKED.row)} data-card-id={card.card_id}>
                <td className={cn("px-5 py-3", STACKED.cell)}>
                  <span className="flex flex-col gap-0.5">
                    <span className="font-medium whitespace-nowrap">
                      <span className="font-mono tracking-wider">•••• {card.last_four}</span>{" "}
                      <span className="text-muted">
                        · {card.card_type === "virtual" ? "Virtual" : "Physical"}
                      </span>
                    </span>
                    <Link
                      href={`/cards/${encodeURIComponent(card.card_id)}`}
                      className="font-mono text-xs text-accent hover:underline"
                    >
                      {card.card_id}
                    </Link>
                  </span>
                </td>
                <td
                  className={cn(
                    "px-3 py-3 max-sm:col-start-2 max-sm:row-start-1 max-sm:justify-self-end",
                    STACKED.cell,
                  )}
                >
                  <CardStatusBadge card={card} />
                </td>
                <td
                  className={cn(
                    "px-3 py-3 max-sm:col-start-2 max-sm:row-start-2 max-sm:justify-self-end max-sm:text-xs",
                    STACKED.cell,
                  )}
                >
                  <span className="sm:hidden">PIN </span>
                  <YesNo value={card.pin_set} yes="Set" no="Not set" />
                </td>
                <td
                  className={cn(
                    "px-3 py-3 max-sm:col-start-1 max-sm:row-start-2 max-sm:text-xs",
                    STACKED.cell,
                  )}
                >
                  <span className="text-muted sm:hidden">Created </span>
                  <When iso={card.created_at} withTime />
                </td>
                <td className={cn("px-3 py-3 max-sm:col-span-2 max-sm:text-xs", STACKED.cell)}>
                  <span className="text-muted sm:hidden">Activated </span>
                  <When
                    iso={card.activated_at}
                    withTime
                    empty={card.card_type === "physical" ? "Not yet" : "—"}
                  />
                </td>
                {showActions ? (
                  // Sticky: where the table scrolls sideways the actions stay on screen; stacked on a
                  // phone they take the row's last line.
                  <td
                    className={cn(
                      "sticky right-0 bg-surface py-2.5 pr-5 pl-3 text-right",
                      "max-sm:static max-sm:col-span-2 max-sm:text-left",
                      STACKED.cell,
                    )}
                  >
                    {(allowed[card.card_id] ?? []).length === 0 ? (
                      <span className="text-xs text-muted">No changes possible</span>
                    ) : (
                      <CardActionControls
                        cardLabel={cardName(card)}
                        allowed={allowed[card.card_id] ?? []}
                        emphasis="secondary"
                        onPick={(action, from) => {
                          opener.current = from;
                          setDialog({ card, action });
                        }}
                      />
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {dialog ? (
        <CardActionDialog
          svcCardId={svcCardId}
          card={dialog.card}
          action={dialog.action}
          actions={actions}
          onClose={() => setDialog(undefined)}
          // After a change the row's first button stands where the opener was.
          returnFocusTo={() =>
            opener.current?.isConnected
              ? opener.current
              : document.querySelector<HTMLElement>(`tr[data-card-id="${dialog.card.card_id}"] button`)
          }
          onDone={(text) => {
            setDialog(undefined);
            setNotice(text);
            router.refresh();
          }}
        />
      ) : null}
    </>
  );
}
