import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { readSeed } from "./seed";
import { DESKTOP, PHONE, signInAs } from "./staff";

/*
 * Issue 25, disputes as a workflow, at both widths on the demo program (e2e/serve.ts): "New
 * dispute" from the Disputes page, the customer found with the picker by a fragment of the
 * e-mail, one of their purchases filed; the dispute's page (customer and purchase linked, a
 * respond-by date), a note and a PNG evidence file (downloadable), the sandbox's decision, and
 * the timeline that tells it. Desktop: Grace's Corner Coffee; phone: Jean's Metro Books (the
 * other specs dispute Ada's and Jean's Corner Coffee and Grace's and Ada's Metro Books).
 */

/** A 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** With E2E_SCREENSHOTS set, a full-page screenshot into test-results/ (to look at the pages). */
async function shot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `test-results/disputes-${name}.png`, fullPage: true });
}

async function noSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

async function pickCustomer(page: Page, fragment: string, email: string) {
  const picker = page.getByRole("combobox", { name: /customer/i });
  await picker.fill(fragment);
  await page.getByRole("option", { name: new RegExp(email.replace(".", "\\.")) }).click();
  await expect(page).toHaveURL(/\/disputes\/new\?customer_id=sc_/);
}

async function fileAndWork(page: Page, who: { fragment: string; email: string; merchant: string }) {
  const width = page.viewportSize()!.width;
  await page.goto("/disputes");
  await page.getByRole("link", { name: "New dispute" }).click();
  await expect(page.getByRole("heading", { name: "New dispute" })).toBeVisible();
  await pickCustomer(page, who.fragment, who.email);
  await page.getByRole("radio", { name: new RegExp(who.merchant) }).check();
  await page.getByRole("combobox", { name: /^Reason/ }).selectOption("not_received");
  await page.getByLabel("What happened").fill(`Nothing from ${who.merchant} ever came.`);
  await shot(page, `new-${width}`);
  await page.getByRole("button", { name: "File dispute" }).click();

  // The dispute's page, addressable by URL.
  await expect(page).toHaveURL(/\/disputes\/dsp_/);
  const url = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(who.merchant);
  await expect(page.getByRole("link", { name: who.email })).toHaveAttribute("href", /\/customers\/sc_/);
  await expect(page.getByRole("link", { name: new RegExp(`at ${who.merchant}`) })).toHaveAttribute(
    "href",
    /\/transactions\?customer_id=sc_.*&tx=/,
  );
  await expect(page.getByText(/29 days left|30 days left/)).toBeVisible();
  const timeline = page.getByRole("list", { name: "Dispute timeline" });
  await expect(timeline).toContainText("Filed");

  // A note.
  await page.getByLabel("Add a note").fill("Asked the merchant for proof of delivery.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByTestId("note")).toContainText("Asked the merchant for proof of delivery.");

  // An evidence PNG, then its download.
  await page
    .getByLabel("Add evidence")
    .setInputFiles({ name: "parcel photo.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Upload" }).click();
  const file = page.getByTestId("evidence").getByRole("link", { name: "parcel photo.png" });
  await expect(file).toBeVisible();
  const download = await page.request.get((await file.getAttribute("href"))!);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("image/png");
  expect(Buffer.from(await download.body()).equals(PNG)).toBe(true);

  // The network's decision (sandbox): under review, then won and credited.
  await page.getByRole("button", { name: "Review" }).click();
  await expect(timeline).toContainText("Under review");
  await page.getByRole("button", { name: "Win" }).click();
  await expect(timeline).toContainText("Credited to the customer");
  await expect(timeline).toContainText("Won");
  await expect(timeline).toContainText("Note added");
  await expect(timeline).toContainText("Evidence added");
  await noSidewaysScroll(page);
  await shot(page, `detail-${width}`);

  // The list: the customer by e-mail, the amount opens the page; no sideways scroll.
  await page.goto("/disputes?status=won");
  const row = page.locator("tr", { hasText: `Purchase at ${who.merchant}` }).filter({ hasText: who.email });
  await expect(row.first()).toBeVisible();
  await noSidewaysScroll(page);
  await shot(page, `list-${width}`);
  await page.goto(url);
  await expect(page.getByText("Won (credited)").first()).toBeVisible();
}

test("staff file a dispute from the customer picker, add a note and evidence, decide it, at both widths", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signInAs(page, readSeed().admins["staff-console"]!);
  await fileAndWork(page, { fragment: "hopper", email: "grace.hopper@demo.test", merchant: "Corner Coffee" });

  // Sorting by amount is in the address; the export answers CSV.
  await page.goto("/disputes");
  await page.getByRole("link", { name: /^Amount/ }).click();
  await expect(page).toHaveURL(/sort=-amount/);
  const csv = await page.request.get("/disputes/export");
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toMatch(/^dispute_id,created_at,status,respond_by,/);
  await page.setViewportSize(PHONE);
  await fileAndWork(page, { fragment: "bartik", email: "jean.bartik@demo.test", merchant: "Metro Books" });
});
