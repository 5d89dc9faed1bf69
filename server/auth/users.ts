import { eq } from "drizzle-orm";
import { z } from "zod";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { ROLES } from "@/lib/scopes";
import { encryptSecret } from "@/server/crypto/encryption";
import type { Db } from "@/server/db/client";
import { organizations, type UserRole, users } from "@/server/db/schema/identity";
import { hashPassword, PASSWORD_MIN_LENGTH } from "./passwords";
import { newTotpSecret, otpauthUrl } from "./totp";

export const newUserSchema = z.object({
  email: z.email().transform((v) => v.trim().toLowerCase()),
  password: z.string().min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`).max(200),
  role: z.enum(ROLES),
  name: z.string().trim().min(1).max(120).optional(),
  /** Enroll 2FA at once and return the secret (the CLI's bootstrap admin). */
  withTwoFactor: z.boolean().default(false),
});
export type NewUser = z.input<typeof newUserSchema>;

export interface CreatedUser {
  userId: string;
  email: string;
  role: UserRole;
  totpSecret?: string;
  otpauthUrl?: string;
}

export async function createOrganization(db: Db, input: { name: string }): Promise<{ orgId: string }> {
  const name = z.string().trim().min(1, "Name the organization.").max(120).parse(input.name);
  const orgId = newId("org");
  await db.insert(organizations).values({ id: orgId, name });
  return { orgId };
}

export async function createUser(db: Db, orgId: string, input: NewUser): Promise<CreatedUser> {
  const data = newUserSchema.parse(input);
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  if (!org) throw new ServiceError("NOT_FOUND", "No such organization.");
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, data.email));
  if (existing) throw new ServiceError("EMAIL_IN_USE", "A user with this email already exists.");
  const userId = newId("usr");
  const totpSecret = data.withTwoFactor ? newTotpSecret() : undefined;
  await db.insert(users).values({
    id: userId,
    orgId,
    email: data.email,
    name: data.name ?? null,
    role: data.role,
    passwordHash: await hashPassword(data.password),
    totpSecretEnc: totpSecret ? encryptSecret(totpSecret) : null,
    totpEnabled: Boolean(totpSecret),
  });
  return {
    userId,
    email: data.email,
    role: data.role,
    ...(totpSecret ? { totpSecret, otpauthUrl: otpauthUrl(totpSecret, data.email) } : {}),
  };
}

/** An organization with its first admin (2FA enabled), as the CLI's create-org does. */
export async function createOrganizationWithAdmin(
  db: Db,
  input: { name: string; adminEmail: string; adminPassword: string },
) {
  return db.transaction(async (tx) => {
    const { orgId } = await createOrganization(tx, { name: input.name });
    const admin = await createUser(tx, orgId, {
      email: input.adminEmail,
      password: input.adminPassword,
      role: "admin",
      withTwoFactor: true,
    });
    return { orgId, admin };
  });
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return user;
}
