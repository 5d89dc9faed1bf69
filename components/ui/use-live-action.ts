"use client";

import { useQuery } from "@tanstack/react-query";
import type { Action, ActionError } from "@/lib/action-result";

/** How often the money pages re-read their lists and totals while the tab is visible. */
export const LIVE_REFRESH_MS = 5_000;

/**
 * A read the page keeps live: the server component renders the first answer (initial), then
 * TanStack Query calls the same read action every few seconds while the tab is visible
 * (refetchIntervalInBackground is off), under a key holding the inputs, so a change of filter
 * or page is a new entry with its own server-rendered start. A failed refresh keeps the last
 * good data and reports the error beside it.
 */
export function useLiveAction<I, O>({
  queryKey,
  action,
  input,
  initial,
  intervalMs = LIVE_REFRESH_MS,
}: {
  queryKey: readonly unknown[];
  action: Action<I, O>;
  input: I;
  initial: O;
  intervalMs?: number;
}) {
  const query = useQuery<O, ActionError>({
    queryKey,
    queryFn: async () => {
      const res = await action(input);
      if (!res.ok) throw res.error;
      return res.data;
    },
    initialData: initial,
    refetchInterval: intervalMs,
    retry: false,
  });
  return { data: query.data ?? initial, error: query.error ?? undefined, refreshing: query.isFetching };
}
