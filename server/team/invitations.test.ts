import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { randomBase62 } from "@/lib/ids";
import { checkPassword } from "@/server/auth/sign-in";
import { STEP_UP_MS } from "@/server/auth/step-up";
import { totpCode } from "@/server/auth/totp";
import { stepUps, users } from "@/server/db/schema/identity";
import { auditLog } from "@/server/db/schema/platform";
import { invitations } from "@/server/db/schema/team";
import { providers, setProvidersForTests } from "@/server/providers/current";
import { listOutbox } from "@/server/providers/sandbox/messaging";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, uniqueEmail, userCtx } from "@/server/testing/fixtures";
import { acceptInvitation, INVITATION_TTL_MS, inviteMember, previewInvitation } from "./invitations";

const database = withTestDatabase({ install: false });
afterAll(async () => {
  setProvidersForTests();
});

/** An admin signed in to the dashboard inside the session's step-up window (an invitation asks it). */
async function adminOrg() {
  const org = await createTestOrg(database.db);
  const sessionId = `ses_test_${randomBase62(12)}`;
  await database.db
    .insert(stepUps)
    .values({ sessionId, userId: org.admin.userId, validUntil: new Date(Date.now() + STEP_UP_MS) });
  const ctx = userCtx(
    database.db,
    org.orgId,
    { ...org.admin, role: "admin" },
    { twoFactorEnabled: true, sessionId },
  );
  return { org, ctx: { ...ctx, ip: "203.0.113.7", requestId: "req_test_invite" } };
}

/** The invitation link's token, read from the email in the sandbox outbox. */
async function tokenFromOutbox(orgId: string, email: string): Promise<string> {
  const [message] = await listOutbox(database.db, { orgId, to: email, limit: 1, withStaffAccess: true });
  const token = /\/invite\/(svc_inv_[A-Za-z0-9_-]+)/.exec(message?.body ?? "")?.[1];
  if (!token) throw new Error("no invitation link in the outbox");
  return token;
}

describe("invitations", () => {
  it("emails a link via the messaging port; accepting sets a password and enrols 2FA, once", async () => {
    const { org, ctx } = await adminOrg();
    const email = uniqueEmail("operator");
    const invitation = await inviteMember({ ctx, input: { email, role: "operator" } });
    expect(invitation).toMatchObject({ email, role: "operator", status: "pending" });
    const token = await tokenFromOutbox(org.orgId, email);

    const preview = await previewInvitation(database.db, { token });
    expect(preview).toMatchObject({ email, role: "operator" });
    const accepted = await acceptInvitation(database.db, {
      token,
      password: "a long new password",
      two_factor_code: totpCode(preview.totp_secret),
    });
    const [user] = await database.db.select().from(users).where(eq(users.id, accepted.user_id));
    expect(user).toMatchObject({ orgId: org.orgId, email, role: "operator", totpEnabled: true });
    const step1 = await checkPassword(database.db, { email, password: "a long new password" }, "10.1.1.1");
    expect(step1.twoFactorRequired).toBe(true);

    // Single use.
    await expect(
      acceptInvitation(database.db, {
        token,
        password: "another password!",
        two_factor_code: totpCode(preview.totp_secret),
      }),
    ).rejects.toMatchObject({ code: "INVITATION_USED" });
    await expect(previewInvitation(database.db, { token })).rejects.toMatchObject({
      code: "INVITATION_USED",
    });

    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.targetId, invitation.id)));
    expect(entries).toEqual([
      expect.objectContaining({
        action: "team.member_invited",
        actorId: org.admin.userId,
        credentialType: "session",
        ip: "203.0.113.7",
        requestId: "req_test_invite",
        after: { email, role: "operator" },
      }),
    ]);
  });

  it("refuses a wrong first code and keeps the invitation usable", async () => {
    const { org, ctx } = await adminOrg();
    const email = uniqueEmail("viewer");
    await inviteMember({ ctx, input: { email, role: "viewer" } });
    const token = await tokenFromOutbox(org.orgId, email);
    const { totp_secret } = await previewInvitation(database.db, { token });
    const wrong = totpCode(totp_secret) === "000000" ? "111111" : "000000";
    await expect(
      acceptInvitation(database.db, { token, password: "a long new password", two_factor_code: wrong }),
    ).rejects.toMatchObject({ code: "INVALID_2FA_TOKEN" });
    expect(await database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    await expect(previewInvitation(database.db, { token })).resolves.toMatchObject({ email });
  });

  it("expires after 7 days", async () => {
    const { org, ctx } = await adminOrg();
    const email = uniqueEmail("late");
    await inviteMember({ ctx, input: { email, role: "viewer" } });
    const token = await tokenFromOutbox(org.orgId, email);
    const { totp_secret } = await previewInvitation(database.db, { token });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + INVITATION_TTL_MS + 1000 });
    try {
      await expect(
        acceptInvitation(database.db, {
          token,
          password: "a long new password",
          two_factor_code: totpCode(totp_secret),
        }),
      ).rejects.toMatchObject({ code: "INVITATION_EXPIRED" });
    } finally {
      vi.useRealTimers();
    }
  });

  it("a new invitation replaces a pending one; a member's email is refused", async () => {
    const { org, ctx } = await adminOrg();
    const email = uniqueEmail("twice");
    await inviteMember({ ctx, input: { email, role: "viewer" } });
    const first = await tokenFromOutbox(org.orgId, email);
    await inviteMember({ ctx, input: { email, role: "operator" } });
    const second = await tokenFromOutbox(org.orgId, email);
    expect(second).not.toBe(first);
    await expect(previewInvitation(database.db, { token: first })).rejects.toMatchObject({
      code: "INVITATION_EXPIRED",
    });
    await expect(previewInvitation(database.db, { token: second })).resolves.toMatchObject({
      role: "operator",
    });
    await expect(
      inviteMember({ ctx, input: { email: org.admin.email, role: "viewer" } }),
    ).rejects.toMatchObject({
      code: "EMAIL_IN_USE",
    });
  });

  it("only an admin invites", async () => {
    const { org } = await adminOrg();
    const operator = await org.user("operator");
    const ctx = userCtx(database.db, org.orgId, operator);
    await expect(
      inviteMember({ ctx, input: { email: uniqueEmail("x"), role: "viewer" } }),
    ).rejects.toMatchObject({ code: "FORBIDDEN_ROLE" });
  });

  it("writes nothing when the email fails: invitation, message and audit share one transaction", async () => {
    const { org, ctx } = await adminOrg();
    const real = providers();
    setProvidersForTests({
      ...real,
      messaging: {
        ...real.messaging,
        sendEmail: async () => {
          throw new Error("mail server down");
        },
      },
    });
    try {
      await expect(
        inviteMember({ ctx, input: { email: uniqueEmail("lost"), role: "viewer" } }),
      ).rejects.toThrow("mail server down");
    } finally {
      setProvidersForTests();
    }
    expect(await database.db.select().from(invitations).where(eq(invitations.orgId, org.orgId))).toHaveLength(
      0,
    );
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.action, "team.member_invited")));
    expect(audit).toHaveLength(0);
  });
});
