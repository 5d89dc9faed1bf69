import { ServiceError } from "@/lib/errors";

/** A 400 VALIDATION_ERROR about one field of the request. */
export function invalidField(path: string, message: string): ServiceError {
  return new ServiceError("VALIDATION_ERROR", message, { details: [{ path, message }] });
}
