import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The log scan of a test run (docs/rest-api.md, "Logs"): every line the processes of a run
 * logged (at debug level, to one file) is searched for personal data and secrets. What counts:
 * - any e-mail address, API secret (sk_test_/sk_live_), webhook secret (whsec_), bearer token
 *   (svc_ut_, svc_at_, cht_), test password, and any 13-19 digit run that passes the Luhn check
 *   (a card number);
 * - every external id literal written in the test sources (external_id / externalId).
 * Every line must also be JSON (one logger, no raw prints).
 */

export interface LogFinding {
  kind: string;
  value: string;
  line: string;
}

const PATTERNS: [string, RegExp][] = [
  ["email", /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g],
  ["api secret", /\bsk_(?:test|live)_[A-Za-z0-9]{10,}/g],
  ["webhook secret", /\bwhsec_[A-Za-z0-9+/=]{10,}/g],
  ["bearer token", /\b(?:svc_ut_|svc_at_|cht_)[A-Za-z0-9_-]{10,}/g],
  ["password", /correct horse battery/g],
];

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Card numbers: 13-19 digits (spaces or dashes between groups allowed) that pass Luhn. */
function cardNumbers(line: string): string[] {
  const out: string[] = [];
  for (const match of line.matchAll(/(?<![\d.])\d(?:[ -]?\d){12,18}(?![\d.])/g)) {
    const digits = match[0].replace(/[ -]/g, "");
    // Epoch milliseconds (13 digits, 17xx...) and similar counters are numbers, not cards.
    if (digits.length === 13 && /^1[6-9]/.test(digits)) continue;
    if (luhn(digits)) out.push(match[0]);
  }
  return out;
}

/** What a log holds that it must not. */
export function scanLog(text: string, literals: readonly string[] = []): LogFinding[] {
  const findings: LogFinding[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const excerpt = line.slice(0, 300);
    try {
      JSON.parse(line);
    } catch {
      findings.push({ kind: "not JSON", value: line.slice(0, 80), line: excerpt });
    }
    for (const [kind, pattern] of PATTERNS)
      for (const m of line.matchAll(pattern)) findings.push({ kind, value: m[0], line: excerpt });
    for (const value of cardNumbers(line)) findings.push({ kind: "card number", value, line: excerpt });
    for (const value of literals)
      if (line.includes(value)) findings.push({ kind: "external id", value, line: excerpt });
  }
  return findings;
}

function testSources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) testSources(full, out);
    else if (/\.test\.ts$/.test(name) || full.includes(`${path.sep}testing${path.sep}`)) out.push(full);
  }
  return out;
}

/** The external id literals of the test sources under `roots` (at least 4 characters). */
export function externalIdLiterals(roots: readonly string[]): string[] {
  const found = new Set<string>();
  for (const root of roots)
    for (const file of testSources(root))
      for (const m of readFileSync(file, "utf8").matchAll(/(?:external_id|externalId):\s*"([^"]{4,})"/g))
        found.add(m[1]!);
  return [...found];
}
