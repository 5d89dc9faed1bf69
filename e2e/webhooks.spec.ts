import http from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhookSignature } from "@/lib/webhooks/verify";
import { expect, test } from "./fixtures";
import { readSeed } from "./seed";
import { signInAdmin } from "./staff";

/*
 * Needs the server started with WEBHOOK_ALLOW_LOCALHOST=1 (a receiver on 127.0.0.1) and a
 * compressed WEBHOOK_RETRY_SCHEDULE (seconds), both set in playwright.config.ts webServer.env.
 */

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local endpoint that answers 200 or, when told to fail, 500; it keeps the raw bytes of each request. */
async function startReceiver() {
  const received: Received[] = [];
  let failing = false;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(failing ? 500 : 200, { "content-type": "text/plain" });
      res.end(failing ? "receiver is down" : "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    fail: (on: boolean) => (failing = on),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;

test.afterAll(async () => {
  await receiver?.close();
});

test("a non-admin gets no webhooks", async ({ page }) => {
  const seed = readSeed();
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(seed.viewer.email);
  await page.getByLabel("Password").fill(seed.password);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/overview/);
  await page.goto("/developers/webhooks");
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  await expect(page.getByText("Only admins manage webhooks.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add webhook" })).toHaveCount(0);
});

test(
  "an admin adds a webhook, a test event is delivered signed, a failing " +
    "one retries, and Retry delivers it",
  async ({ page }) => {
    test.setTimeout(180_000);
    receiver = await startReceiver();
    const rx = receiver;
    await signInAdmin(page);

    await page.goto("/developers/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    await expect(page.getByText("No webhooks yet")).toBeVisible();

    await page.getByRole("button", { name: "Add webhook" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Endpoint URL").fill(rx.url);
    await dialog.getByLabel("Description").fill("e2e receiver");
    // The catalog shows each type's description and an example payload.
    await expect(dialog.getByText("Card frozen (by the program or the customer).")).toBeVisible();
    await dialog.getByRole("checkbox", { name: /^All events/ }).check();
    await dialog.getByRole("button", { name: "Add webhook" }).click();
    await expect(dialog.getByRole("heading", { name: "Webhook created" })).toBeVisible();
    const secret = (await dialog.getByTestId("webhook-secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toHaveCount(0);

    const row = page.getByRole("row", { name: new RegExp(rx.url.replace(/[.:/]/g, "\\$&")) });
    await expect(row).toContainText("All events");
    await expect(row).toContainText("Enabled");
    await row.getByRole("link", { name: rx.url }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhook" })).toBeVisible();

    // 1. A test event to a healthy receiver: succeeded, and the request is signed correctly.
    await page.getByRole("button", { name: "Send test event" }).click();
    const firstId = (await page.getByTestId("test-delivery-id").textContent())!.trim();
    const first = page.locator(`tr[data-delivery-id="${firstId}"]`);
    await expect(first).toContainText("Succeeded", { timeout: 20_000 });
    const req = rx.received.find((r) => r.headers["x-svc-delivery-id"] === firstId);
    expect(req, "the receiver got the test event").toBeDefined();
    expect(req!.headers["x-svc-event"]).toBe("webhook.test");
    const verdict = await verifyWebhookSignature({
      secret,
      body: req!.body,
      timestamp: req!.headers["x-svc-timestamp"] as string,
      signature: req!.headers["x-svc-signature"] as string,
    });
    expect(verdict).toEqual({ ok: true });
    expect(JSON.parse(req!.body)).toMatchObject({
      type: "webhook.test",
      data: { message: "This is a test event." },
    });

    // 2. The receiver fails: the delivery is retrying, with the time of its next attempt.
    rx.fail(true);
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByTestId("test-delivery-id")).not.toHaveText(firstId);
    const secondId = (await page.getByTestId("test-delivery-id").textContent())!.trim();
    const second = page.locator(`tr[data-delivery-id="${secondId}"]`);
    await expect(second).toContainText("Retrying", { timeout: 20_000 });
    await expect(second.getByTestId("next-attempt")).toHaveText(/\d{2}:\d{2}:\d{2}/);
    await expect(second).toContainText("500");

    // Its detail page: the attempts with their request headers, response status and body.
    await second.getByRole("link", { name: /webhook\.test/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhook delivery" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Attempt 1 · failed/ })).toBeVisible();
    await expect(page.getByText("receiver is down").first()).toBeVisible();
    await expect(page.getByTestId("request-body")).toContainText("webhook.test");

    // On the compressed schedule all 7 attempts fail within seconds: failed for good.
    await expect(page.getByTestId("delivery-status")).toHaveText("Failed", { timeout: 60_000 });
    await expect(page.getByRole("heading", { name: /^Attempt 7 · failed/ })).toBeVisible();

    // 3. The receiver recovers; Retry sends it once more and it succeeds.
    rx.fail(false);
    await page.getByRole("button", { name: "Retry now" }).click();
    await expect(page.getByTestId("delivery-status")).toHaveText("Succeeded", { timeout: 20_000 });
    await expect(page.getByRole("heading", { name: /^Attempt 8 · succeeded/ })).toBeVisible();
    const delivered = rx.received.filter((r) => r.headers["x-svc-delivery-id"] === secondId);
    expect(delivered.length).toBe(8);
    // Every attempt carries the same event id and the same bytes.
    expect(new Set(delivered.map((r) => r.body)).size).toBe(1);
  },
);
