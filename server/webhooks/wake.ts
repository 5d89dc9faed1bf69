/**
 * NOTIFY'd by the fan-out's insert, delivered when the dispatch transaction commits: the pumps of
 * other worker processes wake on it (server/events/listen.ts); this process's hear the signal below.
 */
export const DELIVERIES_CHANNEL = "svc_deliveries";

/**
 * In-process signal from the fan-out to the pumps: deliveries were queued, claim soon rather than
 * at the next poll. Only a hint (the rows may not be committed yet); the poll is the guarantee.
 */
const listeners = new Set<() => void>();

export function onDeliveriesQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function deliveriesQueued(): void {
  if (listeners.size === 0) return;
  // After the current transaction has had a moment to commit.
  setTimeout(() => {
    for (const l of listeners) l();
  }, 5);
}
