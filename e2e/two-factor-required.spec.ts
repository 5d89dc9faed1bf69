import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { readSeed } from "./seed";

/*
 * "Require 2FA for every member" (docs/team.md) over HTTP against the production build: a viewer
 * without 2FA gets the pages' HTML, the CSV export and a server action's answer without any of the
 * program's data while the setting is on. The seeded demo program's customers and merchants are
 * what must not appear.
 */
const CUSTOMER_EMAILS = [
  "ada.lovelace@demo.test",
  "grace.hopper@demo.test",
  "jean.bartik@demo.test",
  "kyc.pending@demo.test",
  "new.signup@demo.test",
];
const MERCHANTS = ["Corner Coffee", "Metro Books", "City Grocer", "Late Night Taxi"];
const PAGES = ["/overview", "/customers", "/transactions", "/cards", "/disputes", "/balances", "/sandbox"];

async function requireTwoFactor(request: APIRequestContext, on: boolean) {
  const res = await request.put("/api/v1/team/settings", {
    headers: { Authorization: `Bearer ${readSeed().apiToken}` },
    data: { require_two_factor: on },
  });
  expect(res.status()).toBe(200);
}

/** Every page's HTML as the browser's session gets it (the RSC payload inside included). */
async function pagesHtml(page: Page): Promise<string> {
  const bodies = await Promise.all(PAGES.map(async (p) => (await page.request.get(p)).text()));
  return bodies.join("\n");
}

test("a member without 2FA gets no program data while the program requires it", async ({ page, request }) => {
  test.setTimeout(120_000);
  const seed = readSeed();
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(seed.viewer.email);
  await page.getByLabel("Password").fill(seed.password);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/overview/);

  // The same session before the setting: the pages carry the data this test looks for.
  const before = await pagesHtml(page);
  expect(CUSTOMER_EMAILS.some((email) => before.includes(email))).toBe(true);
  expect(MERCHANTS.some((merchant) => before.includes(merchant))).toBe(true);

  await requireTwoFactor(request, true);
  try {
    const html = await pagesHtml(page);
    for (const secret of [...CUSTOMER_EMAILS, ...MERCHANTS]) expect(html).not.toContain(secret);

    const exported = await page.request.get("/transactions/export");
    expect(exported.status()).toBe(403);
    const text = await exported.text();
    expect(text).toMatch(/requires two-factor authentication/);
    for (const secret of [...CUSTOMER_EMAILS, ...MERCHANTS]) expect(text).not.toContain(secret);

    // The console shows the enrolment in place of the page.
    await page.goto("/customers");
    await expect(
      page.getByRole("heading", { level: 1, name: "Set up two-factor authentication to continue" }),
    ).toBeVisible();
    await expect(page.getByText("ada.lovelace@demo.test")).toHaveCount(0);

    // A server action (the header's search) answers TWO_FACTOR_NOT_ENABLED and finds nothing: the
    // browser's call (the dialog shows its generic error), then the same POST again to read the answer.
    await page.getByTestId("global-search-open").click();
    const call = page.waitForRequest((req) => req.headers()["next-action"] !== undefined);
    await page.getByRole("combobox", { name: "Search" }).fill("ada.lovelace");
    const sent = await call;
    const replayed = await page.request.post(sent.url(), {
      headers: {
        "next-action": sent.headers()["next-action"]!,
        "content-type": sent.headers()["content-type"] ?? "text/plain;charset=UTF-8",
        accept: "text/x-component",
      },
      data: sent.postData() ?? "",
    });
    const body = await replayed.text();
    expect(body).toContain("TWO_FACTOR_NOT_ENABLED");
    expect(body).not.toContain("ada.lovelace@demo.test");
  } finally {
    await requireTwoFactor(request, false);
  }
});
