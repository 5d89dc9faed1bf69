import { type Attributes, type Span, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { SpanProcessor } from "@opentelemetry/sdk-trace";
import { env } from "@/lib/env";

/**
 * OpenTelemetry traces (docs/operations.md, "Traces"): off unless the standard OTEL_* variables ask
 * for an exporter. Off, `withSpan` calls its function and nothing else (one property read), so the
 * hot path pays nothing for it.
 */

interface TracingState {
  on: boolean;
  shutdown: (() => Promise<void>) | null;
}
const KEY = Symbol.for("svc.observability.tracing");

/** One state per process: Next's bundles load their own copy of this module beside server/main.ts's. */
function state(): TracingState {
  const g = globalThis as unknown as Record<symbol, TracingState | undefined>;
  return (g[KEY] ??= { on: false, shutdown: null });
}

export function tracingOn(): boolean {
  return state().on;
}

/** Whether the environment asks for traces: an exporter named (not "none") or an OTLP endpoint given. */
export function tracingWanted(): boolean {
  const e = env();
  if (e.OTEL_SDK_DISABLED) return false;
  const exporters = (e.OTEL_TRACES_EXPORTER ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (exporters.includes("none")) return false;
  return exporters.length > 0 || !!e.OTEL_EXPORTER_OTLP_ENDPOINT || !!e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
}

/**
 * Starts the OpenTelemetry Node SDK once per process, when the environment asks for it (the exporter,
 * endpoint, headers and sampler come from the OTEL_* variables, read by the SDK) or with the given span
 * processors (a test's in-memory exporter). The SDK is loaded only then. Returns whether tracing is on.
 */
export async function startTracing(opts: { spanProcessors?: SpanProcessor[] } = {}): Promise<boolean> {
  const s = state();
  if (s.on) return true;
  if (!opts.spanProcessors && !tracingWanted()) return false;
  const { NodeSDK } = await import("@opentelemetry/sdk-node");
  const sdk = new NodeSDK({
    serviceName: env().OTEL_SERVICE_NAME ?? "card-console",
    // Our own spans only (HTTP, server actions, use cases, queries, outbound calls): the automatic
    // instrumentations would patch every module for spans we already make where they mean something.
    instrumentations: [],
    ...(opts.spanProcessors ? { spanProcessors: opts.spanProcessors } : {}),
  });
  sdk.start();
  s.on = true;
  s.shutdown = () => sdk.shutdown();
  return true;
}

/** Flushes and stops the exporter (a process's shutdown, a test's end). */
export async function stopTracing(): Promise<void> {
  const s = state();
  const shutdown = s.shutdown;
  s.on = false;
  s.shutdown = null;
  await shutdown?.();
}

const tracer = () => trace.getTracer("card-console");

function failed(span: Span, err: unknown): void {
  span.recordException(err instanceof Error ? err : String(err));
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
}

/**
 * Runs `fn` in a span that is the active one meanwhile (so spans started inside are its children);
 * with tracing off, just runs `fn` (span undefined). A thrown error or rejected promise marks the span.
 */
export function withSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span | undefined) => T,
  kind: SpanKind = SpanKind.INTERNAL,
): T {
  if (!state().on) return fn(undefined);
  return tracer().startActiveSpan(name, { attributes, kind }, (span) => {
    try {
      const out = fn(span);
      if (out instanceof Promise)
        return out.then(
          (v: unknown) => {
            span.end();
            return v;
          },
          (err: unknown) => {
            failed(span, err);
            span.end();
            throw err;
          },
        ) as T;
      span.end();
      return out;
    } catch (err) {
      failed(span, err);
      span.end();
      throw err;
    }
  });
}

/** A use case's span (`use_case freezeCard`), under the request's or the action's; with tracing off, `fn()`. */
export function withUseCaseSpan<T>(useCase: string | readonly string[], fn: () => T): T {
  if (!state().on) return fn();
  const name = typeof useCase === "string" ? useCase : useCase.join(",");
  return withSpan(`use_case ${name}`, { "svc.use_case": name }, fn);
}

export { SpanKind };
