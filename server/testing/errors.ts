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
