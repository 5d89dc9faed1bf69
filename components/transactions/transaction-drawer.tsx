"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { cardHref } from "@/components/cards/filters";
import { CopyButton } from "@/components/copy-button";
import { customerHref } from "@/components/customers/href";
import { DisputeSection } from "@/components/disputes/dispute-section";
import { cn } from "@/components/ui/cn";
import { Timestamp } from "@/components/ui/timestamp";
import { formatMinor } from "@/lib/money";
import type { TransactionStatus } from "./filters";
import { DECISION_SOURCE_LABELS, declineLabel, STATUS_MEANINGS, TYPE_LABELS } from "./labels";
import { TransactionStatusBadge } from "./status-badge";
import type { TransactionRow } from "./types";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-3 py-2 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

const none = <span className="text-muted">—</span>;
const mono = (v: string) => <code className="font-mono text-xs break-all">{v}</code>;

/** Every field as the API names it, in the order given, values as JSON would show them. */
function AllFields({ t }: { t: TransactionRow }) {
  return (
    <dl
      className="divide-y divide-border rounded-md border border-border px-3 font-mono text-xs"
      aria-label="Every field"
    >
      {Object.entries(t).map(([key, value]) => (
        <div key={key} className="grid grid-cols-[minmax(0,11rem)_minmax(0,1fr)] gap-3 py-1.5">
          <dt className="break-all text-muted">{key}</dt>
          <dd className="break-all">
            {value === null || value === undefined
              ? "null"
              : typeof value === "object"
                ? JSON.stringify(value)
                : String(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One transaction in a sheet from the right (a Radix dialog: focus kept inside, Escape closes,
 * focus returns to the row). The facts first, in words, then every field as the API gives it.
 */
export function TransactionDrawer({
  transaction: t,
  onClose,
  returnFocus,
}: {
  transaction: TransactionRow | null;
  onClose: () => void;
  /** Where the focus goes on close (the row that opened it): Radix's onCloseAutoFocus. */
  returnFocus?: (event: Event) => void;
}) {
  return (
    <DialogPrimitive.Root open={t !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <DialogPrimitive.Content
          onCloseAutoFocus={returnFocus}
          className={
            "fixed inset-y-0 right-0 z-50 flex w-full max-w-lg flex-col border-l " +
            "border-border bg-surface text-foreground shadow-lg sm:w-[32rem]"
          }
        >
          {t ? (
            <>
              <div className="flex items-start justify-between gap-3 border-b border-border px-5 py-4">
                <div className="flex min-w-0 flex-col gap-1">
                  <DialogPrimitive.Title className="truncate text-lg font-semibold">
                    {t.merchant ?? "Unknown merchant"}
                  </DialogPrimitive.Title>
                  <DialogPrimitive.Description
                    className={cn("flex flex-wrap items-center gap-2", "text-sm text-muted")}
                  >
                    <span className="font-medium text-foreground tabular-nums">
                      {formatMinor(t.amount_minor, t.currency)}
                    </span>
                    <TransactionStatusBadge status={t.status} />
                    <span>{TYPE_LABELS[t.type] ?? t.type}</span>
                  </DialogPrimitive.Description>
                </div>
                <DialogPrimitive.Close
                  className={cn("rounded-md p-1 text-muted", "hover:bg-surface-muted hover:text-foreground")}
                >
                  <X className="size-4" aria-hidden />
                  <span className="sr-only">Close</span>
                </DialogPrimitive.Close>
              </div>
              <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-5 py-4">
                {t.status in STATUS_MEANINGS ? (
                  <p className="text-sm">{STATUS_MEANINGS[t.status as TransactionStatus]}</p>
                ) : null}
                <section aria-labelledby="txn-amount">
                  <h3 id="txn-amount" className="text-xs font-medium tracking-wide text-muted uppercase">
                    Amount
                  </h3>
                  <dl className="divide-y divide-border">
                    <Row label="Merchant amount">{formatMinor(t.amount_minor, t.currency)}</Row>
                    <Row label="Billed to card">
                      {formatMinor(t.billing_amount_minor, t.billing_currency)}
                    </Row>
                    {t.hold_amount_minor !== undefined ? (
                      <Row label="Still held">
                        {t.hold_amount_minor > 0 ? (
                          formatMinor(t.hold_amount_minor, t.billing_currency)
                        ) : (
                          <span className="text-muted">Nothing</span>
                        )}
                      </Row>
                    ) : null}
                    <Row label="FX rate">
                      {t.currency === t.billing_currency ? (
                        <span className="text-muted">None (same currency)</span>
                      ) : t.fx_rate === undefined || t.fx_rate === null ? (
                        none
                      ) : (
                        `${t.fx_rate} ${t.currency} per ${t.billing_currency}`
                      )}
                    </Row>
                  </dl>
                </section>
                {t.status === "declined" ? (
                  <section aria-labelledby="txn-decline">
                    <h3 id="txn-decline" className="text-xs font-medium tracking-wide text-muted uppercase">
                      Decline
                    </h3>
                    <dl className="divide-y divide-border">
                      <Row label="Reason">{declineLabel(t.decline_code)}</Row>
                      <Row label="Code">{t.decline_code ? mono(t.decline_code) : none}</Row>
                      {t.decline_reason ? (
                        <Row label="Told the cardholder">
                          <span className="text-muted">{t.decline_reason}</span>
                        </Row>
                      ) : null}
                    </dl>
                  </section>
                ) : null}
                {t.decision_source ? (
                  <section aria-labelledby="txn-decision">
                    <h3 id="txn-decision" className="text-xs font-medium tracking-wide text-muted uppercase">
                      Decision
                    </h3>
                    <dl className="divide-y divide-border">
                      <Row label="Decided by">
                        {DECISION_SOURCE_LABELS[t.decision_source] ?? t.decision_source}
                      </Row>
                      {t.endpoint_latency_ms != null ? (
                        <Row label="Endpoint">
                          {t.endpoint_status != null ? `HTTP ${t.endpoint_status}` : "No answer"} in{" "}
                          {t.endpoint_latency_ms} ms
                        </Row>
                      ) : null}
                    </dl>
                  </section>
                ) : null}
                <section aria-labelledby="txn-merchant">
                  <h3 id="txn-merchant" className="text-xs font-medium tracking-wide text-muted uppercase">
                    Merchant
                  </h3>
                  <dl className="divide-y divide-border">
                    <Row label="Name">{t.merchant ?? none}</Row>
                    <Row label="Category (MCC)">{t.merchant_category ? mono(t.merchant_category) : none}</Row>
                    <Row label="City">{t.merchant_city ?? none}</Row>
                    <Row label="Country">{t.merchant_country ?? none}</Row>
                  </dl>
                </section>
                <section aria-labelledby="txn-who">
                  <h3 id="txn-who" className="text-xs font-medium tracking-wide text-muted uppercase">
                    Customer and card
                  </h3>
                  <dl className="divide-y divide-border">
                    <Row label="Customer">
                      <Link
                        href={customerHref(t.svc_card_id)}
                        className="break-all text-accent hover:underline"
                      >
                        {t.customer_email ?? t.svc_card_id}
                      </Link>
                    </Row>
                    <Row label="Customer id">{mono(t.svc_card_id)}</Row>
                    <Row label="Card">
                      {/* The card's page takes its token too and shows its card id (crd_...). */}
                      <Link href={cardHref(t.card_id)} className="text-accent hover:underline">
                        {t.card_last_four ? `•••• ${t.card_last_four}` : "Open the card"}
                      </Link>
                    </Row>
                    <Row label="Card token">
                      {mono(t.card_id)}
                      <span className="block text-xs text-muted">
                        The card network&apos;s name for the card, as in webhooks and the API&apos;s card_id
                        of a transaction.
                      </span>
                    </Row>
                  </dl>
                </section>
                <section aria-labelledby="txn-times">
                  <h3 id="txn-times" className="text-xs font-medium tracking-wide text-muted uppercase">
                    Times
                  </h3>
                  <dl className="divide-y divide-border">
                    <Row label="Created">
                      <Timestamp iso={t.created_at} />
                    </Row>
                    <Row label="Authorized">
                      <Timestamp iso={t.authorized_at} />
                    </Row>
                    <Row label="Settled">
                      {t.settled_at ? (
                        <Timestamp iso={t.settled_at} />
                      ) : (
                        <span className="text-muted">Not settled</span>
                      )}
                    </Row>
                  </dl>
                </section>
                {/* Keyed by transaction: a new sheet reads its own disputes. */}
                <DisputeSection key={t.transaction_id} transaction={t} />
                <section aria-labelledby="txn-all" className="flex flex-col gap-2">
                  <div className="flex items-center justify-between gap-2">
                    <h3 id="txn-all" className="text-xs font-medium tracking-wide text-muted uppercase">
                      Every field
                    </h3>
                    <CopyButton value={t.transaction_id} label="Copy id" />
                  </div>
                  <AllFields t={t} />
                </section>
              </div>
            </>
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
