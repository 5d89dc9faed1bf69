import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const SERVER_IMPORT = /^(@\/server|(\.\.\/)+server)\//;

/** House style 5: a "use client" module runs in the browser, so it must not import server/. */
const noServerInClient = {
  meta: { type: "problem", schema: [] },
  create(context) {
    let client = false;
    return {
      Program(node) {
        client = node.body.some((s) => s.type === "ExpressionStatement" && s.directive === "use client");
      },
      ImportDeclaration(node) {
        if (client && SERVER_IMPORT.test(node.source.value)) {
          context.report({
            node,
            message:
              'A "use client" module must not import server/ (docs/architecture.md, rules of style): ' +
              "pass data as props or call a server action.",
          });
        }
      },
    };
  },
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      ".data/**",
      "migrations/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  {
    plugins: { house: { rules: { "no-server-in-client": noServerInClient } } },
    rules: {
      "house/no-server-in-client": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // House style 6: one module reads the environment.
  {
    files: ["app/**", "components/**", "lib/**", "server/**"],
    ignores: ["lib/env.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through lib/env.ts." },
      ],
    },
  },
  // lib/ is isomorphic: it never imports server/.
  {
    files: ["lib/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/server/*", "**/server/*"],
              message: "lib/ is isomorphic: it must not import server/.",
            },
          ],
        },
      ],
    },
  },
  // e2e specs take `test` from e2e/fixtures.ts, which checks every visited page with axe-core.
  {
    files: ["e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test", "expect"],
              message: "Import { test, expect } from ./fixtures: it checks every visited page with axe-core.",
            },
          ],
        },
      ],
    },
  },
  // Tests and their harness may drive the environment.
  {
    files: ["**/*.test.ts", "server/testing/**", "e2e/**", "bench/**"],
    rules: { "no-restricted-properties": "off" },
  },
];

export default config;
