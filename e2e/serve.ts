import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { issueUserAccessToken } from "@/server/auth/tokens";
import { createOrganizationWithAdmin, createUser } from "@/server/auth/users";
import { boot } from "@/server/boot";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { seedDemoCustomers } from "@/server/process/demo-customers";
import { E2E_STATE_DIR, type E2eSeed } from "./seed";

/**
 * Playwright's web server: a fresh embedded database in e2e/.state, seeded through the project's
 * own service functions (unique emails), then the real process (server/main.ts) on top of it.
 */
const dataDir = path.join(E2E_STATE_DIR, "data");
rmSync(E2E_STATE_DIR, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
// DATA_DIR and DEMO_SEED=off come from playwright.config.ts (ES imports run before this file's code).

// The seeding below calls use cases (simulated providers, inbound handlers): wire them first.
boot();

const stamp = Date.now().toString(36);
const password = "e2e-password-123";
const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pg") });
await migrateDatabase(database);
const { orgId, admin } = await createOrganizationWithAdmin(database.db, {
  name: "E2E Card Program",
  adminEmail: `admin-${stamp}@e2e.test`,
  adminPassword: password,
});
const operator = await createUser(database.db, orgId, {
  email: `operator-${stamp}@e2e.test`,
  password,
  role: "operator",
});
const viewer = await createUser(database.db, orgId, {
  email: `viewer-${stamp}@e2e.test`,
  password,
  role: "viewer",
});
const cardOperator = await createUser(database.db, orgId, {
  email: `card-operator-${stamp}@e2e.test`,
  password,
  role: "operator",
  withTwoFactor: true,
});
const admins: E2eSeed["admins"] = {};
for (const spec of [
  "crypto",
  "payments",
  "payments-flow",
  "staff-console",
  "webhooks",
  "preview-127",
  "cards-console",
  "customer-activity",
  "customer-search",
  "spending-controls",
  "controls-console",
  "authorization-endpoint",
  "events",
  "cli-page",
  "signature-checker",
  "card-replacement",
]) {
  const user = await createUser(database.db, orgId, {
    email: `admin-${spec}-${stamp}@e2e.test`,
    password,
    role: "admin",
    withTwoFactor: true,
  });
  admins[spec] = { email: user.email, totpSecret: user.totpSecret! };
}
const { access_token: apiToken } = await issueUserAccessToken(database.db, { id: admin.userId, orgId });
// The demo program's customers, funded wallets and card traffic (sandbox simulators), for the money pages.
await seedDemoCustomers(database.db, orgId);
await database.close();

const seed: E2eSeed = {
  orgId,
  password,
  admin: { email: admin.email, totpSecret: admin.totpSecret! },
  admins,
  operator: { email: operator.email },
  viewer: { email: viewer.email },
  cardOperator: { email: cardOperator.email, totpSecret: cardOperator.totpSecret! },
  apiToken,
};
writeFileSync(path.join(E2E_STATE_DIR, "seed.json"), JSON.stringify(seed, null, 2));

await import("../server/main");
