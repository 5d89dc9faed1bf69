import { FileText } from "lucide-react";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { StatementSummary } from "@/lib/contracts/statements";
import { formatMinor } from "@/lib/money";

/**
 * A customer's monthly statements (docs/statements.md), newest first, each with its opening and
 * closing balance and its PDF. `pdfHref` is where this page downloads one: the console's route
 * for staff, the cardholder pages' own for a cardholder.
 */
export function StatementsSection({
  statements,
  pdfHref,
  description = "One per month and currency, written after the month ends in the program's time zone.",
}: {
  statements: StatementSummary[];
  pdfHref: (statement: StatementSummary) => string;
  description?: string;
}) {
  return (
    <Card aria-labelledby="statements-title" id="statements">
      <CardHeader>
        <CardTitle id="statements-title">Statements</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {statements.length === 0 ? (
        <p className="px-5 pb-5 text-sm text-muted">
          No statement yet: the first is written once this month has ended.
        </p>
      ) : (
        <ul className="divide-y divide-border border-t border-border">
          {statements.map((s) => (
            <li
              key={s.statement_id}
              className="flex flex-col gap-1 px-5 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <span className="font-medium">
                {s.period} · {s.currency}
              </span>
              <span className="tabular-nums text-muted">
                {formatMinor(s.opening_balance_minor, s.currency)} →{" "}
                <span className="text-foreground">{formatMinor(s.closing_balance_minor, s.currency)}</span>
              </span>
              <a
                href={pdfHref(s)}
                className="inline-flex items-center gap-1 font-medium text-accent hover:underline"
              >
                <FileText className="size-4" aria-hidden />
                PDF<span className="sr-only"> of the {s.period} statement</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
