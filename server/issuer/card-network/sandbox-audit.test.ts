import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { decideCustomerKyc } from "@/server/cards/onboarding/sandbox-kyc-decision";
import type { Ctx } from "@/server/context";
import { auditLog } from "@/server/db/schema/platform";
import { receiveDeposit, settleDepositNow } from "@/server/issuer/master-wallet/deposits";
import { spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, uniqueEmail, userCtx } from "@/server/testing/fixtures";
import { walkTo } from "@/server/testing/onboarding";
import { authorizeCardTransaction } from "./authorize";
import { expireCardTransaction, failCardTransaction } from "./expire-fail";
import { refundCardTransaction } from "./refund";
import { reverseCardTransaction } from "./reverse";
import { settleCardTransaction } from "./settle";

const database = withTestDatabase();

async function operator(requestId: string): Promise<{ ctx: Ctx; orgId: string; userId: string }> {
  const org = await createTestOrg(database.db);
  const op = await org.user("operator");
  const ctx = {
    ...userCtx(database.db, org.orgId, op, { sessionId: "ses_sandbox" }),
    ip: "10.9.9.9",
    requestId,
  };
  return { ctx, orgId: org.orgId, userId: op.userId };
}

async function entries(orgId: string, action: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.orgId, orgId), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.createdAt));
}

const purchase = (cardId: string, amount: number) => ({
  card_id: cardId,
  amount,
  currency: "EUR" as const,
  merchant: "Book Shop",
  merchant_category: "5942",
  merchant_city: "Paris",
  merchant_country: "FR",
  type: "purchase" as const,
});

describe("sandbox actions in the audit log", () => {
  it("records every simulated card-network event with actor, target, IP and request id", async () => {
    const { ctx, orgId, userId } = await operator("req_sandbox_network");
    const { customer, card } = await spendingCustomer(database.db, orgId, { fundMinor: 10_000 });
    const a = await authorizeCardTransaction({ ctx, input: purchase(card.id, 1_000) });
    await settleCardTransaction({ ctx, input: { transactionId: a.transaction_id } });
    await refundCardTransaction({ ctx, input: { transactionId: a.transaction_id, amount: 200 } });
    const b = await authorizeCardTransaction({ ctx, input: purchase(card.id, 500) });
    await reverseCardTransaction({ ctx, input: { transactionId: b.transaction_id } });
    const c = await authorizeCardTransaction({ ctx, input: purchase(card.id, 300) });
    await expireCardTransaction({ ctx, input: { transactionId: c.transaction_id } });
    const d = await authorizeCardTransaction({ ctx, input: purchase(card.id, 300) });
    await failCardTransaction({ ctx, input: { transactionId: d.transaction_id } });
    const declined = await authorizeCardTransaction({ ctx, input: purchase(card.id, 1_000_000) });
    expect(declined.status).toBe("declined");

    const [settled] = await entries(orgId, "sandbox.transaction_settled");
    expect(settled).toMatchObject({
      actorType: "user",
      actorId: userId,
      credentialType: "session",
      credentialId: "ses_sandbox",
      ip: "10.9.9.9",
      requestId: "req_sandbox_network",
      targetType: "card_transaction",
      targetId: a.transaction_id,
      before: { status: "authorized" },
      after: { status: "settled" },
      detail: { card_id: card.id, customer_id: customer.id, amount_minor: 1_000, currency: "EUR" },
    });
    expect(await entries(orgId, "sandbox.transaction_authorized")).toHaveLength(4);
    for (const [action, target] of [
      ["sandbox.transaction_reversed", b.transaction_id],
      ["sandbox.transaction_expired", c.transaction_id],
      ["sandbox.transaction_failed", d.transaction_id],
      ["sandbox.transaction_declined", declined.transaction_id],
    ] as const) {
      const [entry] = await entries(orgId, action);
      expect(entry, action).toMatchObject({ targetId: target, requestId: "req_sandbox_network" });
    }
    const [refund] = await entries(orgId, "sandbox.transaction_refunded");
    expect(refund).toMatchObject({ targetType: "card_transaction", detail: { amount_minor: 200 } });
  });

  it("a refused event writes no entry (the entry is in the event's transaction)", async () => {
    const { ctx, orgId } = await operator("req_sandbox_refused");
    const { card } = await spendingCustomer(database.db, orgId, { fundMinor: 10_000 });
    const a = await authorizeCardTransaction({ ctx, input: purchase(card.id, 1_000) });
    await expect(
      refundCardTransaction({ ctx, input: { transactionId: a.transaction_id } }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await entries(orgId, "sandbox.transaction_refunded")).toHaveLength(0);
  });

  it("records master-wallet deposits and their settlement", async () => {
    const { ctx, orgId, userId } = await operator("req_sandbox_deposit");
    const deposit = await receiveDeposit({ ctx, input: { currency: "EUR", amount: 50_000, two_step: true } });
    await settleDepositNow({ ctx, input: { settlementId: deposit.settlement_id } });
    const [received] = await entries(orgId, "sandbox.deposit_received");
    expect(received).toMatchObject({
      actorId: userId,
      requestId: "req_sandbox_deposit",
      targetType: "master_wallet_deposit",
      targetId: deposit.settlement_id,
      after: { status: "processing" },
      detail: { currency: "EUR", amount_minor: 50_000, two_step: true },
    });
    const [settled] = await entries(orgId, "sandbox.deposit_settled");
    expect(settled).toMatchObject({
      actorId: userId,
      targetId: deposit.settlement_id,
      after: { status: "settled" },
    });
    await expect(settleDepositNow({ ctx, input: { settlementId: "stl_nope" } })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await entries(orgId, "sandbox.deposit_settled")).toHaveLength(1);
  });

  it("records a sandbox KYC decision with the status before and after", async () => {
    const { ctx, orgId, userId } = await operator("req_sandbox_kyc");
    const system: Ctx = { db: database.db, orgId, actor: { type: "system", reason: "test" } };
    const customer = await walkTo(system, "identity_verification", { email: uniqueEmail("kyc") });
    await decideCustomerKyc({ ctx, input: { svcCardId: customer.svcCardId, decision: "approved" } });
    const [entry] = await entries(orgId, "sandbox.kyc_decided");
    expect(entry).toMatchObject({
      actorId: userId,
      requestId: "req_sandbox_kyc",
      targetType: "card_customer",
      targetId: customer.id,
      after: { kyc_status: "approved" },
      detail: { decision: "approved" },
    });
    // The demo program's walk (system actor) is not audited.
    const walked = await database.db.select().from(auditLog).where(eq(auditLog.targetId, customer.id));
    expect(walked.map((e) => e.action)).toEqual(["sandbox.kyc_decided"]);
  });
});
