/**
 * The endpoint -> credential table of docs/api-scopes.md, derived from the OpenAPI document the
 * route declarations produce (so the table cannot drift: a test compares the two).
 */
interface Operation {
  summary?: string;
  "x-required-scope"?: string;
  "x-user-token-only"?: boolean;
  "x-required-role"?: string;
  "x-two-factor"?: boolean;
  "x-public"?: boolean;
}

function twoFactorOf(op: Operation): string {
  return op["x-two-factor"] ? " + 2FA code" : "";
}

function article(word: string | undefined): string {
  return /^[aeiou]/.test(word ?? "") ? "an" : "a";
}

export function scopeTable(doc: { paths?: Record<string, Record<string, Operation>> }): string {
  const rows: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    for (const [method, op] of Object.entries(ops).sort(([a], [b]) => a.localeCompare(b))) {
      const needs = op["x-required-scope"]
        ? `scope \`${op["x-required-scope"]}\``
        : op["x-user-token-only"]
          ? `user token of ${article(op["x-required-role"])} ${op["x-required-role"]}${twoFactorOf(op)}`
          : "none (public)";
      rows.push(`| ${method.toUpperCase()} | \`${path}\` | ${needs} | ${op.summary ?? ""} |`);
    }
  }
  return [
    "# Endpoints and the credential each needs",
    "",
    "Generated from the route declarations (`npx tsx scripts/scope-table.ts > docs/api-scopes.md`);",
    "`server/api/scope-table.test.ts` fails when this file and the routes disagree.",
    "",
    "| scope | grants |",
    "|---|---|",
    "| read | every GET of the card, issuer, swap, gateway and fiat APIs (not webhook management) |",
    "| write | onboarding steps, card changes, view tokens, wallet deployment, fiat wallet creation, " +
      "settings |",
    "| transactions | exchange-rate, payout, deposits, sendmoney quote, swap quote and execute, " +
      "fund-customer |",
    "| webhooks | all of webhook management, deliveries and retry |",
    "",
    "A missing scope is 403 `INSUFFICIENT_PERMISSION`, naming the scope needed. A user token acts with its",
    "role: viewer = read; operator = read, write, transactions; admin = all four. Another organization's",
    "records are 404, never 403 (docs/decisions-foundation.md, Tenancy and roles).",
    "",
    "| method | path | needs | what |",
    "|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}
