import { expect, test } from "./fixtures";
import { signInAdmin, specAdmin } from "./staff";
import { freshCode } from "./totp";

/*
 * Issue 13 end to end: a screening of a sanctioned address shows severe; a gateway payment paid
 * in the sandbox shows paid in the list; a swap goes from quote to completed behind the step-up.
 */

test("crypto: screening, a sandbox gateway payment, and a swap through the step-up", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const seed = await signInAdmin(page);
  const headers = { Authorization: `Bearer ${seed.apiToken}` };

  // Screening: an address of the OFAC list is severe, and the list's date shows.
  await page.goto("/screening");
  await expect(page.getByTestId("list-date")).toContainText(/27 Sept? 2024/);
  await expect(page.getByTestId("stale-list-warning")).toContainText("npm run admin -- screening-list load");
  await page.getByLabel("Address").fill("0x8589427373d6d84e98730d7795d8f6f8731fda16");
  await page.getByRole("button", { name: "Check address" }).click();
  const result = page.getByRole("region", { name: "Screening result" });
  await expect(result.locator("[data-risk=severe]")).toBeVisible();

  // Gateway: created and paid in the sandbox, shown paid in the list.
  const created = await request.post("/api/v1/sandbox/crypto-gateway/payments", {
    headers,
    data: { title: "E2E invoice", requested_amount: 42, external_reference: "e2e-42" },
  });
  expect(created.status()).toBe(201);
  const payment = (await created.json()).data as { payment_id: string };
  const paid = await request.post(`/api/v1/sandbox/crypto-gateway/payments/${payment.payment_id}/pay`, {
    headers,
    data: { asset_code: "USDC", network: "base", amount: 42 },
  });
  expect(paid.status()).toBe(200);
  await page.goto("/gateway?external_reference=e2e-42");
  await expect(page.getByRole("row", { name: /E2E invoice/ })).toContainText("Paid");

  // Swap: tokens in the master wallet, a quote with its countdown, execute with a code, completed.
  const deposit = await request.post("/api/v1/sandbox/master-wallet/assets/deposit", {
    headers,
    data: { asset_id: "usdc-base", amount: "100" },
  });
  expect(deposit.status()).toBe(201);
  await page.goto("/swaps");
  await page.getByLabel("From").selectOption("usdc-base");
  await page.getByLabel("To (your master wallet)").selectOption("eure-gnosis");
  await page.getByLabel("Amount").fill("10");
  await page.getByRole("button", { name: "Get quote" }).click();
  await expect(page.getByTestId("quote-expiry")).toContainText(/Expires in \d+ s/);
  await page.getByRole("button", { name: "Execute swap" }).click();
  await page.getByLabel("Authentication code").fill(await freshCode(specAdmin().totpSecret));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText(/submitted \(pending\)/)).toBeVisible();
  await expect(page.locator("tr[data-status=completed]").first()).toBeVisible({ timeout: 60_000 });
});
