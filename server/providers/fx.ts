import Decimal from "decimal.js";
import { isSandbox } from "@/lib/env";
import { SANDBOX_MID_RATES } from "./sandbox/fx-rates";

/**
 * The FX rate port (docs/fiat.md "Rates"): mid-market rates between the catalogue's currencies.
 * The sandbox provider reads a configured table of units per US dollar; a live adapter (a market
 * data feed) would implement the same interface.
 */
export interface RateProvider {
  /** Units of `to` for one unit of `from`, unrounded; null when the pair is unknown. */
  midRate(from: string, to: string): Decimal | null;
  /** Every currency the provider prices. */
  currencies(): readonly string[];
}

/** A provider over a table of units per one USD (the sandbox's, or a test's). */
export function tableRateProvider(unitsPerUsd: Readonly<Record<string, string>>): RateProvider {
  const table = new Map(Object.entries(unitsPerUsd).map(([c, v]) => [c, new Decimal(v)]));
  return {
    midRate(from, to) {
      const f = table.get(from);
      const t = table.get(to);
      if (!f || !t) return null;
      return t.div(f);
    },
    currencies: () => [...table.keys()],
  };
}

let sandbox: RateProvider | undefined;
let replaced: RateProvider | undefined;

export function rateProvider(): RateProvider {
  if (replaced) return replaced;
  if (!isSandbox()) throw new Error("SVC_MODE=live but no live FX rate provider is configured.");
  return (sandbox ??= tableRateProvider(SANDBOX_MID_RATES));
}

/** Tests: use this provider; without an argument, the configured one again. */
export function setRateProviderForTests(p?: RateProvider): void {
  replaced = p;
}
