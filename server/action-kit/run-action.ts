import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import type { ActionError, ActionResult } from "@/lib/action-result";
import { stepUpOf, type UseCase } from "@/lib/contracts/permissions";
import { isServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { type InputIssue, outOfRangeDateIssues, unstorableInputIssues } from "@/lib/storable-input";
import { humanErrorMap, humanIssueMessage, isZodWording } from "@/lib/validation-messages";
import { authorize } from "@/server/auth/authorize";
import { requireStepUp } from "@/server/auth/step-up";
import type { Ctx } from "@/server/context";
import { dataErrorAsServiceError, safeDbError } from "@/server/db/errors";
import { log } from "@/server/log";
import { withSpan, withUseCaseSpan } from "@/server/observability/tracing";

/** A dashboard user's context: what defineAction hands to its handler. */
export type UserCtx = Ctx & { actor: Extract<Ctx["actor"], { type: "user" }> };

export interface ActionOptions<S extends z.ZodType> {
  /** Validates the whole input; its messages are shown next to the fields. */
  input: S;
  /**
   * The use case the action runs (several, for a page's combined read): who may run it (least
   * dashboard role, 2FA enabled) and whether it asks the 2FA step-up come from the permission
   * table (lib/contracts/permissions.ts), the entry the REST route reads too. A step-up
   * (docs/dashboard.md, Adding a guarded action) passes within 5 minutes of a good code in this
   * session, or with `twoFactorCode` in the input, which opens the window; otherwise the action
   * fails with TWO_FACTOR_REQUIRED and the UI asks for a code (components/two-factor-dialog.tsx).
   * defineAction requires it; only the kit's own tests run an action without one.
   */
  can?: UseCase | readonly UseCase[];
  /** For the log line of an unexpected error. */
  name?: string;
  /**
   * Allowed while the organization requires 2FA and the user has not enrolled yet (the
   * enrolment itself, password, sign-out); every other action is refused until then.
   */
  beforeTwoFactor?: boolean;
}

export type ActionHandler<S extends z.ZodType, R> = (args: {
  ctx: UserCtx;
  input: z.output<S>;
}) => Promise<R>;

/**
 * The checks of a user action, in order: session, permission (server/auth/authorize.ts, as the
 * REST kit and the use case apply it), input, step-up, then the handler. Validation runs before
 * step-up so a one-time code is not spent on an input refused anyway.
 */
export function runUserAction<S extends z.ZodType, R>(
  ctx: UserCtx | null,
  opts: ActionOptions<S>,
  handler: ActionHandler<S, R>,
  rawInput: unknown,
): Promise<ActionResult<R>> {
  // With traces on (server/observability/tracing.ts), the action's span; its use case's is a child.
  const name = opts.name ?? namedUseCases(opts).join(",");
  return withSpan(`server action ${name}`, { "svc.action": name }, () =>
    checkAndRun(ctx, opts, handler, rawInput),
  );
}

async function checkAndRun<S extends z.ZodType, R>(
  ctx: UserCtx | null,
  opts: ActionOptions<S>,
  handler: ActionHandler<S, R>,
  rawInput: unknown,
): Promise<ActionResult<R>> {
  try {
    if (!ctx) return fail({ code: "UNAUTHENTICATED", message: "Your session has ended. Sign in again." });
    for (const useCase of namedUseCases(opts)) authorize(ctx, useCase);
    // Only a step-up action takes the code out of the input; otherwise it is an ordinary field
    // of the schema (e.g. key management, whose service checks a code on every call).
    const stepUp = actionStepUp(opts);
    const { twoFactorCode, rest } = stepUp
      ? splitStepUpCode(rawInput)
      : { twoFactorCode: undefined, rest: rawInput };
    const parsed = parseInput(opts.input, rest);
    if (!parsed.success) return fail(validationError(parsed.issues));
    if (stepUp) await requireStepUp(ctx, twoFactorCode);
    const input = parsed.data;
    return { ok: true, data: await withUseCaseSpan(namedUseCases(opts), () => handler({ ctx, input })) };
  } catch (err) {
    return fail(toActionError(err, opts.name));
  }
}

/** The use cases an action names in `can`. */
export function namedUseCases(opts: Pick<ActionOptions<z.ZodType>, "can">): readonly UseCase[] {
  return opts.can === undefined ? [] : typeof opts.can === "string" ? [opts.can] : opts.can;
}

/**
 * Whether the action asks for the session's step-up window: the permission table's `stepUp: true`
 * for a use case it names. A `"every-call"` entry (key management) takes its code as a field of
 * the input instead, which the use case checks.
 */
export function actionStepUp(opts: Pick<ActionOptions<z.ZodType>, "can">): boolean {
  return namedUseCases(opts).some((useCase) => stepUpOf(useCase) === true);
}

/**
 * The same error handling for actions without a dashboard session (sign-in step 1, the cardholder
 * pages, whose kit passes its permission check as `allow`, run before the input is read).
 */
export async function runPublicAction<S extends z.ZodType, R>(
  opts: { input: S; name?: string },
  handler: (input: z.output<S>) => Promise<R>,
  rawInput: unknown,
  allow?: () => void,
): Promise<ActionResult<R>> {
  try {
    allow?.();
    const parsed = parseInput(opts.input, rawInput);
    if (!parsed.success) return fail(validationError(parsed.issues));
    return { ok: true, data: await handler(parsed.data) };
  } catch (err) {
    return fail(toActionError(err, opts.name));
  }
}

type Issue = Pick<InputIssue, "message"> & { path: readonly PropertyKey[] };

/**
 * The input behind the edge rule the REST kit applies too (lib/storable-input.ts): characters the
 * database cannot store and deep nesting are refused before the schema runs, dates out of range
 * after it.
 */
function parseInput<S extends z.ZodType>(
  schema: S,
  raw: unknown,
): { success: true; data: z.output<S> } | { success: false; issues: readonly Issue[] } {
  const refused = unstorableInputIssues(raw);
  if (refused.length) return { success: false, issues: refused };
  // The messages a person reads next to the fields (lib/validation-messages.ts).
  const parsed = schema.safeParse(raw, { error: humanErrorMap });
  if (!parsed.success) return { success: false, issues: parsed.error.issues };
  const dates = outOfRangeDateIssues(parsed.data);
  return dates.length ? { success: false, issues: dates } : { success: true, data: parsed.data };
}

function fail(error: ActionError): { ok: false; error: ActionError } {
  return { ok: false, error };
}

function splitStepUpCode(raw: unknown): { twoFactorCode?: string; rest: unknown } {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw) || !("twoFactorCode" in raw))
    return { rest: raw };
  const { twoFactorCode, ...rest } = raw as Record<string, unknown>;
  return { twoFactorCode: typeof twoFactorCode === "string" ? twoFactorCode : undefined, rest };
}

function validationError(issues: readonly Issue[]): ActionError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "_";
    fields[key] ??= issue.message;
  }
  return { code: "VALIDATION_ERROR", message: "Check the highlighted fields.", fields };
}

function isZodError(err: unknown): err is { issues: z.core.$ZodIssue[] } {
  return (
    typeof err === "object" &&
    err !== null &&
    (err as { name?: unknown }).name === "ZodError" &&
    Array.isArray((err as { issues?: unknown }).issues)
  );
}

/**
 * Only known, safe errors go to the browser. Anything else is logged in full under a
 * reference id and reported as INTERNAL_ERROR with that id and nothing more.
 */
export function toActionError(err: unknown, action?: string): ActionError {
  // redirect(), notFound() and Next's dynamic-rendering signals are control flow, not failures.
  unstable_rethrow(err);
  if (isServiceError(err)) {
    const fields = err.details?.length
      ? Object.fromEntries(err.details.map((d) => [d.path || "_", d.message]))
      : undefined;
    return {
      code: err.code,
      message: err.message,
      ...(fields ? { fields } : {}),
      ...(err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}),
      ...(err.data ? { data: err.data } : {}),
    };
  }
  // A service that parses its own input (schema.parse) throws zod's error: the schema's own
  // messages stay, zod's developer wording is rewritten for a person.
  if (isZodError(err))
    return validationError(
      err.issues.map((issue) =>
        issue.code !== "custom" && isZodWording(issue.message)
          ? { ...issue, message: humanIssueMessage(issue) }
          : issue,
      ),
    );
  const dataError = dataErrorAsServiceError(err);
  if (dataError) {
    log.warn({ db: safeDbError(err), action }, "a database data error answered VALIDATION_ERROR");
    return { code: dataError.code, message: dataError.message };
  }
  const reference = newId("req");
  log.error({ err, reference, action }, "server action failed");
  return {
    code: "INTERNAL_ERROR",
    message: `Something went wrong on our side. If it keeps happening, quote reference ${reference}.`,
    reference,
  };
}
