import type { ActionError } from "@/lib/action-result";

/** An action's error as one sentence for the cardholder (the reference id for unexpected errors). */
export function errorText(error: ActionError): string {
  if (error.code === "INTERNAL_ERROR" && error.reference)
    return `${error.message} (reference ${error.reference})`;
  if ((error.code === "RATE_LIMITED" || error.code === "OTP_LOCKED") && error.retryAfter) {
    return `${error.message} You can try again in ${waitText(error.retryAfter)}.`;
  }
  return error.message;
}

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
