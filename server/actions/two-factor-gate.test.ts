import { readdirSync } from "node:fs";
import path from "node:path";
import { getServerSession } from "next-auth";
import { createElement, isValidElement, type ReactNode } from "react";
import { afterAll, describe, expect, it, vi } from "vitest";
import DashboardLayout from "@/app/(dashboard)/layout";
import { GET as downloadReceipt } from "@/app/(dashboard)/payments/receipt/[id]/route";
import { GET as exportAudit } from "@/app/(dashboard)/settings/audit/export/route";
import { GET as exportTransactions } from "@/app/(dashboard)/transactions/export/route";
import { newId, randomBase62 } from "@/lib/ids";
import type { Role } from "@/lib/scopes";
import { openDashboardSession } from "@/server/auth/dashboard-sessions";
import { cardTransactions } from "@/server/db/schema/money";
import { updateSecuritySettings } from "@/server/team/settings";
import { createReadyCustomer, createTestCard } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { freezeCardAction } from "./cards";
import { globalSearchAction } from "./search";
import { revokeMySessionAction } from "./team";
import { startTwoFactorEnrollmentAction } from "./two-factor";

/*
 * "Require 2FA for every member" (docs/team.md) against everything a browser session reaches:
 * pages, the layout, route handlers and server actions. The session itself is real (a session
 * row, the user and the setting read from the database by server/action-kit/session.ts); only
 * next-auth's cookie decoding and Next's request headers are stood in for.
 */
vi.mock("next-auth", () => ({ getServerSession: vi.fn() }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": "203.0.113.7" }),
  cookies: async () => ({ get: () => undefined, getAll: () => [] }),
}));

const database = withTestDatabase();
const DASHBOARD = path.resolve(import.meta.dirname, "../../app/(dashboard)");

afterAll(() => vi.mocked(getServerSession).mockReset());

async function signIn(user: { userId: string; email: string; role: Role }, orgId: string) {
  const sid = await openDashboardSession(database.db, { userId: user.userId, orgId });
  vi.mocked(getServerSession).mockResolvedValue({
    user: { id: user.userId, email: user.email, orgId, role: user.role },
    sid,
    expires: new Date(Date.now() + 3_600_000).toISOString(),
  });
  return sid;
}

/**
 * A program requiring 2FA, with a customer and a purchase at a named merchant, an admin with 2FA
 * and an admin without it (the highest role, so nothing but the 2FA requirement refuses them).
 */
async function program() {
  const org = await createTestOrg(database.db);
  const admin = { ...org.admin, role: "admin" as const };
  const adminCtx = userCtx(database.db, org.orgId, admin, { twoFactorEnabled: true });
  const customer = await createReadyCustomer(database.db, org.orgId);
  const card = await createTestCard(database.db, customer);
  const merchant = `Gate Test Merchant ${randomBase62(8)}`;
  await database.db.insert(cardTransactions).values({
    id: newId("txn"),
    orgId: org.orgId,
    customerId: customer.id,
    svcCardId: customer.svcCardId,
    cardId: card.id,
    cardToken: card.cardToken,
    type: "purchase",
    status: "settled",
    amountMinor: 4000,
    currency: "EUR",
    billingAmountMinor: 4000,
    billingCurrency: "EUR",
    merchant,
    authorizedAt: new Date(),
  });
  await updateSecuritySettings({ ctx: adminCtx, input: { require_two_factor: true } });
  const unenrolled = await org.user("admin");
  return { org, admin, unenrolled, customer, card, merchant };
}

function pageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pageFiles(full);
    return entry.name === "page.tsx" ? [full] : [];
  });
}

/** Pages that read nothing of the organization (a redirect, a tool running in the browser). */
const STATIC_PAGES = [
  "developers/page.tsx",
  "settings/page.tsx",
  "developers/webhooks/signature-checker/page.tsx",
];
/** What a member who must enrol may still see (docs/team.md). */
const BEFORE_TWO_FACTOR_PAGES = ["settings/security/page.tsx"];

const pageArgs = {
  params: Promise.resolve({ svcCardId: "sc_x", cardId: "crd_x", id: "x", webhookId: "x", deliveryId: "x" }),
  searchParams: Promise.resolve({}),
};

async function outcomeOf(file: string): Promise<string> {
  const mod = (await import(file)) as { default: (args: typeof pageArgs) => unknown };
  try {
    await mod.default(pageArgs);
    return "rendered";
  } catch (err) {
    const digest = (err as { digest?: unknown }).digest;
    return typeof digest === "string" && digest.startsWith("NEXT_REDIRECT")
      ? `redirect ${digest.split(";")[2]}`
      : `error ${String(err)}`;
  }
}

/** Whether `target` appears anywhere in an element tree the layout returned (not rendered). */
function contains(node: unknown, target: ReactNode): boolean {
  if (node === target) return true;
  if (Array.isArray(node)) return node.some((n) => contains(n, target));
  if (!isValidElement(node)) return false;
  return Object.values(node.props as Record<string, unknown>).some((v) => contains(v, target));
}

describe("'Require 2FA for every member' in the console", () => {
  it("an unenrolled member's export, receipt and audit CSV answer 403 TWO_FACTOR_NOT_ENABLED, with no data", async () => {
    const p = await program();
    await signIn(p.admin, p.org.orgId);
    const open = await exportTransactions(new Request("http://console.test/transactions/export"));
    expect(open.status).toBe(200);
    expect(await open.text()).toContain(p.merchant);

    await signIn(p.unenrolled, p.org.orgId);
    for (const res of [
      await exportTransactions(new Request("http://console.test/transactions/export")),
      await exportAudit(new Request("http://console.test/settings/audit/export")),
      await downloadReceipt(new Request("http://console.test/payments/receipt/x"), {
        params: Promise.resolve({ id: "x" }),
      }),
    ]) {
      expect(res.status).toBe(403);
      const body = await res.text();
      expect(body).toMatch(/requires two-factor authentication/);
      expect(body).not.toContain(p.merchant);
      expect(body).not.toContain(p.customer.email);
    }
  });

  it("an unenrolled member's server actions answer TWO_FACTOR_NOT_ENABLED, but enrolment and sessions work", async () => {
    const p = await program();
    await signIn(p.admin, p.org.orgId);
    expect(await globalSearchAction({ q: p.customer.email })).toMatchObject({ ok: true });

    const sid = await signIn(p.unenrolled, p.org.orgId);
    for (const res of [
      await globalSearchAction({ q: p.customer.email }),
      await freezeCardAction({ svcCardId: p.customer.svcCardId, cardId: p.card.id }),
    ]) {
      expect(res).toMatchObject({ ok: false, error: { code: "TWO_FACTOR_NOT_ENABLED" } });
      expect(JSON.stringify(res)).not.toContain(p.customer.email);
    }
    expect(await startTwoFactorEnrollmentAction({})).toMatchObject({ ok: true });
    const other = await openDashboardSession(database.db, {
      userId: p.unenrolled.userId,
      orgId: p.org.orgId,
    });
    expect(await revokeMySessionAction({ sessionId: other })).toMatchObject({ ok: true });
    expect(sid).not.toBe(other);
  });

  it("every dashboard page sends an unenrolled member to the enrolment before it reads anything", async () => {
    const p = await program();
    await signIn(p.unenrolled, p.org.orgId);
    const files = pageFiles(DASHBOARD);
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const page = path.relative(DASHBOARD, file);
      if (STATIC_PAGES.includes(page)) continue;
      const expected = BEFORE_TWO_FACTOR_PAGES.includes(page) ? "rendered" : "redirect /settings/security";
      expect(`${page}: ${await outcomeOf(file)}`).toBe(`${page}: ${expected}`);
    }

    // The same member once enrolment is no longer required: the pages read as usual.
    await signIn(p.admin, p.org.orgId);
    expect(await outcomeOf(path.join(DASHBOARD, "transactions/page.tsx"))).toBe("rendered");
    expect(await outcomeOf(path.join(DASHBOARD, "customers/page.tsx"))).toBe("rendered");
  });

  it("the layout shows the enrolment instead of the page to an unenrolled member", async () => {
    const p = await program();
    const page = createElement("p", null, "the page");
    await signIn(p.unenrolled, p.org.orgId);
    expect(contains(await DashboardLayout({ children: page }), page)).toBe(false);
    await signIn(p.admin, p.org.orgId);
    expect(contains(await DashboardLayout({ children: page }), page)).toBe(true);
  });
});
