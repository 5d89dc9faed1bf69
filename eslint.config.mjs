import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import simpleImportSort from "eslint-plugin-simple-import-sort";

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
  // Imports in one block, no blank lines: side effects, node built-ins, packages, the @/ alias,
  // then relative paths; alphabetical within each.
  {
    plugins: { "simple-import-sort": simpleImportSort },
    rules: {
      "simple-import-sort/imports": ["error", { groups: [["^\\u0000", "^node:", "^@?\\w", "^@/", "^\\."]] }],
    },
  },
  // Small files: at most 300 lines, counted as `wc -l` counts them. Tests and e2e specs aside;
  // generated files (migrations/) are not linted at all.
  {
    files: ["**/*.ts", "**/*.tsx", "**/*.mjs", "**/*.cjs"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "e2e/**/*.spec.ts"],
    rules: { "max-lines": ["error", { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  // Promises are awaited, returned or voided on purpose. Type-aware, so only on the TypeScript
  // the project compiles. JSX attributes are not checked: an async handler
  // (onClick={async () => ...}) is the house pattern, and it cannot reject, since useAction's run()
  // turns a network failure into a result (components/ui/use-action.ts) and the handler branches
  // on result.ok; React not awaiting it loses nothing.
  {
    files: ["{app,components,lib,server,scripts,bench,e2e}/**/*.{ts,tsx}", "*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  // Tests and their harness may drive the environment.
  {
    files: ["**/*.test.ts", "server/testing/**", "e2e/**", "bench/**"],
    rules: { "no-restricted-properties": "off" },
  },
];

export default config;
