import type { Page } from "@playwright/test";
import { signInCardholder } from "./cardholder-steps";
import { type AxeFinding, axeFindings, expect, test } from "./fixtures";
import { readSeed } from "./seed";
import { DESKTOP, PHONE, signInAs } from "./staff";

/*
 * Issue 25 (Phone layouts, Tests): every page of the console, and the cardholder's, at 1366x900
 * and 390x844: axe finds nothing serious or critical, nothing scrolls sideways, and the browser
 * console shows no error. Detail pages are reached from the first row of their list.
 */

const LIST_PAGES = [
  "/overview",
  "/transactions",
  "/customers",
  "/cards",
  "/disputes",
  "/disputes/new",
  "/balances",
  "/payments",
  "/gateway",
  "/swaps",
  "/screening",
  "/sandbox",
  "/developers",
  "/developers/api-keys",
  "/developers/access-token",
  "/developers/webhooks",
  "/developers/webhooks/signature-checker",
  "/settings",
  "/settings/team",
  "/settings/security",
  "/settings/audit",
  "/settings/card-pin",
  "/disputes/new",
  "/rules",
  "/spending-controls",
];

/** Detail pages: the first link of this shape on that list page. */
const DETAIL_PAGES: [list: string, href: RegExp][] = [
  ["/customers", /^\/customers\/sc_[^/?#]+$/],
  ["/cards", /^\/cards\/(?:crd|ctk)_[^/?#]+$/],
  ["/disputes", /^\/disputes\/dsp_[^/?#]+$/],
  ["/gateway", /^\/gateway\/gwp_[^/?#]+$/],
  ["/developers/webhooks", /^\/developers\/webhooks\/whk_[^/?#]+$/],
];

interface PageReport {
  path: string;
  width: number;
  axe: AxeFinding[];
  sideways: number;
  consoleErrors: string[];
}

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

async function look(page: Page, path: string, width: number, errors: string[]): Promise<PageReport> {
  errors.length = 0;
  await page.goto(path);
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
  // The charts and other parts drawn after load.
  await page.waitForTimeout(600);
  const sideways = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  return { path, width, axe: await axeFindings(page), sideways, consoleErrors: [...errors] };
}

async function firstLink(page: Page, list: string, href: RegExp): Promise<string | null> {
  await page.goto(list);
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
  const hrefs = await page
    .locator("a[href]")
    .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.find((h) => href.test(h)) ?? null;
}

function problems(reports: PageReport[]): string[] {
  return reports.flatMap((r) => [
    ...r.axe.map((f) => `${r.path} @${r.width}: axe ${f.impact} ${f.rule} (${f.targets.join(", ")})`),
    ...(r.sideways > 0 ? [`${r.path} @${r.width}: scrolls sideways by ${r.sideways}px`] : []),
    ...r.consoleErrors.map((e) => `${r.path} @${r.width}: console error ${e.slice(0, 200)}`),
  ]);
}

for (const [size, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  test(`every console page at ${size} width: axe, no sideways scroll, no console errors`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(viewport);
    await signInAs(page, readSeed().admins["staff-console"]!);
    const errors = watchConsole(page);
    const details: string[] = [];
    for (const [list, href] of DETAIL_PAGES) {
      const found = await firstLink(page, list, href);
      if (found) details.push(found);
    }
    const reports: PageReport[] = [];
    for (const path of [...LIST_PAGES, ...details])
      reports.push(await look(page, path, viewport.width, errors));
    expect(problems(reports)).toEqual([]);
    // The demo program always has customers and cards; disputes, gateway payments and webhooks exist
    // once the specs before this one made them.
    expect(details.length, "detail pages found").toBeGreaterThanOrEqual(2);
  });

  test(`the cardholder's pages at ${size} width`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const seed = readSeed();
    await page.setViewportSize(viewport);
    const errors = watchConsole(page);
    const reports = [await look(page, `/card/${seed.orgId}`, viewport.width, errors)];
    await signInCardholder(page, request, "ada.lovelace@demo.test", new Set());
    await expect(page).toHaveURL(new RegExp(`/card/${seed.orgId}/my-card`));
    reports.push(await look(page, `/card/${seed.orgId}/my-card`, viewport.width, errors));
    expect(problems(reports)).toEqual([]);
  });
}
