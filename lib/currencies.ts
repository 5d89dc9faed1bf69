/**
 * The card program's currencies. Kept apart from lib/contracts/cards.ts (which re-exports it) so a
 * browser component can list them without loading zod and the contracts.
 */
export const CURRENCY_VALUES = ["USD", "EUR", "GBP"] as const;
