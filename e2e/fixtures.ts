import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, expect, type Page, test as base } from "@playwright/test";

/*
 * The e2e suite's `test`: every spec imports it from here (lint refuses @playwright/test's), so
 * every page a spec visits is checked with axe-core (WCAG 2.1 A and AA rules) as it loads, and the
 * test fails on any critical or serious violation. Each kind of page is checked once per run (ids
 * in the path are folded) and viewport width, whichever spec gets there first. docs/dashboard.md "Accessibility".
 */

const IMPACTS_THAT_FAIL = new Set(["critical", "serious"]);
/** Served by the API, not the console (the reference is Scalar's page; the rest is JSON or files). */
const NOT_PAGES = [/^\/api\//, /\/export$/];
const checkedThisRun = new Set<string>();
/** Pages whose spec runs axe itself (e2e/every-page.spec.ts): the watch would only repeat it. */
const checkedBySpec = new WeakSet<Page>();

export interface AxeFinding {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * A page's path with its ids folded: /customers/sc_123 and /customers/sc_456 are one kind of page;
 * with the viewport's width, as a page is checked at each width it is seen at (1366 and 390 px).
 */
export function pageKind(url: string, width?: number): string | null {
  const u = new URL(url);
  if (NOT_PAGES.some((re) => re.test(u.pathname))) return null;
  const path = u.pathname
    .split("/")
    .map((seg) => (/\d/.test(seg) && seg.length >= 8 ? ":id" : seg))
    .join("/");
  return width ? `${path}@${width}` : path;
}

/**
 * For a spec that checks every page it visits itself (e2e/every-page.spec.ts): the watch leaves
 * this page alone, and the kinds the spec checks count as checked for the specs after it.
 */
export function checkEveryPageYourself(page: Page): void {
  checkedBySpec.add(page);
}

/** Runs axe on the page as it is now; the critical and serious violations found. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const kind = pageKind(page.url(), page.viewportSize()?.width);
  if (kind && checkedBySpec.has(page)) checkedThisRun.add(kind);
  return result.violations
    .filter((v) => IMPACTS_THAT_FAIL.has(v.impact ?? ""))
    .map((v) => ({
      page: page.url(),
      rule: v.id,
      impact: v.impact ?? "",
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    }));
}

/** For a spec that wants a particular state checked (a dialog open, a form with errors). */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await axeFindings(page), "axe-core critical/serious violations").toEqual([]);
}

/**
 * What Chromium logs when a Content-Security-Policy refuses something (issue 23: every page runs
 * under a nonce CSP, proxy.ts), from the page or any of its frames.
 */
export function isCspViolation(text: string): boolean {
  return /Content Security Policy|Refused to (load|execute|apply|frame|connect|run)/i.test(text);
}

function withinMs<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export const test = base.extend<{ axeWatch: void; cspWatch: void }>({
  cspWatch: [
    async ({ context }, run) => {
      const violations: string[] = [];
      const attach = (page: Page) =>
        page.on("console", (message) => {
          // Only the console's own pages: a spec may play another site that tries to frame one.
          const host = new URL(page.url()).hostname;
          if (host !== "localhost" && host !== "127.0.0.1") return;
          if (isCspViolation(message.text())) violations.push(`${page.url()}: ${message.text()}`);
        });
      context.pages().forEach(attach);
      context.on("page", attach);
      await run();
      expect(violations, "Content-Security-Policy violations in the browser console").toEqual([]);
    },
    { auto: true },
  ],
  axeWatch: [
    async ({ context, browser }, run) => {
      const findings: AxeFinding[] = [];
      const queues: Promise<void>[] = [];
      const kindOf = (page: Page) => pageKind(page.url(), page.viewportSize()?.width);
      const check = async (page: Page) => {
        const kind = kindOf(page);
        if (!kind || checkedThisRun.has(kind) || checkedBySpec.has(page)) return;
        try {
          await page.waitForLoadState("load", { timeout: 10_000 });
          // A page still streaming (its loading state shown) is checked once its data is in.
          await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
          // Let client rendering settle (lazy parts, data fetched after load).
          await page.waitForTimeout(400);
          // Next.js streams a dynamic page's metadata after its shell: a check made before the <title>
          // arrived once reported a page without one (CI, /developers/authorization-endpoint). A page
          // that really has none is still reported, once this wait has run out.
          await page.waitForFunction(() => document.title !== "", null, { timeout: 5_000 }).catch(() => {});
          if (kindOf(page) !== kind || checkedThisRun.has(kind)) return;
          // axe-core waits on every frame of the page with no deadline of its own: a frame being
          // replaced (the secure page's iframe) once kept a CI run's teardown waiting past the test's
          // timeout. A check that has not answered in 60 s counts as not made, like a page that
          // navigated away: the next visit of this kind (and every-page.spec.ts) checks it.
          const analysis = axeFindings(page);
          analysis.catch(() => {});
          findings.push(...(await withinMs(60_000, analysis)));
          checkedThisRun.add(kind);
        } catch {
          // The page navigated away or closed mid-check: the next visit of this kind checks it.
        }
      };
      const attach = (page: Page) => {
        let queue: Promise<void> = Promise.resolve();
        queues.push(queue);
        page.on("framenavigated", (frame) => {
          if (frame !== page.mainFrame()) return;
          queue = queue.then(() => check(page));
          queues.push(queue);
        });
      };
      const watch = (ctx: BrowserContext) => {
        ctx.pages().forEach(attach);
        ctx.on("page", attach);
      };
      watch(context);
      // Contexts a spec opens itself (a second user) are watched too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<Browser["newContext"]>) => {
        const ctx = await newContext(...args);
        watch(ctx);
        return ctx;
      };
      try {
        await run();
        await Promise.all(queues);
      } finally {
        browser.newContext = newContext;
      }
      expect(findings, "axe-core: critical or serious violations on the pages visited").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
