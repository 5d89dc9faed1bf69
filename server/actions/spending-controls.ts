"use server";

import {
  cardControlsActionSchema,
  customerControlsActionSchema,
  myCardControlsActionSchema,
  programControlsActionSchema,
} from "@/lib/contracts/spending-controls";
import { defineAction } from "@/server/action-kit/define-action";
import {
  replaceCardSpendingControls,
  replaceCustomerSpendingControls,
  replaceProgramSpendingControls,
} from "@/server/controls/store";
import { defineCardholderAction } from "./cardholder-session";

/* A card's Controls section (docs/spending-controls.md); the Rules pages' actions are in auth-rules.ts. */

export const replaceCardSpendingControlsAction = defineAction(
  {
    input: cardControlsActionSchema,
    can: "replaceCardSpendingControls",
    name: "replaceCardSpendingControls",
  },
  async ({ ctx, input }) => replaceCardSpendingControls({ ctx, input }),
);

export const replaceCustomerSpendingControlsAction = defineAction(
  {
    input: customerControlsActionSchema,
    can: "replaceCustomerSpendingControls",
    name: "replaceCustomerSpendingControls",
  },
  async ({ ctx, input }) => replaceCustomerSpendingControls({ ctx, input }),
);

export const replaceProgramSpendingControlsAction = defineAction(
  {
    input: programControlsActionSchema,
    can: "replaceProgramSpendingControls",
    name: "replaceProgramSpendingControls",
  },
  async ({ ctx, input }) => replaceProgramSpendingControls({ ctx, input: input.controls }),
);

/**
 * My card: a cardholder lowers their own card's limits. The customer is the session's; the same
 * use case refuses a raise, a removal or a list change (server/controls/lower-only.ts).
 */
export const replaceMyCardSpendingControlsAction = defineCardholderAction(
  { input: myCardControlsActionSchema, can: "replaceCardSpendingControls", name: "cardholderCardControls" },
  async ({ ctx, session, input }) =>
    replaceCardSpendingControls({
      ctx,
      input: { svcCardId: session.customer.svcCardId, cardId: input.cardId, controls: input.controls },
    }),
);
