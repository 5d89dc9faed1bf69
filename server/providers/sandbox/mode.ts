import { isSandbox } from "@/lib/env";
import { ServiceError } from "@/lib/errors";

/**
 * Guards what exists only in sandbox mode (the /api/v1/sandbox/* endpoints, the simulators'
 * own pages): in live mode it is not there at all, hence NOT_FOUND rather than a refusal.
 */
export function requireSandbox(): void {
  if (!isSandbox()) throw new ServiceError("NOT_FOUND", "This exists only in sandbox mode.");
}
