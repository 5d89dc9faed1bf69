import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog } from "@/server/db/schema/platform";
import { bearer } from "@/server/http/testing";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, uniqueEmail } from "@/server/testing/fixtures";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();

const json = (body: unknown) => ({ "content-type": "application/json", body: JSON.stringify(body) });

describe("team REST endpoints", () => {
  it("an admin's token invites, changes roles, deactivates; the audit log has the request id", async () => {
    const org = await createTestOrg(database.db);
    const auth = bearer(await org.token(org.admin.userId));
    const email = uniqueEmail("rest");
    const invited = await app.request("/api/v1/team/invitations", {
      method: "POST",
      headers: { ...auth, "content-type": "application/json", "x-request-id": "req_team_rest_1" },
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
});
