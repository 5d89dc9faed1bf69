import { afterAll, beforeAll } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { createApiApp } from "@/server/api/app";
import { type Database, setDatabase } from "@/server/db/client";
import { openTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { startTotpClock } from "@/server/testing/totp-clock";

export { pdfText } from "@/lib/pdf-text";

/** Helpers of the fiat HTTP tests (not used by the app). */

export type Headers = Record<string, string>;
export interface FiatBody {
  status?: string;
  status_code?: number;
  error_code?: string;
  message?: string;
  errors?: Record<string, string[]>;
  data?: Record<string, unknown> & { [k: string]: unknown };
}

export function fiatClient(app: ReturnType<typeof createApiApp>) {
  async function call(path: string, init: RequestInit = {}) {
    const res = await app.request(path, init);
    const text = await res.text();
    return { status: res.status, text, body: JSON.parse(text) as FiatBody, headers: res.headers };
  }
  const post = (body: unknown, headers: Headers): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { call, post };
}

let seq = 0;
/** A fresh Idempotency-Key header. */
export function idem(): Headers {
  seq += 1;
  return { "idempotency-key": `test-${Date.now()}-${seq}-${Math.random().toString(36).slice(2)}` };
}

/** An organization with an admin token (2FA on), its TOTP codes, a full API key and a read-only one. */
export function fiatHttpFixtures(
  app: ReturnType<typeof createApiApp>,
  clock: ReturnType<typeof startTotpClock>,
  database: () => Database,
) {
  const { post } = fiatClient(app);
  async function apiKey(admin: Headers, code: string, permissions: string[]): Promise<Headers> {
    const res = await app.request(
      "/api/apikey/create",
      post({ name: `fiat ${permissions.join("+")}`, permissions }, { ...admin, "x-2fa-token": code }),
    );
    const k = (await res.json()) as { api_key: string; api_secret: string };
    return { "x-api-key": k.api_key, "x-api-secret": k.api_secret };
  }

  async function program() {
    const org = await createTestOrg(database().db);
    const admin = bearer(await org.token(org.admin.userId));
    const code = () => clock.nextCode(org.admin.totpSecret);
    const key = await apiKey(admin, code(), ["read", "write", "transactions"]);
    const readOnly = await apiKey(admin, code(), ["read"]);
    return { org, admin, code, key, readOnly };
  }

  const QUOTE = {
    from_currency: "USD",
    to_currency: "EUR",
    amount: 100,
    method_id: 101,
    method_type: "payout",
  };
  const BENEFICIARY = {
    beneficiary_name: "Ada Lovelace",
    beneficiary_type: "individual",
    iban: "DE89370400440532013000",
  };

  return { program, QUOTE, BENEFICIARY };
}

/**
 * A fiat HTTP test file's set-up: the API app, a test database (opened before the file's tests,
 * closed after them), the TOTP clock, the client and the fixtures. `db()` is the open database.
 */
export function fiatHttpSuite() {
  let database: Database | undefined;
  const app = createApiApp();
  const clock = startTotpClock();
  const db = (): Database => {
    if (!database) throw new Error("The fiat test database opens in beforeAll.");
    return database;
  };
  beforeAll(async () => {
    database = await openTestDatabase();
    setDatabase(database);
    resetEnvForTests();
  });
  afterAll(async () => {
    clock.restore();
    await database?.close();
  });
  return { app, db, ...fiatClient(app), ...fiatHttpFixtures(app, clock, db) };
}
