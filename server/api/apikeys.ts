import {
  apiKeyIdSchema,
  apiKeyListSchema,
  apiKeyViewSchema,
  apiTokenSchema,
  createApiKeySchema,
  createdApiKeySchema,
  rotatedApiKeySchema,
  tokenExchangeSchema,
  twoFactorOnlySchema,
  updatePermissionsSchema,
} from "@/lib/contracts/api-keys";
import { exchangeApiToken } from "@/server/apikeys/authenticate";
import {
  createApiKey,
  getApiKey,
  listApiKeys,
  revokeApiKey,
  rotateApiKey,
  setApiKeyPermissions,
} from "@/server/apikeys/manage";
import { getDb } from "@/server/db/client";
import { ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";

/**
 * API keys (docs/decisions-foundation.md, API keys and two-factor codes): the `apikey` family answers
 * with top-level fields.
 */
const TAGS = ["API keys"];
const GUARDED =
  "Needs a user access token of an admin with 2FA enabled, and a current " +
  "TOTP code in X-2FA-Token (or body two_factor_token). API-key " +
  "credentials get 403 USER_TOKEN_REQUIRED.";

export const apiKeyRoutes = [
  defineRoute({
    method: "post",
    path: "/api/apikey/create",
    summary: "Create an API key",
    description: `Returns api_secret once; only its SHA-256 is stored. ${GUARDED}`,
    tags: TAGS,
    operationId: "createApiKey",
    auth: "createApiKey",
    carriesSecret: true,
    request: { body: createApiKeySchema },
    response: { status: 201, body: createdApiKeySchema },
    errors: ["USER_TOKEN_REQUIRED"],
    handler: async ({ c, ctx, input, twoFactorCode }) =>
      ok(
        c,
        await createApiKey({
          ctx,
          input: { ...input.body, two_factor_token: twoFactorCode },
        }),
        { status: 201 },
      ),
  }),
  defineRoute({
    method: "get",
    path: "/api/apikey/list",
    summary: "List API keys",
    description:
      "Every key of the organization, newest first, without secrets. Needs a user access token of an admin.",
    tags: TAGS,
    operationId: "listApiKeys",
    auth: "listApiKeys",
    response: { body: apiKeyListSchema },
    errors: ["USER_TOKEN_REQUIRED"],
    handler: async ({ c, ctx }) => ok(c, await listApiKeys({ ctx })),
  }),
  defineRoute({
    method: "get",
    path: "/api/apikey/{id}",
    summary: "Get an API key",
    description: "One key without its secret. Needs a user access token of an admin.",
    tags: TAGS,
    operationId: "getApiKey",
    auth: "getApiKey",
    request: { params: apiKeyIdSchema },
    response: { body: apiKeyViewSchema },
    errors: ["USER_TOKEN_REQUIRED", "NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await getApiKey({ ctx, input: input.params })),
  }),
  defineRoute({
    method: "post",
    path: "/api/apikey/{id}/revoke",
    summary: "Revoke an API key",
    description: `Permanent and immediate: the key pair and its tokens stop working at once. ${GUARDED}`,
    tags: TAGS,
    operationId: "revokeApiKey",
    auth: "revokeApiKey",
    request: { params: apiKeyIdSchema, body: twoFactorOnlySchema.optional() },
    response: { body: apiKeyViewSchema },
    errors: ["USER_TOKEN_REQUIRED", "NOT_FOUND", "KEY_REVOKED"],
    handler: async ({ c, ctx, input, twoFactorCode }) =>
      ok(
        c,
        await revokeApiKey({
          ctx,
          input: { id: input.params.id, two_factor_token: twoFactorCode },
        }),
      ),
  }),
  defineRoute({
    method: "post",
    path: "/api/apikey/{id}/rotate",
    summary: "Rotate an API key's secret",
    description:
      `A new api_secret, shown once; the old secret and every token minted from it stop working at once. ` +
      `${GUARDED}`,
    tags: TAGS,
    operationId: "rotateApiKeySecret",
    auth: "rotateApiKey",
    carriesSecret: true,
    request: { params: apiKeyIdSchema, body: twoFactorOnlySchema.optional() },
    response: { body: rotatedApiKeySchema },
    errors: ["USER_TOKEN_REQUIRED", "NOT_FOUND", "KEY_REVOKED"],
    handler: async ({ c, ctx, input, twoFactorCode }) =>
      ok(
        c,
        await rotateApiKey({
          ctx,
          input: { id: input.params.id, two_factor_token: twoFactorCode },
        }),
      ),
  }),
  defineRoute({
    method: "put",
    path: "/api/apikey/{id}/permissions",
    summary: "Replace an API key's permissions",
    description:
      `The set is replaced entirely; tokens already minted act with the new set from their next request. ` +
      `${GUARDED}`,
    tags: TAGS,
    operationId: "replaceApiKeyPermissions",
    auth: "setApiKeyPermissions",
    request: { params: apiKeyIdSchema, body: updatePermissionsSchema },
    response: { body: apiKeyViewSchema },
    errors: ["USER_TOKEN_REQUIRED", "NOT_FOUND", "KEY_REVOKED"],
    handler: async ({ c, ctx, input, twoFactorCode }) =>
      ok(
        c,
        await setApiKeyPermissions({
          ctx,
          input: {
            id: input.params.id,
            permissions: input.body.permissions,
            two_factor_token: twoFactorCode,
          },
        }),
      ),
  }),
  defineRoute({
    method: "post",
    path: "/api/apikey/token",
    summary: "Exchange a key and secret for a bearer token",
    description:
      "No Authorization. Returns a bearer token valid 900 s that acts with " +
      "the key's permissions; it stops working at once when the key is " +
      "revoked or rotated. Limited like a sign-in: 10 exchanges per key and " +
      "50 attempts per IP (shared with the dashboard sign-in) per 15 minutes, " +
      "right or wrong, then 429 RATE_LIMITED with Retry-After; a failure on a " +
      "known key is audited. A key keeps its 10 newest tokens: an exchange " +
      "deletes older ones.",
    tags: TAGS,
    operationId: "createApiToken",
    auth: "public",
    request: { body: tokenExchangeSchema },
    response: { body: apiTokenSchema },
    errors: ["UNAUTHENTICATED", "RATE_LIMITED"],
    handler: async ({ c, input, ip, requestId }) =>
      ok(c, await exchangeApiToken(await getDb(), input.body, { ip, requestId })),
  }),
];
