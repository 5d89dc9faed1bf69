import { randomBase62 } from "@/lib/ids";
import { type Role, ROLE_SCOPES } from "@/lib/scopes";
import { issueUserAccessToken } from "@/server/auth/tokens";
import { createOrganizationWithAdmin, createUser } from "@/server/auth/users";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";

export function uniqueEmail(tag = "user"): string {
  return `${tag}-${randomBase62(10).toLowerCase()}@example.test`;
}

export const TEST_PASSWORD = "correct horse battery";

/** A fresh organization with an admin (2FA on) and, on request, users of other roles. */
export async function createTestOrg(db: Db) {
  const { orgId, admin } = await createOrganizationWithAdmin(db, {
    name: `Program ${randomBase62(6)}`,
    adminEmail: uniqueEmail("admin"),
    adminPassword: TEST_PASSWORD,
  });
  return {
    orgId,
    admin: { ...admin, totpSecret: admin.totpSecret! },
    async user(role: Role, opts: { withTwoFactor?: boolean } = {}) {
      return createUser(db, orgId, {
        email: uniqueEmail(role),
        password: TEST_PASSWORD,
        role,
        withTwoFactor: opts.withTwoFactor ?? false,
      });
    },
    async token(userId: string) {
      return (await issueUserAccessToken(db, { id: userId, orgId })).access_token;
    },
  };
}

export function userCtx(
  db: Db,
  orgId: string,
  user: { userId: string; email: string; role: Role },
  extra: { sessionId?: string; twoFactorEnabled?: boolean } = {},
): Ctx {
  return {
    db,
    orgId,
    actor: {
      type: "user",
      userId: user.userId,
      email: user.email,
      role: user.role,
      scopes: ROLE_SCOPES[user.role],
      twoFactorEnabled: extra.twoFactorEnabled ?? false,
      sessionId: extra.sessionId,
    },
  };
}

/** A cardholder's own session: the customer acting on their own account (My card, the phone steps). */
export function cardholderCtx(db: Db, orgId: string, customerId: string): Ctx {
  return { db, orgId, actor: { type: "cardholder", customerId } };
}
