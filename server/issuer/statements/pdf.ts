import { eq } from "drizzle-orm";
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { type Statement, STATEMENT_LINE_KINDS, STATEMENT_LINE_LABELS } from "@/lib/contracts/statements";
import { minorToDecimal } from "@/lib/money";
import type { Ctx } from "@/server/context";
import { organizations } from "@/server/db/schema/identity";
import { getStatement } from "./read";

/**
 * A statement as a PDF (pdf-lib, A4, standard fonts so plain ASCII): the program, the customer,
 * the month, opening and closing balances, the totals by kind and every line with the balance
 * after it, pages added as the lines need them. Uncompressed, so its text stays searchable
 * (lib/pdf-text.ts reads it in the tests).
 */

const ascii = (s: string) => s.replace(/[^\x20-\x7e]/g, "?");
const TOP = 790;
const BOTTOM = 60;

interface Pen {
  doc: PDFDocument;
  page: PDFPage;
  y: number;
  font: PDFFont;
  bold: PDFFont;
}

function text(pen: Pen, value: string, x: number, opts: { bold?: boolean; size?: number } = {}): void {
  pen.page.drawText(ascii(value), {
    x,
    y: pen.y,
    size: opts.size ?? 9,
    font: opts.bold ? pen.bold : pen.font,
  });
}

function nextLine(pen: Pen, step = 14): void {
  pen.y -= step;
  if (pen.y < BOTTOM) {
    pen.page = pen.doc.addPage([595, 842]);
    pen.y = TOP;
  }
}

export async function statementPdf(statement: Statement, programName: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Statement ${statement.period} ${statement.svc_card_id}`);
  doc.setProducer("card console statements");
  const pen: Pen = {
    doc,
    page: doc.addPage([595, 842]),
    y: TOP,
    font: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const money = (minor: number) => `${minorToDecimal(minor)} ${statement.currency}`;
  text(pen, programName, 50, { bold: true, size: 18 });
  nextLine(pen, 26);
  text(pen, `Statement ${statement.period} (${statement.time_zone})`, 50, { bold: true, size: 13 });
  nextLine(pen, 20);
  for (const [label, value] of [
    ["Account", statement.svc_card_id],
    ["Statement", statement.statement_id],
    ["Currency", statement.currency],
    ["Opening balance", money(statement.opening_balance_minor)],
    ["Closing balance", money(statement.closing_balance_minor)],
  ]) {
    text(pen, label!, 50, { bold: true });
    text(pen, value!, 180);
    nextLine(pen);
  }
  nextLine(pen, 8);
  text(pen, "Totals", 50, { bold: true, size: 11 });
  nextLine(pen);
  for (const kind of STATEMENT_LINE_KINDS) {
    text(pen, STATEMENT_LINE_LABELS[kind], 50);
    text(pen, money(statement.totals[kind]), 180);
    nextLine(pen);
  }
  nextLine(pen, 8);
  text(pen, "Date", 50, { bold: true });
  text(pen, "Description", 130, { bold: true });
  text(pen, "Amount", 400, { bold: true });
  text(pen, "Balance", 480, { bold: true });
  nextLine(pen);
  if (statement.lines.length === 0) {
    text(pen, "No movements this month.", 50);
    nextLine(pen);
  }
  for (const line of statement.lines) {
    text(pen, line.at.slice(0, 10), 50);
    text(pen, line.description.slice(0, 48), 130);
    text(pen, money(line.amount_minor), 400);
    text(pen, money(line.balance_after_minor), 480);
    nextLine(pen);
  }
  nextLine(pen, 8);
  pen.page.drawText(`Issued ${statement.created_at}`, {
    x: 50,
    y: pen.y,
    size: 7,
    font: pen.font,
    color: rgb(0.4, 0.4, 0.4),
  });
  return doc.save({ useObjectStreams: false });
}

/** GET .../statements/{statementId}?format=pdf: the same permission and lookup as the JSON. */
export async function getStatementPdf(args: {
  ctx: Ctx;
  input: { svcCardId: string; statementId: string };
}): Promise<{ pdf: Uint8Array; filename: string }> {
  const statement = await getStatement(args);
  const [org] = await args.ctx.db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, args.ctx.orgId));
  return {
    pdf: await statementPdf(statement, org?.name ?? "Card program"),
    filename: `statement-${statement.period}-${statement.svc_card_id}.pdf`,
  };
}
