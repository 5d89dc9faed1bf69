import { z } from "zod";
import { DECISION_SOURCE_VALUES, STAND_IN_ACTION_VALUES, STAND_IN_FAILURE_VALUES } from "@/lib/enums";

/**
 * The program's authorization endpoint (docs/authorization-endpoint.md): its settings, the
 * request it receives, the answer it gives, and the request log.
 */

export { DECISION_SOURCE_VALUES, STAND_IN_ACTION_VALUES, STAND_IN_FAILURE_VALUES };

export const DEFAULT_TIMEOUT_MS = 1_500;
export const MAX_TIMEOUT_MS = 2_500;
export const MIN_TIMEOUT_MS = 100;
/** How long a rotated secret still signs (a second header), so receivers can switch without a gap. */
export const DEFAULT_GRACE_HOURS = 24;
/** The sandbox's built-in receiver: answered in process, no network (docs/authorization-endpoint.md). */
export const SAMPLE_RECEIVER_URL = "sandbox://sample-receiver";

const capSchema = z.number().int().min(0).max(100_000_000).nullable().optional();

export const standInRuleSchema = z
  .object({
    action: z.enum(STAND_IN_ACTION_VALUES),
    per_authorization_minor: capSchema.describe(
      "approve_up_to: the most one authorization is approved for, in the card account's minor units.",
    ),
    per_customer_per_day_minor: capSchema.describe(
      "approve_up_to: the most approved by stand-in per customer per UTC day, in minor units.",
    ),
  })
  .superRefine((rule, ctx) => {
    if (rule.action !== "approve_up_to") return;
    if (rule.per_authorization_minor == null && rule.per_customer_per_day_minor == null)
      ctx.addIssue({
        code: "custom",
        path: ["per_authorization_minor"],
        message: "approve_up_to needs per_authorization_minor, per_customer_per_day_minor or both.",
      });
  });
export type StandInRuleInput = z.infer<typeof standInRuleSchema>;

const declineRule = { action: "decline" as const };
export const standInRulesSchema = z
  .object({
    timeout: standInRuleSchema.default(declineRule),
    connection_error: standInRuleSchema.default(declineRule),
    non_2xx: standInRuleSchema.default(declineRule),
    malformed: standInRuleSchema.default(declineRule),
  })
  .describe("What happens when the endpoint cannot answer; each defaults to decline.");

export const putAuthorizationEndpointSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1)
    .max(2_048)
    .describe(
      `https URL (the webhooks' rules: public addresses only), or ${SAMPLE_RECEIVER_URL} in sandbox.`,
    ),
  enabled: z.boolean().default(false),
  timeout_ms: z.number().int().min(MIN_TIMEOUT_MS).max(MAX_TIMEOUT_MS).default(DEFAULT_TIMEOUT_MS),
  stand_in: standInRulesSchema.default({
    timeout: declineRule,
    connection_error: declineRule,
    non_2xx: declineRule,
    malformed: declineRule,
  }),
  two_factor_token: z.string().trim().max(16).optional(),
});
export type PutAuthorizationEndpointInput = z.input<typeof putAuthorizationEndpointSchema>;

export const rotateEndpointSecretSchema = z.object({
  grace_hours: z
    .number()
    .int()
    .min(0)
    .max(168)
    .default(DEFAULT_GRACE_HOURS)
    .describe("Hours the old secret keeps signing (X-Svc-Signature-Previous); 0 ends it now."),
  two_factor_token: z.string().trim().max(16).optional(),
});

const standInViewSchema = z.object({
  action: z.enum(STAND_IN_ACTION_VALUES),
  per_authorization_minor: z.number().int().nullable(),
  per_customer_per_day_minor: z.number().int().nullable(),
});

export const authorizationEndpointViewSchema = z.object({
  mode: z.enum(["sandbox", "live"]),
  url: z.string(),
  enabled: z.boolean(),
  timeout_ms: z.number().int(),
  stand_in: z.object({
    timeout: standInViewSchema,
    connection_error: standInViewSchema,
    non_2xx: standInViewSchema,
    malformed: standInViewSchema,
  }),
  previous_secret_expires_at: z.string().nullable(),
  secret: z.string().optional().describe("The signing secret: shown once, on creation and rotation."),
  warnings: z.array(z.string()).optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AuthorizationEndpointView = z.infer<typeof authorizationEndpointViewSchema>;

/** The answer a receiver gives (docs/authorization-endpoint.md, The answer). */
export const endpointAnswerSchema = z.object({
  approved: z.boolean(),
  amount_minor: z.number().int().positive().optional(),
  amount: z.number().positive().optional(),
  reason: z.string().max(500).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type EndpointAnswer = z.infer<typeof endpointAnswerSchema>;

export const ENDPOINT_OUTCOME_VALUES = [
  "approved",
  "partial",
  "declined",
  "timeout",
  "connection_error",
  "non_2xx",
  "malformed",
] as const;

export const endpointRequestViewSchema = z.object({
  request_id: z.string(),
  transaction_id: z.string().nullable(),
  url: z.string(),
  request_headers: z.record(z.string(), z.string()),
  request_body: z.string(),
  response_status: z.number().int().nullable(),
  response_body: z.string().nullable(),
  error: z.string().nullable(),
  latency_ms: z.number().int(),
  outcome: z.enum(ENDPOINT_OUTCOME_VALUES),
  decision_source: z.enum(DECISION_SOURCE_VALUES).nullable(),
  late_response_status: z.number().int().nullable(),
  late_response_body: z.string().nullable(),
  late_latency_ms: z.number().int().nullable(),
  created_at: z.string(),
});
export type EndpointRequestView = z.infer<typeof endpointRequestViewSchema>;

export const endpointRequestListSchema = z.object({ requests: z.array(endpointRequestViewSchema) });
export const endpointRequestQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * One hour of the console's latency figures (authorization_endpoint_hourly, kept on write): p50, p95
 * and p99 are the upper bound of the histogram bucket the rank falls in (at most `max`), in ms.
 */
export interface LatencyHour {
  hour: string;
  calls: number;
  p50: number;
  p95: number;
  p99: number;
  timeouts: number;
  /** Connection errors, non-2xx and malformed answers. */
  errors: number;
  mean: number;
  max: number;
}
