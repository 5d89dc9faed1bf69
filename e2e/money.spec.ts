import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signInOperator } from "./staff";

/*
 * Issue 6 end to end, on the demo program's customers (e2e/serve.ts seeds them: funded wallets,
 * a little card traffic): an operator simulates a purchase on the Sandbox page, then finds it in
 * Transactions, in the customer's balance and in the Overview's transaction volume.
 */

test(
  "a purchase simulated on the Sandbox page shows in Transactions, in " +
    "the customer's balance and in the Overview",
  async ({ page }) => {
    test.setTimeout(150_000);
    await signInOperator(page);
    // Specs before this one may have added purchases of their own: the Overview's count is read first.
    const before = await volumeCounts(page);

    // 1. Ada's GBP card buys for £12.34 at a shop of our own name.
    await page.goto("/sandbox");
    const card = page.getByLabel("Card", { exact: true });
    const value = await card
      .locator("option", { hasText: "ada.lovelace@demo.test" })
      .first()
      .getAttribute("value");
    await card.selectOption(value!);
    await page.getByLabel("Amount", { exact: true }).fill("12.34");
    await page.getByLabel("Currency", { exact: true }).selectOption("GBP");
    await page.getByLabel("Merchant", { exact: true }).fill("E2E Test Shop");
    await page.getByRole("button", { name: "Simulate purchase" }).click();
    await expect(page.getByText("E2E Test Shop").first()).toBeVisible({ timeout: 15_000 });

    // 2. In Transactions, authorized, with its amount.
    await page.goto("/transactions");
    const row = page.getByRole("row", { name: /E2E Test Shop/ });
    await expect(row).toContainText("£12.34");
    await expect(row).toContainText("Authorized");

    // 3. In Ada's balance: 500.00 funded - 102.49 settled = 397.51 ledger; holds 42.00 + 12.34; available
    // 343.17.
    await page.goto("/customers?q=ada.lovelace");
    await page.getByRole("link", { name: "ada.lovelace@demo.test" }).click();
    await expect(page.getByText("£343.17").first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("£54.34").first()).toBeVisible();
    await expect(page.getByText("E2E Test Shop").first()).toBeVisible();

    // 4. In the Overview's transaction volume: one more authorized transaction today.
    await page.goto("/overview");
    await expect(page.getByRole("heading", { name: "Transaction volume" })).toBeVisible();
    await expect
      .poll(() => volumeCounts(page))
      .toEqual({ ...before, all: before.all! + 1, authorized: (before.authorized ?? 0) + 1 });
  },
);

/** The Overview's transaction volume line ("11 in all: 4 authorized, 6 settled, 1 declined.") as numbers. */
async function volumeCounts(page: Page): Promise<Record<string, number>> {
  const line = (await page.getByText(/^[\d,]+ in all:/).textContent())!;
  const counts: Record<string, number> = { all: Number(line.split(" in all:")[0]!.replace(/,/g, "")) };
  for (const [, n, status] of line.matchAll(/([\d,]+) ([a-z ]+?)[,.]/g))
    counts[status!] = Number(n!.replace(/,/g, ""));
  return counts;
}
