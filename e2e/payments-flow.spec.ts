import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DESKTOP, PHONE, signInAdmin, specAdmin } from "./staff";
import { freshCode } from "./totp";

/*
 * Issue 25, item 2: a payout never ends in a dead end. With no fiat wallet the calculator offers
 * none and no quote, only "Open a wallet"; with a wallet too small "Lock quote" stays off with
 * "Deposit into EUR"; every amount shows in the currency's 2 decimals. Then a deposit, a payout,
 * and the Payouts list: position, order by a heading, CSV export. Desktop, then 390 px. Uses
 * EUR only (payments.spec.ts, after it in name order, works in USD).
 */

const TWO_DECIMALS = /^-?[\d,]+\.\d{2} [A-Z]{3}$/;

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
}

/** Every amount the fee breakdown shows has the currency's 2 decimals, never the API's 8. */
async function expectMinorUnits(page: Page) {
  const breakdown = page.getByTestId("quote-breakdown");
  await expect(breakdown).toBeVisible();
  const values = await breakdown.locator("dd").allTextContents();
  // Every row but the two rates ("1 EUR = 1.00000000 EUR", a rate keeps its places) is an amount.
  for (const value of values.filter((v) => !v.startsWith("1 "))) expect(value.trim()).toMatch(TWO_DECIMALS);
}

test("payments: no wallet offers Open a wallet, too little offers Deposit, then a payout in the sorted, exported list", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await signInAdmin(page);
  await page.goto("/payments");

  // No wallet: nothing to pay from, no quote, the way on is Open a wallet.
  const from = page.getByLabel("Pay from wallet");
  await expect(from).toBeDisabled();
  await expect(from).toContainText("No wallet yet");
  const note = page.getByTestId("wallet-funding-note");
  await expect(note).toContainText("There is no fiat wallet");
  await expect(page.getByRole("button", { name: "Lock quote" })).toBeDisabled();
  await expect(page.getByText(/separate from the card program's master wallet/)).toBeVisible();
  await note.getByRole("link", { name: "Open a wallet" }).click();
  await expect(page).toHaveURL(/#open-wallet$/);
  const open = page.getByRole("form", { name: "Open a wallet" });
  await open.getByLabel("Currency").selectOption("EUR");
  await open.getByRole("button", { name: "Open wallet" }).click();

  // An empty EUR wallet: offered with its balance; a payout from it is too big, the way on is Deposit.
  await expect(from).toBeEnabled();
  await expect(from.locator("option")).toHaveText(["EUR · 0.00 EUR"]);
  await page.getByLabel("Country").selectOption("DEU");
  await page.getByLabel("Method").selectOption({ label: "SEPA Credit Transfer (Germany) (EUR)" });
  await page.getByLabel(/^Amount/).fill("100");
  await expectMinorUnits(page);
  await expect(note).toContainText(/The EUR wallet holds 0\.00 EUR; this payout debits [\d,]+\.\d{2} EUR/);
  await expect(page.getByRole("button", { name: "Lock quote" })).toBeDisabled();
  await page.screenshot({ path: "test-results/payments-flow/too-little-desktop.png", fullPage: true });
  await note.getByRole("button", { name: "Deposit into EUR" }).click();

  // The deposit: the calculator switched to Deposit into EUR; the hosted checkout pays it.
  await expect(page.getByRole("button", { name: "Deposit", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByLabel("Credit wallet")).toHaveValue("EUR");
  await page.getByLabel("Method").selectOption({ label: "SEPA bank transfer in (EUR)" });
  await page.getByLabel(/^Amount/).fill("300");
  await expectMinorUnits(page);
  await page.getByRole("button", { name: "Lock quote" }).click();
  await page.getByRole("button", { name: /Continue to checkout \([\d,]+\.\d{2} EUR\)/ }).click();
  await expect(page).toHaveURL(/\/api\/v1\/sandbox\/checkout\//);
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page).toHaveURL(/\/payments\?deposit_id=dep_[^&]+&status=completed/);
  await expect(from.locator("option")).toHaveText([/^EUR · [\d,]+\.\d{2} EUR$/]);

  // Enough now: the quote locks; the payout goes through the step-up; amounts stay in cents.
  await page.getByLabel("Country").selectOption("DEU");
  await page.getByLabel("Method").selectOption({ label: "SEPA Credit Transfer (Germany) (EUR)" });
  await page.getByLabel(/^Amount/).fill("100");
  await expectMinorUnits(page);
  await expect(note).toHaveCount(0);
  await page.getByRole("button", { name: "Lock quote" }).click();
  await page.getByLabel("Full name of the account holder").fill("Grace Hopper");
  await page.getByLabel("Beneficiary type").selectOption("individual");
  await page.getByLabel("IBAN").fill("DE89370400440532013000");
  await page.getByRole("button", { name: "Review payout" }).click();
  const review = page.getByTestId("payout-review");
  await expect(review).toContainText(/Total debited[\d,]+\.\d{2} EURRate/);
  await page.getByRole("button", { name: /Confirm payout of [\d,]+\.\d{2} EUR/ }).click();
  await page.getByLabel("Authentication code").fill(await freshCode(specAdmin().totpSecret));
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByTestId("payout-done")).toContainText(
    /is pending: [\d,]+\.\d{2} EUR to Grace Hopper/,
  );

  // The Payouts list: its position, status as a labelled badge, ordered by a heading, exported.
  await page.goto("/payments");
  const payouts = page.getByTestId("payout-history");
  // The sandbox moves a payout on by itself (pending, processing, completed) while the test reads it.
  await expect(payouts.getByRole("row").nth(1)).toContainText(/Pending|Processing|Completed/);
  await expect(payouts.getByRole("row").nth(1)).toContainText(/[\d,]+\.\d{2} EUR/);
  await expect(page.getByRole("navigation", { name: "Payout pages" })).toContainText(
    "Page 1 of 1 · 1 payout",
  );
  await payouts.getByRole("link", { name: /Debited/ }).click();
  await expect(page).toHaveURL(/payout_sort=-amount/);
  await expect(payouts.getByRole("columnheader", { name: /Debited/ })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^payouts-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(csv as Buffer[]).toString("utf8");
  expect(text.split("\r\n")[0]).toMatch(/^payout_id,created_at,/);
  expect(text).toContain("Grace Hopper");
  await page.screenshot({ path: "test-results/payments-flow/list-desktop.png", fullPage: true });
  await noHorizontalOverflow(page);

  // The same at 390 px: the payout a stacked block, status and amount first; the note fits.
  await page.setViewportSize(PHONE);
  await page.goto("/payments");
  const block = page.getByRole("list", { name: "Payouts" }).getByRole("listitem").first();
  // The sandbox may already have moved it on, as far as completed.
  await expect(block).toContainText(/Pending|Processing|Completed/);
  await expect(block).toContainText(/[\d,]+\.\d{2} EUR/);
  // The headings are hidden on a phone: the same sort links sit under the status filter.
  const phoneSort = page.getByRole("navigation", { name: "Sort payouts" });
  await phoneSort.getByRole("link", { name: /^Status/ }).click();
  await expect(page).toHaveURL(/payout_sort=-status/);
  await expect(phoneSort.getByRole("link", { name: /^Status.*sorted descending/ })).toBeVisible();
  await expect(block).toContainText(/[\d,]+\.\d{2} EUR/);
  await page.getByLabel("Country").selectOption("DEU");
  await page.getByLabel("Method").selectOption({ label: "SEPA Credit Transfer (Germany) (EUR)" });
  await page.getByLabel(/^Amount/).fill("5000");
  await expectMinorUnits(page);
  await expect(page.getByTestId("wallet-funding-note")).toContainText("Deposit into EUR");
  await expect(page.getByRole("button", { name: "Lock quote" })).toBeDisabled();
  await page.screenshot({ path: "test-results/payments-flow/too-little-phone.png", fullPage: true });
  await noHorizontalOverflow(page);
});
