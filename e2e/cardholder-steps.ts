import { type APIRequestContext, type Page } from "@playwright/test";
import { expect } from "./fixtures";
import { readSeed } from "./seed";

/* Steps the cardholder specs share: codes from the sandbox outbox, sign-in, onboarding up to the PIN. */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The newest 6-digit code sent to this address, read from the sandbox dev outbox over the REST API. */
export async function codeSentTo(
  request: APIRequestContext,
  to: string,
  notBefore: Set<string>,
): Promise<string> {
  const { apiToken } = readSeed();
  for (let i = 0; i < 40; i++) {
    const res = await request.get(`/api/v1/sandbox/outbox?to=${encodeURIComponent(to)}`, {
      headers: { Authorization: `Bearer ${apiToken}` },
    });
    expect(res.status()).toBe(200);
    const { data } = (await res.json()) as { data: { messages: { id: string; body: string }[] } };
    const fresh = data.messages.find((m) => !notBefore.has(m.id));
    const code = fresh?.body.match(/\b(\d{6})\b/)?.[1];
    if (fresh && code) {
      notBefore.add(fresh.id);
      return code;
    }
    await sleep(250);
  }
  throw new Error(`no code arrived for ${to}`);
}

/** Signs in on the program's cardholder page at `base` with an email code. */
export async function signInCardholder(
  page: Page,
  request: APIRequestContext,
  email: string,
  seen: Set<string>,
  base = "",
): Promise<void> {
  const seed = readSeed();
  await page.goto(`${base}/card/${seed.orgId}`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByLabel("Code").fill(await codeSentTo(request, email, seen));
  await page.getByRole("button", { name: "Verify" }).click();
}

/**
 * A new cardholder from their email to their first card, at `base` (the console's host as the
 * browser reaches it), up to the wizard's PIN step. The hosted KYC page opens on that same host
 * (server/action-kit/browser-origin.ts), so its Continue link brings the cardholder back signed in.
 */
export async function onboardToPinStep(
  page: Page,
  request: APIRequestContext,
  email: string,
  base = "",
): Promise<void> {
  const seed = readSeed();
  const seen = new Set<string>();
  const onboarding = new RegExp(`/card/${seed.orgId}/onboarding`);
  await signInCardholder(page, request, email, seen, base);
  await expect(page).toHaveURL(onboarding);

  await page.getByRole("button", { name: "Verify my identity" }).click();
  await expect(page).toHaveURL(/\/kyc\//);
  if (base) expect(new URL(page.url()).host).toBe(new URL(base).host);
  await page.getByLabel("Country of residence").selectOption("GB");
  // With E2E_SCREENSHOTS set, the hosted KYC page as the cardholder sees it (to look at, by width and host).
  if (process.env.E2E_SCREENSHOTS) {
    const width = page.viewportSize()?.width ?? 0;
    const host = new URL(page.url()).hostname.replace(/\W/g, "");
    await page.screenshot({ path: `test-results/shots/kyc-${width}-${host}.png`, fullPage: true });
  }
  await page.getByRole("button", { name: "Approve" }).click();
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(onboarding);

  // The decision reaches the onboarding page through the provider's news: reload until it has.
  const selects = page.locator("form select");
  await expect(async () => {
    if (!(await selects.first().isVisible())) await page.reload();
    await expect(selects.first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  for (let i = 0; i < (await selects.count()); i++) await selects.nth(i).selectOption({ index: 1 });
  await page.getByRole("button", { name: "Continue", exact: true }).click();

  const phone = `+4477009${String(Date.now()).slice(-5)}`;
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByLabel("Code").fill(await codeSentTo(request, phone, seen));
  await page.getByRole("button", { name: "Verify" }).click();

  await page.getByRole("button", { name: "Set up my wallet" }).click();
  await expect(page.getByRole("button", { name: "Create my card" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Create my card" }).click();
}
