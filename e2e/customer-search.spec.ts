import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DESKTOP, PHONE, signInAs, specAdmin } from "./staff";
import { freshCode } from "./totp";

/*
 * Issue 25, Deliver 1: find anyone from what an operator knows. At 1366 and 390 px "hopper" (the
 * middle of grace.hopper@demo.test, demo program) finds Grace in the command palette and on
 * Customers; Balances -> Fund a customer takes her through the customer picker by that fragment
 * and sends the funds to her svc_card_id. Nothing scrolls sideways; axe checks every page
 * (e2e/fixtures.ts).
 */

const GRACE = "grace.hopper@demo.test";

async function noSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

for (const [name, viewport, amount] of [
  ["desktop", DESKTOP, "1.10"],
  ["phone", PHONE, "1.20"],
] as const) {
  test(`"hopper" finds Grace in the palette, on Customers and in Fund a customer's picker (${name})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signInAs(page, specAdmin());

    // The command palette: a fragment from the middle of the email.
    await page.getByTestId("global-search-open").click();
    const search = page.getByRole("combobox", { name: "Search" });
    await search.fill("hopper");
    await expect(page.getByRole("option", { name: new RegExp(GRACE) })).toBeVisible({ timeout: 10_000 });
    await search.press("Enter");
    await expect(page).toHaveURL(/\/customers\/sc_/);
    const svcCardId = decodeURIComponent(page.url().split("/customers/")[1]!.split(/[?#]/)[0]!);

    // Customers: the same fragment in the search box; stacked rows on a phone, no sideways scroll.
    await page.goto("/customers");
    await page.getByRole("searchbox", { name: "Search" }).fill("hopper");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/customers\?q=hopper/);
    const row = page.locator(`tr[data-svc-card-id="${svcCardId}"]`);
    await expect(row.getByRole("link", { name: GRACE })).toBeVisible();
    await expect(page.locator("tr[data-svc-card-id]")).toHaveCount(1);
    await expect(row.getByText("Approved")).toBeVisible();
    await noSidewaysScroll(page);
    // Sorted by email through the heading (on a phone the headings are for screen readers only).
    if (name === "desktop") {
      await page.getByRole("link", { name: "Customer", exact: true }).click();
      await expect(page).toHaveURL(/sort=email&order=asc/);
      await expect(page.getByRole("columnheader", { name: "Customer", exact: true })).toHaveAttribute(
        "aria-sort",
        "ascending",
      );
    }
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/customers/export?q=hopper",
    );

    // Balances -> Fund a customer: pick Grace by the fragment; the funding goes to her svc_card_id.
    await page.goto("/balances");
    await page.getByRole("button", { name: "Fund a customer" }).click();
    const dialog = page.getByRole("dialog");
    const picker = dialog.getByRole("combobox", { name: "Customer" });
    await picker.fill("hopper");
    const option = dialog.getByRole("option", { name: new RegExp(GRACE) });
    await expect(option).toBeVisible({ timeout: 10_000 });
    // Escape with the list open closes the list only: the dialog and what was typed stay.
    await picker.press("Escape");
    await expect(option).toBeHidden();
    await expect(picker).toHaveAttribute("aria-expanded", "false");
    await expect(dialog).toBeVisible();
    await expect(picker).toHaveValue("hopper");
    await picker.press("ArrowDown"); // opens the list again
    await expect(option).toBeVisible();
    await picker.press("ArrowDown");
    await picker.press("Enter");
    await expect(picker).toHaveValue(GRACE);
    await expect(dialog.getByText(svcCardId)).toBeVisible();
    await dialog.getByLabel("Amount").fill(amount);
    await dialog.getByRole("button", { name: "Send funds" }).click();
    const done = page.getByTestId("fund-result");
    const codeField = page.getByLabel("Authentication code");
    await expect(done.or(codeField).first()).toBeVisible({ timeout: 15_000 });
    if (await codeField.isVisible()) {
      await codeField.fill(await freshCode(specAdmin().totpSecret));
      await page.getByRole("button", { name: "Confirm" }).click();
    }
    await expect(done).toBeVisible({ timeout: 15_000 });
    await expect(done).toContainText(svcCardId);
    await expect(done).toContainText(`$${amount}`);
    await noSidewaysScroll(page);
  });
}
