import { afterAll, describe, expect, it, vi } from "vitest";
import { newId } from "@/lib/ids";
import { depositAsset, masterWalletAddress } from "@/server/swaps/holdings";
import { signInDashboard } from "@/server/testing/dashboard";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { startTotpClock } from "@/server/testing/totp-clock";
import { executeSwapAction, quoteSwapAction, screenAddressAction } from "./crypto";

// The dashboard session (next-auth) is the one thing not available here: each test signs a user in.
vi.mock("@/server/action-kit/session", () => ({ getOptionalSession: vi.fn() }));

const database = withTestDatabase();
const clock = startTotpClock();
afterAll(async () => {
  clock.restore();
});

describe("crypto dashboard actions", () => {
  it("executes a swap only after the 2FA step-up, and keeps screening checks", async () => {
    const org = await createTestOrg(database.db);
    const user = { ...org.admin, role: "admin" as const };
    const ctx = userCtx(database.db, org.orgId, user, { sessionId: newId("tok"), twoFactorEnabled: true });
    signInDashboard(ctx);
    await depositAsset({
      ctx: { ...ctx, actor: { type: "system", reason: "test" } },
      input: { asset_id: "usdc-base", amount: "100" },
    });
    const quote = await quoteSwapAction({
      from_chain: "base",
      from_token: "USDC",
      to_chain: "gnosis",
      to_token: "EURe",
      amount: "50",
      from_address: masterWalletAddress(org.orgId, "base"),
      to_address: masterWalletAddress(org.orgId, "gnosis"),
    });
    if (!quote.ok) throw new Error(quote.error.message);
    const input = {
      quote_id: quote.data.quote_id,
      from_asset_id: "usdc-base",
      to_address: quote.data.to_address,
    };
    const first = await executeSwapAction(input);
    expect(first.ok ? "ok" : first.error.code).toBe("TWO_FACTOR_REQUIRED");
    const second = await executeSwapAction({ ...input, twoFactorCode: clock.nextCode(org.admin.totpSecret) });
    expect(second.ok && second.data.status).toBe("pending");
    const screened = await screenAddressAction({ address: "TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLre" });
    expect(screened.ok && screened.data.risk_level).toBe("severe");
  });
});
