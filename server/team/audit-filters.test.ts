import { describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { auditLog } from "@/server/db/schema/platform";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { auditCsv, listAuditEntries } from "./audit-log";

const database = withTestDatabase({ install: false });

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let out = "";
  for await (const chunk of chunks) out += chunk;
  return out;
}

describe("audit log filters and CSV", () => {
  it("filters by action or domain, actor, target and dates; exports the same selection as CSV", async () => {
    const org = await createTestOrg(database.db);
    const ctx = userCtx(database.db, org.orgId, { ...org.admin, role: "admin" });
    // Explicit times (the column's default is the database's clock, which a test cannot move on Postgres).
    const at = (action: string, targetType: string, targetId: string, createdAt: string, after?: object) =>
      database.db.insert(auditLog).values({
        id: newId("evt"),
        orgId: org.orgId,
        actorType: "user",
        actorId: org.admin.userId,
        credentialType: "session",
        action,
        targetType,
        targetId,
        after: (after as Record<string, unknown>) ?? null,
        createdAt: new Date(createdAt),
      });
    await at("team.role_changed", "user", "usr_a", "2026-03-01T10:00:00Z");
    await at("webhook.created", "webhook", "whk_1", "2026-03-02T10:00:00Z", { url: '=cmd,"x"' });
    await at("team.member_invited", "invitation", "inv_1", "2026-03-03T10:00:00Z");
    const actions = async (input: Parameters<typeof listAuditEntries>[0]["input"]) =>
      (await listAuditEntries({ ctx, input })).entries.map((e) => e.action);

    expect(await actions({ action: "team." })).toEqual(["team.member_invited", "team.role_changed"]);
    expect(await actions({ action: "team" })).toEqual([]);
    expect(await actions({ target_type: "webhook", target_id: "whk_1" })).toEqual(["webhook.created"]);
    expect(await actions({ actor_id: org.admin.userId, from: "2026-03-02", to: "2026-03-02" })).toEqual([
      "webhook.created",
    ]);
    await expect(listAuditEntries({ ctx, input: { from: "yesterday" } })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
    });

    const csv = await collect(auditCsv({ ctx, input: { from: "2026-03-02T00:00:00Z" } }));
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "created_at,action,actor_type,actor_id,actor_email,credential_type,credential_id,ip,request_id," +
        "target_type,target_id,before,after,detail",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^2026-03-03T10:00:00.000Z,team.member_invited,user,/);
    expect(lines[1]).toContain("team.member_invited");
    expect(lines[2]).toContain(`webhook.created,user,${org.admin.userId},${org.admin.email}`);
    // JSON in a cell is quoted, quotes doubled.
    expect(lines[2]).toContain(`"{""url"":""=cmd,\\""x\\""""}"`);
  });

  it("is for admins only", async () => {
    const org = await createTestOrg(database.db);
    const operator = await org.user("operator");
    await expect(
      collect(auditCsv({ ctx: userCtx(database.db, org.orgId, operator), input: {} })),
    ).rejects.toMatchObject({ code: "FORBIDDEN_ROLE" });
  });
});
