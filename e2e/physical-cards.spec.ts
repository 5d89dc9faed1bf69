import { onboardToPinStep } from "./cardholder-steps";
import { expect, expectAccessible, test } from "./fixtures";
import { readSeed } from "./seed";
import { DESKTOP, shootBothWidths, signInOperator } from "./staff";

/*
 * Issue 29: a cardholder orders a physical card from My card, the sandbox ships and delivers it,
 * the cardholder activates it with the last four and the letter's code; staff see it in Card
 * orders and on the card's page. The simulated fulfillment may move the order too (every
 * SANDBOX_FULFILLMENT_SECONDS), so a helper's 409 for a step already made is fine: the test waits
 * for the status instead.
 */

test("a cardholder orders a physical card, the sandbox ships and delivers it, the cardholder activates it", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const seed = readSeed();
  await page.setViewportSize(DESKTOP);
  const email = `physical-${Date.now().toString(36)}@e2e.test`;
  await onboardToPinStep(page, request, email);
  await page.goto(`/card/${seed.orgId}/my-card`);

  const form = page.getByRole("region", { name: "Order a physical card" });
  await form.getByLabel("Name on card").fill("Grace Hopper");
  await form.getByLabel("Street and number").fill("10 Downing Street");
  await form.getByLabel("Country").selectOption("GB");
  await form.getByLabel("Postcode").fill("12345");
  await form.getByLabel("City").fill("London");
  await form.getByLabel("Delivery").selectOption("express");
  await form.getByRole("button", { name: "Order my card" }).click();
  await expect(form.getByText("Not a postcode of United Kingdom")).toBeVisible();
  await form.getByLabel("Postcode").fill("sw1a 2aa");
  await form.getByRole("button", { name: "Order my card" }).click();

  const title = page.locator('[id^="shipping-cor_"]');
  await expect(title).toBeVisible({ timeout: 15_000 });
  const orderId = (await title.getAttribute("id"))!.replace("shipping-", "");
  const lastFour = (await title.textContent())!.match(/(\d{4})\s*$/)![1]!;
  const timeline = page.getByTestId("shipping-timeline");
  await expect(timeline).toContainText("SW1A 2AA");
  await shootBothWidths(page, "physical-card-ordered");

  const auth = { Authorization: `Bearer ${seed.apiToken}` };
  for (const move of ["ship", "deliver"]) {
    const res = await request.post(`/api/v1/sandbox/card-orders/${orderId}/${move}`, { headers: auth });
    expect([200, 409]).toContain(res.status());
  }
  await expect(async () => {
    const res = await request.get(`/api/v1/card-issuer/card-orders/${orderId}`, { headers: auth });
    const { data } = (await res.json()) as { data: { status: string; carrier: string } };
    expect(data.status).toBe("delivered");
    expect(data.carrier).toBe("dhl");
  }).toPass({ timeout: 60_000 });

  await page.reload();
  await expect(timeline.getByRole("link", { name: "Track the parcel" })).toBeVisible();
  const hint = await page.getByText(/Sandbox: the letter's code is \d{6}/).textContent();
  const code = hint!.match(/(\d{6})/)![1]!;
  await page.getByLabel("Last four digits").fill(lastFour);
  await page.getByLabel("Activation code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Activate card" }).click();
  await expect(page.getByText(/4 tries left/)).toBeVisible();
  await page.getByLabel("Activation code").fill(code);
  await page.getByRole("button", { name: "Activate card" }).click();
  await expect(page.getByText("Your card is activated.")).toBeVisible({ timeout: 15_000 });
  await shootBothWidths(page, "physical-card-activated");

  // Staff: the order in Card orders (Delivered), and the card page's shipping panel.
  const staff = await browser.newPage();
  await signInOperator(staff);
  await staff.goto("/cards/orders?status=delivered");
  const row = staff.locator(`[data-order-id="${orderId}"]`);
  await expect(row).toContainText("Delivered");
  await expect(row).toContainText("Card activated");
  await shootBothWidths(staff, "card-orders");
  await row.getByRole("link").first().click();
  const panel = staff.getByRole("region", { name: "Shipping" });
  // The card page's first load streams its panels in; on a loaded CI machine that took over 5 s.
  await expect(panel.getByRole("link", { name: "Track the parcel" })).toHaveAttribute("href", /dhl\.com/, {
    timeout: 20_000,
  });
  await expect(panel.getByRole("list", { name: "Shipping timeline" }).getByRole("listitem")).toHaveCount(4);
  await shootBothWidths(staff, "card-shipping");
  await staff.close();
});

/*
 * The cardholder cancels their own order on My card while it waits for the printer (the simulated
 * fulfillment ships it after about 40 s, so the cancel comes right after the order): a confirmation
 * first, then the card reads Cancelled and a new order can be placed.
 */
test("a cardholder cancels their own physical card order before it ships", async ({ page, request }) => {
  test.setTimeout(180_000);
  const seed = readSeed();
  await page.setViewportSize(DESKTOP);
  const email = `cancel-${Date.now().toString(36)}@e2e.test`;
  await onboardToPinStep(page, request, email);
  await page.goto(`/card/${seed.orgId}/my-card`);

  const form = page.getByRole("region", { name: "Order a physical card" });
  await form.getByLabel("Name on card").fill("Jean Bartik");
  await form.getByLabel("Street and number").fill("Unter den Linden 1");
  await form.getByLabel("Postcode").fill("10117");
  await form.getByLabel("City").fill("Berlin");
  await form.getByRole("button", { name: "Order my card" }).click();
  const title = page.locator('[id^="shipping-cor_"]');
  await expect(title).toBeVisible({ timeout: 15_000 });
  const orderId = (await title.getAttribute("id"))!.replace("shipping-", "");
  const lastFour = (await title.textContent())!.match(/(\d{4})\s*$/)![1]!;
  const panel = page.getByRole("region", { name: `Physical card •••• ${lastFour}` });

  // Cancel, then keep the order: nothing changes.
  await panel.getByRole("button", { name: "Cancel order" }).click();
  const dialog = page.getByRole("dialog", { name: /^Cancel the order of the card ending \d{4}\?$/ });
  await expect(dialog).toContainText("can never be used");
  await expectAccessible(page);
  await shootBothWidths(page, "physical-card-cancel-dialog");
  await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(dialog).toBeHidden();

  await panel.getByRole("button", { name: "Cancel order" }).click();
  await dialog.getByRole("button", { name: "Yes, cancel my order" }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  // The order's panel goes (its card is out of use: My card shows the card as cancelled), and a new
  // order can be placed.
  await expect(panel).toHaveCount(0);
  const card = page.getByRole("region", { name: `Physical card ending ${lastFour}` });
  await expect(card).toContainText("Cancelled");
  await expect(page.getByRole("region", { name: "Order a physical card" })).toBeVisible();
  await shootBothWidths(page, "physical-card-canceled");

  const res = await request.get(`/api/v1/card-issuer/card-orders/${orderId}`, {
    headers: { Authorization: `Bearer ${seed.apiToken}` },
  });
  expect(((await res.json()) as { data: { status: string } }).data.status).toBe("canceled");
});
