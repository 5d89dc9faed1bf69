import { env } from "@/lib/env";
import type { Providers } from "./ports";
import { sandboxCardProvider } from "./sandbox/card-provider";
import { sandboxChain } from "./sandbox/chain";
import { sandboxKyc } from "./sandbox/kyc";
import { sandboxMessaging } from "./sandbox/messaging";
import { ensureInboundHandlers } from "./sandbox/upstream-events";

// Built on first use, not at module load: the simulators' modules import server/cards (inbound
// handlers), which imports this module back, so a top-level object could see them undefined.
let sandbox: Providers | undefined;
let replaced: Providers | undefined;

/**
 * The upstreams of the card program. Sandbox mode: the built-in simulators. Live mode: real
 * adapters, of which none exists yet, so it fails loudly instead of pretending (decisions.md 1).
 *
 * Every call also makes sure our inbound handlers (server/cards/inbound.ts) are registered:
 * a provider call may report news at once (the simulators do, in the caller's transaction),
 * and news nobody registered for is dropped. Registering on first use, not by an import side
 * effect, keeps it explicit and works in each module graph (API, Next, worker, CLI).
 */
export function providers(): Providers {
  ensureInboundHandlers();
  if (replaced) return replaced;
  if (env().SVC_MODE !== "sandbox") {
    throw new Error(
      "SVC_MODE=live but no live provider adapters (card network, chain, KYC, messaging) are configured.",
    );
  }
  return (sandbox ??= {
    cards: sandboxCardProvider,
    chain: sandboxChain,
    kyc: sandboxKyc,
    messaging: sandboxMessaging,
  });
}

/** Tests: use these providers instead (a failing fake, a spy); without an argument, the real ones again. */
export function setProvidersForTests(p?: Providers): void {
  replaced = p;
}
