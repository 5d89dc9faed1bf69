import { z } from "@hono/zod-openapi";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";
import type { Role, Scope } from "@/lib/scopes";
import { errorSchemaOf } from "./envelopes";
import type { Family } from "./family";
import type { IdempotencyMode } from "./idempotency";
import type { RouteRateLimit } from "./rate-limit";
import { STEP_UP_ERRORS } from "./step-up";
import type { ApiApp } from "./types";
import { WEBHOOK_SECURITY_SCHEME, webhooksDocument } from "./webhooks-document";

/**
 * How the kit describes a route in the OpenAPI document: the scope as `x-required-scope` and in
 * `security` (3.1 lets non-OAuth schemes list role names), user-token-only routes as
 * `x-user-token-only` + `x-required-role`, public routes as `x-public` with `security: []`, idempotency and
 * rate limits as extensions, and every error the kit itself
 * can answer, grouped by status.
 */

export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    description: "A user access token (1 h) or an API token from POST /api/apikey/token (900 s).",
  },
  apiKeyAuth: {
    type: "apiKey",
    in: "header",
    name: "X-API-Key",
    description: "The api_key; send X-API-Secret with it.",
  },
  apiSecretAuth: {
    type: "apiKey",
    in: "header",
    name: "X-API-Secret",
    description: "The api_secret of the key in X-API-Key.",
  },
} as const;

export function registerSecuritySchemes(registry: ApiApp["openAPIRegistry"]): void {
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES))
    registry.registerComponent("securitySchemes", name, scheme);
}

/** Who may call a route, as the kit enforces it. */
export type Access =
  | { kind: "public" }
  | { kind: "scope"; scope: Scope; cardholder: boolean }
  | { kind: "user"; role: Role; twoFactor: boolean };

export function securityFor(access: Access): Record<string, string[]>[] {
  switch (access.kind) {
    case "public":
      return [];
    case "scope":
      return [{ bearerAuth: [access.scope] }, { apiKeyAuth: [access.scope], apiSecretAuth: [access.scope] }];
    case "user":
      return [{ bearerAuth: [`role:${access.role}`] }];
  }
}

export interface KitFeatures {
  family: Family;
  access: Access;
  hasInput: boolean;
  hasBody: boolean;
  /** A multipart/form-data body (RequestSpec.form). */
  hasForm: boolean;
  idempotency: IdempotencyMode;
  /** The answer kept under an Idempotency-Key is sealed (RouteSpec.carriesSecret). */
  sealsAnswer: boolean;
  /** The answer kept under an Idempotency-Key commits with the effect (RouteSpec.atomic). */
  atomic: boolean;
  rateLimits: readonly RouteRateLimit[];
  errors: readonly ErrorCode[];
  /** A 2FA step-up route (RouteSpec.stepUp). */
  stepUp: boolean;
}

/** Every error code the route can answer: the kit's own, then the route's. */
export function errorCodesOf(f: KitFeatures): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  if (f.hasInput) codes.add("VALIDATION_ERROR");
  if (f.hasBody)
    ["INVALID_JSON", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"].forEach((c) => codes.add(c as ErrorCode));
  if (f.hasForm) ["UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"].forEach((c) => codes.add(c as ErrorCode));
  if (f.access.kind !== "public")
    ["UNAUTHENTICATED", "TOKEN_EXPIRED"].forEach((c) => codes.add(c as ErrorCode));
  // A user token of a member without 2FA while the organization requires it (docs/team.md).
  if (f.access.kind !== "public") codes.add("TWO_FACTOR_NOT_ENABLED");
  if (f.access.kind === "scope") codes.add("INSUFFICIENT_PERMISSION");
  if (f.access.kind === "user")
    ["USER_TOKEN_REQUIRED", "FORBIDDEN_ROLE"].forEach((c) => codes.add(c as ErrorCode));
  if (f.access.kind === "user" && f.access.twoFactor) codes.add("TWO_FACTOR_NOT_ENABLED");
  if (f.idempotency === "required") codes.add("IDEMPOTENCY_KEY_REQUIRED");
  if (f.idempotency !== "none")
    ["IDEMPOTENCY_KEY_IN_USE", "IDEMPOTENCY_KEY_MISMATCH"].forEach((c) => codes.add(c as ErrorCode));
  if (f.rateLimits.length) codes.add("RATE_LIMITED");
  for (const code of f.errors) codes.add(code);
  if (f.stepUp) for (const code of STEP_UP_ERRORS) codes.add(code);
  codes.add("INTERNAL_ERROR");
  return [...codes];
}

export function errorResponsesOf(
  f: KitFeatures,
): Record<number, { description: string; content: Record<string, { schema: z.ZodType }> }> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(f)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const schema = errorSchemaOf(f.family);
  const out: Record<number, { description: string; content: Record<string, { schema: z.ZodType }> }> = {};
  for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    out[status] = {
      description: `error_code: ${codes.join(", ")}`,
      content: { "application/json": { schema } },
    };
  }
  return out;
}

export function idempotencyHeaderSchema(mode: IdempotencyMode): z.ZodType | null {
  if (mode === "none") return null;
  const header = z
    .string()
    .min(1)
    .max(255)
    .openapi({
      description:
        mode === "required"
          ? "Required. A unique value per operation (e.g. a UUID); kept 24 h."
          : "Optional. A unique value per operation (e.g. a UUID); kept 24 h.",
    });
  return z.object({ "idempotency-key": mode === "required" ? header : header.optional() });
}

export function extensionsOf(f: KitFeatures): Record<string, unknown> {
  const out: Record<string, unknown> =
    f.access.kind === "scope"
      ? { "x-required-scope": f.access.scope, ...(f.access.cardholder ? { "x-cardholder-token": true } : {}) }
      : f.access.kind === "user"
        ? { "x-user-token-only": true, "x-required-role": f.access.role, "x-two-factor": f.access.twoFactor }
        : { "x-public": true };
  if (f.idempotency !== "none") out["x-idempotency"] = f.idempotency;
  if (f.sealsAnswer) out["x-idempotency-sealed"] = true;
  if (f.atomic) out["x-idempotency-atomic"] = true;
  if (f.rateLimits.length) {
    out["x-rate-limit"] = f.rateLimits.map((l) => ({
      limit: l.limit,
      window_seconds: l.windowSeconds,
      per: l.per === "org" ? "organization" : "client_ip",
    }));
  }
  return out;
}

export const DOCUMENT_INFO = {
  openapi: "3.1.0",
  info: {
    title: "SVC card issuer API",
    version: "1.0.0",
    description:
      "Card program, fiat quotes, swaps, gateway, screening and webhooks. " +
      "Envelopes and error codes: docs/errors.md. " +
      "Each operation names the scope it needs in `x-required-scope` (and in `security`); " +
      "`x-user-token-only` operations need a dashboard user's token of `x-required-role` (2FA enabled " +
      "when `x-two-factor`); `x-public` operations need no credential; `x-cardholder-token` operations " +
      "also accept a cardholder's session token, limited to that cardholder's own account.",
  },
  servers: [{ url: "/", description: "This deployment (paths start with /api)" }],
} as const;

/**
 * The areas operations are listed under (a route's `tags`), in the reference's order. The OpenAPI
 * test and redocly's operation-tag-defined (redocly.yaml) refuse a tag not described here.
 */
export const API_TAGS: Record<string, string> = {
  Health: "Liveness and readiness probes.",
  Account: "The calling credential and the signed-in user's own sessions and password.",
  "API keys":
    "Server credentials: key pairs, their scopes, and the short-lived bearer tokens they exchange for.",
  Team: "Members, invitations and the organization's security settings.",
  "Audit log": "Who did what, when.",
  Customers: "The program's card customers (cardholders and B2B accounts), their balances and activity.",
  Onboarding:
    "Bringing a customer to a usable card: e-mail and phone codes, identity, source of funds, wallet.",
  Cards: "Virtual and physical cards, their life cycle and secure views.",
  "Spending controls": "Limits and merchant rules at program, customer and card level.",
  "Auth rules": "Versioned authorization rules with shadow mode, backtests and performance.",
  "Authorization endpoint": "Your own endpoint deciding card authorizations in real time.",
  Transactions: "Card transactions: authorizations, settlements, reversals, refunds, declines.",
  Disputes: "Chargeback disputes, their notes and evidence.",
  Funding: "The master wallet and the transfers that fund customers.",
  Fiat: "Fiat quotes, wallets and deposits.",
  Payouts: "Fiat payouts to beneficiaries and their quotes.",
  Swaps: "Token swaps of the master wallet.",
  Gateway: "The crypto payment gateway.",
  Screening: "Sanctions screening of addresses.",
  Search: "One search across the program.",
  "Card settings": "The program's settings: the secure page's theme, the time zone.",
  Webhooks: "Subscriptions, deliveries, secret rotation, replay and backfill.",
  Events: "Every event the program raised, for 30 days, whether or not a webhook took it.",
  Sandbox: "Simulators of the upstreams (card network, KYC, chain, payout rails): sandbox mode only.",
  "Event payloads":
    "The POST each webhook subscription receives, one per event type (the `webhooks` section).",
};

/** The whole document: the routes', the tags described, and the `webhooks` section with its schemas. */
export function buildDocument(app: ApiApp): Record<string, unknown> {
  const doc = app.getOpenAPI31Document({ ...DOCUMENT_INFO, servers: [...DOCUMENT_INFO.servers] });
  const { webhooks, schemas } = webhooksDocument();
  return {
    ...doc,
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
    webhooks,
    components: {
      ...doc.components,
      schemas: { ...doc.components?.schemas, ...schemas },
      securitySchemes: { ...doc.components?.securitySchemes, ...WEBHOOK_SECURITY_SCHEME },
    },
  };
}

/** The document, generated on first use and kept: routes do not change after the app is built. */
export function documentCache(app: ApiApp): () => string {
  let json: string | undefined;
  return () => (json ??= JSON.stringify(buildDocument(app)));
}
