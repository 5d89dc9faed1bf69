import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { readSeed } from "./seed";
import { freshCode, wrongCode } from "./totp";

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: /account menu/i }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
}

test("a user enrolls 2FA, signs out, and signs in again with a code; a wrong code is refused", async ({
  page,
}) => {
  const seed = readSeed();

  await signInWithPassword(page, seed.operator.email, seed.password);
  await expect(page).toHaveURL(/\/overview/);

  await page.goto("/settings/security");
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(page.getByAltText("QR code for your authenticator app")).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await page.getByLabel("Code from your app").fill(wrongCode(secret));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText(/code is not valid/i)).toBeVisible();

  await page.getByLabel("Code from your app").fill(await freshCode(secret));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Two-factor authentication is on")).toBeVisible();

  await signOut(page);

  await signInWithPassword(page, seed.operator.email, seed.password);
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await page.getByLabel("Authentication code").fill(wrongCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText(/code is not valid/i)).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);

  // The next time step's code: the enrollment code's step was used and a replay is refused.
  await page.getByLabel("Authentication code").fill(await freshCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/overview/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("an admin with 2FA signs in and creates a working API access token", async ({ page, request }) => {
  const seed = readSeed();
  await signInWithPassword(page, seed.admin.email, seed.password);
  await page.getByLabel("Authentication code").fill(await freshCode(seed.admin.totpSecret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/overview/);

  await page.goto("/developers/access-token");
  await page.getByRole("button", { name: "Create token" }).click();
  const token = (await page.getByTestId("access-token").textContent())!.trim();
  expect(token).toMatch(/^svc_ut_/);

  const me = await request.get("/api/v1/me", { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  const body = await me.json();
  expect(body.success).toBe(true);
  expect(body.data.organization.id).toBe(seed.orgId);
});
