import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { readSeed } from "./seed";
import { DESKTOP, PHONE, signInAdmin } from "./staff";

/*
 * Developers -> Events: a purchase's events found by object id, one opened with its payload,
 * sequence and webhook delivery (a local receiver; WEBHOOK_ALLOW_LOCALHOST in playwright.config.ts),
 * a date range with nothing in it, a refused range; both widths without sideways scroll; a viewer
 * reads events but not deliveries.
 */
const PATH = "/developers/events";
const auth = () => ({ authorization: `Bearer ${readSeed().apiToken}` });

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/shots/${name}.png`, fullPage: true });
}

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
}

test("events are searched by object, opened with payload, sequence and delivery, at both widths", async ({
  page,
  request,
}) => {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200).end("ok"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const made = await request.post("/api/v1/webhook/create-webhook", {
    headers: auth(),
    data: { url, events: ["transaction.authorized"], description: "e2e events" },
  });
  expect(made.status()).toBe(201);
  const webhookId = ((await made.json()) as { data: { webhook_id: string } }).data.webhook_id;
  try {
    const cards = await request.get("/api/v1/card-issuer/cards?status=active&card_type=virtual&limit=1", {
      headers: auth(),
    });
    const card = ((await cards.json()) as { data: { cards: { card_id: string }[] } }).data.cards[0]!;
    const bought = await request.post("/api/v1/sandbox/card-transactions", {
      headers: auth(),
      data: {
        card_id: card.card_id,
        amount: 2,
        currency: "EUR",
        merchant: "E2E Events Shop",
        type: "purchase",
      },
    });
    expect(bought.status()).toBe(201);
    const txn = ((await bought.json()) as { data: { transaction_id: string } }).data.transaction_id;

    await page.setViewportSize(DESKTOP);
    await signInAdmin(page);
    await page.getByRole("navigation").getByRole("link", { name: "Events", exact: true }).click();
    await expect(page).toHaveURL(PATH);
    await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();

    const search = page.getByRole("form", { name: "Search events" });
    await search.getByLabel("Object id").fill(txn);
    await search.getByRole("button", { name: "Apply" }).click();
    const list = page.getByRole("list", { name: "Events" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByText("transaction.authorized")).toBeVisible();
    await noSidewaysScroll(page);
    await shoot(page, "events-desktop");

    await list.getByRole("link", { name: /transaction\.authorized/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "transaction.authorized" })).toBeVisible();
    await expect(page.getByTestId("event-sequence")).toHaveText("1");
    await expect(page.getByTestId("event-payload")).toContainText(`"transaction_id": "${txn}"`);
    await expect(page.getByTestId("event-payload")).toContainText('"sequence": 1');
    // The worker fans the event out shortly after it commits.
    const deliveries = page.getByRole("region", { name: "Deliveries" });
    await expect(async () => {
      await page.reload();
      await expect(deliveries.getByRole("listitem")).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(deliveries.getByText(webhookId)).toBeVisible();
    await noSidewaysScroll(page);
    await page.setViewportSize(PHONE);
    await noSidewaysScroll(page);
    await shoot(page, "event-phone");
    await deliveries.getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhook delivery" })).toBeVisible();

    // A day long past holds none of the program's events; a range that ends before it starts is refused.
    await page.goto(`${PATH}?from=2001-01-01&to=2001-01-02`);
    await expect(page.getByText("No events match this search")).toBeVisible();
    await noSidewaysScroll(page);
    await shoot(page, "events-phone-empty");
    await page.goto(`${PATH}?from=2001-01-02&to=2001-01-01`);
    await expect(page.getByRole("alert").filter({ hasText: "must not be after" })).toBeVisible();
    await page.goto(`${PATH}?type=transaction.authorized`);
    await expect(page.getByRole("list", { name: "Events" }).getByRole("listitem").first()).toContainText(
      "transaction.authorized",
    );
    await noSidewaysScroll(page);
  } finally {
    await request.delete(`/api/v1/svc-card/webhooks/${webhookId}`, { headers: auth() });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test("a viewer reads the events but not their deliveries", async ({ page }) => {
  const seed = readSeed();
  await page.setViewportSize(PHONE);
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(seed.viewer.email);
  await page.getByLabel("Password").fill(seed.password);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/overview/);
  await page.goto(PATH);
  const first = page.getByRole("list", { name: "Events" }).getByRole("link").first();
  await first.click();
  await expect(page.getByText("Only admins see the webhook deliveries.")).toBeVisible();
  await noSidewaysScroll(page);
});
