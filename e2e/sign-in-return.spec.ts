import { expect, test } from "./fixtures";
import { readSeed } from "./seed";
import { freshCode } from "./totp";

/*
 * Issue 25 (Deep links): signing in again lands on the page the user was going to, through the
 * two-factor step, with its query kept; a callbackUrl that leads off the site lands on the
 * Overview (app/(auth)/sign-in/callback-path.ts).
 */

test("a deep link while signed out returns there after password and 2FA code", async ({ page }) => {
  const admin = readSeed().admins["staff-console"]!;
  const deepLink = "/transactions?status=declined";
  await page.goto(deepLink);
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(deepLink);

  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(readSeed().password);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Authentication code").fill(await freshCode(admin.totpSecret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === deepLink);
  await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();

  // Signed in, the sign-in page forwards at once: to a path of the site, never off it.
  await page.goto(`/sign-in?callbackUrl=${encodeURIComponent("/cards?status=frozen")}`);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === "/cards?status=frozen");
  for (const attack of ["//evil.com", "https://evil.com", "/\\evil.com", "//evil.com/overview"]) {
    await page.goto(`/sign-in?callbackUrl=${encodeURIComponent(attack)}`);
    await expect(page, attack).toHaveURL(/^http:\/\/localhost:\d+\/overview$/);
  }
});

test("an expired session sends the user to sign in with the way back", async ({ page, context }) => {
  const admin = readSeed().admins["staff-console"]!;
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(readSeed().password);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Authentication code").fill(await freshCode(admin.totpSecret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/overview/);

  // The session ends (cookies gone, as after expiry); the next page asked for is the way back.
  await context.clearCookies();
  await page.goto("/customers?q=hopper");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/customers?q=hopper");
});
