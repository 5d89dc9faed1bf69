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
  parameters?: { in?: string; name?: string }[];
}

/**
 * The step-up column: a route that takes X-2FA-Token is one whose use case the permission table
 * marks `stepUp` (server/http/step-up.ts routeStepUp).
 */
function stepUpOf(op: Operation): string {
  if (!op.parameters?.some((p) => p.in === "header" && p.name === "x-2fa-token")) return "";
  return op["x-user-token-only"] ? "every call" : "user token";
}

function twoFactorOf(op: Operation): string {
  return op["x-two-factor"] ? " + 2FA code" : "";
}

function article(word: string | undefined): string {
  return /^[aeiou]/.test(word ?? "") ? "an" : "a";
}

/** The rule behind the step-up column, written once here. */
const STEP_UP_RULE = [
  "**2FA step-up.** Which use cases ask a person to confirm with a current TOTP code is stated once,",
  "in `lib/contracts/permissions.ts` (`stepUp`), read by the REST routes and the dashboard's actions",
  'alike; the use case checks the code (`server/auth/authorize.ts`). "user token": a user access token',
  "sends the code in `X-2FA-Token` (or the body's `two_factor_token`) on every call, and the dashboard",
  'asks for it once per 5-minute window of the session. "every call": the dashboard sends it on every',
  "call too. Without a code: 403 `TWO_FACTOR_REQUIRED`; a wrong or reused one: 403",
  "`INVALID_2FA_TOKEN`; a member without 2FA: 403 `TWO_FACTOR_NOT_ENABLED`. An unknown card is 404",
  "before a code is asked for.",
  "",
  "API keys are not asked: a key is a server's credential, with no person and no authenticator",
  "behind it. Its control is its scope (`write` for card changes, `transactions` for money), which an",
  "admin grants per key with a code of their own (a `read` key changes nothing). A cardholder acting",
  "on their own card (freeze, unfreeze, void, report) is not asked either: they have no TOTP, they",
  "signed in with a one-time code, and they reach only their own account.",
];

export function scopeTable(doc: { paths?: Record<string, Record<string, Operation>> }): string {
  const rows: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    for (const [method, op] of Object.entries(ops).sort(([a], [b]) => a.localeCompare(b))) {
      const needs = op["x-required-scope"]
        ? `scope \`${op["x-required-scope"]}\``
        : op["x-user-token-only"]
          ? `user token of ${article(op["x-required-role"])} ${op["x-required-role"]}${twoFactorOf(op)}`
          : "none (public)";
      rows.push(
        `| ${method.toUpperCase()} | \`${path}\` | ${needs} | ${stepUpOf(op)} | ${op.summary ?? ""} |`,
      );
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
    "| read | every GET of the card, issuer, swap, gateway and fiat APIs (not webhook management, and not " +
      "the two GETs that hand out a credential: `kyc-link` and the sandbox outbox) |",
    "| write | onboarding steps (the KYC link included), card changes, view tokens, wallet deployment, " +
      "fiat wallet creation, settings, the sandbox outbox (team invitations in it: admins' user tokens only) |",
    "| transactions | exchange-rate, payout, deposits, sendmoney quote, swap quote and execute, " +
      "fund-customer |",
    "| webhooks | all of webhook management, deliveries and retry |",
    "",
    "A missing scope is 403 `INSUFFICIENT_PERMISSION`, naming the scope needed. A user token acts with its",
    "role: viewer = read; operator = read, write, transactions; admin = all four. Another organization's",
    "records are 404, never 403 (docs/decisions-foundation.md, Tenancy and roles).",
    "",
    ...STEP_UP_RULE,
    "",
    "| method | path | needs | 2FA step-up | what |",
    "|---|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}
