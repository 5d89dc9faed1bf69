"use client";

import { Alert } from "@/components/ui/alert";
import type { ActionError } from "@/lib/action-result";

/** An action's error inside its dialog or beside its button (role="alert"). */
export function ActionErrorAlert({ error }: { error?: ActionError | string }) {
  if (!error) return null;
  const text =
    typeof error === "string"
      ? error
      : error.code === "INTERNAL_ERROR" && error.reference
        ? `${error.message} (reference ${error.reference})`
        : error.message;
  return <Alert tone="error">{text}</Alert>;
}
