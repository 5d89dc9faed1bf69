import { z } from "@hono/zod-openapi";
import { ROLES, SCOPES } from "@/lib/scopes";

/** GET /api/v1/me (who the credential is) and the health probes: the account-level answers. */

export const meSchema = z
  .object({
    organization: z.object({ id: z.string(), name: z.string() }),
    credential: z.object({
      type: z
        .enum(["user_token", "api_key", "api_token"])
        .describe(
          "user_token: a dashboard user's access token; api_key: X-API-Key + " +
            "X-API-Secret; api_token: a bearer token from POST /api/apikey/token.",
        ),
      scopes: z.array(z.enum(SCOPES)),
      key_id: z.string().optional().describe("For api_key and api_token credentials."),
    }),
    user: z.object({ id: z.string(), email: z.string(), role: z.enum(ROLES) }).nullable(),
  })
  .openapi("Me");
export type Me = z.infer<typeof meSchema>;

export const healthCheckSchema = z.object({
  status: z.enum(["up", "down", "unknown"]),
  latency_ms: z.number().int().optional(),
  last_beat_at: z.string().nullable().optional(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

export const healthSchema = z
  .object({
    status: z.enum(["ok", "down"]),
    checks: z.object({ database: healthCheckSchema, worker: healthCheckSchema }),
  })
  .openapi("Health");

export const pingSchema = z.object({ status: z.literal("ok") });
