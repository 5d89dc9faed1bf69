import type { TransactionStatus } from "@/components/transactions/filters";
import { STATUS_LABELS } from "@/components/transactions/labels";
import { Timestamp } from "@/components/ui/timestamp";
import { formatMinor } from "@/lib/money";
import type { MyActivity as MyActivityView } from "@/server/cards/my-activity";
import { MY_DISPUTE_STATUS } from "./dispute-status";
import { MyDispute } from "./my-dispute";
import type { DisputeReasonOption, FileMyDisputeAction } from "./types";

/** A settled purchase with no dispute, or whose last dispute is closed without a credit. */
function disputable(t: MyActivityView["recent"][number]): boolean {
  if (t.type !== "purchase" || t.status !== "settled") return false;
  return !t.dispute || t.dispute.status === "withdrawn" || t.dispute.status === "lost";
}

/**
 * My card: what the cardholder can spend and their latest card transactions; a settled purchase
 * can be disputed, and a disputed one shows its dispute's status.
 */
export function MyActivity({
  data,
  reasons,
  fileDispute,
}: {
  data: MyActivityView;
  reasons: DisputeReasonOption[];
  fileDispute: FileMyDisputeAction;
}) {
  return (
    <section
      aria-labelledby="my-activity-title"
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <h2 id="my-activity-title" className="text-base font-semibold">
        Balance and recent transactions
      </h2>
      {data.balance ? (
        <p className="flex flex-col">
          <span className="text-2xl font-semibold tabular-nums">
            {formatMinor(data.balance.available_minor, data.balance.currency)}
          </span>
          <span className="text-sm text-muted">
            available
            {data.balance.pending_minor > 0
              ? ` · ${formatMinor(data.balance.pending_minor, data.balance.currency)} held for payments`
              : ""}
          </span>
        </p>
      ) : (
        <p className="text-sm text-muted">Your balance shows once your wallet is set up.</p>
      )}
      {data.recent.length === 0 ? (
        <p className="text-sm text-muted">No card transactions yet.</p>
      ) : (
        <ul className="divide-y divide-border text-sm" aria-label="Recent transactions">
          {data.recent.map((t) => (
            <li
              key={t.transaction_id}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2"
              data-testid="my-transaction"
            >
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">{t.merchant ?? "Card transaction"}</span>
                <span className="text-xs text-muted">
                  <Timestamp iso={t.created_at} seconds={false} /> ·{" "}
                  {STATUS_LABELS[t.status as TransactionStatus] ?? t.status}
                </span>
                {t.decline_reason ? (
                  <span className="text-xs text-danger" data-testid="my-decline-reason">
                    {t.decline_reason}
                    {t.declined_by ? ` ${t.declined_by}` : ""}
                  </span>
                ) : null}
                {t.dispute ? (
                  <span className="text-xs font-medium" data-testid="my-dispute-status">
                    {MY_DISPUTE_STATUS[t.dispute.status]} ·{" "}
                    {formatMinor(t.dispute.amount_minor, t.dispute.currency)}
                  </span>
                ) : null}
              </span>
              <span className="flex items-center gap-2">
                <span className="text-right tabular-nums">
                  {t.type === "refund" ? "+" : "−"}
                  {formatMinor(t.billing_amount_minor, t.billing_currency)}
                </span>
                {disputable(t) ? (
                  <MyDispute
                    transaction={{
                      transaction_id: t.transaction_id,
                      merchant: t.merchant,
                      amount: formatMinor(t.amount_minor, t.currency),
                      currency: t.currency,
                    }}
                    reasons={reasons}
                    fileDispute={fileDispute}
                  />
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
