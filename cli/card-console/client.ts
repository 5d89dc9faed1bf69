import { randomUUID } from "node:crypto";
import { type CliConfig, DEFAULT_BASE_URL, readConfig } from "./config";

/**
 * The REST client of the CLI: plain fetch against the program's API with an API key pair
 * (X-API-Key + X-API-Secret, docs/security.md). It reads the three envelopes the API answers in
 * (card: {success, data}; fiat: {status, status_code, data}; API keys: a bare body) and turns a
 * refusal into an ApiError carrying the documented error_code (docs/errors.md).
 */

export interface Credentials {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
}

export interface GlobalOptions {
  baseUrl?: string;
  apiKey?: string;
  apiSecret?: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** The app did not answer at all (down, restarting, no network): the caller may wait and retry. */
export class UnreachableError extends Error {}

/** Flags win over the stored login; a missing key or secret is a usage error naming both ways. */
export function resolveCredentials(opts: GlobalOptions, config: CliConfig = readConfig()): Credentials {
  const apiKey = opts.apiKey ?? config.api_key;
  const apiSecret = opts.apiSecret ?? config.api_secret;
  if (!apiKey || !apiSecret)
    throw new Error(
      "No API key: pass --api-key and --api-secret, or run `card-console login` once " +
        "(Developers -> API keys in the console makes one).",
    );
  const baseUrl = (opts.baseUrl ?? config.base_url ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
  return { baseUrl, apiKey, apiSecret };
}

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** A multipart/form-data body instead of JSON (an upload); fetch writes its boundary. */
  form?: FormData;
  /** Money routes want an Idempotency-Key; a fresh one per call (a retry of a call reuses it). */
  idempotent?: boolean;
  /** Answer statuses returned instead of thrown (a decline is the flow's point, not a failure). */
  allow?: number[];
  timeoutMs?: number;
}

export interface CallResult<T> {
  status: number;
  data: T;
  body: Record<string, unknown>;
  headers: Headers;
}

function errorOf(status: number, body: Record<string, unknown>): ApiError {
  const code = typeof body.error_code === "string" ? body.error_code : undefined;
  const message = typeof body.message === "string" ? body.message : `HTTP ${status}`;
  const details = Array.isArray(body.details)
    ? (body.details as { path?: string; message?: string }[]).map((d) => `${d.path}: ${d.message}`)
    : [];
  const text = [code ? `${code}: ${message}` : message, ...details].join("\n  ");
  return new ApiError(status, code, text, body);
}

export class Client {
  /** Set by `trigger`: each call's method, path and status, so the flow shows its steps. */
  log?: (line: string) => void;

  constructor(readonly creds: Credentials) {}

  url(path: string, query?: CallOptions["query"]): string {
    const url = new URL(path.startsWith("http") ? path : `${this.creds.baseUrl}${path}`);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    return url.toString();
  }

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    opts: CallOptions = {},
  ): Promise<CallResult<T>> {
    const headers: Record<string, string> = {
      "x-api-key": this.creds.apiKey,
      "x-api-secret": this.creds.apiSecret,
      accept: "application/json",
      "user-agent": "card-console-cli",
    };
    if (opts.body !== undefined) headers["content-type"] = "application/json";
    if (opts.idempotent) headers["idempotency-key"] = `cli-${randomUUID()}`;
    let res: Response;
    try {
      res = await fetch(this.url(path, opts.query), {
        method,
        headers,
        body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
        redirect: "manual",
        signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
      });
    } catch (err) {
      const cause =
        err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
      throw new UnreachableError(`${this.creds.baseUrl} did not answer (${cause}).`);
    }
    const text = await res.text();
    this.log?.(`  ${method} ${new URL(this.url(path)).pathname} -> ${res.status}`);
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = { message: text.slice(0, 200) };
    }
    // A proxy's 502/503 while the app restarts is the app being away, not a refusal.
    if (res.status === 502 || res.status === 503 || res.status === 504)
      throw new UnreachableError(`${this.creds.baseUrl} answered ${res.status} (starting or restarting?).`);
    if (res.status >= 400 && !opts.allow?.includes(res.status)) throw errorOf(res.status, body);
    const data = (body.data ?? body) as T;
    return { status: res.status, data, body, headers: res.headers };
  }

  get<T = Record<string, unknown>>(path: string, opts?: CallOptions) {
    return this.call<T>("GET", path, opts);
  }

  post<T = Record<string, unknown>>(path: string, body: unknown = {}, opts: CallOptions = {}) {
    return this.call<T>("POST", path, { ...opts, body });
  }

  /** A multipart/form-data POST (the evidence upload): each field a string or a file. */
  postForm<T = Record<string, unknown>>(path: string, form: FormData, opts: CallOptions = {}) {
    return this.call<T>("POST", path, { ...opts, form });
  }

  put<T = Record<string, unknown>>(path: string, body: unknown, opts: CallOptions = {}) {
    return this.call<T>("PUT", path, { ...opts, body });
  }
}
