import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as OTPAuth from "otpauth";
import { E2E_STATE_DIR } from "./seed";

/**
 * TOTP codes for every spec. The server accepts a code of a time step within one step of its clock,
 * and a step only once per user and never one at or before the last it accepted (docs/decisions-
 * foundation.md, API keys and two-factor codes). Specs of one run sign the same seeded users in, so
 * the last step used per secret is kept for the whole run in e2e/.state (which e2e/serve.ts empties
 * at start): each code is of the next unused step, waiting only when the clock is not there yet.
 */
export const PERIOD_MS = 30_000;
const STEPS_FILE = path.join(E2E_STATE_DIR, "totp-steps.json");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stepNow = () => Math.floor(Date.now() / PERIOD_MS);

function totpOf(secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, "")),
  });
}

function usedSteps(): Record<string, number> {
  return existsSync(STEPS_FILE) ? JSON.parse(readFileSync(STEPS_FILE, "utf8")) : {};
}

/** A code the server accepts now: of the first step after the last one this run used for the secret. */
export async function freshCode(secret: string): Promise<string> {
  const used = usedSteps();
  const step = Math.max(stepNow(), (used[secret] ?? 0) + 1);
  // Valid from the start of step - 1; half a second of margin for the request on its way.
  const validFrom = (step - 1) * PERIOD_MS + 500;
  if (Date.now() < validFrom) await sleep(validFrom - Date.now());
  writeFileSync(STEPS_FILE, JSON.stringify({ ...usedSteps(), [secret]: step }));
  return totpOf(secret).generate({ timestamp: step * PERIOD_MS + 1 });
}

/** A 6-digit code that no clock within the server's window would accept. */
export function wrongCode(secret: string): string {
  const totp = totpOf(secret);
  const valid = new Set(
    [-1, 0, 1, 2, 3].map((d) => totp.generate({ timestamp: (stepNow() + d) * PERIOD_MS + 1 })),
  );
  let candidate = 100000;
  while (valid.has(String(candidate))) candidate++;
  return String(candidate);
}
