import Decimal from "decimal.js";
import type { RateProvider } from "./ports";

export type { RateProvider };

/**
 * A rate provider over a table of units per one USD: the sandbox's (./sandbox/providers.ts, over
 * SANDBOX_MID_RATES), or a test's. The installed one is providers().rates (./current.ts).
 */
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
