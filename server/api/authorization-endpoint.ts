import {
  authorizationEndpointViewSchema,
  endpointRequestListSchema,
  endpointRequestQuerySchema,
  endpointRequestViewSchema,
  putAuthorizationEndpointSchema,
  rotateEndpointSecretSchema,
} from "@/lib/contracts/authorization-endpoint";
import { ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";
import { listAuthorizationEndpointRequests } from "@/server/issuer/authorization-endpoint/log";
import {
  getAuthorizationEndpoint,
  putAuthorizationEndpoint,
  rotateAuthorizationEndpointSecret,
} from "@/server/issuer/authorization-endpoint/settings";
import { sendTestAuthorization } from "@/server/issuer/authorization-endpoint/test-send";

/**
 * The program's authorization endpoint (docs/authorization-endpoint.md): called on every
 * authorization after the spending controls, it approves, partially approves or declines within
 * timeout_ms; stand-in rules decide when it cannot. One per program and mode.
 */
const TAGS = ["Authorization endpoint"];
const BASE = "/api/v1/card-issuer/authorization-endpoint";

export const authorizationEndpointRoutes = [
  defineRoute({
    method: "get",
    path: BASE,
    summary: "The authorization endpoint's settings",
    description: "URL, enabled, timeout_ms and stand-in rules for this mode. The secret is never shown here.",
    tags: TAGS,
    operationId: "getAuthorizationEndpoint",
    auth: "getAuthorizationEndpoint",
    response: { data: authorizationEndpointViewSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx }) => ok(c, await getAuthorizationEndpoint({ ctx })),
  }),
  defineRoute({
    method: "put",
    path: BASE,
    summary: "Set the authorization endpoint",
    description:
      "Creates or replaces the settings. The url follows the webhooks' rules (https, public addresses). " +
      "On creation the answer carries the signing secret, once. A user access token sends a current " +
      "TOTP code in X-2FA-Token (or body two_factor_token). Audited.",
    tags: TAGS,
    operationId: "setAuthorizationEndpoint",
    auth: "putAuthorizationEndpoint",
    request: { body: putAuthorizationEndpointSchema },
    response: { data: authorizationEndpointViewSchema },
    errors: ["VALIDATION_ERROR"],
    handler: async ({ c, ctx, input, twoFactorCode }) => {
      const { two_factor_token: _code, ...body } = input.body;
      return ok(c, await putAuthorizationEndpoint({ ctx, input: { ...body, twoFactorCode } }));
    },
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/rotate-secret`,
    summary: "Rotate the authorization endpoint's signing secret",
    description:
      "A new secret signs X-Svc-Signature from now on (returned once); the old one still signs " +
      "X-Svc-Signature-Previous for grace_hours (default 24). Step-up as for PUT. Audited.",
    tags: TAGS,
    operationId: "rotateAuthorizationEndpointSecret",
    auth: "rotateAuthorizationEndpointSecret",
    carriesSecret: true,
    request: { body: rotateEndpointSecretSchema.optional() },
    response: { data: authorizationEndpointViewSchema },
    errors: ["NOT_FOUND", "VALIDATION_ERROR"],
    handler: async ({ c, ctx, input, twoFactorCode }) => {
      const { two_factor_token: _code, ...body } = input.body ?? {};
      return ok(c, await rotateAuthorizationEndpointSecret({ ctx, input: { ...body, twoFactorCode } }));
    },
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/requests`,
    summary: "The authorization endpoint's request log",
    description: "The newest calls (at most 500 are kept) with request, answer, latency and outcome.",
    tags: TAGS,
    operationId: "listAuthorizationEndpointRequests",
    auth: "listAuthorizationEndpointRequests",
    request: { query: endpointRequestQuerySchema },
    response: { data: endpointRequestListSchema },
    handler: async ({ c, ctx, input }) =>
      ok(c, await listAuthorizationEndpointRequests({ ctx, input: { limit: input.query.limit } })),
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/test`,
    summary: "Send a test authorization",
    description:
      "A made-up authorization (12.50 EUR), signed and sent to the endpoint as set; the answer is read " +
      "as a real one would be and logged. Nothing is held or charged.",
    tags: TAGS,
    operationId: "testAuthorizationEndpoint",
    auth: "sendTestAuthorization",
    response: { data: endpointRequestViewSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx }) => ok(c, await sendTestAuthorization({ ctx })),
  }),
];
