import type { ErrorCode } from "@/lib/errors";

/**
 * What every server action returns to the browser (server/action-kit/define-action.ts). Kept
 * isomorphic so client components can type the actions they are handed as props.
 */
export interface ActionError {
  code: ErrorCode;
  /** Safe to show as is. */
  message: string;
  /** VALIDATION_ERROR: one message per input field, keyed by the field's path ("code", "a.b"). */
  fields?: Record<string, string>;
  /** Seconds to wait, for the 429 codes. */
  retryAfter?: number;
  /** INTERNAL_ERROR: the id to quote to support; the full error is in the server log under it. */
  reference?: string;
  /** Extra data some errors carry (e.g. PIN_NOT_SET's pin_setup_url). */
  data?: Record<string, unknown>;
}

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ActionError };

export type Action<I, O> = (input: I) => Promise<ActionResult<O>>;

/** The result of an action call that failed in transit (network down, server restarted). */
export function transportError(): { ok: false; error: ActionError } {
  return {
    ok: false,
    error: {
      code: "SERVICE_UNAVAILABLE",
      message: "The console could not reach the server. Check your connection and try again.",
    },
  };
}
