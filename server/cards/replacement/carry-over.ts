import type { Db } from "@/server/db/client";

/**
 * What other domains carry from a replaced card to its replacement, inside the replacement's
 * transaction. The card program knows no spending controls (docs/architecture.md: controls uses
 * cards, not the other way round), so the controls' step is registered here by the composition
 * root (server/boot.ts). On globalThis, like the inbound handlers: every bundle of the process sees
 * what boot registered.
 */
export type CarryOverStep = (
  tx: Db,
  input: { orgId: string; fromCardId: string; toCardId: string },
) => Promise<void>;

const GLOBAL_KEY = "__svcCardReplacementCarryOver";

function steps(): Map<string, CarryOverStep> {
  const holder = globalThis as { [GLOBAL_KEY]?: Map<string, CarryOverStep> };
  holder[GLOBAL_KEY] ??= new Map();
  return holder[GLOBAL_KEY];
}

/** Registering a name twice replaces the step (boot may run more than once). */
export function registerCarryOverStep(name: string, step: CarryOverStep): void {
  steps().set(name, step);
}

export async function runCarryOverSteps(
  tx: Db,
  input: { orgId: string; fromCardId: string; toCardId: string },
): Promise<void> {
  for (const step of steps().values()) await step(tx, input);
}
