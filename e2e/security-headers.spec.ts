import { expect, test } from "./fixtures";
import { readSeed } from "./seed";

/*
 * Issue 23, defect 9, on the production build: every page answers with a nonce CSP that no other
 * site may frame, nosniff and a referrer policy; the nonce is the one on the page's scripts and
 * new per answer; a page of another origin cannot frame the sign-in; the hosted secure page keeps
 * its own frame rule; the API answers with its own headers and does not echo an unknown path.
 * (The fixture's cspWatch fails any spec whose pages log a CSP violation.)
 */

function nonceOf(csp: string): string {
  const match = /'nonce-([^']+)'/.exec(csp);
  expect(match, csp).not.toBeNull();
  return match![1]!;
}

test("pages: sign-in, cardholder, invite, pay and KYC answer with the security headers", async ({
  request,
}) => {
  const seed = readSeed();
  for (const path of [
    "/sign-in",
    `/card/${seed.orgId}`,
    "/invite/not-a-real-token",
    "/pay/gwp_00000000000000000000",
    "/kyc/not-a-real-token",
    "/overview",
  ]) {
    const res = await request.get(path, { maxRedirects: 0 });
    const headers = res.headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
  }
  // A prefetched document is a document too.
  const prefetched = await request.get("/sign-in", {
    headers: { purpose: "prefetch", "sec-purpose": "prefetch" },
  });
  expect(prefetched.headers()["x-frame-options"]).toBe("DENY");
  expect(prefetched.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
});

test("the nonce is the page's own, new on every answer", async ({ page }) => {
  const first = await page.goto("/sign-in");
  const nonce = nonceOf((await first!.allHeaders())["content-security-policy"]!);
  const scripts = await page
    .locator("script[src]")
    .evaluateAll((tags) => tags.map((t) => (t as HTMLScriptElement).nonce));
  expect(scripts.length).toBeGreaterThan(0);
  for (const n of scripts) expect(n).toBe(nonce);
  const second = await page.goto("/sign-in");
  expect(nonceOf((await second!.allHeaders())["content-security-policy"]!)).not.toBe(nonce);
  // The page works under it: the form is there and answers.
  await expect(page.getByLabel("Email")).toBeVisible();
});

test("another site cannot frame the sign-in page", async ({ page, baseURL }) => {
  // A page of another origin (played by the test) that frames the console's sign-in, and, as the
  // control, a page of its own with a password field.
  const html = (body: string) =>
    `<!doctype html><html lang="en"><head><title>elsewhere</title></head><body>${body}</body></html>`;
  await page.route("http://attacker.test/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: route.request().url().endsWith("/own")
        ? html('<label>Password <input type="password"></label>')
        : html(
            `<iframe name="own" title="own" src="/own"></iframe>` +
              `<iframe name="console" title="console" src="${baseURL}/sign-in"></iframe>`,
          ),
    }),
  );
  await page.goto("http://attacker.test/");
  const passwordFields = (name: string) =>
    page
      .frame({ name })
      ?.locator("input[type=password]")
      .count()
      .catch(() => 0) ?? 0;
  await expect.poll(() => passwordFields("own")).toBe(1);
  await expect.poll(() => page.frame({ name: "console" })?.url()).toMatch(/^chrome-error:/);
  expect(await passwordFields("console")).toBe(0);
});

test("the hosted secure page keeps its own policy and frame rule; the API its own headers", async ({
  request,
  baseURL,
}) => {
  const secure = await request.get("/secure/preview");
  const csp = secure.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain(`frame-ancestors 'self' ${new URL(baseURL!).origin}`);
  expect(secure.headers()["x-frame-options"]).toBeUndefined();

  const api = await request.get("/api/v1/<b>not-here</b>");
  expect(api.status()).toBe(404);
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
  expect(api.headers()["content-security-policy"]).toContain("default-src 'none'");
  expect(api.headers()["referrer-policy"]).toBe("no-referrer");
  expect(await api.text()).not.toContain("not-here");
  const asset = await request.get("/favicon.ico");
  expect(asset.headers()["x-content-type-options"]).toBe("nosniff");
});

test("the API reference (served by the API) renders under its own nonce policy", async ({ page }) => {
  await page.goto("/api/reference");
  await expect(page.getByRole("link", { name: /Back to the console/ })).toBeVisible();
  // Scalar draws the operations from the document: its script ran.
  // The document grew to about 1.8 MB with its webhooks section: Scalar parses it for 20-50 s on a
  // loaded 2-core machine.
  await expect(page.getByText("SVC card issuer API").first()).toBeVisible({ timeout: 60_000 });
});
