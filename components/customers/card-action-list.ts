import type { TypedConfirmation } from "@/components/ui/confirm-dialog";
import type { Action, ActionResult } from "@/lib/action-result";

type CardTarget = { svcCardId: string; cardId: string };

/**
 * The dashboard's card server actions (server/actions/cards.ts), keyed by the use case each runs
 * (lib/contracts/permissions.ts); the pages pass them in (components/cards/card-actions.ts).
 */
export interface CardActions {
  freezeCard: Action<CardTarget, unknown>;
  unfreezeCard: Action<CardTarget, unknown>;
  blockCard: Action<CardTarget, unknown>;
  unblockCard: Action<CardTarget, unknown>;
  voidCard: Action<CardTarget, unknown>;
  reportCard: Action<CardTarget & { reason: "lost" | "stolen" }, unknown>;
}

interface CardActionEntry {
  /** The use case it runs (the permission table's key). */
  useCase: keyof CardActions;
  /** Its name in the menu and on the button ("…": a dialog that warns before it acts). */
  label: string;
  tone: "danger" | "neutral";
  /** Freeze and unfreeze, the everyday changes: a button of their own; the rest sit in "More actions". */
  primary: boolean;
  /** Lost, stolen and voided are for good: the dialog says so and the menu sets them apart. */
  irreversible: boolean;
  /** What an irreversible change asks to be typed before it is made (ConfirmDialog's `typed`). */
  typed?: (card: { last_four: string }) => TypedConfirmation;
  /** The confirmation dialog's words: the effect and the webhook event it raises. */
  title: (card: string) => string;
  effect: string;
  confirm: string;
  done: (card: string) => string;
  run: (actions: CardActions, target: CardTarget) => Promise<ActionResult<unknown>>;
}

/**
 * Every change staff can make to a card from a customer's or a card's page, in the order they are
 * offered: freeze or unfreeze as the card's button, the others in its "More actions" menu (block and
 * unblock, then the permanent ones in red, each behind a typed confirmation); which ones a card allows is decided by the card rules (server/cards/lifecycle/transitions.ts,
 * whose action names these are).
 */
export const CARD_ACTION_LIST = {
  freeze: {
    useCase: "freezeCard",
    label: "Freeze",
    tone: "neutral",
    primary: true,
    irreversible: false,
    title: (card) => `Freeze ${card}?`,
    effect:
      "New payments and withdrawals with this card are declined until you " +
      "unfreeze it. The card, its PIN and the wallet balance stay as they " +
      "are. Your webhooks get card.frozen.",
    confirm: "Freeze card",
    done: (card) => `Froze ${card}: new payments are declined until you unfreeze it.`,
    run: (actions, target) => actions.freezeCard(target),
  },
  unfreeze: {
    useCase: "unfreezeCard",
    label: "Unfreeze",
    tone: "neutral",
    primary: true,
    irreversible: false,
    title: (card) => `Unfreeze ${card}?`,
    effect: "The card can pay again at once. Your webhooks get card.unfrozen.",
    confirm: "Unfreeze card",
    done: (card) => `Unfroze ${card}: it can pay again.`,
    run: (actions, target) => actions.unfreezeCard(target),
  },
  block: {
    useCase: "blockCard",
    label: "Block",
    tone: "neutral",
    primary: false,
    irreversible: false,
    title: (card) => `Block ${card}?`,
    effect:
      "The program's compliance block: payments are declined and the cardholder cannot unfreeze the " +
      "card; only staff can unblock it. Your webhooks get card.deactivated.",
    confirm: "Block card",
    done: (card) => `Blocked ${card}: payments are declined until staff unblock it.`,
    run: (actions, target) => actions.blockCard(target),
  },
  unblock: {
    useCase: "unblockCard",
    label: "Unblock",
    tone: "neutral",
    primary: false,
    irreversible: false,
    title: (card) => `Unblock ${card}?`,
    effect:
      "Lifts the program's block: the card goes back to frozen if it was frozen before the block, else " +
      "it can pay again. Your webhooks get card.unfrozen or card.frozen.",
    confirm: "Unblock card",
    done: (card) => `Unblocked ${card}.`,
    run: (actions, target) => actions.unblockCard(target),
  },
  void: {
    useCase: "voidCard",
    label: "Void…",
    tone: "danger",
    primary: false,
    irreversible: true,
    typed: () => ({ expected: "VOID", label: "Type VOID to confirm" }),
    title: (card) => `Void ${card}?`,
    effect:
      "The card is cancelled on the card network at once and can never be " +
      "used again; it cannot be unfrozen. The wallet balance stays with the " +
      "customer, who needs a new card to spend. Your webhooks get " +
      "card.voided.",
    confirm: "Void card for good",
    done: (card) => `Voided ${card}. It can never be used again.`,
    run: (actions, target) => actions.voidCard(target),
  },
  report_lost: {
    useCase: "reportCard",
    label: "Report lost…",
    tone: "danger",
    primary: false,
    irreversible: true,
    typed: (card) => ({
      expected: card.last_four,
      label: `Type the card's last four digits (${card.last_four}) to confirm`,
    }),
    title: (card) => `Report ${card} lost?`,
    effect:
      "Payments with the card are declined from now on and it can never be " +
      "unfrozen or used again. The wallet balance stays with the customer, " +
      "who needs a new card to spend. Your webhooks get card.lost.",
    confirm: "Report lost for good",
    done: (card) => `Reported ${card} lost. It can never be used again.`,
    run: (actions, target) => actions.reportCard({ ...target, reason: "lost" }),
  },
  report_stolen: {
    useCase: "reportCard",
    label: "Report stolen…",
    tone: "danger",
    primary: false,
    irreversible: true,
    typed: (card) => ({
      expected: card.last_four,
      label: `Type the card's last four digits (${card.last_four}) to confirm`,
    }),
    title: (card) => `Report ${card} stolen?`,
    effect:
      "A stolen card is voided for good: payments are declined from now on " +
      "and it can never be used again. The wallet balance stays with the " +
      "customer, who needs a new card to spend. Your webhooks get " +
      "card.stolen.",
    confirm: "Report stolen for good",
    done: (card) => `Reported ${card} stolen; it is voided for good.`,
    run: (actions, target) => actions.reportCard({ ...target, reason: "stolen" }),
  },
} as const satisfies Record<string, CardActionEntry>;

export type CardActionName = keyof typeof CARD_ACTION_LIST;
export const CARD_ACTION_NAMES = Object.keys(CARD_ACTION_LIST) as CardActionName[];

export function cardAction(name: CardActionName): CardActionEntry {
  return CARD_ACTION_LIST[name];
}
