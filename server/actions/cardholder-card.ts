"use server";

import { cardIdParamsSchema } from "@/lib/contracts/cards";
import { cardholderFileDisputeSchema } from "@/lib/contracts/disputes";
import { isServiceError } from "@/lib/errors";
import { onBrowsersOrigin } from "@/server/action-kit/browser-origin";
import { freezeCard, unfreezeCard } from "@/server/cards/lifecycle/change-status";
import { createViewToken } from "@/server/cards/lifecycle/view-token";
import { fileDispute } from "@/server/issuer/disputes/file";
import { defineCardholderAction } from "./cardholder-session";

/*
 * My card (app/(cardholder)/card/[orgId]/my-card) and the wizard's PIN step. Cardholders need no
 * 2FA to freeze or unfreeze their own card: the 2FA guard is for staff users only.
 */

const card = cardIdParamsSchema;

/**
 * A fresh single-use URL of the hosted PIN page: the PIN-setup form while no PIN is set (PIN rule
 * 2: the view-token call answers PIN_NOT_SET with the setup URL), else the PIN-change form.
 */
export const pinFormAction = defineCardholderAction(
  { input: card, can: "createViewToken", name: "cardholderPinForm" },
  async ({ ctx, session, input }) => {
    try {
      const token = await createViewToken({
        ctx,
        input: { svcCardId: session.customer.svcCardId, cardId: input.cardId, enabled_views: ["pin"] },
      });
      return { url: onBrowsersOrigin(token.secure_view_url), pinSet: true };
    } catch (err) {
      const setupUrl =
        isServiceError(err) && err.code === "PIN_NOT_SET" ? err.data?.pin_setup_url : undefined;
      if (typeof setupUrl === "string") return { url: onBrowsersOrigin(setupUrl), pinSet: false };
      throw err;
    }
  },
);

/** Card details plus PIN (only once a PIN is set; PIN_NOT_SET otherwise). */
export const cardDetailsAction = defineCardholderAction(
  { input: card, can: "createViewToken", name: "cardholderCardDetails" },
  async ({ ctx, session, input }) => {
    const token = await createViewToken({
      ctx,
      input: { svcCardId: session.customer.svcCardId, cardId: input.cardId, enabled_views: ["data", "pin"] },
    });
    return { url: onBrowsersOrigin(token.secure_view_url) };
  },
);

export const freezeCardAction = defineCardholderAction(
  { input: card, can: "freezeCard", name: "cardholderFreezeCard" },
  async ({ ctx, session, input }) => {
    await freezeCard({ ctx, input: { svcCardId: session.customer.svcCardId, cardId: input.cardId } });
    return { frozen: true as const };
  },
);

export const unfreezeCardAction = defineCardholderAction(
  { input: card, can: "unfreezeCard", name: "cardholderUnfreezeCard" },
  async ({ ctx, session, input }) => {
    await unfreezeCard({ ctx, input: { svcCardId: session.customer.svcCardId, cardId: input.cardId } });
    return { frozen: false as const };
  },
);

/**
 * My card's "Dispute" on a settled purchase: the same fileDispute as POST
 * /v1/svc-card/{svcCardId}/transactions/{transactionId}/disputes and the staff console, under the
 * session's own account (a transaction of anyone else is NOT_FOUND).
 */
export const fileMyDisputeAction = defineCardholderAction(
  { input: cardholderFileDisputeSchema, can: "fileDispute", name: "cardholderFileDispute" },
  async ({ ctx, session, input }) => {
    const { transactionId, ...dispute } = input;
    const filed = await fileDispute({
      ctx,
      input: { svcCardId: session.customer.svcCardId, transactionId, ...dispute },
    });
    return { dispute_id: filed.dispute_id, status: filed.status };
  },
);
