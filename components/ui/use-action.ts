"use client";

import { useMutation } from "@tanstack/react-query";
import { type Action, type ActionError, type ActionResult, transportError } from "@/lib/action-result";

/**
 * Calls a server action (handed down as a prop by a server component) through TanStack Query.
 * Resolves to the action's result; a network failure becomes a SERVICE_UNAVAILABLE result, so
 * callers only ever branch on `result.ok`.
 */
export function useAction<I, O>(action: Action<I, O>) {
  const mutation = useMutation<ActionResult<O>, never, I>({
    mutationFn: async (input) => {
      try {
        return await action(input);
      } catch {
        return transportError();
      }
    },
  });
  const result = mutation.data;
  return {
    run: mutation.mutateAsync,
    pending: mutation.isPending,
    data: result?.ok ? result.data : undefined,
    error: result && !result.ok ? (result.error as ActionError) : undefined,
    reset: mutation.reset,
  };
}
