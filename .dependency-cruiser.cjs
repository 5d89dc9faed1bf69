/**
 * The layer rules of docs/architecture.md, checked by `npm run lint`. From top to bottom:
 * wiring (server/main.ts, server/boot.ts, server/process, the worker and CLI entry points,
 * instrumentation.ts) -> app and components
 * -> transports (server/api, server/actions) -> domains (server/cards, server/issuer, ...) ->
 * platform (server/db, events, http and action-kit (the two transports' kits), jobs, platform,
 * providers ports, config, crypto, log) -> lib.
 * An import may only point down (or sideways inside one domain); type-only imports count too.
 */
const DOMAINS = "server/(apikeys|balances|cards|issuer|webhooks|providers/sandbox)/";
const PLATFORM =
  "server/(db|events|http|action-kit|jobs|platform|auth|config|crypto|providers/(ports|inbound|current)\\.ts|log\\.ts|context\\.ts)";
const WIRING = "server/(main|boot|worker-main)\\.ts$|server/(cli|process)/|instrumentation\\.ts$";
const TRANSPORTS = "server/(api|actions)/";

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
        pathNot: `^(${WIRING})|\\.test\\.ts$|^server/testing/`,
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
      from: { path: `^(${DOMAINS}|${PLATFORM})`, pathNot: "\\.test\\.ts$" },
      to: { path: `^${TRANSPORTS}` },
    },
    {
      name: "platform-not-to-domain",
      severity: "error",
      comment: "The platform (database, events, jobs, HTTP kit, provider ports) knows no domain.",
      from: { path: `^${PLATFORM}`, pathNot: "\\.test\\.ts$" },
      to: { path: `^${DOMAINS}` },
    },
    {
      name: "simulators-not-to-domains",
      severity: "error",
      comment: "The sandbox providers stand in for upstreams: they report news by inbound events.",
      from: { path: "^server/providers/sandbox/", pathNot: "\\.test\\.ts$" },
      to: { path: "^server/(apikeys|balances|cards|issuer|webhooks|process)/" },
    },
    {
      name: "cards-not-to-issuer",
      severity: "error",
      comment: "The issuer console reads the card program; the card program never imports the issuer.",
      from: { path: "^server/cards/" },
      to: { path: "^server/issuer/" },
    },
    {
      name: "balances-below-cards-and-issuer",
      severity: "error",
      from: { path: "^server/balances/", pathNot: "\\.test\\.ts$" },
      to: { path: "^server/(cards|issuer)/" },
    },
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
