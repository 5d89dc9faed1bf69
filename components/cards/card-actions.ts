import type { CardActions } from "@/components/customers/types";
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
  freeze: freezeCardAction,
  unfreeze: unfreezeCardAction,
  void: voidCardAction,
  report: reportCardAction,
  block: blockCardAction,
  unblock: unblockCardAction,
};
