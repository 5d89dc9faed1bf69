import { eq } from "drizzle-orm";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { organizations } from "@/server/db/schema/identity";
import { maskBeneficiary } from "@/server/fiat/beneficiaries/mask";
import { findDeposit } from "@/server/fiat/deposits/view";
import { methodById } from "@/server/fiat/methods/catalog";
import { findPayout } from "@/server/fiat/payouts/view";

/**
 * GET /business/transaction/receipt/{id}: a one-page PDF (pdf-lib) of a payout or a deposit:
 * the program's name, the transaction id, dates, amounts, rate, fees, the beneficiary (account
 * identifiers masked) and the status. Text is drawn with a standard font, so it is plain ASCII.
 */

type Line = [label: string, value: string];

async function linesOf(ctx: Ctx, id: string): Promise<{ title: string; lines: Line[] }> {
  if (id.startsWith("pay_")) {
    const p = await findPayout(ctx, id);
    const lines: Line[] = [
      ["Transaction", p.id],
      ["Type", "Payout"],
      ["Status", p.status],
      ["Created", p.createdAt.toISOString()],
      ["Completed", p.completedAt?.toISOString() ?? "-"],
      ["Payment method", methodById(p.paymentMethodId)?.method_name ?? String(p.paymentMethodId)],
      ["Amount sent", `${p.amount} ${p.walletCurrency}`],
      ["Fees", `${p.fee} ${p.walletCurrency}`],
      ["Total debited", `${p.amountDue} ${p.walletCurrency}`],
      ["Exchange rate", `1 ${p.walletCurrency} = ${p.rate} ${p.payoutCurrency}`],
      ["Beneficiary receives", `${p.receiveAmount} ${p.payoutCurrency}`],
      ["Quote", p.quoteId],
    ];
    for (const [k, v] of Object.entries(maskBeneficiary(p.beneficiary))) lines.push([`Beneficiary ${k}`, v]);
    if (p.failureReason) lines.push(["Failure reason", p.failureReason]);
    return { title: "Payout receipt", lines };
  }
  if (id.startsWith("dep_")) {
    const d = await findDeposit(ctx, id);
    return {
      title: "Deposit receipt",
      lines: [
        ["Transaction", d.id],
        ["Type", "Deposit"],
        ["Status", d.status],
        ["Created", d.createdAt.toISOString()],
        ["Completed", d.completedAt?.toISOString() ?? "-"],
        ["Payment method", methodById(d.gateway)?.method_name ?? String(d.gateway)],
        ["Amount", `${d.amount} ${d.payCurrency}`],
        ["Fees", `${d.fee} ${d.payCurrency}`],
        ["Total paid", `${d.amountDue} ${d.payCurrency}`],
        ["Exchange rate", `1 ${d.payCurrency} = ${d.rate} ${d.currency}`],
        ["Wallet credited", `${d.creditAmount} ${d.currency}`],
        ["Quote", d.quoteId],
      ],
    };
  }
  throw new ServiceError("NOT_FOUND", "There is no such transaction.");
}

/** Only what the standard fonts can draw (WinAnsi): anything else becomes "?". */
const ascii = (s: string) => s.replace(/[^\x20-\x7e]/g, "?");

export async function transactionReceipt({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: string };
}): Promise<{ pdf: Uint8Array; filename: string }> {
  authorize(ctx, "transactionReceipt");
  const { title, lines } = await linesOf(ctx, input.id);
  const [org] = await ctx.db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, ctx.orgId));
  const doc = await PDFDocument.create();
  doc.setTitle(`${title} ${input.id}`);
  doc.setProducer("svc fiat receipts");
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 780;
  page.drawText(ascii(org?.name ?? "Card program"), { x: 50, y, size: 18, font: bold });
  y -= 28;
  page.drawText(title, { x: 50, y, size: 14, font: bold, color: rgb(0.2, 0.2, 0.2) });
  y -= 30;
  for (const [label, value] of lines) {
    page.drawText(ascii(label), { x: 50, y, size: 10, font: bold });
    page.drawText(ascii(value), { x: 200, y, size: 10, font });
    y -= 18;
  }
  y -= 12;
  page.drawText(`Issued ${new Date().toISOString()}`, { x: 50, y, size: 8, font, color: rgb(0.4, 0.4, 0.4) });
  // Uncompressed object streams keep the text searchable by simple tools (and the tests).
  const pdf = await doc.save({ useObjectStreams: false });
  return { pdf, filename: `receipt-${input.id}.pdf` };
}
