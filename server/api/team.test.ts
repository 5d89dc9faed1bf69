import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { users } from "@/server/db/schema/identity";
import { auditLog } from "@/server/db/schema/platform";
import { listOutbox } from "@/server/providers/sandbox/messaging";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, uniqueEmail } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { startTotpClock } from "@/server/testing/totp-clock";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();
const clock = startTotpClock();
afterAll(() => clock.restore());

const json = (body: unknown) => ({ "content-type": "application/json", body: JSON.stringify(body) });

describe("team REST endpoints", () => {
  it("an admin's token invites, changes roles, deactivates; the audit log has the request id", async () => {
    const org = await createTestOrg(database.db);
    const auth = bearer(await org.token(org.admin.userId));
    const email = uniqueEmail("rest");
    const invited = await app.request("/api/v1/team/invitations", {
      method: "POST",
      headers: {
        ...auth,
        "content-type": "application/json",
        "x-request-id": "req_team_rest_1",
        "x-2fa-token": clock.nextCode(org.admin.totpSecret),
      },
      body: JSON.stringify({ email, role: "viewer" }),
    });
    expect(invited.status).toBe(201);
    const invitation = ((await invited.json()) as { data: { id: string } }).data;
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.targetId, invitation.id)));
    expect(entry).toMatchObject({ requestId: "req_team_rest_1", credentialType: "user_token" });

    const op = await org.user("operator");
    const opToken = await org.token(op.userId);
    const role = await app.request(`/api/v1/team/members/${op.userId}/role`, {
      method: "PUT",
      headers: { ...auth, "content-type": "application/json" },
      body: json({ role: "viewer" }).body,
    });
    expect(await role.json()).toMatchObject({ success: true, data: { role: "viewer" } });

    const last = await app.request(`/api/v1/team/members/${org.admin.userId}/deactivate`, {
      method: "POST",
      headers: auth,
    });
    expect(last.status).toBe(409);
    expect(await last.json()).toMatchObject({ error_code: "LAST_ADMIN" });

    const off = await app.request(`/api/v1/team/members/${op.userId}/deactivate`, {
      method: "POST",
      headers: auth,
    });
    expect(off.status).toBe(200);
    const afterwards = await app.request("/api/v1/me", { headers: bearer(opToken) });
    expect(afterwards.status).toBe(401);
  });

  it("refuses non-admins; a bad audit filter is a 400; exports CSV", async () => {
    const org = await createTestOrg(database.db);
    const viewer = await org.user("viewer");
    const res = await app.request("/api/v1/team/members", {
      headers: bearer(await org.token(viewer.userId)),
    });
    expect(res.status).toBe(403);
    const audit = await app.request("/api/v1/audit-log?from=soon", {
      headers: bearer(await org.token(org.admin.userId)),
    });
    expect(audit.status).toBe(400);
    const csv = await app.request("/api/v1/audit-log/export.csv?action=team.", {
      headers: bearer(await org.token(org.admin.userId)),
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect((await csv.text()).split("\r\n")[0]).toMatch(/^created_at,action,/);
  });

  it(
    "inviting another program's user answers as for an unknown address and changes nothing of " +
      "theirs; only the invitee learns, on accepting, that the address is taken (issue 23, defect 10)",
    async () => {
      const a = await createTestOrg(database.db);
      const b = await createTestOrg(database.db);
      const bAuth = bearer(await b.token(b.admin.userId));
      const [before] = await database.db.select().from(users).where(eq(users.id, a.admin.userId));
      const invite = (email: string) =>
        app.request("/api/v1/team/invitations", {
          method: "POST",
          headers: {
            ...bAuth,
            "content-type": "application/json",
            "x-2fa-token": clock.nextCode(b.admin.totpSecret),
          },
          ...json({ email, role: "admin" }),
        });

      const unknown = await invite(uniqueEmail("nobody"));
      const taken = await invite(a.admin.email);
      expect(taken.status).toBe(unknown.status);
      expect(taken.status).toBe(201);
      const [u, t] = [(await unknown.json()) as Shape, (await taken.json()) as Shape];
      expect(Object.keys(t).sort()).toEqual(Object.keys(u).sort());
      expect(Object.keys(t.data).sort()).toEqual(Object.keys(u.data).sort());
      expect(t).toMatchObject({
        success: true,
        message: u.message,
        data: { status: "pending", role: "admin" },
      });

      // The invitee (the link's holder) is told, and nothing is made or changed.
      const [mail] = await listOutbox(database.db, {
        orgId: b.orgId,
        to: a.admin.email,
        limit: 1,
        withStaffAccess: true,
      });
      const token = /\/invite\/(svc_inv_[A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
      // From an address of this run alone: the route's per-IP limit lives in the database, which a
      // Postgres run shares between runs.
      const octet = () => Math.floor(Math.random() * 250) + 1;
      const accepted = await app.request(
        "/api/v1/team/invitations/accept",
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          ...json({ token, password: "a brand new password", two_factor_code: "123456" }),
        },
        {
          incoming: {
            socket: {
              remoteAddress: `10.${octet()}.${octet()}.${octet()}`,
              remotePort: 50000,
              remoteFamily: "IPv4",
            },
          },
        },
      );
      expect(accepted.status).toBe(409);
      expect(await accepted.json()).toMatchObject({ error_code: "EMAIL_IN_USE" });
      const [after] = await database.db.select().from(users).where(eq(users.id, a.admin.userId));
      expect(after).toEqual(before);
      expect(await database.db.select().from(users).where(eq(users.email, a.admin.email))).toHaveLength(1);

      // Within the program the admin may be told: the member is on their own list.
      const member = await invite(b.admin.email);
      expect(member.status).toBe(409);
      expect(await member.json()).toMatchObject({ error_code: "EMAIL_IN_USE" });
    },
  );
});

interface Shape {
  success: boolean;
  message: string;
  data: Record<string, unknown>;
}
