"use server";

import {
  apiKeyIdSchema,
  createApiKeySchema,
  twoFactorOnlySchema,
  updatePermissionsSchema,
} from "@/lib/contracts/api-keys";
import { defineAction } from "@/server/action-kit/define-action";
import { createApiKey, revokeApiKey, rotateApiKey, setApiKeyPermissions } from "@/server/apikeys/manage";

/*
 * Developers -> API keys. No `stepUp` here: key management needs a fresh code on every call
 * (docs/dashboard.md, Adding a guarded action), so the code travels as the contract's
 * `two_factor_token` and the service checks it. The role check refuses non-admins before anything
 * else (FORBIDDEN_ROLE).
 */

export const createApiKeyAction = defineAction(
  { input: createApiKeySchema, can: "createApiKey", name: "createApiKey" },
  async ({ ctx, input }) => createApiKey({ ctx, input }),
);

export const rotateApiKeyAction = defineAction(
  { input: twoFactorOnlySchema.extend(apiKeyIdSchema.shape), can: "rotateApiKey", name: "rotateApiKey" },
  async ({ ctx, input }) => rotateApiKey({ ctx, input }),
);

export const revokeApiKeyAction = defineAction(
  { input: twoFactorOnlySchema.extend(apiKeyIdSchema.shape), can: "revokeApiKey", name: "revokeApiKey" },
  async ({ ctx, input }) => revokeApiKey({ ctx, input }),
);

export const setApiKeyPermissionsAction = defineAction(
  {
    input: updatePermissionsSchema.extend(apiKeyIdSchema.shape),
    can: "setApiKeyPermissions",
    name: "setApiKeyPermissions",
  },
  async ({ ctx, input }) => setApiKeyPermissions({ ctx, input }),
);
