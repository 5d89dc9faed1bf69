import type { CardActionName } from "./types";

/**
 * What each card action does, in the words of its confirmation dialog: the effect, whether it
 * can be undone, and the webhook event it raises (server/cards/lifecycle/transitions.ts).
 */
export const CARD_ACTION_COPY: Record<
  CardActionName,
  {
    menu: string;
    title: (card: string) => string;
    effect: string;
    confirm: string;
    done: (card: string) => string;
    permanent: boolean;
  }
> = {
  freeze: {
    menu: "Freeze",
    title: (card) => `Freeze ${card}?`,
    effect:
      "New payments and withdrawals with this card are declined until you " +
      "unfreeze it. The card, its PIN and the wallet balance stay as they " +
      "are. Your webhooks get card.frozen.",
    confirm: "Freeze card",
    done: (card) => `Froze ${card}: new payments are declined until you unfreeze it.`,
    permanent: false,
  },
  unfreeze: {
    menu: "Unfreeze",
    title: (card) => `Unfreeze ${card}?`,
    effect: "The card can pay again at once. Your webhooks get card.unfrozen.",
    confirm: "Unfreeze card",
    done: (card) => `Unfroze ${card}: it can pay again.`,
    permanent: false,
  },
  block: {
    menu: "Block",
    title: (card) => `Block ${card}?`,
    effect:
      "The program's compliance block: payments are declined and the cardholder cannot unfreeze the " +
      "card; only staff can unblock it. Your webhooks get card.deactivated.",
    confirm: "Block card",
    done: (card) => `Blocked ${card}: payments are declined until staff unblock it.`,
    permanent: false,
  },
  unblock: {
    menu: "Unblock",
    title: (card) => `Unblock ${card}?`,
    effect:
      "Lifts the program's block: the card goes back to frozen if it was frozen before the block, else " +
      "it can pay again. Your webhooks get card.unfrozen or card.frozen.",
    confirm: "Unblock card",
    done: (card) => `Unblocked ${card}.`,
    permanent: false,
  },
  void: {
    menu: "Void…",
    title: (card) => `Void ${card}?`,
    effect:
      "The card is cancelled on the card network at once and can never be " +
      "used again; it cannot be unfrozen. The wallet balance stays with the " +
      "customer, who needs a new card to spend. Your webhooks get " +
      "card.voided.",
    confirm: "Void card for good",
    done: (card) => `Voided ${card}. It can never be used again.`,
    permanent: true,
  },
  report_lost: {
    menu: "Report lost…",
    title: (card) => `Report ${card} lost?`,
    effect:
      "Payments with the card are declined from now on and it can never be " +
      "unfrozen or used again. The wallet balance stays with the customer, " +
      "who needs a new card to spend. Your webhooks get card.lost.",
    confirm: "Report lost for good",
    done: (card) => `Reported ${card} lost. It can never be used again.`,
    permanent: true,
  },
  report_stolen: {
    menu: "Report stolen…",
    title: (card) => `Report ${card} stolen?`,
    effect:
      "A stolen card is voided for good: payments are declined from now on " +
      "and it can never be used again. The wallet balance stays with the " +
      "customer, who needs a new card to spend. Your webhooks get " +
      "card.stolen.",
    confirm: "Report stolen for good",
    done: (card) => `Reported ${card} stolen; it is voided for good.`,
    permanent: true,
  },
};
