import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native, wasm or worker-thread packages: bundling them breaks their file lookups, so Node
  // requires them at run time. server/main.ts loads the same copies, which is what lets the
  // database opened there be shared with Next's bundle through the globalThis singleton.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "@node-rs/argon2", "pino", "pino-pretty"],
  typedRoutes: false,
  poweredByHeader: false,
  reactStrictMode: true,
  // next dev logs every server function call with its arguments: that would print passwords
  // and one-time codes (sign-in, 2FA) to the terminal.
  logging: { serverFunctions: false },
  // The build's static files (scripts, styles, icons) as well: never sniffed into another type.
  // Pages get the rest of their security headers from proxy.ts, per request.
  async headers() {
    return [{ source: "/:path*", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] }];
  },
};

export default nextConfig;
