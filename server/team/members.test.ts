import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDashboardSession } from "@/server/auth/dashboard-sessions";
import { checkPassword, completeSignIn } from "@/server/auth/sign-in";
import { resolveUserBearer } from "@/server/auth/tokens";
import { accessTokens } from "@/server/db/schema/identity";
import { auditLog } from "@/server/db/schema/platform";
import { userSessions } from "@/server/db/schema/team";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, TEST_PASSWORD, userCtx } from "@/server/testing/fixtures";
import { changeMemberRole, deactivateMember, listMembers, reactivateMember } from "./members";
import { changePassword } from "./password";
import { listMySessions, signOutEverywhere } from "./sessions";

const database = withTestDatabase({ install: false });

async function team() {
  const org = await createTestOrg(database.db);
  const admin = userCtx(database.db, org.orgId, { ...org.admin, role: "admin" }, { twoFactorEnabled: true });
  return { org, admin };
}

async function openSessions(userId: string, orgId: string): Promise<string[]> {
  return database.db
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(
      and(eq(userSessions.userId, userId), eq(userSessions.orgId, orgId), isNull(userSessions.revokedAt)),
    )
    .then((rows) => rows.map((r) => r.id));
}

describe("roles and the last-admin rule", () => {
  it("changes a role with before/after in the audit log; a non-admin cannot", async () => {
    const { org, admin } = await team();
    const op = await org.user("operator");
    const changed = await changeMemberRole({ ctx: admin, input: { userId: op.userId, role: "viewer" } });
    expect(changed).toMatchObject({ id: op.userId, role: "viewer", status: "active" });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, op.userId), eq(auditLog.action, "team.role_changed")));
    expect(entry).toMatchObject({ before: { role: "operator" }, after: { role: "viewer" } });

    const viewerCtx = userCtx(database.db, org.orgId, { ...op, role: "viewer" });
    await expect(
      changeMemberRole({ ctx: viewerCtx, input: { userId: org.admin.userId, role: "viewer" } }),
    ).rejects.toMatchObject({ code: "FORBIDDEN_ROLE" });
  });

  it("never demotes or deactivates the last active admin", async () => {
    const { org, admin } = await team();
    const self = { userId: org.admin.userId };
    await expect(
      changeMemberRole({ ctx: admin, input: { ...self, role: "operator" } }),
    ).rejects.toMatchObject({
      code: "LAST_ADMIN",
    });
    await expect(deactivateMember({ ctx: admin, input: self })).rejects.toMatchObject({ code: "LAST_ADMIN" });

    const second = await org.user("operator");
    await changeMemberRole({ ctx: admin, input: { userId: second.userId, role: "admin" } });
    // Two admins: one may step down; then the other is the last again.
    await changeMemberRole({ ctx: admin, input: { ...self, role: "viewer" } });
    const secondCtx = userCtx(database.db, org.orgId, { ...second, role: "admin" });
    await expect(
      changeMemberRole({ ctx: secondCtx, input: { userId: second.userId, role: "viewer" } }),
    ).rejects.toMatchObject({ code: "LAST_ADMIN" });
    // A deactivated admin does not count.
    await changeMemberRole({ ctx: secondCtx, input: { ...self, role: "admin" } });
    await deactivateMember({ ctx: secondCtx, input: self });
    await expect(
      deactivateMember({ ctx: secondCtx, input: { userId: second.userId } }),
    ).rejects.toMatchObject({
      code: "LAST_ADMIN",
    });
  });

  it("does not reach into another organization", async () => {
    const { admin } = await team();
    const other = await createTestOrg(database.db);
    await expect(
      changeMemberRole({ ctx: admin, input: { userId: other.admin.userId, role: "viewer" } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const { members } = await listMembers({ ctx: admin });
    expect(members.map((m) => m.id)).not.toContain(other.admin.userId);
  });
});

describe("deactivation", () => {
  it("ends every session and user token at once, and refuses sign-in", async () => {
    const { org, admin } = await team();
    const op = await org.user("operator");
    const token = await org.token(op.userId);
    const step1 = await checkPassword(database.db, { email: op.email, password: TEST_PASSWORD }, "10.2.2.2");
    const signedIn = await completeSignIn(database.db, { ticket: step1.ticket });
    await openDashboardSession(database.db, { userId: op.userId, orgId: org.orgId });
    expect(await openSessions(op.userId, org.orgId)).toHaveLength(2);
    expect(signedIn.sessionId).toMatch(/^ses_/);
    await expect(resolveUserBearer(database.db, token)).resolves.toMatchObject({ orgId: org.orgId });

    const member = await deactivateMember({ ctx: admin, input: { userId: op.userId } });
    expect(member.status).toBe("deactivated");
    expect(await openSessions(op.userId, org.orgId)).toHaveLength(0);
    await expect(resolveUserBearer(database.db, token)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(
      await database.db.select().from(accessTokens).where(eq(accessTokens.userId, op.userId)),
    ).toHaveLength(0);
    await expect(
      checkPassword(database.db, { email: op.email, password: TEST_PASSWORD }, "10.2.2.2"),
    ).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(
      changeMemberRole({ ctx: admin, input: { userId: op.userId, role: "viewer" } }),
    ).rejects.toMatchObject({ code: "USER_DEACTIVATED" });

    await reactivateMember({ ctx: admin, input: { userId: op.userId } });
    await expect(
      checkPassword(database.db, { email: op.email, password: TEST_PASSWORD }, "10.2.2.2"),
    ).resolves.toMatchObject({ twoFactorRequired: false });
  });
});

describe("own sessions and password", () => {
  it("signs out everywhere, tokens included", async () => {
    const { org } = await team();
    const op = await org.user("operator");
    const here = await openDashboardSession(database.db, {
      userId: op.userId,
      orgId: org.orgId,
      ip: "10.0.0.9",
    });
    await openDashboardSession(database.db, { userId: op.userId, orgId: org.orgId });
    const token = await org.token(op.userId);
    const ctx = userCtx(database.db, org.orgId, op, { sessionId: here });
    const { sessions } = await listMySessions({ ctx });
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.current)).toMatchObject({ id: here, ip: "10.0.0.9" });

    await expect(signOutEverywhere({ ctx })).resolves.toEqual({ sessions_ended: 2 });
    expect(await openSessions(op.userId, org.orgId)).toHaveLength(0);
    await expect(resolveUserBearer(database.db, token)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("changes the password with the current one and ends the other sessions", async () => {
    const { org } = await team();
    const op = await org.user("operator");
    const here = await openDashboardSession(database.db, { userId: op.userId, orgId: org.orgId });
    const elsewhere = await openDashboardSession(database.db, { userId: op.userId, orgId: org.orgId });
    const ctx = userCtx(database.db, org.orgId, op, { sessionId: here });
    await expect(
      changePassword({
        ctx,
        input: { current_password: "wrong password", new_password: "brand new secret" },
      }),
    ).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    await expect(
      changePassword({ ctx, input: { current_password: TEST_PASSWORD, new_password: "brand new secret" } }),
    ).resolves.toEqual({ changed: true, sessions_ended: 1 });
    expect(await openSessions(op.userId, org.orgId)).toEqual([here]);
    expect(elsewhere).not.toBe(here);
    await expect(
      checkPassword(database.db, { email: op.email, password: "brand new secret" }, "10.3.3.3"),
    ).resolves.toBeTruthy();
  });
});
