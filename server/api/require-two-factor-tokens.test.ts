import { describe, expect, it } from "vitest";
import { issueUserAccessToken, resolveUserBearer } from "@/server/auth/tokens";
import { updateSecuritySettings } from "@/server/team/settings";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();

describe("user tokens under 'require 2FA for every member'", () => {
  it("refuses new and existing tokens of members without 2FA with 403 TWO_FACTOR_NOT_ENABLED", async () => {
    const org = await createTestOrg(database.db);
    const admin = userCtx(
      database.db,
      org.orgId,
      { ...org.admin, role: "admin" },
      { twoFactorEnabled: true },
    );
    const without = await org.user("operator");
    const withTotp = await org.user("operator", { withTwoFactor: true });
    const oldToken = await org.token(without.userId);
    const adminToken = await org.token(org.admin.userId);
    // Resolved (and cached) before the setting changes: the change must drop it.
    expect((await app.request("/api/v1/me", { headers: bearer(oldToken) })).status).toBe(200);

    await updateSecuritySettings({ ctx: admin, input: { require_two_factor: true } });

    const refused = await app.request("/api/v1/me", { headers: bearer(oldToken) });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error_code: "TWO_FACTOR_NOT_ENABLED" });
    await expect(resolveUserBearer(database.db, oldToken)).rejects.toMatchObject({
      code: "TWO_FACTOR_NOT_ENABLED",
    });
    await expect(
      issueUserAccessToken(database.db, { id: without.userId, orgId: org.orgId }),
    ).rejects.toMatchObject({ code: "TWO_FACTOR_NOT_ENABLED" });
    // Members with 2FA keep working, old token or new.
    expect((await app.request("/api/v1/me", { headers: bearer(adminToken) })).status).toBe(200);
    const fresh = await org.token(withTotp.userId);
    expect((await app.request("/api/v1/me", { headers: bearer(fresh) })).status).toBe(200);

    // Turned off again, the member's token works again (it was never deleted).
    await updateSecuritySettings({ ctx: admin, input: { require_two_factor: false } });
    expect((await app.request("/api/v1/me", { headers: bearer(oldToken) })).status).toBe(200);
  });

  it("does not touch other organizations' members", async () => {
    const org = await createTestOrg(database.db);
    const other = await createTestOrg(database.db);
    const admin = userCtx(
      database.db,
      org.orgId,
      { ...org.admin, role: "admin" },
      { twoFactorEnabled: true },
    );
    await updateSecuritySettings({ ctx: admin, input: { require_two_factor: true } });
    const elsewhere = await other.user("viewer");
    expect(
      (await app.request("/api/v1/me", { headers: bearer(await other.token(elsewhere.userId)) })).status,
    ).toBe(200);
  });
});
