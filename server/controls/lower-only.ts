import type { StoredSpendingControls } from "@/lib/contracts/spending-controls";
import { ServiceError } from "@/lib/errors";

/**
 * A cardholder may lower their own card's limits, never raise them (docs/spending-controls.md,
 * Cardholders): every amount and count limit set before stays, at most as high; new limits may be
 * added; the category and country lists stay as the program set them.
 */
export function assertOnlyLowered(before: StoredSpendingControls, after: StoredSpendingControls): void {
  const refuse = (message: string): never => {
    throw new ServiceError("VALIDATION_ERROR", message, { details: [{ path: "spending_limits", message }] });
  };
  const categoriesOf = (l: { categories?: string[] }) => [...(l.categories ?? [])].sort().join(",");
  for (const old of before.spending_limits) {
    const kept = after.spending_limits.find(
      (l) => l.interval === old.interval && categoriesOf(l) === categoriesOf(old),
    );
    if (!kept || kept.amount_minor > old.amount_minor)
      refuse("You can lower your card's limits or add new ones, but not raise or remove them.");
  }
  for (const old of before.count_limits) {
    const kept = after.count_limits.find((l) => l.interval === old.interval);
    if (!kept || kept.count > old.count)
      refuse("You can lower your card's limits or add new ones, but not raise or remove them.");
  }
  const lists = [
    "allowed_categories",
    "blocked_categories",
    "allowed_merchant_countries",
    "blocked_merchant_countries",
  ] as const;
  for (const list of lists)
    if (JSON.stringify(before[list] ?? null) !== JSON.stringify(after[list] ?? null))
      refuse("The category and country lists of your card are set by your card program.");
}
