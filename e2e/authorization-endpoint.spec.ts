import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { readSeed } from "./seed";
import { DESKTOP, PHONE, signInAs, specAdmin } from "./staff";
import { freshCode } from "./totp";

/*
 * Issue 27 at 1366 and 390 px (axe checks every page in e2e/fixtures.ts): an admin points the demo
 * program's authorization endpoint at the built-in sample receiver from the console (behind the
 * step-up), a simulated purchase goes through it, the request shows in the log and the outcome on
 * the transaction's sheet; Send test authorization shows the signed request and the answer. The
 * endpoint is disabled again at the end, so the specs after this one meet none of it.
 */

const SHOTS = "/tmp/shots/h6";
const PATH = "/developers/authorization-endpoint";
const auth = () => ({ authorization: `Bearer ${readSeed().apiToken}` });

async function shoot(page: Page, name: string) {
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await page.screenshot({ path: `${SHOTS}/${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/** Save, confirming with a code when the session's step-up window is not open. */
async function save(page: Page) {
  await page.getByRole("button", { name: "Save" }).click();
  const code = page.getByLabel("Authentication code");
  if (await code.isVisible({ timeout: 3_000 }).catch(() => false)) {
    await code.fill(await freshCode(specAdmin().totpSecret));
    await page.getByRole("button", { name: "Confirm" }).click();
  }
}

test("the sample receiver decides a simulated purchase; the log and the transaction show it", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await signInAs(page, specAdmin());
  await page.goto(PATH);
  await expect(page.getByRole("heading", { name: "Authorization endpoint", level: 1 })).toBeVisible();

  const form = page.getByRole("form", { name: "Endpoint settings" });
  await form.getByRole("button", { name: "Use the sample receiver" }).click();
  await expect(form.getByLabel("URL")).toHaveValue("sandbox://sample-receiver");
  await form.getByLabel(/Enabled/).check();
  await save(page);
  await expect(page.getByText("The signing secret, shown this once")).toBeVisible();

  // A simulated purchase of the demo program goes through the endpoint.
  const cards = await request.get("/api/v1/card-issuer/cards?status=active&card_type=virtual&limit=1", {
    headers: auth(),
  });
  const card = ((await cards.json()) as { data: { cards: { card_id: string }[] } }).data.cards[0]!;
  const bought = await request.post("/api/v1/sandbox/card-transactions", {
    headers: auth(),
    data: {
      card_id: card.card_id,
      amount: 3,
      currency: "USD",
      merchant: "E2E Endpoint Shop",
      type: "purchase",
    },
  });
  expect(bought.status()).toBe(201);
  const txn = ((await bought.json()) as { data: { transaction_id: string; decision_source: string } }).data;
  expect(txn.decision_source).toBe("endpoint");

  // The request is in the log, and its transaction's sheet says who decided.
  await page.goto(PATH);
  const log = page.getByRole("list", { name: "Last requests" });
  const entry = log.getByRole("listitem").filter({ hasText: txn.transaction_id });
  await expect(entry).toBeVisible();
  await entry.locator("summary").click();
  await expect(entry.getByText("authorization.request").first()).toBeVisible();
  await shoot(page, "endpoint-log");
  await entry.getByRole("link", { name: txn.transaction_id }).click();
  await expect(page.getByText("Decided by")).toBeVisible();
  await expect(page.getByText("Program's authorization endpoint")).toBeVisible();

  // Send test authorization shows the signed request and the answer.
  await page.goto(PATH);
  await page.getByRole("button", { name: "Send test authorization" }).click();
  const result = page.getByLabel("Test result");
  await expect(result.getByText("Approved")).toBeVisible();
  await expect(result.getByText(/x-svc-signature: sha256=/)).toBeVisible();
  await shoot(page, "endpoint-test");

  // Off again for the specs that follow.
  await form.getByLabel(/Enabled/).uncheck();
  await save(page);
  await expect(page.getByRole("alert")).toHaveCount(0);
  const after = await request.get("/api/v1/card-issuer/authorization-endpoint", { headers: auth() });
  expect(((await after.json()) as { data: { enabled: boolean } }).data.enabled).toBe(false);
});
