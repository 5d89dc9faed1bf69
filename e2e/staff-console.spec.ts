import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { readSeed } from "./seed";
import { DESKTOP, PHONE, signInAdmin, signInAs, specAdmin } from "./staff";
import { freshCode } from "./totp";

/*
 * Issue 14 end to end on the demo program (e2e/serve.ts): global search finds a card by its last
 * four and it is frozen from its page (desktop, then phone); a purchase found by merchant is
 * disputed and won in the sandbox and the customer's available balance rises (desktop: Grace's,
 * phone: Ada's, after money.spec.ts has checked her balance); the Customers and
 * Transactions tables fit 1366 px; the hosted secure page shows in its frame whether the console
 * is opened at localhost or at 127.0.0.1.
 * Named to run after money.spec.ts (Playwright runs the files in name order on one worker): this
 * file freezes Ada's and Grace's cards, which the money spec buys with.
 */

async function noSideways(page: Page, testId: string) {
  const box = page.getByTestId(testId);
  const { scrollWidth, clientWidth } = await box.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** With E2E_SCREENSHOTS set, a full-page screenshot into test-results/ (to look at the pages). */
async function shot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `test-results/console-${name}.png`, fullPage: true });
}

/** Global search by last four, the card's page, Freeze behind the step-up. */
async function freezeByLastFour(page: Page, email: string): Promise<void> {
  await page.goto(`/cards?q=${encodeURIComponent(email)}`);
  const lastFour = (await page.locator("tr[data-card-id] .font-mono.tracking-wider").first().textContent())!
    .replace(/\D/g, "")
    .slice(-4);
  await page.getByTestId("global-search-open").click();
  await page.getByRole("combobox", { name: "Search" }).fill(lastFour);
  // The last four finds the card and its customer: take the card.
  const hit = page.getByRole("option", { name: new RegExp(`•••• ${lastFour}.*${email}`) });
  await expect(hit).toBeVisible({ timeout: 10_000 });
  await hit.click();
  await expect(page).toHaveURL(/\/cards\/crd_/);
  await page.getByRole("group", { name: "Card actions" }).getByRole("button", { name: "Freeze" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Freeze card" }).click();
  // The step-up asks for a code unless one was given in the last 5 minutes.
  const codeField = page.getByLabel("Authentication code");
  const done = page.getByText(/^Froze /);
  await expect(done.or(codeField)).toBeVisible({ timeout: 15_000 });
  if (await codeField.isVisible()) {
    await codeField.fill(await freshCode(specAdmin().totpSecret));
    await page.getByRole("button", { name: "Confirm" }).click();
  }
  await expect(done).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("list", { name: /State changes/ })).toContainText("Frozen");
  await shot(page, `card-${page.viewportSize()!.width}`);
}

/** The available balance a customers-list row shows ("$355.51", "£1,343.17"), split into symbol and minor units. */
function availableOf(rowText: string): { symbol: string; minor: number } {
  const m = /([$£€])([\d,]+)\.(\d\d)/.exec(rowText);
  if (!m) throw new Error(`No balance in the row: ${rowText}`);
  return { symbol: m[1]!, minor: Number(m[2]!.replace(/,/g, "")) * 100 + Number(m[3]) };
}

function moneyText({ symbol, minor }: { symbol: string; minor: number }): string {
  return `${symbol}${(minor / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
}

/**
 * The customer's Metro Books purchase (89.99 in the card's currency) found by merchant in
 * Transactions, disputed from its sheet, won on the Disputes page (sandbox): the customer's available
 * balance rises by 89.99 from whatever it was (other specs may have moved it before).
 */
async function disputeAndWin(page: Page, who: string): Promise<void> {
  const customerRow = () =>
    page.getByRole("row", { name: new RegExp(`${who.replace(".", "\\.")}@demo\\.test`) });
  await page.goto(`/customers?q=${who}`);
  await expect(customerRow()).toContainText(/[$£€][\d,]+\.\d\d/);
  const before = availableOf((await customerRow().textContent()) ?? "");
  await page.goto("/transactions?q=metro");
  await page
    .getByRole("row", { name: new RegExp(`Metro Books.*${who.replace(".", "\\.")}`) })
    .getByRole("button", { name: "Metro Books" })
    .click();
  await page.getByRole("button", { name: "Dispute", exact: true }).click();
  // Scoped to the drawer: the filter bar has a "Decline reason" select too.
  await page.getByRole("dialog").getByLabel("Reason").selectOption("not_received");
  await page.getByLabel("What happened").fill("The books never arrived.");
  await page.getByRole("button", { name: "File dispute" }).click();
  await expect(page.getByTestId("dispute")).toContainText("Submitted");
  await shot(page, `dispute-sheet-${page.viewportSize()!.width}`);
  await page.keyboard.press("Escape");
  await page.goto("/disputes?status=submitted");
  const row = page.getByRole("row", { name: /Metro Books/ });
  await row.getByRole("button", { name: "Win" }).click();
  await expect(page.getByRole("row", { name: /Metro Books/ })).toHaveCount(0, { timeout: 15_000 });
  await page.goto(`/customers?q=${who}`);
  await expect(customerRow()).toContainText(moneyText({ ...before, minor: before.minor + 8999 }));
}

test(
  "staff find a card by its last four and freeze it, " + "dispute a purchase and win it, on wide tables",
  async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(DESKTOP);
    await signInAdmin(page);

    // Tables fit 1366 px.
    await page.goto("/customers");
    await noSideways(page, "customers-table-scroll");
    await shot(page, "customers-1366");
    await page.goto("/transactions");
    await noSideways(page, "transactions-table-scroll");
    await shot(page, "transactions-1366");

    // A purchase found by merchant, disputed, won: Grace's available balance rises by $89.99.
    await disputeAndWin(page, "grace.hopper");

    // Desktop: Ada's card; phone: Jean's is frozen already, so Grace's.
    await freezeByLastFour(page, "ada.lovelace@demo.test");
    await page.setViewportSize(PHONE);
    // Phone: Ada's Metro Books the same way (+£89.99).
    await disputeAndWin(page, "ada.lovelace");
    await freezeByLastFour(page, "grace.hopper@demo.test");
    await page.goto("/cards");
    await shot(page, "cards-390");
    await page.goto("/transactions");
    await shot(page, "transactions-390");
  },
);

test("the secure page's preview shows in its frame at localhost and at 127.0.0.1, desktop and phone", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const port = Number(process.env.E2E_PORT ?? 3100);
  for (const host of ["localhost", "127.0.0.1"]) {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const base = `http://${host}:${port}`;
    // Another admin at the second host: no wait for the next TOTP step of the first.
    await signInAs(page, host === "localhost" ? specAdmin() : readSeed().admins["preview-127"]!, base);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(`${base}/settings/card-pin`);
      const frame = page.getByTestId("secure-preview");
      await expect(frame).toHaveAttribute("data-state", "ready", { timeout: 15_000 });
      await expect(
        page.frameLocator('[data-testid="secure-preview"]').getByLabel(/PIN/).first(),
      ).toBeVisible();
      await expect(page.getByTestId("secure-frame-blocked")).toHaveCount(0);
    }
    await context.close();
  }
});
