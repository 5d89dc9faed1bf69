import { type Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { expect, test } from "./fixtures";
import { readSeed } from "./seed";

const PERIOD_MS = 30_000;
const stepNow = () => Math.floor(Date.now() / PERIOD_MS);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One user's codes, each of a time step never used before: the server refuses a step at or before
 * the last one it accepted, and accepts a step while its clock is within one step of it. So the
 * next code is for the step after the last one used, and we wait until the clock allows it.
 */
function codesFor(secret: string) {
  const totp = new OTPAuth.TOTP({
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
  // An earlier spec may have signed in with the current step's code.
  let lastUsed = stepNow();
  return {
    async next(): Promise<string> {
      const step = lastUsed + 1;
      // Valid from the start of step - 1; half a second of margin for the request on its way.
      const validFrom = (step - 1) * PERIOD_MS + 500;
      if (Date.now() < validFrom) await sleep(validFrom - Date.now());
      lastUsed = step;
      return totp.generate({ timestamp: step * PERIOD_MS + 1 });
    },
    /** A code no clock within the server's window would accept. */
    wrong(): string {
      const valid = new Set(
        [-1, 0, 1, 2, 3].map((d) => totp.generate({ timestamp: (stepNow() + d) * PERIOD_MS + 1 })),
      );
      let candidate = 100000;
      while (valid.has(String(candidate))) candidate++;
      return String(candidate);
    },
    /** Waits until the current step is unused again, as later specs sign in with the current code. */
    async settle(): Promise<void> {
      const until = (lastUsed + 1) * PERIOD_MS + 500;
      if (Date.now() < until) await sleep(until - Date.now());
    },
  };
}

async function signIn(page: Page, email: string, password: string, code?: () => Promise<string>) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
  if (code) {
    await page.getByLabel("Authentication code").fill(await code());
    await page.getByRole("button", { name: "Verify" }).click();
  }
  await expect(page).toHaveURL(/\/overview/);
}

// The seed is written when the web server starts, after this file is loaded: read it lazily.
let adminCodes: ReturnType<typeof codesFor> | undefined;

test.afterAll(async () => {
  test.setTimeout(90_000);
  await adminCodes?.settle();
});

test("a non-admin gets no API keys page", async ({ page }) => {
  const seed = readSeed();
  await signIn(page, seed.viewer.email, seed.password);
  await expect(page).toHaveURL(/\/overview/);
  await expect(page.getByRole("link", { name: "API keys" })).toHaveCount(0);
  await page.goto("/developers/api-keys");
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  await expect(page.getByText("Only admins manage API keys.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create key" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Audit log" })).toHaveCount(0);
});

test("an admin creates a key that works, then revokes it and it stops working", async ({ page, request }) => {
  // Three codes of successive steps (sign-in, create, revoke): up to a minute of waiting.
  test.setTimeout(150_000);
  const seed = readSeed();
  const codes = (adminCodes = codesFor(seed.admin.totpSecret));
  await signIn(page, seed.admin.email, seed.password, codes.next);

  await page.goto("/developers/api-keys");
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  await expect(page.getByText("No API keys yet")).toBeVisible();
  await expect(page.getByRole("region", { name: "Audit log" })).toContainText("Nothing yet");

  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Server");
  await dialog.getByRole("checkbox", { name: /^read\b/ }).check();
  await dialog.getByRole("button", { name: "Continue" }).click();

  // A wrong code keeps the dialog on the code step, with the error inside it.
  await dialog.getByLabel("Authentication code").fill(codes.wrong());
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByRole("alert")).toContainText(/code is not valid/i);

  await dialog.getByLabel("Authentication code").fill(await codes.next());
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByText("It cannot be shown again.")).toBeVisible();
  const apiKey = (await dialog.getByTestId("new-api-key").textContent())!.trim();
  const apiSecret = (await dialog.getByTestId("new-api-secret").textContent())!.trim();
  expect(apiKey).toMatch(/^pk_test_[0-9A-Za-z]{24}$/);
  expect(apiSecret).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toHaveCount(0);

  const row = page.getByRole("row", { name: /Server/ });
  await expect(row).toContainText(`${apiKey.slice(0, 12)}…`);
  await expect(row).toContainText("read");
  await expect(row).toContainText("Active");
  await expect(page.getByRole("region", { name: "Audit log" })).toContainText(
    `${seed.admin.email} created key Server`,
  );

  const headers = { "X-API-Key": apiKey, "X-API-Secret": apiSecret };
  const me = await request.get("/api/v1/me", { headers });
  expect(me.status()).toBe(200);
  expect((await me.json()).data.organization.id).toBe(seed.orgId);

  await page.getByRole("button", { name: "Revoke Server" }).click();
  await dialog.getByLabel("Type the key name to confirm").fill("Server");
  await dialog.getByLabel("Authentication code").fill(await codes.next());
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText("Revoked");
  await expect(page.getByRole("button", { name: "Revoke Server" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Audit log" })).toContainText(
    `${seed.admin.email} revoked key Server`,
  );

  const after = await request.get("/api/v1/me", { headers });
  expect(after.status()).toBe(401);
});
