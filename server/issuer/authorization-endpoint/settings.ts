import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type AuthorizationEndpointView,
  type PutAuthorizationEndpointInput,
  putAuthorizationEndpointSchema,
  rotateEndpointSecretSchema,
  SAMPLE_RECEIVER_URL,
} from "@/lib/contracts/authorization-endpoint";
import { env, isSandbox } from "@/lib/env";
import { ServiceError } from "@/lib/errors";
import { authorize, confirmStepUp } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { authorizationEndpoints, type StandInRules } from "@/server/db/schema/authorization-endpoints";
import { recordAudit } from "@/server/platform/audit";
import { newWebhookSecret, openWebhookSecret, sealWebhookSecret } from "@/server/webhooks/secret";
import { registrableUrl } from "@/server/webhooks/url-safety";

/**
 * The authorization endpoint's settings (docs/authorization-endpoint.md, Settings): one per
 * organization and mode. Changes need the 2FA step-up (lib/contracts/permissions.ts) and are
 * audited; the secret is shown once, on creation and rotation.
 */

type EndpointRow = typeof authorizationEndpoints.$inferSelect;
const modeNow = () => env().SVC_MODE;

function endpointView(row: EndpointRow, extra: { secret?: string; warnings?: string[] } = {}) {
  const view: AuthorizationEndpointView = {
    mode: row.mode,
    url: row.url,
    enabled: row.enabled,
    timeout_ms: row.timeoutMs,
    stand_in: Object.fromEntries(
      Object.entries(row.standIn).map(([failure, rule]) => [
        failure,
        {
          action: rule.action,
          per_authorization_minor: rule.per_authorization_minor ?? null,
          per_customer_per_day_minor: rule.per_customer_per_day_minor ?? null,
        },
      ]),
    ) as AuthorizationEndpointView["stand_in"],
    previous_secret_expires_at: activeGrace(row) ? row.previousSecretExpiresAt!.toISOString() : null,
    ...(extra.secret ? { secret: extra.secret } : {}),
    ...(extra.warnings?.length ? { warnings: extra.warnings } : {}),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
  return view;
}

const activeGrace = (row: EndpointRow, now = new Date()) =>
  row.previousSecretSealed !== null &&
  row.previousSecretExpiresAt !== null &&
  row.previousSecretExpiresAt > now;

/** The REST kit and the action kit validate first; a direct caller gets the same VALIDATION_ERROR. */
function validOrRefuse<T>(result: { success: true; data: T } | { success: false; error: z.ZodError }): T {
  if (result.success) return result.data;
  const details = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  throw new ServiceError("VALIDATION_ERROR", details.map((d) => `${d.path}: ${d.message}`).join("; "), {
    details,
  });
}

async function findEndpoint(db: Db, orgId: string): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(authorizationEndpoints)
    .where(and(eq(authorizationEndpoints.orgId, orgId), eq(authorizationEndpoints.mode, modeNow())));
  return row;
}

/** What the authorization pipeline needs: the enabled endpoint with its secrets open, or null. */
export interface LiveEndpoint {
  url: string;
  timeoutMs: number;
  secret: string;
  previousSecret: string | null;
  standIn: StandInRules;
}

/**
 * Every authorization asks: kept a second per process (a change here is seen at once; another
 * process's within the second), so the hot path reads no row and opens no secret per authorization.
 */
const CACHE_MS = 1_000;
const cache = new Map<string, { at: number; endpoint: LiveEndpoint | null }>();
const forget = (orgId: string) => cache.delete(`${orgId}:${modeNow()}`);

export async function liveEndpoint(db: Db, orgId: string): Promise<LiveEndpoint | null> {
  const key = `${orgId}:${modeNow()}`;
  const cached = cache.get(key);
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.endpoint;
  const row = await findEndpoint(db, orgId);
  const endpoint = row?.enabled
    ? {
        url: row.url,
        timeoutMs: row.timeoutMs,
        secret: openWebhookSecret(row.secretSealed),
        previousSecret: activeGrace(row) ? openWebhookSecret(row.previousSecretSealed!) : null,
        standIn: row.standIn,
      }
    : null;
  if (cache.size > 10_000) cache.clear();
  cache.set(key, { at: Date.now(), endpoint });
  return endpoint;
}

export async function getAuthorizationEndpoint({ ctx }: { ctx: Ctx }): Promise<AuthorizationEndpointView> {
  authorize(ctx, "getAuthorizationEndpoint");
  const row = await findEndpoint(ctx.db, ctx.orgId);
  if (!row)
    throw new ServiceError("NOT_FOUND", "No authorization endpoint is set for this program and mode.");
  return endpointView(row);
}

/** The URL rules: the webhooks' (https, public addresses), or the sandbox's built-in receiver. */
async function checkedUrl(raw: string): Promise<{ url: string; warnings: string[] }> {
  if (raw === SAMPLE_RECEIVER_URL) {
    if (!isSandbox())
      throw new ServiceError("VALIDATION_ERROR", "The sample receiver exists in sandbox mode only.", {
        details: [{ path: "url", message: "sandbox only" }],
      });
    return { url: raw, warnings: [] };
  }
  return registrableUrl(raw);
}

/**
 * Creates or replaces the settings. Creation makes the signing secret (returned once); a
 * replacement keeps it. Needs the step-up.
 */
export async function putAuthorizationEndpoint({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: PutAuthorizationEndpointInput & { twoFactorCode?: string };
}): Promise<AuthorizationEndpointView> {
  authorize(ctx, "putAuthorizationEndpoint");
  const { twoFactorCode, ...rest } = input;
  const parsed = validOrRefuse(putAuthorizationEndpointSchema.safeParse(rest));
  const { url, warnings } = await checkedUrl(parsed.url);
  await confirmStepUp(ctx, "putAuthorizationEndpoint", twoFactorCode);
  const secret = newWebhookSecret();
  const settings = { url, enabled: parsed.enabled, timeoutMs: parsed.timeout_ms, standIn: parsed.stand_in };
  const view = await ctx.db.transaction(async (tx) => {
    const before = await findEndpoint(tx, ctx.orgId);
    const [row] = await tx
      .insert(authorizationEndpoints)
      .values({ orgId: ctx.orgId, mode: modeNow(), ...settings, secretSealed: sealWebhookSecret(secret) })
      .onConflictDoUpdate({
        target: [authorizationEndpoints.orgId, authorizationEndpoints.mode],
        set: { ...settings, updatedAt: sql`now()` },
      })
      .returning();
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: before ? "authorization_endpoint.updated" : "authorization_endpoint.created",
        targetType: "authorization_endpoint",
        targetId: `${ctx.orgId}:${modeNow()}`,
        ...(before
          ? {
              before: {
                url: before.url,
                enabled: before.enabled,
                timeout_ms: before.timeoutMs,
                stand_in: before.standIn,
              },
            }
          : {}),
        after: { url, enabled: parsed.enabled, timeout_ms: parsed.timeout_ms, stand_in: parsed.stand_in },
      },
    );
    return endpointView(row!, { ...(before ? {} : { secret }), warnings });
  });
  // After the commit: an authorization in between cannot cache the old settings again.
  forget(ctx.orgId);
  return view;
}

/** A new secret now; the old one keeps signing (X-Svc-Signature-Previous) for grace_hours. */
export async function rotateAuthorizationEndpointSecret({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { grace_hours?: number; two_factor_token?: string; twoFactorCode?: string };
}): Promise<AuthorizationEndpointView> {
  authorize(ctx, "rotateAuthorizationEndpointSecret");
  const { twoFactorCode, ...rest } = input;
  const { grace_hours } = validOrRefuse(rotateEndpointSecretSchema.safeParse(rest));
  const existing = await findEndpoint(ctx.db, ctx.orgId);
  if (!existing)
    throw new ServiceError("NOT_FOUND", "No authorization endpoint is set for this program and mode.");
  await confirmStepUp(ctx, "rotateAuthorizationEndpointSecret", twoFactorCode);
  const secret = newWebhookSecret();
  const view = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(authorizationEndpoints)
      .set({
        secretSealed: sealWebhookSecret(secret),
        previousSecretSealed: grace_hours > 0 ? authorizationEndpoints.secretSealed : null,
        previousSecretExpiresAt:
          grace_hours > 0 ? sql`now() + make_interval(hours => ${grace_hours}::int)` : null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(authorizationEndpoints.orgId, ctx.orgId), eq(authorizationEndpoints.mode, modeNow())))
      .returning();
    if (!row)
      throw new ServiceError("NOT_FOUND", "No authorization endpoint is set for this program and mode.");
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "authorization_endpoint.secret_rotated",
        targetType: "authorization_endpoint",
        targetId: `${ctx.orgId}:${modeNow()}`,
        detail: { grace_hours },
      },
    );
    return endpointView(row, { secret });
  });
  forget(ctx.orgId);
  return view;
}
