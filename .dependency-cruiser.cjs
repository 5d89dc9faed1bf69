/**
 * The layer rules of docs/architecture.md ("Layers"), checked by `npm run lint`. From top to
 * bottom: wiring (server/main.ts, server/boot.ts, server/worker-main.ts, server/process,
 * server/cli, instrumentation.ts) -> app and components -> transports (server/api,
 * server/actions) -> domains (DOMAIN_USES) -> platform (PLATFORM_TIERS) -> lib.
 * An import may only point down (or sideways inside one folder); type-only imports count too.
 * Inside the domains and inside the platform the order is stated too, one rule per part: the
 * imports it must not make. Tests (and server/testing) may import across, to set up data.
 */

/**
 * Each domain (a folder of server/) and the domains it may use; an import of any other domain is
 * refused. The simulators sit below every domain: any domain may use them (the sandbox-only guard
 * and features), they use none.
 */
const SIMULATORS = "providers/sandbox";
const DOMAIN_USES = {
  [SIMULATORS]: {
    uses: [],
    why: "The simulators stand in for upstreams: they import no domain and report news by inbound events.",
  },
  balances: { uses: [], why: "The balance bookkeeping lies below cards and issuer, which both need it." },
  cards: { uses: ["balances"], why: "The card program never imports the issuer console, which reads it." },
  issuer: {
    uses: ["cards", "balances", "overview", "controls", "webhooks"],
    why: "The issuer console reads the card program, keeps the overview's counters on write and checks the spending controls where the hold is taken; the authorization endpoint is called under the webhooks' URL rules and signature.",
  },
  controls: {
    uses: ["cards"],
    why: "Spending controls and rules are set on the program's cards and customers; the card network enforces them.",
  },
  overview: {
    uses: [],
    why: "The overview's counters and reads: fed by the issuer, read by the transports.",
  },
  swaps: { uses: ["issuer"], why: "A swap is paid from and lands in the issuer's master wallets." },
  gateway: { uses: [], why: "The crypto gateway keeps its own payments." },
  fiat: { uses: [], why: "Fiat wallets, payouts and deposits stand apart from the card program." },
  screening: { uses: [], why: "Address screening serves the transports and any domain, and uses none." },
  search: { uses: [], why: "The global search reads the tables itself, never through another domain." },
  apikeys: { uses: [], why: "API keys and their tokens: the REST kit authenticates with them." },
  webhooks: { uses: [], why: "Webhooks deliver the events every domain emits, knowing none of them." },
  team: {
    uses: [],
    why: "The organization's members, invitations, sessions, settings and audit log (its read).",
  },
};
const DOMAIN_NAMES = Object.keys(DOMAIN_USES);
const DOMAINS = `server/(${DOMAIN_NAMES.join("|")})/`;

/**
 * The platform from the bottom up: a part imports its own tier and those below, never above.
 * The logger reads database errors to log them without values; the database layer logs nothing.
 * auth (credentials, sessions, 2FA, who may do what) lies below the two transports' kits; the
 * worker (jobs) on top, as it purges what the kits keep (tokens, idempotency keys).
 */
const PLATFORM_TIERS = [
  // Metrics and traces (issue 30): every layer reports to them, so they import nothing of the server.
  { name: "observability", paths: ["observability/"] },
  { name: "storage", paths: ["db/", "config/", "crypto/"] },
  { name: "log", paths: ["log\\.ts$"] },
  { name: "services", paths: ["context\\.ts$", "platform/", "events/", "providers/[^/]+\\.ts$"] },
  { name: "auth", paths: ["auth/"] },
  { name: "kits", paths: ["http/", "action-kit/"] },
  { name: "worker", paths: ["jobs/"] },
];
const tierPath = (tiers) => `^server/(${tiers.flatMap((t) => t.paths).join("|")})`;
const PLATFORM = tierPath(PLATFORM_TIERS).slice(1);

const WIRING = "server/(main|boot|worker-main)\\.ts$|server/(cli|process)/|instrumentation\\.ts$";
const TRANSPORTS = "server/(api|actions)/";
const TESTS = "\\.test\\.ts$|^server/testing/";

const domainOrder = DOMAIN_NAMES.map((domain) => {
  const { uses, why } = DOMAIN_USES[domain];
  const allowed = new Set([domain, ...uses, SIMULATORS]);
  const refused = DOMAIN_NAMES.filter((d) => !allowed.has(d));
  const name =
    domain === SIMULATORS
      ? "simulators-use-no-domain"
      : uses.length
        ? `${domain}-uses-only-${uses.join("-")}`
        : `${domain}-uses-no-domain`;
  return {
    name,
    severity: "error",
    comment: why,
    from: { path: `^server/${domain}/`, pathNot: TESTS },
    to: { path: `^server/(${refused.join("|")})/` },
  };
});

const platformOrder = PLATFORM_TIERS.slice(0, -1).map((tier, i) => {
  const above = PLATFORM_TIERS.slice(i + 1);
  return {
    name: `platform-${tier.name}-below-${above.map((t) => t.name).join("-")}`,
    severity: "error",
    comment: `The platform's order: ${tier.name} imports nothing of ${above.map((t) => t.name).join(", ")}.`,
    from: { path: tierPath([tier]), pathNot: TESTS },
    to: { path: tierPath(above) },
  };
});

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Import loops (type-only imports included) hide which module depends on which.",
      from: {},
      to: { circular: true },
    },
    {
      name: "lib-stays-below",
      severity: "error",
      comment: "lib/ is shared by every layer (and the browser) and imports none of them.",
      from: { path: "^lib/" },
      to: { path: "^(server|app|components)/" },
    },
    {
      name: "cli-is-an-http-client",
      severity: "error",
      comment:
        "The card-console CLI (cli/) talks to the REST API over HTTP only, as a developer's machine " +
        "would: it shares lib/ (contracts, the signature) and imports no server, app or component code.",
      from: { path: "^cli/", pathNot: TESTS },
      to: { path: "^(server|app|components)/" },
    },
    {
      name: "server-not-to-ui",
      severity: "error",
      comment: "Tests may render a component or call a route handler; server code may not.",
      from: { path: "^server/", pathNot: "\\.test\\.ts$" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "nothing-imports-the-wiring",
      severity: "error",
      comment: "Only the entry points and the tests start the composition root.",
      from: {
        path: "^(server|app|components|lib)/",
        pathNot: `^(${WIRING})|${TESTS}`,
      },
      to: { path: `^(${WIRING})` },
    },
    {
      name: "production-not-to-test-code",
      severity: "error",
      comment:
        "Test helpers live in server/testing/ and tests in *.test.ts(x): the app, the worker and the CLI " +
        "import neither, nor vitest.",
      from: {
        path: "^(server|app|components|lib)/|^instrumentation\\.ts$",
        pathNot: "\\.test\\.tsx?$|^server/testing/",
      },
      to: { path: "^server/testing/|\\.test\\.tsx?$|(^|/)node_modules/(vitest|@vitest/[^/]+)/|^vitest(/|$)" },
    },
    {
      name: "domain-not-to-transport",
      severity: "error",
      comment: "A domain is called by the transports, never the other way round.",
      from: { path: `^(${DOMAINS}|${PLATFORM})`, pathNot: TESTS },
      to: { path: `^${TRANSPORTS}` },
    },
    {
      name: "platform-not-to-domain",
      severity: "error",
      comment: "The platform (database, events, jobs, the kits, provider ports) knows no domain.",
      from: { path: `^${PLATFORM}`, pathNot: TESTS },
      to: { path: `^${DOMAINS}` },
    },
    ...domainOrder,
    ...platformOrder,
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // vitest stays in the graph (as a leaf: doNotFollow) so production-not-to-test-code can see it.
    exclude: { path: "(^|/)(node_modules/(?!(vitest|@vitest)/)|\\.next/)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
