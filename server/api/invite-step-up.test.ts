import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { invitations } from "@/server/db/schema/team";
import { listOutbox } from "@/server/providers/sandbox/messaging";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, uniqueEmail } from "@/server/testing/fixtures";
import { startTotpClock } from "@/server/testing/totp-clock";
import { createApiApp } from "./app";

/**
 * An invitation makes a lasting account of the program, an admin's too: like creating an API key,
 * it asks the person for a current 2FA code (lib/contracts/permissions.ts, inviteMember's stepUp),
 * so a hijacked admin session or token cannot invite itself a lasting admin account.
 */

const database = withTestDatabase();
const app = createApiApp();
const clock = startTotpClock();
afterAll(() => clock.restore());

describe("POST /api/v1/team/invitations asks for the 2FA step-up", () => {
  it.each(["admin", "operator", "viewer"] as const)(
    "an invitation as %s: refused without a current code (nothing sent), made with one",
    async (role) => {
      const org = await createTestOrg(database.db);
      const token = await org.token(org.admin.userId);
      const email = uniqueEmail(`invited-${role}`);
      const invite = (code?: string) =>
        app.request("/api/v1/team/invitations", {
          method: "POST",
          headers: {
            authorization: `Bearer ${token}`,
            "content-type": "application/json",
            ...(code ? { "x-2fa-token": code } : {}),
          },
          body: JSON.stringify({ email, role }),
        });
      const sent = async () => ({
        invitations: await database.db.select().from(invitations).where(eq(invitations.orgId, org.orgId)),
        mail: await listOutbox(database.db, {
          orgId: org.orgId,
          to: email,
          limit: 10,
          withStaffAccess: true,
        }),
      });

      const bare = await invite();
      expect(bare.status).toBe(403);
      expect(await bare.json()).toMatchObject({ error_code: "TWO_FACTOR_REQUIRED" });
      const wrong = await invite("000000");
      expect(await wrong.json()).toMatchObject({ error_code: "INVALID_2FA_TOKEN" });
      expect(await sent()).toEqual({ invitations: [], mail: [] });

      const made = await invite(clock.nextCode(org.admin.totpSecret));
      expect(made.status).toBe(201);
      expect(await made.json()).toMatchObject({ data: { email, role, status: "pending" } });
      const after = await sent();
      expect(after.invitations).toHaveLength(1);
      expect(after.mail).toHaveLength(1);
    },
  );
});
