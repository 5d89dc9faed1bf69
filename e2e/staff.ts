import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { readSeed } from "./seed";
import { freshCode } from "./totp";

/** The two sizes every page is looked at: a laptop and a phone. */
export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * A full-page screenshot at both sizes (test-results/shots/<name>-desktop|phone.png), each first
 * checked for sideways scroll; the page is left at the desktop size.
 */
export async function shootBothWidths(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await page.screenshot({ path: `test-results/shots/${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

type StaffUser = { email: string; totpSecret: string };

/**
 * The admin the running spec acts as: its own when e2e/serve.ts seeded one for it (so it never
 * waits for a TOTP step another spec used), else the program's first admin.
 */
export function specAdmin(): StaffUser {
  const seed = readSeed();
  return seed.admins[path.basename(test.info().file, ".spec.ts")] ?? seed.admin;
}

/**
 * Signs a staff user in (password, then a fresh TOTP code) at `base` (another host, e.g.
 * http://127.0.0.1:PORT, or the baseURL when empty) and waits for the Overview.
 */
export async function signInAs(page: Page, user: StaffUser, base = ""): Promise<void> {
  await page.goto(`${base}/sign-in`);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(readSeed().password);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Authentication code").fill(await freshCode(user.totpSecret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/overview/);
}

export async function signInAdmin(page: Page, base = "") {
  await signInAs(page, specAdmin(), base);
  return readSeed();
}

export async function signInOperator(page: Page, base = "") {
  await signInAs(page, readSeed().cardOperator, base);
  return readSeed();
}
