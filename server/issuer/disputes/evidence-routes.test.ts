import { getServerSession } from "next-auth";
import { afterAll, describe, expect, it, vi } from "vitest";
import { GET as download } from "@/app/(dashboard)/disputes/[disputeId]/evidence/[evidenceId]/route";
import { POST as upload } from "@/app/(dashboard)/disputes/[disputeId]/evidence/route";
import type { Role } from "@/lib/scopes";
import { openDashboardSession } from "@/server/auth/dashboard-sessions";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { settleCardTransaction } from "@/server/issuer/card-network/settle";
import { keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { fileDispute } from "./file";

/*
 * The dispute page's evidence routes as a browser reaches them: the upload refuses a page of
 * another site (Origin) before anything else, and the download is the organization's staff's only.
 */

vi.mock("next-auth", () => ({ getServerSession: vi.fn() }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": "10.0.0.9" }),
  cookies: async () => ({ get: () => undefined, getAll: () => [] }),
}));

const database = withTestDatabase();
afterAll(() => vi.mocked(getServerSession).mockReset());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

async function signIn(user: { userId: string; email: string; role: Role }, orgId: string) {
  const sid = await openDashboardSession(database.db, { userId: user.userId, orgId });
  vi.mocked(getServerSession).mockResolvedValue({
    user: { id: user.userId, email: user.email, orgId, role: user.role },
    sid,
    expires: new Date(Date.now() + 3_600_000).toISOString(),
  });
}

async function disputeOfNewProgram() {
  const org = await createTestOrg(database.db);
  const ctx = keyCtx(database.db, org.orgId);
  const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 10_000 });
  const t = await authorizeCardTransaction({
    ctx,
    input: {
      card_id: card.id,
      amount: 800,
      currency: "EUR",
      merchant: "Shoe Shop",
      merchant_category: "5661",
      merchant_city: "Rome",
      merchant_country: "IT",
      type: "purchase",
    },
  });
  await settleCardTransaction({ ctx, input: { transactionId: t.transaction_id } });
  const dispute = await fileDispute({
    ctx,
    input: {
      svcCardId: customer.svcCardId,
      transactionId: t.transaction_id,
      reason_code: "not_received",
      description: "No shoes",
    },
  });
  return { org, dispute };
}

function uploadRequest(origin: string | null, bytes: Uint8Array = PNG, name = "photo.png") {
  const body = new FormData();
  body.set("file", new File([new Uint8Array(bytes)], name, { type: "image/png" }));
  const headers = new Headers({ host: "console.test" });
  if (origin) headers.set("origin", origin);
  return new Request("http://console.test/disputes/x/evidence", { method: "POST", body, headers });
}

describe("the dispute page's evidence routes", () => {
  it("uploads from the console's own page and downloads as an attachment of the sniffed type", async () => {
    const { org, dispute } = await disputeOfNewProgram();
    const operator = await org.user("operator");
    await signIn({ ...operator, role: "operator" }, org.orgId);
    const params = Promise.resolve({ disputeId: dispute.dispute_id });
    const res = await upload(uploadRequest("http://console.test"), { params });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { evidence_id: string } };
    const file = await download(new Request("http://console.test/x"), {
      params: Promise.resolve({ disputeId: dispute.dispute_id, evidenceId: data.evidence_id }),
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="photo\.png"/);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);

    // Another organization's staff: not found.
    const other = await createTestOrg(database.db);
    const stranger = await other.user("admin");
    await signIn({ ...stranger, role: "admin" }, other.orgId);
    const foreign = await download(new Request("http://console.test/x"), {
      params: Promise.resolve({ disputeId: dispute.dispute_id, evidenceId: data.evidence_id }),
    });
    expect(foreign.status).toBe(404);
  });

  it("refuses another site's page or no Origin (403), a viewer (403), a non-image (415), and no session (401)", async () => {
    const { org, dispute } = await disputeOfNewProgram();
    const params = Promise.resolve({ disputeId: dispute.dispute_id });
    const operator = await org.user("operator");
    await signIn({ ...operator, role: "operator" }, org.orgId);
    expect((await upload(uploadRequest("https://evil.example"), { params })).status).toBe(403);
    expect((await upload(uploadRequest(null), { params })).status).toBe(403);
    const html = new TextEncoder().encode("<html><script>alert(1)</script>");
    const refused = await upload(uploadRequest("http://console.test", html, "x.png"), { params });
    expect(refused.status).toBe(415);
    expect(await refused.text()).toContain("PDF, PNG or JPEG");
    const viewer = await org.user("viewer");
    await signIn({ ...viewer, role: "viewer" }, org.orgId);
    expect((await upload(uploadRequest("http://console.test"), { params })).status).toBe(403);
    vi.mocked(getServerSession).mockResolvedValue(null);
    expect((await upload(uploadRequest("http://console.test"), { params })).status).toBe(401);
  });
});
