import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { Scalar } from "@scalar/hono-api-reference";
import { ServiceError } from "@/lib/errors";
import { documentCache } from "@/server/http/openapi";
import { send } from "@/server/http/responses";
import { defineRoute } from "@/server/http/route";
import type { ApiRoute } from "@/server/http/route-spec";
import { htmlPageCsp } from "@/server/http/security-headers";
import type { ApiApp, ApiEnv } from "@/server/http/types";
import { log } from "@/server/log";
import { newCspNonce } from "@/server/providers/sandbox/secure-page-csp";

export const OPENAPI_PATH = "/api/openapi.json";
export const REFERENCE_PATH = "/api/reference";
const BUNDLE_PATH = "/api/reference/scalar.js";

interface Bundle {
  etag: string;
  /** The script as is, gzip and brotli: compressed once, on first use (3.5 MB become about 1 MB). */
  raw: Uint8Array;
  gzip: Uint8Array;
  br: Uint8Array;
}

/**
 * Scalar's browser bundle, served from node_modules through our own route: the reference works
 * offline and loads nothing from a CDN (default fonts off, telemetry off). Read on first use.
 */
let bundle: Promise<Bundle> | undefined;
function loadBundle(): Promise<Bundle> {
  bundle ??= (async () => {
    const require = createRequire(import.meta.url);
    const file = require.resolve("@scalar/api-reference/browser/standalone.js");
    // package.json is not in the package's exports map: read it beside dist/browser/.
    const { version } = JSON.parse(
      await readFile(path.join(path.dirname(file), "..", "..", "package.json"), "utf8"),
    ) as { version: string };
    const raw = new Uint8Array(await readFile(file));
    const [gz, br] = await Promise.all([
      promisify(gzip)(raw, { level: 9 }),
      promisify(brotliCompress)(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
    ]);
    return { etag: `"scalar-${version}"`, raw, gzip: new Uint8Array(gz), br: new Uint8Array(br) };
  })().catch((err: unknown) => {
    bundle = undefined;
    log.error({ err }, "the API reference bundle could not be read");
    throw new ServiceError("NOT_FOUND", "The API reference bundle is not installed (@scalar/api-reference).");
  });
  return bundle;
}

/** The best encoding the client accepts of ours (br, gzip), or null for the bytes as they are. */
function encodingFor(accept: string | undefined): "br" | "gzip" | null {
  const offered = (accept ?? "").split(",").map((p) => p.trim().split(";")[0]!.toLowerCase());
  if (offered.includes("br")) return "br";
  if (offered.includes("gzip")) return "gzip";
  return null;
}

/**
 * What the reference page adds to Scalar's: the document's language and, above the reference, a
 * bar back to the console (the page is served by the API, outside the console's frame).
 */
const BACK_BAR =
  '<nav aria-label="Console" style="display:flex;align-items:center;gap:12px;height:40px;padding:0 16px;' +
  'border-bottom:1px solid #e2e8f0;background:#0f172a;font:500 14px/1 system-ui,sans-serif">' +
  '<a href="/developers" style="color:#f8fafc;text-decoration:underline;text-underline-offset:3px">' +
  "&larr; Back to the console</a></nav>";

export function withConsoleFrame(html: string): string {
  return html.replace(/<html(\s|>)/, '<html lang="en"$1').replace("<body>", `<body>${BACK_BAR}`);
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
      operationId: "getOpenApiDocument",
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
      operationId: "getApiReference",
      auth: "public",
      hidden: true,
      response: { contentType: "text/html" },
      async handler({ c }) {
        const page = await scalarPage(c, async () => {});
        if (!page) return c.text("", 500);
        // Scalar's page starts itself with an inline script: it runs under this response's nonce.
        const nonce = newCspNonce();
        const html = withConsoleFrame(await page.text()).replace(
          /<script(?=[\s>])/g,
          `<script nonce="${nonce}"`,
        );
        return send(c, 200, html, {
          "content-type": "text/html; charset=utf-8",
          "content-security-policy": htmlPageCsp(nonce),
        });
      },
    }),
    defineRoute({
      method: "get",
      path: BUNDLE_PATH,
      summary: "API reference script",
      tags: ["Reference"],
      operationId: "getApiReferenceScript",
      auth: "public",
      hidden: true,
      response: { contentType: "application/javascript" },
      async handler({ c }) {
        const b = await loadBundle();
        const headers = { etag: b.etag, "cache-control": "public, max-age=86400", vary: "accept-encoding" };
        if (c.req.header("if-none-match") === b.etag) return send(c, 304, null, headers);
        const encoding = encodingFor(c.req.header("accept-encoding"));
        return send(c, 200, encoding ? b[encoding] : b.raw, {
          ...headers,
          "content-type": "application/javascript; charset=utf-8",
          ...(encoding ? { "content-encoding": encoding } : {}),
        });
      },
    }),
  ];
}
