import { formatMinor } from "@/lib/money";
import type { TransactionRow } from "./types";

/** The merchant's amount; the card account's own amount under it when it was converted. */
export function TransactionAmount({
  t,
}: {
  t: Pick<TransactionRow, "amount_minor" | "currency" | "billing_amount_minor" | "billing_currency" | "type">;
}) {
  const converted = t.billing_currency !== t.currency;
  return (
    <span className="flex flex-col items-end tabular-nums">
      <span className="font-medium whitespace-nowrap">
        {t.type === "refund" ? "+" : ""}
        {formatMinor(t.amount_minor, t.currency)}
      </span>
      {converted ? (
        <span className="text-xs whitespace-nowrap text-muted">
          billed {formatMinor(t.billing_amount_minor, t.billing_currency)}
        </span>
      ) : null}
    </span>
  );
}
