import { customerTargetSchema } from "@/lib/contracts/cards";
import {
  statementListSchema,
  statementParamsSchema,
  statementQuerySchema,
  statementSchema,
} from "@/lib/contracts/statements";
import { ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";
import { getStatementPdf } from "@/server/issuer/statements/pdf";
import { getStatement, listStatements } from "@/server/issuer/statements/read";

/**
 * Monthly statements (docs/statements.md): the program (scope read) or the cardholder on their
 * own account. Card envelope; the PDF is the file itself.
 */
const BASE = "/api/v1/svc-card/customers/{svcCardId}/statements";
const TAGS = ["Customers"];

export const statementRoutes = [
  defineRoute({
    method: "get",
    path: BASE,
    summary: "List a customer's statements",
    description:
      "One per month and currency, newest first, written by the statement job after the month ends " +
      "in the program's time zone (statement.created).",
    tags: TAGS,
    operationId: "listStatements",
    auth: "listStatements",
    request: { params: customerTargetSchema },
    response: { data: statementListSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await listStatements({ ctx, input: input.params })),
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/{statementId}`,
    summary: "Get a statement (JSON or PDF)",
    description:
      "Opening and closing ledger balance, totals by kind and every line (settled purchases and " +
      "withdrawals, refunds, fundings, dispute credits, fees, adjustments) with the balance after it. " +
      "format=pdf answers the same statement as a PDF file (application/pdf).",
    tags: TAGS,
    operationId: "getStatement",
    auth: "getStatement",
    request: { params: statementParamsSchema, query: statementQuerySchema },
    response: { data: statementSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => {
      if (input.query.format === "json") return ok(c, await getStatement({ ctx, input: input.params }));
      const { pdf, filename } = await getStatementPdf({ ctx, input: input.params });
      return new Response(Buffer.from(pdf), {
        status: 200,
        headers: {
          "content-type": "application/pdf",
          "content-disposition": `attachment; filename="${filename}"`,
          "cache-control": "private, no-store",
        },
      });
    },
  }),
];
