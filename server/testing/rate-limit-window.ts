/**
 * Rate limits count in fixed windows of the clock (server/platform/rate-limit.ts), so a test that
 * fills a window must start its calls well inside one: a run that straddles the boundary sees the
 * counter reset half-way. Waits for the next window when fewer than `needSeconds` are left.
 */
export async function startInsideWindow(windowSeconds: number, needSeconds: number): Promise<void> {
  const into = (Date.now() / 1000) % windowSeconds;
  if (windowSeconds - into < needSeconds) {
    await new Promise((resolve) => setTimeout(resolve, (windowSeconds - into + 1) * 1000));
  }
}
