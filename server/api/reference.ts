import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Scalar } from "@scalar/hono-api-reference";
import { ServiceError } from "@/lib/errors";
import { log } from "@/server/log";
import { documentCache } from "@/server/http/openapi";
import { send } from "@/server/http/responses";
import { defineRoute } from "@/server/http/route";
import type { ApiRoute } from "@/server/http/route-spec";
import type { ApiApp, ApiEnv } from "@/server/http/types";

export const OPENAPI_PATH = "/api/openapi.json";
export const REFERENCE_PATH = "/api/reference";
const BUNDLE_PATH = "/api/reference/scalar.js";

/**
 * Scalar's browser bundle, served from node_modules through our own route: the reference works
 * offline and loads nothing from a CDN (default fonts off, telemetry off). Read on first use.
 */
let bundle: Promise<{ bytes: Uint8Array; etag: string }> | undefined;
function loadBundle(): Promise<{ bytes: Uint8Array; etag: string }> {
  bundle ??= (async () => {
    const require = createRequire(import.meta.url);
    const file = require.resolve("@scalar/api-reference/browser/standalone.js");
    // package.json is not in the package's exports map: read it beside dist/browser/.
    const { version } = JSON.parse(
      await readFile(path.join(path.dirname(file), "..", "..", "package.json"), "utf8"),
    ) as { version: string };
    return { bytes: new Uint8Array(await readFile(file)), etag: `"scalar-${version}"` };
  })().catch((err: unknown) => {
    bundle = undefined;
    log.error({ err }, "the API reference bundle could not be read");
    throw new ServiceError("NOT_FOUND", "The API reference bundle is not installed (@scalar/api-reference).");
  });
  return bundle;
}

const scalarPage = Scalar<ApiEnv>({
  url: OPENAPI_PATH,
  cdn: BUNDLE_PATH,
  pageTitle: "SVC card issuer API reference",
  withDefaultFonts: false,
  telemetry: false,
  // Controls that need Scalar's cloud (AI agent, sharing, deploying) cannot work offline.
  showDeveloperTools: "never",
  agent: { disabled: true },
});

/** The document and its reference page; the document is generated once, on first request. */
export function referenceRoutes(app: ApiApp): ApiRoute[] {
  const documentJson = documentCache(app);
  return [
    defineRoute({
      method: "get",
      path: OPENAPI_PATH,
      summary: "This OpenAPI 3.1 document",
      tags: ["Reference"],
      auth: "public",
      hidden: true,
      response: { contentType: "application/json" },
      handler: ({ c }) => send(c, 200, documentJson(), { "content-type": "application/json; charset=utf-8" }),
    }),
    defineRoute({
      method: "get",
      path: REFERENCE_PATH,
      summary: "API reference (HTML)",
      tags: ["Reference"],
      auth: "public",
      hidden: true,
      response: { contentType: "text/html" },
      handler: async ({ c }) => (await scalarPage(c, async () => {})) ?? c.text("", 500),
    }),
    defineRoute({
      method: "get",
      path: BUNDLE_PATH,
      summary: "API reference script",
      tags: ["Reference"],
      auth: "public",
      hidden: true,
      response: { contentType: "application/javascript" },
      async handler({ c }) {
        const { bytes, etag } = await loadBundle();
        const headers = { etag, "cache-control": "public, max-age=86400" };
        if (c.req.header("if-none-match") === etag) return send(c, 304, null, headers);
        return send(c, 200, bytes, { ...headers, "content-type": "application/javascript; charset=utf-8" });
      },
    }),
  ];
}
