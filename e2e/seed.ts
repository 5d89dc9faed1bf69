import { readFileSync } from "node:fs";
import path from "node:path";

export const E2E_STATE_DIR = path.resolve(import.meta.dirname, ".state");

export interface E2eSeed {
  orgId: string;
  password: string;
  /** An admin with 2FA already on. */
  admin: { email: string; totpSecret: string };
  /**
   * More admins with 2FA on, one per spec that acts as an admin (by the spec's file name, and
   * "preview-127" for the secure-page preview's second host): a code may be used once per 30 s
   * step and user, so specs that share a user wait for each other's steps (e2e/totp.ts).
   */
  admins: Record<string, { email: string; totpSecret: string }>;
  /** An operator without 2FA, who enrolls during the test. */
  operator: { email: string };
  /** A viewer without 2FA (read-only pages, admin-only pages refused). */
  viewer: { email: string };
  /** An operator with 2FA on, who acts on cards (freeze) behind the step-up. */
  cardOperator: { email: string; totpSecret: string };
  /** The admin's access token (1 h), for reading the sandbox dev outbox over the REST API. */
  apiToken: string;
}

export function readSeed(): E2eSeed {
  return JSON.parse(readFileSync(path.join(E2E_STATE_DIR, "seed.json"), "utf8"));
}
