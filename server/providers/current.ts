import { isSandbox } from "@/lib/env";
import type { Providers } from "./ports";

/**
 * The upstreams the domains call, installed by the composition root (server/boot.ts): the
 * built-in simulators in sandbox mode; in live mode real adapters, of which none exists yet, so a
 * provider call fails loudly instead of pretending (Providers, in the architecture doc under docs/).
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
  if (!isSandbox()) {
    throw new Error(
      "SVC_MODE=live but no live provider adapters " +
        "(card network, chain, KYC, messaging, FX rates) are configured.",
    );
  }
  throw new Error("No providers installed: the process must start through server/boot.ts.");
}

/** The composition root's one call; `undefined` leaves none (live mode without adapters). */
export function installProviders(p: Providers | undefined): void {
  slot().installed = p;
}

/** Tests: use these providers instead (a failing fake, a spy); without an argument, the real ones again. */
export function setProvidersForTests(p?: Providers): void {
  slot().replaced = p;
}
