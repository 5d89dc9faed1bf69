import { onboardToPinStep } from "./cardholder-steps";
import { expect, test } from "./fixtures";
import { readSeed } from "./seed";
import { signInOperator } from "./staff";
import { freshCode } from "./totp";

/*
 * Issue 5 end to end: a cardholder goes from their email to an active virtual card with a PIN
 * typed inside the hosted secure page (an iframe); then an operator freezes the card from the
 * dashboard (behind the 2FA step-up) and the cardholder sees it frozen.
 * Needs SAFE_DEPLOY_SECONDS small (playwright.config.ts) so the wallet deploys in seconds.
 */

test(
  "a cardholder goes from email to an active card with a PIN, an " +
    "operator freezes it, the cardholder sees it frozen",
  async ({ page, browser, request }) => {
    test.setTimeout(240_000);
    const seed = readSeed();
    const email = `holder-${Date.now().toString(36)}@e2e.test`;

    // 1-5. Email code (a new email starts onboarding), identity on the hosted KYC page, source of
    // funds, phone with an SMS code, the wallet deployed on the simulated chain, the first card.
    await onboardToPinStep(page, request, email);

    // 6. The PIN, typed inside the secure page's iframe at its recommended size.
    const frameElement = page.getByTestId("secure-frame");
    await expect(frameElement).toBeVisible({ timeout: 15_000 });
    const box = await frameElement.boundingBox();
    expect(box && Math.round(box.width)).toBe(420);
    expect(box && Math.round(box.height)).toBe(520);
    const frame = page.frameLocator('[data-testid="secure-frame"]');
    await frame.getByLabel("New PIN").fill("4829");
    await frame.getByLabel("Confirm PIN").fill("4829");
    await frame.getByRole("button", { name: "Set PIN" }).click();
    await expect(page).toHaveURL(new RegExp(`/card/${seed.orgId}/my-card`), { timeout: 20_000 });
    await expect(page.getByTestId("card-status")).toHaveText("Active");
    await expect(page.getByRole("button", { name: "Show card details" })).toBeVisible();

    // 7. An operator finds the customer and freezes the card behind the 2FA step-up.
    const staff = await browser.newContext();
    const dashboard = await staff.newPage();
    await signInOperator(dashboard);
    await dashboard.goto(`/customers?q=${encodeURIComponent(email)}`);
    await dashboard.getByRole("link", { name: email }).click();
    await expect(dashboard.getByRole("heading", { level: 1 })).toContainText(email);
    // Freeze is the card's own button (the rest sit in "More actions").
    await dashboard.getByRole("button", { name: "Freeze", exact: true }).click();
    await dashboard.getByRole("dialog").getByRole("button", { name: "Freeze card" }).click();
    await dashboard.getByLabel("Authentication code").fill(await freshCode(seed.cardOperator.totpSecret));
    await dashboard.getByRole("button", { name: "Confirm" }).click();
    await expect(dashboard.getByText(/^Froze /)).toBeVisible({ timeout: 15_000 });
    await staff.close();

    // 8. The cardholder sees the card frozen.
    await page.reload();
    await expect(page.getByTestId("card-status")).toHaveText("Frozen");
    await expect(page.getByRole("button", { name: "Unfreeze card", exact: true })).toBeVisible();
  },
);
