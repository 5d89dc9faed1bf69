import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { readSeed, type E2eSeed } from "./seed";
import { freshCode } from "./totp";

/** The two sizes every page is looked at: a laptop and a phone. */
export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * Signs a seeded staff user in (password, then a fresh TOTP code) at `base` (another host, e.g.
 * http://127.0.0.1:PORT, or the baseURL when empty) and waits for the Overview.
 */
async function signInStaff(page: Page, who: "admin" | "cardOperator", base: string): Promise<E2eSeed> {
  const seed = readSeed();
  const user = seed[who];
  await page.goto(`${base}/sign-in`);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(seed.password);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Authentication code").fill(await freshCode(user.totpSecret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/overview/);
  return seed;
}

export const signInAdmin = (page: Page, base = "") => signInStaff(page, "admin", base);
export const signInOperator = (page: Page, base = "") => signInStaff(page, "cardOperator", base);
