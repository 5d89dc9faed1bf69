import { z } from "zod";
import { SCOPES } from "@/lib/scopes";

/** API key contracts: used by the REST routes, the dashboard forms and OpenAPI. */
export const permissionsSchema = z
  .array(z.enum(SCOPES))
  .min(1, "Choose at least one permission.")
  .refine((v) => new Set(v).size === v.length, "Each permission may appear once.")
  .describe("Scopes: read, write, transactions, webhooks.");

export const twoFactorTokenSchema = z
  .string()
  .regex(/^\d{6}$/, "A 6-digit code.")
  .describe("Current TOTP code (or send the X-2FA-Token header).");

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, "Name the key.").max(100, "At most 100 characters."),
  permissions: permissionsSchema,
  expires_in_days: z
    .number()
    .int("Whole days.")
    .min(1, "At least 1 day.")
    .max(3650, "At most 3650 days.")
    .optional()
    .describe("Omit for a key that does not expire."),
  two_factor_token: twoFactorTokenSchema.optional(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export const updatePermissionsSchema = z.object({
  permissions: permissionsSchema,
  two_factor_token: twoFactorTokenSchema.optional(),
});

export const twoFactorOnlySchema = z.object({ two_factor_token: twoFactorTokenSchema.optional() });

export const tokenExchangeSchema = z.object({
  api_key: z.string().min(1).max(256),
  api_secret: z.string().min(1).max(256),
});

export const apiKeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  api_key: z.string().describe("The public half; the secret is never returned after creation or rotation."),
  permissions: z.array(z.enum(SCOPES)),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable().describe("Null for a key that does not expire."),
  created_at: z.string(),
  rotated_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  status: z.enum(["active", "revoked"]),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

export const createdApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  api_key: z.string(),
  api_secret: z.string().describe("Shown once; store it now."),
  permissions: z.array(z.enum(SCOPES)),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const rotatedApiKeySchema = z.object({
  id: z.string(),
  api_key: z.string(),
  api_secret: z.string(),
  rotated_at: z.string(),
});
export type RotatedApiKey = z.infer<typeof rotatedApiKeySchema>;

export const API_TOKEN_TTL_SECONDS = 900;

/** The path of one key's endpoints (and the key an action names). */
export const apiKeyIdSchema = z.object({ id: z.string().min(1).max(64).describe("The key's id (key_...).") });
export const apiKeyListSchema = z.object({ keys: z.array(apiKeyViewSchema) });
export const apiTokenSchema = z.object({
  access_token: z.string(),
  expires_in: z.number().int(),
  token_type: z.literal("Bearer"),
});
