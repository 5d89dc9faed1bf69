import { onboardToPinStep, signInCardholder } from "./cardholder-steps";
import { expect, test } from "./fixtures";
import { readSeed } from "./seed";
import { DESKTOP, PHONE } from "./staff";

/*
 * Issue 14 on the cardholder's pages, at desktop and phone size:
 * - the PIN set inside the hosted secure page's iframe by a new cardholder, with the pages opened
 *   at localhost (APP_URL's host) and at 127.0.0.1 (the same server under another name);
 * - a demo cardholder disputes a settled purchase from My card and sees the dispute's status.
 * Named to run after money.spec.ts (files run in name order on one worker): the disputes leave
 * the balances and the transaction counts that spec checks untouched anyway (filing credits
 * nothing), and they are on Corner Coffee, not the Metro Books purchases staff-console.spec.ts
 * disputes.
 */

const SIZES = [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const;

for (const host of ["localhost", "127.0.0.1"]) {
  for (const [size, viewport] of SIZES) {
    test(`a new cardholder sets the PIN inside the secure frame, pages opened at ${host}, ${size}`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(180_000);
      const seed = readSeed();
      const base = `http://${host}:${Number(process.env.E2E_PORT ?? 3100)}`;
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const email = `pin-${size}-${host.replace(/\W/g, "")}-${Date.now().toString(36)}@e2e.test`;
      await onboardToPinStep(page, request, email, base);

      const frameElement = page.getByTestId("secure-frame");
      await expect(frameElement).toHaveAttribute("data-state", "ready", { timeout: 15_000 });
      await expect(page.getByTestId("secure-frame-blocked")).toHaveCount(0);
      const box = (await frameElement.boundingBox())!;
      expect(Math.round(box.height)).toBe(520);
      // 420 px wide, or the screen's width less the page's padding on a phone: never off-screen.
      expect(Math.round(box.width)).toBeLessThanOrEqual(420);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      if (viewport.width > 420 + 64) expect(Math.round(box.width)).toBe(420);

      const frame = page.frameLocator('[data-testid="secure-frame"]');
      await frame.getByLabel("New PIN").fill("4829");
      await frame.getByLabel("Confirm PIN").fill("4829");
      await frame.getByRole("button", { name: "Set PIN" }).click();
      await expect(page).toHaveURL(`${base}/card/${seed.orgId}/my-card`, { timeout: 20_000 });
      await expect(page.getByTestId("card-status")).toHaveText("Active");
      // Card details are offered only once the provider reported the PIN set.
      await expect(page.getByRole("button", { name: "Show card details" })).toBeVisible();
      await context.close();
    });
  }
}

for (const [size, viewport, email, amount] of [
  ["desktop", DESKTOP, "ada.lovelace@demo.test", ""],
  ["phone", PHONE, "jean.bartik@demo.test", "5.00"],
] as const) {
  test(`a cardholder disputes a settled purchase from My card and sees its status, ${size}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const seed = readSeed();
    await page.setViewportSize(viewport);
    await signInCardholder(page, request, email, new Set());
    await expect(page).toHaveURL(new RegExp(`/card/${seed.orgId}/my-card`));
    // How money reaches the card, in words (issue 25): no chain jargon on the cardholder's page.
    const addMoney = page.getByRole("region", { name: "How to add money" });
    await expect(addMoney).toContainText("Money reaches your card from E2E Card Program");
    await expect(page.locator("body")).not.toContainText(/deploy|blockchain|on-chain/i);

    const purchase = page.getByTestId("my-transaction").filter({ hasText: "Corner Coffee" });
    // The authorized purchase (not settled yet) offers no dispute.
    await expect(
      page.getByTestId("my-transaction").filter({ hasText: "City Grocer" }).getByRole("button"),
    ).toHaveCount(0);
    const dispute = purchase.getByRole("button", { name: "Dispute Corner Coffee" });
    await dispute.scrollIntoViewIfNeeded();
    await expect(dispute).toBeInViewport({ ratio: 1 });
    // Nothing of My card runs off the side of the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await dispute.click();
    const dialog = page.getByRole("dialog", { name: "Dispute Corner Coffee" });
    await dialog.getByLabel("I was charged a different amount than I agreed to.").check();
    // An amount above the purchase is refused in plain words, nothing filed.
    await dialog.getByLabel(/Amount to dispute/).fill("999.00");
    await dialog.getByLabel("What happened").fill("The coffee was 2.50, the card was charged 12.50.");
    await dialog.getByRole("button", { name: "Submit dispute" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Check the amount");
    await dialog.getByLabel(/Amount to dispute/).fill(amount);
    await dialog.getByRole("button", { name: "Submit dispute" }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(purchase).toContainText("Dispute submitted");
    await expect(purchase.getByRole("button", { name: "Dispute Corner Coffee" })).toHaveCount(0);
    // After a reload, read from the dispute itself, with its amount: the whole purchase (12.50)
    // unless a part was given.
    await page.reload();
    const status = page
      .getByTestId("my-transaction")
      .filter({ hasText: "Corner Coffee" })
      .getByTestId("my-dispute-status");
    await expect(status).toContainText("Dispute submitted");
    await expect(status).toContainText(amount || "12.50");
    await expect(page.getByRole("button", { name: "Dispute Corner Coffee" })).toHaveCount(0);
  });
}
