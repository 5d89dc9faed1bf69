import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native, wasm or worker-thread packages: bundling them breaks their file lookups, so Node
  // requires them at run time. server/main.ts loads the same copies, which is what lets the
  // database opened there be shared with Next's bundle through the globalThis singleton.
  // The OpenTelemetry SDK (started by server/main.ts only, never by Next's bundle) and the metrics
  // registry are required at run time too: one copy in the process, and the SDK's dynamic requires
  // stay out of the bundle (server/observability/).
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pg",
    "@node-rs/argon2",
    "pino",
    "pino-pretty",
    "@opentelemetry/api",
    "@opentelemetry/sdk-node",
    "prom-client",
  ],
  typedRoutes: false,
  poweredByHeader: false,
  reactStrictMode: true,
  // next dev logs every server function call with its arguments: that would print passwords
  // and one-time codes (sign-in, 2FA) to the terminal.
  logging: { serverFunctions: false },
  // `npm test` and CI run `tsc --noEmit` over the whole project just before they build, and set
  // BUILD_SKIP_TYPECHECK=1: the build's own check of the same files would repeat it (48-54 s
  // in a build with a warm cache). Every other build (npm run build, the cluster, a deploy) still checks.
  typescript: { ignoreBuildErrors: process.env.BUILD_SKIP_TYPECHECK === "1" },
  // Turbopack keeps a build cache in .next (on by default since Next 16.3): it makes a rebuild on a
  // working copy fast, but CI builds a fresh clone once and throws the clone away, so there writing
  // and compacting it (about 2 minutes on a loaded 2-core machine) buys nothing.
  experimental: { turbopackFileSystemCacheForBuild: process.env.CI !== "true" },
  // The build's static files (scripts, styles, icons) as well: never sniffed into another type.
  // Pages get the rest of their security headers from proxy.ts, per request.
  async headers() {
    return [{ source: "/:path*", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] }];
  },
};

export default nextConfig;
