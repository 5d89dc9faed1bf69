import { randomBytes } from "node:crypto";
import { count } from "drizzle-orm";
import { createOrganizationWithAdmin } from "@/server/auth/users";
import type { Db } from "@/server/db/client";
import { organizations } from "@/server/db/schema/identity";
import { seedDemoControls } from "./demo-controls";
import { seedDemoCustomers } from "./demo-customers";
import { seedDemoHistory } from "./demo-history";

export const DEMO_ADMIN_EMAIL = "admin@demo.test";

export interface DemoCredentials {
  email: string;
  password: string;
  totpSecret: string;
  otpauthUrl: string;
}

/**
 * First start on an empty database: a demo program with an admin (2FA on), a few customers walked
 * through the real steps and a bulk-written history (about 240 more customers, 90 days of
 * traffic), with spending controls and a rule in shadow (demo-controls.ts). The password and the TOTP secret are generated and returned once, for the start-up
 * banner; they are not stored in clear.
 */
export async function ensureDemoProgram(db: Db): Promise<DemoCredentials | null> {
  const [row] = await db.select({ n: count() }).from(organizations);
  if ((row?.n ?? 0) > 0) return null;
  const password = `demo-${randomBytes(9).toString("base64url")}`;
  const { orgId, admin } = await createOrganizationWithAdmin(db, {
    name: "Demo Card Program",
    adminEmail: DEMO_ADMIN_EMAIL,
    adminPassword: password,
  });
  await seedDemoCustomers(db, orgId);
  await seedDemoHistory(db, orgId);
  await seedDemoControls(db, orgId);
  return { email: admin.email, password, totpSecret: admin.totpSecret!, otpauthUrl: admin.otpauthUrl! };
}

export function demoBanner(c: DemoCredentials, url: string): string {
  const line = "-".repeat(72);
  return [
    line,
    " Demo program created. These credentials are shown ONCE:",
    `   sign in at   ${url}/sign-in`,
    `   email        ${c.email}`,
    `   password     ${c.password}`,
    `   TOTP secret  ${c.totpSecret}   (add it to an authenticator app,`,
    `                or: oathtool --totp -b ${c.totpSecret})`,
    `   otpauth URL  ${c.otpauthUrl}`,
    line,
  ].join("\n");
}
