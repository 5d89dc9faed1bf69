import type { Page } from "@playwright/test";
import { signInCardholder } from "./cardholder-steps";
import { type AxeFinding, axeFindings, checkEveryPageYourself, expect, test } from "./fixtures";
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
  "/cards/orders",
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
  "/developers/events",
  "/developers/cli",
  "/developers/authorization-endpoint",
  "/settings",
  "/settings/team",
  "/settings/security",
  "/settings/audit",
  "/settings/card-pin",
  "/settings/program",
  "/rules",
  "/rules/new",
  "/spending-controls",
];

/** Detail pages: the first link of this shape on that list page. */
const DETAIL_PAGES: [list: string, href: RegExp][] = [
  ["/customers", /^\/customers\/sc_[^/?#]+$/],
  ["/cards", /^\/cards\/(?:crd|ctk)_[^/?#]+$/],
  ["/disputes", /^\/disputes\/dsp_[^/?#]+$/],
  ["/gateway", /^\/gateway\/gwp_[^/?#]+$/],
  ["/developers/webhooks", /^\/developers\/webhooks\/whk_[^/?#]+$/],
  ["/developers/events", /^\/developers\/events\/evt_[^/?#]+$/],
  ["/rules", /^\/rules\/arl_[^/?#]+$/],
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

/** Loaded, its streamed parts in (no loading state left), its data fetched. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
}

async function report(page: Page, path: string, errors: string[]): Promise<PageReport> {
  const width = page.viewportSize()!.width;
  const sideways = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  const found = { path, width, axe: await axeFindings(page), sideways, consoleErrors: [...errors] };
  errors.length = 0;
  return found;
}

/**
 * The page at both widths from one navigation: the layout is CSS only (no script reads the
 * width), so a page resized to the phone's width is the page a phone loads. Charts redraw on
 * resize (a ResizeObserver), hence the pause before the phone's look.
 */
async function look(page: Page, path: string, errors: string[]): Promise<PageReport[]> {
  await page.setViewportSize(DESKTOP);
  errors.length = 0;
  await page.goto(path);
  await settled(page);
  // The charts and other parts drawn after load.
  await page.waitForTimeout(400);
  const desktop = await report(page, path, errors);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(400);
  return [desktop, await report(page, path, errors)];
}

async function firstLink(page: Page, list: string, href: RegExp): Promise<string | null> {
  await page.goto(list);
  await settled(page);
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

test("every console page at desktop and phone widths: axe, no sideways scroll, no console errors", async ({
  page,
}) => {
  test.setTimeout(600_000);
  checkEveryPageYourself(page);
  await page.setViewportSize(DESKTOP);
  await signInAs(page, readSeed().admins["staff-console"]!);
  const errors = watchConsole(page);
  const details: string[] = [];
  for (const [list, href] of DETAIL_PAGES) {
    const found = await firstLink(page, list, href);
    if (found) details.push(found);
  }
  const reports: PageReport[] = [];
  for (const path of [...LIST_PAGES, ...details]) reports.push(...(await look(page, path, errors)));
  expect(problems(reports)).toEqual([]);
  // The demo program always has customers and cards; disputes, gateway payments and webhooks exist
  // once the specs before this one made them.
  expect(details.length, "detail pages found").toBeGreaterThanOrEqual(2);
});

test("the cardholder's pages at desktop and phone widths", async ({ page, request }) => {
  test.setTimeout(120_000);
  checkEveryPageYourself(page);
  const seed = readSeed();
  const errors = watchConsole(page);
  const reports = await look(page, `/card/${seed.orgId}`, errors);
  await page.setViewportSize(DESKTOP);
  await signInCardholder(page, request, "ada.lovelace@demo.test", new Set());
  await expect(page).toHaveURL(new RegExp(`/card/${seed.orgId}/my-card`));
  reports.push(...(await look(page, `/card/${seed.orgId}/my-card`, errors)));
  expect(problems(reports)).toEqual([]);
});
