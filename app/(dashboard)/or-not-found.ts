import { notFound } from "next/navigation";
import { isServiceError } from "@/lib/errors";

/**
 * A use case's NOT_FOUND (an unknown id, another organization's record, a deleted one) is the
 * not-found page: 404, never 403 (docs/rest-api.md). Other errors go on to the error page.
 */
export async function orNotFound<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    if (isServiceError(err) && err.code === "NOT_FOUND") notFound();
    throw err;
  }
}
