import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DESKTOP, PHONE, signInAs, specAdmin } from "./staff";
import { freshCode } from "./totp";

/*
 * Issue 25, Deliver 4: a customer's story on one page. At 1366 and 390 px an admin funds Grace
 * (demo program) from her page, freezes her card and sees both in the activity feed with who did
 * it, the amount and the time; the onboarding timeline shows when each step was done; nothing
 * scrolls sideways (axe checks every page in e2e/fixtures.ts). The card is unfrozen again after
 * each pass, so the specs after this one find it as the demo left it.
 */

/** "26 Nov 2026, 07:43:11 UTC": components/ui/timestamp.tsx, the console's one format. */
const TIME = /\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d(:\d\d)? UTC/;

/** The step-up asks for a code unless one was given in the last 5 minutes. */
async function passStepUp(page: Page, done: Locator) {
  const codeField = page.getByLabel("Authentication code");
  await expect(done.or(codeField).first()).toBeVisible({ timeout: 15_000 });
  if (await codeField.isVisible()) {
    await codeField.fill(await freshCode(specAdmin().totpSecret));
    await page.getByRole("button", { name: "Confirm" }).click();
  }
  await expect(done).toBeVisible({ timeout: 15_000 });
}

function feedLine(page: Page, kind: string): Locator {
  return page.getByRole("list", { name: "Activity" }).locator(`li[data-activity-kind="${kind}"]`).first();
}

async function fund(page: Page, amount: string) {
  await page.getByRole("button", { name: "Fund wallet" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Amount").fill(amount);
  await dialog.getByRole("button", { name: "Send funds" }).click();
  await passStepUp(page, page.getByTestId("fund-result"));
  await page.getByRole("button", { name: "Done" }).click();
}

async function changeCard(page: Page, action: "Freeze" | "Unfreeze", done: RegExp) {
  await page.locator("tr[data-card-id]").first().getByRole("button", { name: action, exact: true }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: `${action} card` })
    .click();
  await passStepUp(page, page.getByText(done));
}

async function noSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test("a funding and a card freeze appear in the customer's activity with actor, amount and time, at both widths", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const admin = specAdmin();
  await page.setViewportSize(DESKTOP);
  await signInAs(page, admin);
  await page.goto("/customers?q=hopper");
  await page.getByRole("link", { name: "grace.hopper@demo.test" }).first().click();
  await expect(page).toHaveURL(/\/customers\/sc_/);
  const customerUrl = page.url();

  for (const [viewport, amount, shown] of [
    [DESKTOP, "1.25", "$1.25"],
    [PHONE, "2.50", "$2.50"],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(customerUrl);
    // Status and money first: the onboarding state, what she can spend, her card's state.
    const status = page.getByTestId("customer-status");
    await expect(status).toContainText("Active");
    await expect(status).toContainText(/\$[\d,]+\.\d\d/);
    await noSidewaysScroll(page);

    await fund(page, amount);
    const funded = feedLine(page, "funded");
    await expect(funded).toContainText(shown, { timeout: 15_000 });
    await expect(funded).toContainText(`by ${admin.email}`);
    await expect(funded).toContainText(TIME);

    await changeCard(page, "Freeze", /^Froze /);
    await expect(status).toContainText("Frozen");
    const frozen = feedLine(page, "card_frozen");
    await expect(frozen).toContainText(/Card frozen •••• \d{4}/, { timeout: 15_000 });
    await expect(frozen).toContainText(`by ${admin.email}`);
    await expect(frozen).toContainText(TIME);
    // Newest first: the freeze came after the funding.
    const kinds = await page
      .getByRole("list", { name: "Activity" })
      .locator("li[data-activity-kind]")
      .evaluateAll((items) => items.map((i) => i.getAttribute("data-activity-kind")));
    expect(kinds.indexOf("card_frozen")).toBeLessThan(kinds.indexOf("funded"));
    // Onboarding: every step done, each with its time.
    const steps = page.getByRole("list", { name: "Onboarding steps" }).locator("li");
    await expect(steps.filter({ hasText: "Email verified" })).toContainText(TIME);
    await expect(steps.filter({ hasText: "Phone verified" })).toContainText(TIME);
    await noSidewaysScroll(page);

    await changeCard(page, "Unfreeze", /^Unfroze /);
    await expect(feedLine(page, "card_unfrozen")).toContainText(`by ${admin.email}`, { timeout: 15_000 });
  }
});
