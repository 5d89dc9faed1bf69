import { and, desc, eq } from "drizzle-orm";
import { addressKey } from "@/lib/chains/addresses";
import { requireKnownAddress } from "@/lib/chains/require-address";
import type { RecentScreening, RiskLevel, ScreeningResult } from "@/lib/contracts/screening";
import { newId } from "@/lib/ids";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { screeningChecks } from "@/server/db/schema/crypto";
import { providers } from "@/server/providers/current";
import { activeList, listedAssets, listInfo } from "./list-store";

/** The risk rules of docs/crypto.md "Risk levels". */
export function riskLevelOf(checks: ScreeningResult["checks"]): RiskLevel {
  if (checks.sanctions) return "severe";
  if (checks.darknet || checks.mixer) return "high";
  if (checks.fraud) return "medium";
  return "low";
}

/**
 * POST /v1/screener/check: sanctions from the active list, the rest from the provider. A listed
 * address is reported whatever its format (the SDN list also names Monero, XRP... addresses);
 * any other address must be of a known format, else 422 INVALID_ADDRESS.
 */
export async function screenAddress({ db, input }: { db: Db; input: { address: string } }) {
  const address = input.address.trim();
  const list = await activeList(db);
  const sanctioned = (await listedAssets(db, list.id, addressKey(address))).length > 0;
  if (!sanctioned) requireKnownAddress(address);
  const exposure = await providers().screening.exposure(address);
  const checks = { sanctions: sanctioned, ...exposure };
  const riskLevel = riskLevelOf(checks);
  const result: ScreeningResult = {
    address,
    risk_level: riskLevel,
    flagged: Object.values(checks).some(Boolean),
    checks,
    checked_at: new Date().toISOString(),
    sanctions_list: listInfo(list),
  };
  return result;
}

/** A check made from the dashboard: the same answer, also kept for the organization's "last checks". */
export async function screenFromDashboard({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { address: string };
}): Promise<ScreeningResult> {
  authorize(ctx, "screenFromDashboard");
  const result = await screenAddress({ db: ctx.db, input });
  await ctx.db.insert(screeningChecks).values({
    id: newId("scr"),
    orgId: ctx.orgId,
    address: result.address,
    riskLevel: result.risk_level,
    flagged: result.flagged,
    checks: result.checks,
    listAsOf: result.sanctions_list.as_of,
    checkedAt: new Date(result.checked_at),
  });
  return result;
}

export async function recentScreenings({ ctx }: { ctx: Ctx }): Promise<RecentScreening[]> {
  authorize(ctx, "recentScreenings");
  const rows = await ctx.db
    .select()
    .from(screeningChecks)
    .where(and(eq(screeningChecks.orgId, ctx.orgId)))
    .orderBy(desc(screeningChecks.checkedAt))
    .limit(20);
  return rows.map((r) => ({
    id: r.id,
    address: r.address,
    risk_level: r.riskLevel as RiskLevel,
    flagged: r.flagged,
    checks: r.checks as RecentScreening["checks"],
    list_as_of: r.listAsOf,
    checked_at: r.checkedAt.toISOString(),
  }));
}

/** The list in force, for the dashboard. */
export async function sanctionsListInfo({ ctx }: { ctx: Ctx }) {
  authorize(ctx, "sanctionsListInfo");
  return listInfo(await activeList(ctx.db));
}
