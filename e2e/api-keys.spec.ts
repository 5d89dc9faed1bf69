import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { readSeed } from "./seed";
import { freshCode, wrongCode } from "./totp";

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
  const secret = seed.admin.totpSecret;
  await signIn(page, seed.admin.email, seed.password, () => freshCode(secret));

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
  await dialog.getByLabel("Authentication code").fill(wrongCode(secret));
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByRole("alert")).toContainText(/code is not valid/i);

  await dialog.getByLabel("Authentication code").fill(await freshCode(secret));
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
  await dialog.getByLabel("Authentication code").fill(await freshCode(secret));
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
