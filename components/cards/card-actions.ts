import type { CardActions } from "@/components/customers/card-action-list";
import {
  blockCardAction,
  freezeCardAction,
  reportCardAction,
  unblockCardAction,
  unfreezeCardAction,
  voidCardAction,
} from "@/server/actions/cards";

/** The dashboard's card actions (server actions), for the card page's bar and a customer's card list. */
export const CARD_ACTIONS: CardActions = {
  freezeCard: freezeCardAction,
  unfreezeCard: unfreezeCardAction,
  blockCard: blockCardAction,
  unblockCard: unblockCardAction,
  voidCard: voidCardAction,
  reportCard: reportCardAction,
};
