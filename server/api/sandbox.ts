import { cardCustomerViewSchema, customerTargetSchema } from "@/lib/contracts/cards";
import { kycDecisionSchema, outboxQuerySchema, outboxSchema } from "@/lib/contracts/sandbox";
import { isSandbox } from "@/lib/env";
import { decideCustomerKyc } from "@/server/cards/onboarding/sandbox-kyc-decision";
import { readOutbox } from "@/server/cards/sandbox-outbox";
import { ok } from "@/server/http/envelopes";
import { errorResponse } from "@/server/http/error-response";
import { noSuchEndpoint } from "@/server/http/not-found";
import { defineRoute } from "@/server/http/route";
import type { ApiRoute } from "@/server/http/route-spec";

/**
 * The sandbox's simulation endpoints (docs/decisions-foundation.md, Sandbox mode), bearer with the
 * write scope. In live mode they do not exist: see sandboxOnly.
 */

/**
 * Wraps sandbox routes so that in live mode they answer exactly like an unknown path (404 before
 * any credential is looked at) and stay out of the OpenAPI document. The app is built once per
 * process, but the mode is read per request, so tests can switch it.
 */
export function sandboxOnly(routes: readonly ApiRoute[]): ApiRoute[] {
  return routes.map((route) => ({
    method: route.method,
    path: route.path,
    operationId: route.operationId,
    auth: route.auth,
    config: route.config,
    get hidden() {
      return route.hidden || !isSandbox();
    },
    handle: (c) => (isSandbox() ? route.handle(c) : errorResponse(c, noSuchEndpoint())),
  }));
}

const TAGS = ["Sandbox"];

export const sandboxRoutes = sandboxOnly([
  defineRoute({
    method: "post",
    path: "/api/v1/sandbox/kyc/{svcCardId}",
    summary: "Decide a customer's identity verification",
    description:
      "What the KYC provider's reviewer would decide, without the hosted " +
      "page. The simulated provider reports the change the way a real one " +
      "does, and the answer is the customer afterwards (kyc_status, " +
      "currency, flow_status). A rejection is final; an approval cannot be " +
      "changed. Refused while the email address is not verified.",
    tags: TAGS,
    operationId: "sandboxDecideKyc",
    auth: "decideCustomerKyc",
    request: { params: customerTargetSchema, body: kycDecisionSchema },
    response: { data: cardCustomerViewSchema },
    errors: ["NOT_FOUND", "EMAIL_NOT_VERIFIED", "KYC_REJECTED", "ONBOARDING_STEP_DONE"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await decideCustomerKyc({ ctx, input: { svcCardId: input.params.svcCardId, ...input.body } }), {
        message: "KYC decision recorded",
      }),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/sandbox/outbox",
    summary: "Read the dev outbox",
    description:
      "The emails and text messages the sandbox would have sent (one-time " +
      "codes among them, hence the write scope), newest first. Team " +
      "invitations (staff_access) are listed only to an admin's user token: " +
      "never to API keys, operators or viewers.",
    tags: TAGS,
    operationId: "sandboxReadOutbox",
    auth: "readOutbox",
    request: { query: outboxQuerySchema },
    response: { data: outboxSchema },
    handler: async ({ c, ctx, input }) => ok(c, await readOutbox({ ctx, input: input.query })),
  }),
]);
