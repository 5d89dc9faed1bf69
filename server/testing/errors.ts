import { isServiceError } from "@/lib/errors";

/**
 * The error_code a call is refused with, or undefined when it succeeds (anything not a ServiceError is
 * rethrown).
 */
export async function errorCodeOf(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
  } catch (err) {
    if (isServiceError(err)) return err.code;
    throw err;
  }
  return undefined;
}

/**
 * What a call is refused with, as a string to compare: the error's `code` (a ServiceError's, or a
 * driver's), else the error itself as text; "no error" when the call succeeds.
 */
export async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "no error";
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  }
}
