import type { PinNotSetData, ViewTokenResponse } from "@/lib/contracts/card-account";
import type { SecureTheme } from "@/lib/contracts/cards";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { providers } from "@/server/providers/current";
import type { SecureView } from "@/server/providers/ports";
import { findCustomer } from "../customers/find";
import { getSecureTheme } from "../settings";
import { findCard } from "./find-card";

/**
 * POST /v1/svc-card/{svcCardId}/cards/{cardId}/view-token (docs/card-program.md, PIN rules 1-7
 * and the hosted secure page). The backend only asks the card provider for a single-use URL of its hosted
 * page; the PIN, number and CVV are typed or shown there and never pass through here (rule 1).
 *
 * Decided where the interface is silent:
 * - enabled_views [data] alone: the hosted page has no details-only view, so it gets the details
 *   plus PIN view (as [data, pin]) once a PIN is set; duplicates count once.
 * - voided, lost, stolen and blocked cards: 409 CARD_NOT_ACTIVE (nothing to show or set).
 * - frozen cards: allowed. Freezing stops transactions, not the cardholder's access to their
 *   card; setting a PIN while frozen is a sensible order of things. A physical card not yet
 *   activated is allowed too (its PIN is usually set before first use).
 * - pin_set is the card's (rule 7: set by the inbound physical.card.pin.changed). It is a hint,
 *   which is why rule 2 only chooses the view: the provider would accept a new PIN either way.
 */

export interface ViewTokenInput {
  svcCardId: string;
  cardId: string;
  enabled_views: ("pin" | "data")[];
  theme?: SecureTheme;
}

const CLOSED_STATES = new Set(["voided", "lost", "stolen", "blocked"]);

/** The organization's theme with the request's fields on top (rule 5). */
export function mergeTheme(org: SecureTheme, request: SecureTheme | undefined): SecureTheme {
  const merged: Record<string, string> = { ...org };
  for (const [field, value] of Object.entries(request ?? {}))
    if (value !== undefined && value !== "") merged[field] = value;
  return merged as SecureTheme;
}

/** Rule 3: [pin] is the PIN change form; [data, pin] (or [data]) the details plus PIN. */
function viewOf(enabled: ViewTokenInput["enabled_views"]): Exclude<SecureView, "pin_setup"> {
  return enabled.includes("data") ? "details_and_pin" : "pin_change";
}

export async function createViewToken({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: ViewTokenInput;
}): Promise<ViewTokenResponse> {
  authorize(ctx, "createViewToken");
  const customer = await findCustomer(ctx, input.svcCardId);
  const card = await findCard(ctx, customer, input.cardId);
  if (CLOSED_STATES.has(card.status)) {
    const why =
      card.status === "blocked"
        ? "is blocked by the card program"
        : card.status === "stolen"
          ? "was reported stolen"
          : card.status === "lost"
            ? "was reported lost"
            : "is voided";
    throw new ServiceError(
      "CARD_NOT_ACTIVE",
      `The card ${why}; its details and PIN are no longer available.`,
    );
  }
  const theme = mergeTheme(await getSecureTheme(ctx.db, ctx.orgId), input.theme);
  const cardsPort = providers().cards;

  if (!card.pinSet) {
    // Rule 2: whatever enabled_views asked for, the PIN-setup view, as a 422 carrying its URL.
    // Not in a transaction: the view must outlive the error answer.
    const setup = await cardsPort.createSecureView(ctx.db, {
      orgId: ctx.orgId,
      cardToken: card.cardToken,
      view: "pin_setup",
      theme,
    });
    const data: PinNotSetData = {
      pin_setup_url: setup.url,
      pin_set: false,
      expires_at: setup.expiresAt.toISOString(),
    };
    throw new ServiceError(
      "PIN_NOT_SET",
      "No PIN is set on this card yet: open data.pin_setup_url (a 4-digit " +
        "PIN is chosen there), then ask again.",
      { data },
    );
  }

  const view = viewOf(input.enabled_views);
  const secure = await cardsPort.createSecureView(ctx.db, {
    orgId: ctx.orgId,
    cardToken: card.cardToken,
    view,
    theme,
  });
  return { pin_set: true, secure_view_url: secure.url, view, expires_at: secure.expiresAt.toISOString() };
}
