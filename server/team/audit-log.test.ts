import { afterAll, describe, expect, it } from "vitest";
import { createApiKey, revokeApiKey, rotateApiKey, setApiKeyPermissions } from "@/server/apikeys/manage";
import { auditLog } from "@/server/db/schema/platform";
import { recordAudit } from "@/server/platform/audit";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { startTotpClock } from "@/server/testing/totp-clock";
import { listAuditEntries } from "./audit-log";

const database = withTestDatabase({ install: false });
const clock = startTotpClock();
afterAll(async () => {
  clock.restore();
});

async function program() {
  const org = await createTestOrg(database.db);
  const ctx = {
    ...userCtx(database.db, org.orgId, org.admin, { twoFactorEnabled: true }),
    ip: "198.51.100.4",
  };
  const code = () => clock.nextCode(org.admin.totpSecret);
  return { org, ctx, code };
}

describe("listAuditEntries", () => {
  it("lists the key history newest first with the actor's email, address and detail", async () => {
    const { org, ctx, code } = await program();
    const key = await createApiKey({
      ctx,
      input: { name: "Server", permissions: ["read"], two_factor_token: code() },
    });
    await setApiKeyPermissions({
      ctx,
      input: { id: key.id, permissions: ["read", "write"], two_factor_token: code() },
    });
    await rotateApiKey({ ctx, input: { id: key.id, two_factor_token: code() } });
    await revokeApiKey({ ctx, input: { id: key.id, two_factor_token: code() } });
    code(); // moves the (faked) clock on, which PGlite's now() follows: no tie with the revocation
    await recordAudit(ctx, { action: "user.signed_in", targetType: "user", targetId: org.admin.userId });

    const { entries, next_before } = await listAuditEntries({ ctx, input: { targetType: "api_key" } });
    expect(next_before).toBeNull();
    expect(entries.map((e) => e.action)).toEqual([
      "api_key.revoked",
      "api_key.rotated",
      "api_key.permissions_changed",
      "api_key.created",
    ]);
    for (const e of entries) {
      expect(e).toMatchObject({
        actor_type: "user",
        actor_id: org.admin.userId,
        actor_email: org.admin.email,
        target_type: "api_key",
        target_id: key.id,
        ip: "198.51.100.4",
      });
    }
    expect(entries[2]!.detail).toEqual({ name: "Server", from: ["read"], to: ["read", "write"] });
    expect(JSON.stringify(entries)).not.toContain(key.api_secret);

    const all = await listAuditEntries({ ctx, input: {} });
    expect(all.entries.map((e) => e.action)).toEqual(["user.signed_in", ...entries.map((e) => e.action)]);
  });

  it("pages with `before` and stays inside the organization, ties broken by id", async () => {
    const { org, ctx } = await program();
    const other = await program();
    // Explicit times: entries written in one transaction share now(), so paging must not skip ties.
    const t0 = Date.parse("2030-01-01T00:00:00Z");
    const at = (s: number) => new Date(t0 + s * 1000);
    const rows = [
      {
        id: "evt_a1",
        orgId: org.orgId,
        actorType: "user",
        actorId: org.admin.userId,
        action: "test.step_1",
        targetType: "test",
        createdAt: at(1),
      },
      {
        id: "evt_a2",
        orgId: org.orgId,
        actorType: "user",
        actorId: org.admin.userId,
        action: "test.step_2",
        targetType: "test",
        createdAt: at(2),
      },
      {
        id: "evt_a3",
        orgId: org.orgId,
        actorType: "user",
        actorId: org.admin.userId,
        action: "test.step_3a",
        targetType: "test",
        createdAt: at(3),
      },
      {
        id: "evt_a4",
        orgId: org.orgId,
        actorType: "user",
        actorId: org.admin.userId,
        action: "test.step_3b",
        targetType: "test",
        createdAt: at(3),
      },
      {
        id: "evt_a5",
        orgId: org.orgId,
        actorType: "system",
        actorId: null,
        action: "test.by_system",
        targetType: "test",
        createdAt: at(4),
      },
      // Another program's entry never shows here; naming this program's user, it does not reveal the email
      // there either.
      {
        id: "evt_b1",
        orgId: other.org.orgId,
        actorType: "user",
        actorId: org.admin.userId,
        action: "test.elsewhere",
        targetType: "test",
        createdAt: at(5),
      },
    ];
    await database.db.insert(auditLog).values(rows.map((r) => ({ ...r, id: `${r.id}_${org.orgId}` })));

    const first = await listAuditEntries({ ctx, input: { targetType: "test", limit: 2 } });
    expect(first.entries.map((e) => e.action)).toEqual(["test.by_system", "test.step_3b"]);
    expect(first.entries[0]).toMatchObject({
      actor_type: "system",
      actor_id: null,
      actor_email: null,
      created_at: at(4).toISOString(),
    });
    expect(first.entries[1]).toMatchObject({ actor_email: org.admin.email });
    const second = await listAuditEntries({
      ctx,
      input: { targetType: "test", limit: 2, before: first.next_before! },
    });
    expect(second.entries.map((e) => e.action)).toEqual(["test.step_3a", "test.step_2"]);
    const last = await listAuditEntries({
      ctx,
      input: { targetType: "test", limit: 2, before: second.next_before! },
    });
    expect(last.entries.map((e) => e.action)).toEqual(["test.step_1"]);
    expect(last.next_before).toBeNull();

    const theirs = await listAuditEntries({ ctx: other.ctx, input: { targetType: "test" } });
    expect(theirs.entries.map((e) => e.action)).toEqual(["test.elsewhere"]);
    expect(theirs.entries[0]).toMatchObject({ actor_id: org.admin.userId, actor_email: null });
    // Another organization's entry as a cursor reveals nothing.
    expect(
      (await listAuditEntries({ ctx: other.ctx, input: { before: first.entries[1]!.id } })).entries,
    ).toEqual([]);
  });

  it("is for admins only and caps the page size", async () => {
    const { org, ctx } = await program();
    const operator = await org.user("operator");
    await expect(
      listAuditEntries({ ctx: userCtx(database.db, org.orgId, operator), input: {} }),
    ).rejects.toMatchObject({ code: "FORBIDDEN_ROLE", status: 403 });
    const apiKeyCtx = {
      ...ctx,
      actor: {
        type: "apiKey" as const,
        keyId: "key_x",
        scopes: ["read", "write", "transactions", "webhooks"] as const,
      },
    };
    await expect(listAuditEntries({ ctx: apiKeyCtx, input: {} })).rejects.toMatchObject({
      code: "USER_TOKEN_REQUIRED",
    });
    await expect(listAuditEntries({ ctx, input: { limit: 201 } })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
    });
    expect((await listAuditEntries({ ctx, input: { limit: 200 } })).entries).toEqual([]);
  });
});
