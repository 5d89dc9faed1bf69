import type { Providers } from "./ports";

/**
 * The one registry of the upstreams the domains call (card network, chain, KYC, messaging, FX
 * rates, swap venue, screening), filled by the composition root (server/boot.ts): the built-in
 * simulators in sandbox mode (./sandbox/providers.ts); in live mode the real adapters
 * (./live.ts), of which none exists yet, so a provider call fails loudly instead of pretending
 * (Providers, in the architecture doc under docs/).
 *
 * Kept on globalThis, like the database (server/db/client.ts): server/main.ts (run by tsx) and
 * Next's bundles load their own copies of this module in one process, and all must see the set
 * the process booted with.
 */
const GLOBAL_KEY = Symbol.for("svc.providers");

interface Slot {
  installed?: Providers;
  replaced?: Providers;
}

function slot(): Slot {
  const holder = globalThis as { [GLOBAL_KEY]?: Slot };
  return (holder[GLOBAL_KEY] ??= {});
}

export function providers(): Providers {
  const { installed, replaced } = slot();
  if (replaced) return replaced;
  if (installed) return installed;
  throw new Error("No providers installed: the process must start through server/boot.ts.");
}

/** The composition root's one call. */
export function installProviders(p: Providers): void {
  slot().installed = p;
}

/** Tests: use these providers instead (a failing fake, a spy); without an argument, the real ones again. */
export function setProvidersForTests(p?: Providers): void {
  slot().replaced = p;
}
