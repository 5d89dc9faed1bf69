import { and, eq } from "drizzle-orm";
import { getServerSession } from "next-auth";
import { isValidElement } from "react";
import { afterAll, describe, expect, it, vi } from "vitest";
import InvitePage from "@/app/(auth)/invite/[token]/page";
import SandboxPage from "@/app/(dashboard)/sandbox/page";
import type { Role } from "@/lib/scopes";
import { openDashboardSession } from "@/server/auth/dashboard-sessions";
import { totpCode } from "@/server/auth/totp";
import { users } from "@/server/db/schema/identity";
import { auditLog } from "@/server/db/schema/platform";
import { listOutbox } from "@/server/providers/sandbox/messaging";
import { inviteMember, previewInvitation } from "@/server/team/invitations";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, TEST_PASSWORD, uniqueEmail, userCtx } from "@/server/testing/fixtures";
import { acceptInvitationAction, changePasswordAction, inviteMemberAction } from "./team";

/*
 * The dashboard side of issue 23's defects 2 and 7: the real session (a session row, read by
 * server/action-kit/session.ts); only next-auth's cookie decoding and Next's request headers are stood
 * in for. The client address is one of this run alone: the limits live in the database, which a
 * Postgres run shares between runs.
 */
const { IP } = vi.hoisted(() => {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return { IP: `10.${n()}.${n()}.${n()}` };
});
vi.mock("next-auth", () => ({ getServerSession: vi.fn() }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": IP }),
  cookies: async () => ({ get: () => undefined, getAll: () => [] }),
}));

const database = withTestDatabase();

afterAll(() => vi.mocked(getServerSession).mockReset());

async function signIn(user: { userId: string; email: string; role: Role }, orgId: string) {
  const sid = await openDashboardSession(database.db, { userId: user.userId, orgId });
  vi.mocked(getServerSession).mockResolvedValue({
    user: { id: user.userId, email: user.email, orgId, role: user.role },
    sid,
    expires: new Date(Date.now() + 3_600_000).toISOString(),
  });
  return sid;
}

function signOut() {
  vi.mocked(getServerSession).mockResolvedValue(null);
}

/** Whether a string containing `text` appears anywhere in what a page returned (not rendered). */
function mentions(node: unknown, text: string, depth = 0): boolean {
  if (depth > 60 || node === null || node === undefined) return false;
  if (typeof node === "string") return node.includes(text);
  if (Array.isArray(node)) return node.some((n) => mentions(n, text, depth + 1));
  if (isValidElement(node)) return mentions(node.props, text, depth + 1);
  if (typeof node === "object")
    return Object.values(node as Record<string, unknown>).some((v) => mentions(v, text, depth + 1));
  return false;
}

async function invitedAdmin() {
  const org = await createTestOrg(database.db);
  const adminCtx = userCtx(
    database.db,
    org.orgId,
    { ...org.admin, role: "admin" },
    { twoFactorEnabled: true },
  );
  const email = uniqueEmail("next-admin");
  const twoFactorCode = totpCode(org.admin.totpSecret);
  await inviteMember({ ctx: adminCtx, input: { email, role: "admin", twoFactorCode } });
  const [mail] = await listOutbox(database.db, {
    orgId: org.orgId,
    to: email,
    limit: 1,
    withStaffAccess: true,
  });
  const token = /\/invite\/(svc_inv_[A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
  return { org, email, token };
}

describe("team invitations in the dashboard (issue 23, defect 2)", () => {
  it("the Sandbox page shows an invitation to admins only, never to an operator", async () => {
    const { org, token } = await invitedAdmin();
    const operator = await org.user("operator", { withTwoFactor: true });
    const args = { searchParams: Promise.resolve({}) };
    await signIn(operator, org.orgId);
    const forOperator = await SandboxPage(args);
    expect(mentions(forOperator, token)).toBe(false);
    expect(mentions(forOperator, "/invite/")).toBe(false);
    await signIn({ ...org.admin, role: "admin" }, org.orgId);
    expect(mentions(await SandboxPage(args), token)).toBe(true);
  });

  it(
    "a browser signed in as someone is shown neither the form nor the 2FA secret, and cannot " +
      "accept; signed out, the invitee can",
    async () => {
      const { org, email, token } = await invitedAdmin();
      const { totp_secret } = await previewInvitation(database.db, { token });
      const operator = await org.user("operator", { withTwoFactor: true });
      await signIn(operator, org.orgId);
      const page = await InvitePage({ params: Promise.resolve({ token }) });
      expect(mentions(page, totp_secret)).toBe(false);
      expect(mentions(page, operator.email)).toBe(true);
      const input = { token, password: "the new admin's password", two_factor_code: totpCode(totp_secret) };
      const refused = await acceptInvitationAction(input);
      expect(refused).toMatchObject({ ok: false, error: { code: "CONFLICT" } });
      expect(await database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);

      signOut();
      expect(mentions(await InvitePage({ params: Promise.resolve({ token }) }), totp_secret)).toBe(true);
      expect(await acceptInvitationAction(input)).toMatchObject({ ok: true, data: { email } });
    },
  );
});

describe("the invite action asks for the 2FA step-up", () => {
  it("an admin's session without a recent code is refused and nothing is sent; with one, sent", async () => {
    for (const role of ["viewer", "operator", "admin"] as const) {
      const org = await createTestOrg(database.db);
      await signIn({ ...org.admin, role: "admin" }, org.orgId);
      const email = uniqueEmail(`invited-${role}`);
      const refused = await inviteMemberAction({ email, role });
      expect(refused).toMatchObject({ ok: false, error: { code: "TWO_FACTOR_REQUIRED" } });
      const outbox = () =>
        listOutbox(database.db, { orgId: org.orgId, to: email, limit: 10, withStaffAccess: true });
      expect(await outbox()).toHaveLength(0);
      const sent = await inviteMemberAction({ email, role, twoFactorCode: totpCode(org.admin.totpSecret) });
      expect(sent).toMatchObject({ ok: true, data: { email, role } });
      expect(await outbox()).toHaveLength(1);
    }
  });
});

describe("the password change action (issue 23, defect 7)", () => {
  it("audits each wrong current password and answers RATE_LIMITED past the sign-in limit", async () => {
    const org = await createTestOrg(database.db);
    const viewer = await org.user("viewer");
    const sid = await signIn(viewer, org.orgId);
    for (let i = 0; i < 10; i++) {
      const res = await changePasswordAction({
        current_password: `wrong ${i}`,
        new_password: "a brand new password",
      });
      expect(res).toMatchObject({ ok: false, error: { code: "VALIDATION_ERROR" } });
    }
    const limited = await changePasswordAction({
      current_password: TEST_PASSWORD,
      new_password: "a brand new password",
    });
    expect(limited).toMatchObject({ ok: false, error: { code: "RATE_LIMITED" } });
    const retryAfter = (limited as { error: { retryAfter?: number } }).error.retryAfter;
    expect(retryAfter).toBeGreaterThan(0);

    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.action, "user.password_change_failed")));
    expect(entries).toHaveLength(10);
    expect(entries[0]).toMatchObject({
      actorId: viewer.userId,
      credentialType: "session",
      credentialId: sid,
      ip: IP,
    });
  });
});
