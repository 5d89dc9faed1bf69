import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { readSeed } from "./seed";
import { DESKTOP, shootBothWidths, signInOperator } from "./staff";

/*
 * Issue 29: metadata in the console. An operator sets a key on a card and on its customer (the API's
 * limits and messages in the form), and the customer's low-balance alert; the REST API reads back what
 * the console wrote. The demo's Grace Hopper is left as found: the keys are removed, the alert off.
 */

const auth = () => ({ authorization: `Bearer ${readSeed().apiToken}` });

async function apiMetadata(request: APIRequestContext, path: string): Promise<Record<string, string>> {
  const res = await request.get(path, { headers: auth() });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { metadata: Record<string, string> } }).data.metadata;
}

/** Opens the editor and puts `key` = `value` in a new row. */
async function addRow(page: Page, key: string, value: string) {
  const region = page.getByRole("region", { name: "Metadata" });
  await region.getByRole("button", { name: "Edit metadata" }).click();
  const keys = region.getByRole("textbox", { name: /^Key \d+$/ });
  if (await keys.last().inputValue()) await region.getByRole("button", { name: "Add a key" }).click();
  await keys.last().fill(key);
  await region
    .getByRole("textbox", { name: /^Value \d+$/ })
    .last()
    .fill(value);
  return region;
}

async function removeRow(page: Page, key: string) {
  const region = page.getByRole("region", { name: "Metadata" });
  await region.getByRole("button", { name: "Edit metadata" }).click();
  await region.getByRole("button", { name: new RegExp(`^Remove key \\d+ \\(${key}\\)$`) }).click();
  await region.getByRole("button", { name: "Save metadata" }).click();
  await expect(region.getByRole("button", { name: "Edit metadata" })).toBeVisible();
  await expect(region.getByText(key, { exact: true })).toHaveCount(0);
}

test("an operator edits a card's and a customer's metadata and the customer's low-balance alert", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signInOperator(page);
  await page.goto(`/cards?q=${encodeURIComponent("grace.hopper@demo.test")}`);
  await page.locator("tr[data-card-id] a").first().click();
  await expect(page).toHaveURL(/\/cards\/crd_/);
  const cardId = new URL(page.url()).pathname.split("/").at(-1)!;

  // The card: a key too long is refused with the API's message, then a good one is saved.
  let region = await addRow(page, "k".repeat(41), "blue");
  await region.getByRole("button", { name: "Save metadata" }).click();
  await expect(region.getByText("a metadata key is 1 to 40 characters (got 41)")).toBeVisible();
  await expectAccessible(page);
  await region
    .getByRole("textbox", { name: /^Key \d+$/ })
    .last()
    .fill("e2e_team");
  await region.getByRole("button", { name: "Save metadata" }).click();
  await expect(region.getByRole("button", { name: "Edit metadata" })).toBeVisible();
  await expect(region.getByText("e2e_team", { exact: true })).toBeVisible();
  expect(await apiMetadata(request, `/api/v1/card-issuer/cards/${cardId}`)).toMatchObject({
    e2e_team: "blue",
  });
  await shootBothWidths(page, "card-metadata");
  await removeRow(page, "e2e_team");
  expect(await apiMetadata(request, `/api/v1/card-issuer/cards/${cardId}`)).not.toHaveProperty("e2e_team");

  // Its customer: a key, then the low-balance alert.
  await page.getByRole("link", { name: "grace.hopper@demo.test" }).click();
  await expect(page).toHaveURL(/\/customers\/sc_/);
  const svcCardId = new URL(page.url()).pathname.split("/").at(-1)!;
  region = await addRow(page, "e2e_crm_id", "C-42");
  await region.getByRole("button", { name: "Save metadata" }).click();
  await expect(region.getByText("C-42", { exact: true })).toBeVisible();
  expect(await apiMetadata(request, `/api/v1/card-issuer/customers/${svcCardId}`)).toMatchObject({
    e2e_crm_id: "C-42",
  });

  const alert = page.getByRole("region", { name: "Low-balance alert" });
  await alert.getByRole("button", { name: /^(Set an alert|Change alert)$/ }).click();
  await alert.getByLabel(/^Alert below/).fill("five");
  await alert.getByRole("button", { name: "Save alert" }).click();
  await expect(alert.getByText(/Give a positive amount/)).toBeVisible();
  await expectAccessible(page);
  await alert.getByLabel(/^Alert below/).fill("0.01");
  await alert.getByRole("button", { name: "Save alert" }).click();
  await expect(alert.getByText(/falls below \D*0\.01\./)).toBeVisible();
  await shootBothWidths(page, "customer-metadata");

  await alert.getByRole("button", { name: "Change alert" }).click();
  await alert.getByRole("button", { name: "Turn off" }).click();
  await expect(alert.getByText(/^Off: no customer\.balance\.low/)).toBeVisible();
  await removeRow(page, "e2e_crm_id");
  expect(await apiMetadata(request, `/api/v1/card-issuer/customers/${svcCardId}`)).not.toHaveProperty(
    "e2e_crm_id",
  );
});
