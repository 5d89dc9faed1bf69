import { and, desc, eq } from "drizzle-orm";
import type { BeneficiaryView, CreateBeneficiaryInput } from "@/lib/contracts/fiat-payments";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { fiatBeneficiaries } from "@/server/db/schema/fiat";
import { invalidField } from "@/server/fiat/invalid-field";
import { methodById } from "@/server/fiat/methods/catalog";
import type { PaymentMethod } from "@/server/fiat/methods/types";
import { recordAudit } from "@/server/platform/audit";
import { maskBeneficiary } from "./mask";
import { validateBeneficiary } from "./validate";

type Row = typeof fiatBeneficiaries.$inferSelect;

/** A payout method by id; 400 naming `path` when there is none (a payin method is not one). */
export function payoutMethod(id: number, path: string): PaymentMethod {
  const method = methodById(id);
  if (!method || method.type !== "payout") throw invalidField(path, `There is no payout method ${id}.`);
  return method;
}

function view(row: Row): BeneficiaryView {
  const method = methodById(row.paymentMethodId)!;
  return {
    beneficiary_id: row.id,
    payment_method_id: row.paymentMethodId,
    method_name: method.method_name,
    country: method.country,
    currency: method.currency,
    nickname: row.nickname,
    fields: maskBeneficiary(row.fields),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Checks a beneficiary exactly as a payout would and stores nothing: the dashboard's review step
 * shows the answer (masked) before the step-up, and a bad field is 422 BENEFICIARY_INVALID.
 */
export function checkBeneficiary({ ctx, input }: { ctx: Ctx; input: CreateBeneficiaryInput }): {
  fields: Record<string, string>;
} {
  authorize(ctx, "checkBeneficiary");
  const method = payoutMethod(input.payment_method_id, "payment_method_id");
  return { fields: maskBeneficiary(validateBeneficiary(method, input.fields)) };
}

/** Saves a beneficiary for repeat payouts, validated as a payout would validate it. */
export async function createBeneficiary({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: CreateBeneficiaryInput;
}): Promise<BeneficiaryView> {
  authorize(ctx, "createBeneficiary");
  const method = payoutMethod(input.payment_method_id, "payment_method_id");
  const fields = validateBeneficiary(method, input.fields);
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(fiatBeneficiaries)
      .values({
        id: newId("ben"),
        orgId: ctx.orgId,
        paymentMethodId: method.id,
        nickname: input.nickname ?? null,
        fields,
      })
      .returning();
    // The account details stay out of the log: the method and the nickname say which it is.
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "fiat.beneficiary.created",
        targetType: "fiat_beneficiary",
        targetId: created!.id,
        detail: { payment_method_id: method.id, nickname: input.nickname ?? null },
      },
    );
    return created!;
  });
  return view(row);
}

export async function listBeneficiaries({
  ctx,
  input = {},
}: {
  ctx: Ctx;
  input?: { paymentMethodId?: number };
}): Promise<{ beneficiaries: BeneficiaryView[] }> {
  authorize(ctx, "listBeneficiaries");
  const rows = await ctx.db
    .select()
    .from(fiatBeneficiaries)
    .where(
      and(
        eq(fiatBeneficiaries.orgId, ctx.orgId),
        input.paymentMethodId === undefined
          ? undefined
          : eq(fiatBeneficiaries.paymentMethodId, input.paymentMethodId),
      ),
    )
    .orderBy(desc(fiatBeneficiaries.createdAt))
    .limit(500);
  return { beneficiaries: rows.map(view) };
}

export async function deleteBeneficiary({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { beneficiary_id: string };
}): Promise<{ beneficiary_id: string; deleted: true }> {
  authorize(ctx, "deleteBeneficiary");
  const row = await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(fiatBeneficiaries)
      .where(and(eq(fiatBeneficiaries.id, input.beneficiary_id), eq(fiatBeneficiaries.orgId, ctx.orgId)))
      .returning({ id: fiatBeneficiaries.id });
    if (!deleted) throw new ServiceError("NOT_FOUND", "There is no such beneficiary.");
    await recordAudit(
      { ...ctx, db: tx },
      { action: "fiat.beneficiary.deleted", targetType: "fiat_beneficiary", targetId: deleted.id },
    );
    return deleted;
  });
  return { beneficiary_id: row.id, deleted: true };
}

/** The stored (unmasked) values of a saved beneficiary, for a payout. */
export async function savedBeneficiaryValues(
  ctx: Ctx,
  id: string,
  methodId: number,
): Promise<Record<string, string>> {
  const [row] = await ctx.db
    .select()
    .from(fiatBeneficiaries)
    .where(and(eq(fiatBeneficiaries.id, id), eq(fiatBeneficiaries.orgId, ctx.orgId)));
  if (!row) throw new ServiceError("NOT_FOUND", "There is no such beneficiary.");
  if (row.paymentMethodId !== methodId)
    throw invalidField(
      "beneficiary_id",
      `This beneficiary was saved for payment method ${row.paymentMethodId}.`,
    );
  return row.fields;
}
