import { type Page } from "@playwright/test";
import { pdfText } from "@/lib/pdf-text";
import { expect, test } from "./fixtures";
import { DESKTOP, PHONE, signInAdmin, specAdmin } from "./staff";
import { freshCode } from "./totp";

/*
 * Issue 12 end to end (docs/fiat.md): an admin opens a USD wallet, deposits 500 USD through the
 * hosted sandbox checkout (the balance rises on the page), then locks a payout quote (its countdown
 * ticks), fills the SEPA beneficiary form rendered from its definition (a bad IBAN is refused
 * under its field), reviews every figure, confirms behind the 2FA step-up and opens the receipt
 * PDF. Desktop 1366x900, then the same pages at 390x844. Only this organization's fiat tables
 * change: no later spec reads them.
 */

const SHOTS = "test-results/payments";

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
}

const usdRow = (page: Page) =>
  page.getByRole("table").filter({ hasText: "Balance" }).getByRole("row", { name: /^USD/ });

test(
  "payments: a deposit through the hosted checkout, " +
    "then a payout through the form with the step-up, and its receipt",
  async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(DESKTOP);
    await signInAdmin(page);

    // A USD wallet, opened from the page.
    await page.goto("/payments");
    const open = page.getByRole("form", { name: "Open a wallet" });
    await open.getByLabel("Currency").selectOption("USD");
    await open.getByRole("button", { name: "Open wallet" }).click();
    await expect(usdRow(page)).toContainText("0.00");

    // Deposit: a payin quote for 500 USD by card, locked, then the hosted checkout.
    await page.getByRole("button", { name: "Deposit", exact: true }).click();
    await page.getByLabel("Method").selectOption({ label: "Card payment (Visa / Mastercard) (USD)" });
    await page.getByLabel("Credit wallet").selectOption("USD");
    await page.getByLabel(/^Amount/).fill("500");
    await expect(page.getByTestId("quote-breakdown")).toContainText("500.00 USD");
    await page.getByRole("button", { name: "Lock quote" }).click();
    await expect(page.getByTestId("quote-locked")).toBeVisible();
    const credited = await page.getByTestId("quote-breakdown").getByText(/USD$/).last().textContent();
    await page.getByRole("button", { name: /Continue to checkout/ }).click();
    await expect(page).toHaveURL(/\/api\/v1\/sandbox\/checkout\//);
    await page.screenshot({ path: `${SHOTS}/checkout-desktop.png`, fullPage: true });
    await page.getByRole("button", { name: "Pay now" }).click();
    await expect(page).toHaveURL(/\/payments\?deposit_id=dep_[^&]+&status=completed/);
    // The wallet is credited what the quote said arrives.
    const creditedAmount = credited!.replace(/ USD$/, "").replace(/,/g, "");
    await expect(usdRow(page)).toContainText(creditedAmount);
    await expect(page.getByRole("row", { name: /Card payment/ }).first()).toContainText(/completed/i);

    // Payout: 100 USD to a German IBAN over SEPA; lock the quote and watch the countdown tick.
    await page.getByRole("button", { name: "Payout", exact: true }).click();
    await page.getByLabel("Country").selectOption("DEU");
    await page.getByLabel("Method").selectOption({ label: "SEPA Credit Transfer (Germany) (EUR)" });
    await page.getByLabel("Pay from wallet").selectOption("USD");
    await page.getByLabel(/^Amount/).fill("100");
    await expect(page.getByTestId("quote-breakdown")).toContainText("100.74 USD");
    await page.getByRole("button", { name: "Lock quote" }).click();
    const countdown = page.getByTestId("quote-countdown");
    await expect(countdown).toHaveText(/^[45]:\d\d$/);
    const first = await countdown.textContent();
    await expect(countdown).not.toHaveText(first!, { timeout: 5_000 });

    // The form, rendered from the method's definition; a bad IBAN is refused under its field.
    await page.getByLabel("Full name of the account holder").fill("Ada Lovelace");
    await page.getByLabel("Beneficiary type").selectOption("individual");
    await page.getByLabel("IBAN").fill("DE89370400440532013001");
    await page.getByRole("button", { name: "Review payout" }).click();
    const iban = page.getByLabel("IBAN");
    await expect(iban).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Not a valid IBAN (check digits or length).")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/payout-invalid-desktop.png`, fullPage: true });

    await iban.fill("DE89370400440532013000");
    await page.getByRole("button", { name: "Review payout" }).click();
    const review = page.getByTestId("payout-review");
    await expect(review).toContainText("********3000");
    await expect(review).toContainText("0.74 USD");
    await expect(review).toContainText("100.74 USD");
    await expect(review).toContainText("91.68 EUR");
    await page.screenshot({ path: `${SHOTS}/payout-review-desktop.png`, fullPage: true });
    await noHorizontalOverflow(page);

    // Confirm behind the step-up.
    await page.getByRole("button", { name: /Confirm payout of 100.74 USD/ }).click();
    await page.getByLabel("Authentication code").fill(await freshCode(specAdmin().totpSecret));
    await page.getByRole("button", { name: "Confirm", exact: true }).click();
    const done = page.getByTestId("payout-done");
    await expect(done).toContainText("91.68 EUR to Ada Lovelace");
    const receiptHref = await done.getByRole("link", { name: "Receipt (PDF)" }).getAttribute("href");
    expect(receiptHref).toMatch(/^\/payments\/receipt\/pay_/);
    // Debited amount + fees: what the deposit credited less 100.74347826 (the page shows cents).
    const left = (Math.round(Number(creditedAmount) * 100) - 10_074) / 100;
    // Polled: the balance cell shows the new figure once the page has refreshed after the payout.
    const shown = async () =>
      Number((await usdRow(page).getByText(/ USD$/).textContent())!.replace(/[ ,A-Z]/g, ""));
    await expect.poll(async () => Math.abs((await shown()) - left)).toBeLessThanOrEqual(0.01);

    // The receipt: a PDF holding the amounts and the masked account, never the full IBAN.
    const receipt = await page.request.get(receiptHref!);
    expect(receipt.status()).toBe(200);
    expect(receipt.headers()["content-type"]).toBe("application/pdf");
    const bytes = await receipt.body();
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfText(bytes);
    expect(text).toContain("100.74347826 USD");
    expect(text).toContain("91.67800000 EUR");
    expect(text).toContain("********3000");
    expect(text).not.toContain("DE89370400440532013000");

    // The history, filtered in the URL, lists the payout with its receipt.
    await page.goto("/payments?payouts=pending");
    await expect(page.getByRole("link", { name: /Receipt/ }).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/payments-desktop.png`, fullPage: true });
    await noHorizontalOverflow(page);

    // The same pages on a phone.
    await page.setViewportSize(PHONE);
    await page.goto("/payments");
    await page.getByLabel("Pay from wallet").selectOption("USD");
    await page.getByLabel(/^Amount/).fill("50");
    await expect(page.getByTestId("quote-breakdown")).toContainText("50.00 USD");
    await page.getByRole("button", { name: "Lock quote" }).click();
    await expect(page.getByTestId("quote-countdown")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/payout-phone.png`, fullPage: true });
    // The history as blocks on a phone, each with its receipt.
    await expect(
      // The newest payout first (payments-flow.spec.ts may have made one in this program before).
      page.getByRole("list", { name: "Payouts" }).getByRole("link", { name: "Receipt" }).first(),
    ).toBeVisible();
    await noHorizontalOverflow(page);
    await page.getByRole("button", { name: "Deposit", exact: true }).click();
    await page.getByLabel("Method").selectOption({ label: "Card payment (Visa / Mastercard) (USD)" });
    await page.getByLabel("Credit wallet").selectOption("USD");
    await page.getByLabel(/^Amount/).fill("20");
    await expect(page.getByTestId("quote-breakdown")).toContainText("20.00 USD");
    await page.getByRole("button", { name: "Lock quote" }).click();
    await page.getByRole("button", { name: /Continue to checkout/ }).click();
    await expect(page).toHaveURL(/\/api\/v1\/sandbox\/checkout\//);
    await page.screenshot({ path: `${SHOTS}/checkout-phone.png`, fullPage: true });
    await noHorizontalOverflow(page);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/status=cancelled/);
  },
);
