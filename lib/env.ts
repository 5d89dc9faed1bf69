import { z } from "zod";

/**
 * The one place that reads process.env (docs/architecture.md, rules of style).
 * Parsed lazily so tests and the CLI can set variables before first use.
 */
function splitOrigins(v: string): string[] {
  return v
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
}

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

const flag = z
  .enum(["on", "off", "1", "0", "true", "false"])
  .transform((v) => v === "on" || v === "1" || v === "true");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  APP_URL: z.url().optional(),
  /**
   * More origins allowed to frame the hosted secure page (PIN, card details), comma-separated,
   * e.g. "https://app.example.com,https://staff.example.com". The console's own origin as the
   * browser sees it ('self') and APP_URL are always allowed (docs/card-program.md).
   */
  SECURE_FRAME_ORIGINS: z
    .string()
    .refine(
      (v) => splitOrigins(v).every((o) => originOf(o) !== null),
      "must be comma-separated http(s) origins",
    )
    .optional(),
  SVC_MODE: z.enum(["sandbox", "live"]).default("sandbox"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * A streaming replica of DATABASE_URL's server (docs/operations.md, "Read replica"): the read-only
   * lists, searches, charts and exports read there; a replica that lags or fails is bypassed.
   */
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  /** The replica is bypassed while its replay is this many milliseconds behind (default 5 s). */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /**
   * When DATABASE_URL is a pooler in transaction mode (PgBouncer, docs/operations.md): the server's own
   * URL, for what needs one session (LISTEN, the migrations' lock). Its presence also turns named
   * prepared statements off, which such a pooler cannot keep.
   */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  DATA_DIR: z.string().default("./.data"),
  ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, "base64").length === 32, "must be 32 bytes, base64-encoded")
    .optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  WORKER: flag.default(true),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  WORKER_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  /** Comma-separated job kinds this worker claims (unset or empty: every registered kind): docs/worker.md. */
  WORKER_KINDS: z
    .string()
    .optional()
    .transform((v) => {
      const kinds = v
        ?.split(",")
        .map((k) => k.trim())
        .filter(Boolean);
      return kinds?.length ? kinds : undefined;
    }),
  DEMO_SEED: flag.default(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * How many proxies you run in front of the app, each appending the address it saw to
   * X-Forwarded-For: off (0, the socket is the client), on (1) or a count. The client address is
   * the entry that many hops from the right (server/http/forwarded-for.ts); what a client writes
   * further left is never believed.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(on|off|true|false|[0-9]|10)$/, "must be off, on or the number of trusted proxies (0-10)")
    .optional()
    .transform((v) =>
      v === undefined || v === "off" || v === "false" ? 0 : v === "on" || v === "true" ? 1 : Number(v),
    ),
  /**
   * Sandbox only: webhook URLs may also be http://localhost or http://127.0.0.1 (local development, tests).
   */
  WEBHOOK_ALLOW_LOCALHOST: flag.default(false),
  /**
   * Months of card transactions kept (docs/scaling.md): older months' partitions are dropped whole, with
   * their disputes and daily counts. Default 84 (7 years, a common record-keeping period for card programs).
   */
  CARD_TRANSACTION_RETENTION_MONTHS: z.coerce.number().int().min(1).max(1200).default(84),
  /**
   * The most data rows one CSV export sends (docs/rest-api.md, "CSV exports"); past it the file ends
   * with an #EXPORT_TRUNCATED line asking for narrower filters.
   */
  CSV_EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  /** Tests only: the 6 retry delays in seconds (decimals allowed), replacing 60,300,1800,7200,43200,86400. */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?){5}\s*$/, "must be 6 comma-separated numbers of seconds")
    .optional(),
  /**
   * Sandbox: seconds the simulated chain takes to deploy an account wallet (Safe); the real one takes up to a
   * minute.
   */
  SAFE_DEPLOY_SECONDS: z.coerce.number().min(0).max(600).default(3),
  /**
   * Sandbox: seconds the simulated card fulfillment waits before moving a physical card order one step
   * (pending -> submitted -> shipped -> delivered; docs/physical-cards.md). 0 turns it off: only the
   * sandbox helpers move orders.
   */
  SANDBOX_FULFILLMENT_SECONDS: z.coerce.number().min(0).max(86_400).default(20),
  /**
   * Card renewal (docs/card-replacement.md): the daily job renews cards that expire within this many
   * days, and raises card.expiring for them once.
   */
  CARD_RENEWAL_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Tests: random requests per operation of the OpenAPI fuzzer (server/api/fuzz.test.ts). */
  FUZZ_RUNS: z.coerce.number().int().min(1).max(10_000).default(12),
  /** Tests: the fuzzer's seed, to replay a failing run. */
  FUZZ_SEED: z.coerce.number().int().optional(),
  /** Set by vitest's global setup: the file every test process logs to (debug level) for the log scan. */
  SVC_TEST_LOG_FILE: z.string().optional(),
  /**
   * Benchmarks only: binding fiat quotes a minute per organization (docs/fiat.md); the interface's limit is
   * 30.
   */
  FIAT_QUOTE_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /**
   * Metrics (docs/operations.md, "Metrics"): with a token, GET /metrics on the app's port answers a
   * request carrying `Authorization: Bearer <token>`; without one it is not served there.
   */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** A separate port serving GET /metrics only (a standalone worker's, or the app's), on METRICS_HOST. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The interface METRICS_PORT listens on: loopback unless you open it. */
  METRICS_HOST: z.string().default("127.0.0.1"),
  /** Traces (docs/operations.md, "Traces"): the standard OpenTelemetry variables that turn them on. */
  OTEL_TRACES_EXPORTER: z.string().optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url().optional(),
  OTEL_SERVICE_NAME: z.string().optional(),
  OTEL_SDK_DISABLED: flag.default(false),
  /** Set by vitest's global setup: the migrated PGlite dump each test file clones. */
  SVC_TEST_PGLITE_DUMP: z.string().optional(),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
      throw new Error(`Invalid environment:\n${lines}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Tests and the CLI change variables at run time; this drops the parsed copy. */
export function resetEnvForTests(): void {
  cached = undefined;
}

/** SVC_MODE=sandbox: every upstream is a built-in simulator (docs/architecture.md, "Providers"). */
export function isSandbox(): boolean {
  return env().SVC_MODE === "sandbox";
}

/** The public origin of the app (for links, next-auth and CSP). */
export function appUrl(): string {
  const e = env();
  return e.APP_URL ?? `http://localhost:${e.PORT}`;
}

/**
 * The origins (besides the page's own, 'self') that may frame the hosted secure page and receive
 * its messages: APP_URL's origin, then SECURE_FRAME_ORIGINS, without repeats.
 */
export function secureFrameOrigins(): string[] {
  const extra = env().SECURE_FRAME_ORIGINS;
  const all = [new URL(appUrl()).origin, ...(extra ? splitOrigins(extra).map((o) => originOf(o)!) : [])];
  return [...new Set(all)];
}

/**
 * next-auth v4 reads NEXTAUTH_URL itself; derive it from APP_URL/PORT so there is one setting.
 * Called by server/main.ts before Next starts.
 */
export function exportDerivedEnv(): void {
  process.env.NEXTAUTH_URL ??= appUrl();
}

/**
 * Tests and test harnesses change configuration through here (so no other module touches
 * process.env): sets (or, with undefined, removes) variables and drops the parsed copy.
 */
export function setEnvForTests(vars: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  cached = undefined;
}

let startingEnv: Record<string, string | undefined> | undefined;

/**
 * Test files that share a process (vitest.config.ts, project "shared") each start from the
 * environment the first one found: the first call keeps it, every later call puts it back, so a
 * variable an earlier file set with setEnvForTests and did not clear cannot reach the next.
 */
export function restoreStartingEnvForTests(): void {
  if (!startingEnv) {
    startingEnv = { ...process.env };
    return;
  }
  setEnvForTests({
    ...Object.fromEntries(Object.keys(process.env).map((name) => [name, undefined])),
    ...startingEnv,
  });
}

/** A child process's environment: this one's, with some variables replaced. */
export function childProcessEnv(vars: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return { ...process.env, ...vars };
}
