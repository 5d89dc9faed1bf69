"use client";

import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import type { ActionError } from "@/lib/action-result";

/** An action's error inside its dialog (role="alert"), with the way out where there is one. */
export function DialogError({ error }: { error?: ActionError | string }) {
  if (!error) return null;
  if (typeof error === "string") return <Alert tone="error">{error}</Alert>;
  if (error.code === "TWO_FACTOR_NOT_ENABLED") {
    return (
      <Alert tone="error">
        Managing API keys needs two-factor authentication.{" "}
        <Link href="/settings/security" className="font-medium underline">
          Turn it on in Settings → Security
        </Link>
        .
      </Alert>
    );
  }
  const wait =
    error.code === "TWO_FACTOR_LOCKED" && error.retryAfter
      ? ` Try again in ${Math.ceil(error.retryAfter / 60)} min.`
      : "";
  return (
    <Alert tone="error">
      {error.message}
      {wait}
    </Alert>
  );
}
