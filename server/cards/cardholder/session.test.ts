import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { enableCredentialCache } from "@/server/auth/credential-cache";
import type { Ctx } from "@/server/context";
import { sha256Hex } from "@/server/crypto/hash";
import { cardholderSessions } from "@/server/db/schema/cards";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, uniqueEmail } from "@/server/testing/fixtures";
import { refusal, walkTo } from "@/server/testing/onboarding";
import {
  CARDHOLDER_SESSION_TTL_SECONDS,
  createCardholderSession,
  endCardholderSession,
  purgeExpiredCardholderSessions,
  resolveCardholderBearer,
  resolveCardholderSession,
} from "./session";

const database = withTestDatabase();

afterEach(() => {
  enableCredentialCache(false);
});

async function customer() {
  const org = await createTestOrg(database.db);
  const ctx: Ctx = { db: database.db, orgId: org.orgId, actor: { type: "system", reason: "test" } };
  const row = await walkTo(ctx, "identity_verification", { email: uniqueEmail("holder") });
  return { orgId: org.orgId, customerId: row.id };
}

async function expire(token: string, secondsAgo: number) {
  await database.db
    .update(cardholderSessions)
    .set({ expiresAt: sql`now() - make_interval(secs => ${secondsAgo})` })
    .where(eq(cardholderSessions.tokenHash, sha256Hex(token)));
}

describe("cardholder sessions", () => {
  it(
    "a session token is cht_ + 256 random bits, only its SHA-256 is " + "stored, and it lasts 12 hours",
    async () => {
      const who = await customer();
      const before = Date.now();
      const { token, expiresAt } = await createCardholderSession(database.db, who);
      expect(token).toMatch(/^cht_[A-Za-z0-9_-]{43}$/);
      expect(Math.abs(expiresAt.getTime() - before - CARDHOLDER_SESSION_TTL_SECONDS * 1000)).toBeLessThan(
        5000,
      );
      const rows = await database.db
        .select()
        .from(cardholderSessions)
        .where(eq(cardholderSessions.customerId, who.customerId));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).toBe(sha256Hex(token));
      expect(JSON.stringify(rows)).not.toContain(token.slice(4));
      expect(await resolveCardholderSession(database.db, token)).toEqual(who);
      const other = await createCardholderSession(database.db, who);
      expect(other.token).not.toBe(token);
    },
  );

  it("an unknown, expired or ended session resolves to nothing", async () => {
    const who = await customer();
    expect(await resolveCardholderSession(database.db, "cht_" + "x".repeat(43))).toBeNull();
    expect(await resolveCardholderSession(database.db, "svc_ut_whatever")).toBeNull();
    const expired = await createCardholderSession(database.db, who);
    await expire(expired.token, 1);
    expect(await resolveCardholderSession(database.db, expired.token)).toBeNull();
    const ended = await createCardholderSession(database.db, who);
    await endCardholderSession(database.db, ended.token);
    expect(await resolveCardholderSession(database.db, ended.token)).toBeNull();
    // Ending it again, or a token that never was, is not an error.
    await endCardholderSession(database.db, ended.token);
    await endCardholderSession(database.db, "nonsense");
  });

  it(
    "the bearer resolver: not ours without the prefix, cardholder actor " +
      "when valid, UNAUTHENTICATED / TOKEN_EXPIRED otherwise",
    async () => {
      const who = await customer();
      expect(await resolveCardholderBearer(database.db, "svc_ut_abc", {})).toBeNull();
      expect(await resolveCardholderBearer(database.db, "pk_test_abc", {})).toBeNull();
      const { token } = await createCardholderSession(database.db, who);
      expect(await resolveCardholderBearer(database.db, token, {})).toEqual({
        orgId: who.orgId,
        actor: { type: "cardholder", customerId: who.customerId },
      });
      expect((await refusal(resolveCardholderBearer(database.db, token + "x", {}))).code).toBe(
        "UNAUTHENTICATED",
      );
      await expire(token, 1);
      const expired = await refusal(resolveCardholderBearer(database.db, token, {}));
      expect(expired.code).toBe("TOKEN_EXPIRED");
      expect(expired.message).not.toContain(token);
    },
  );

  it("with the credential cache on, sign-out still stops the token at once", async () => {
    enableCredentialCache(true);
    const who = await customer();
    const { token } = await createCardholderSession(database.db, who);
    expect(await resolveCardholderBearer(database.db, token, {})).not.toBeNull();
    // Served from the cache now: the row can be gone without the resolver noticing...
    await database.db.delete(cardholderSessions).where(eq(cardholderSessions.tokenHash, sha256Hex(token)));
    expect(await resolveCardholderBearer(database.db, token, {})).not.toBeNull();
    // ...which is why sign-out clears the cache.
    const second = await createCardholderSession(database.db, who);
    expect(await resolveCardholderBearer(database.db, second.token, {})).not.toBeNull();
    await endCardholderSession(database.db, second.token);
    expect((await refusal(resolveCardholderBearer(database.db, second.token, {}))).code).toBe(
      "UNAUTHENTICATED",
    );
  });

  it("housekeeping drops sessions expired for more than a day and keeps the rest", async () => {
    const who = await customer();
    const old = await createCardholderSession(database.db, who);
    const recent = await createCardholderSession(database.db, who);
    const live = await createCardholderSession(database.db, who);
    await expire(old.token, 86_400 + 60);
    await expire(recent.token, 60);
    expect(await purgeExpiredCardholderSessions(database.db)).toBeGreaterThanOrEqual(1);
    const left = await database.db
      .select({ hash: cardholderSessions.tokenHash })
      .from(cardholderSessions)
      .where(eq(cardholderSessions.customerId, who.customerId));
    expect(left.map((r) => r.hash).sort()).toEqual([sha256Hex(recent.token), sha256Hex(live.token)].sort());
  });
});
