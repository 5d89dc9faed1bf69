import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LiveRefresh } from "@/components/crypto/live-refresh";
import { PaymentOptions } from "@/components/crypto/payment-options";
import { Timestamp } from "@/components/ui/timestamp";
import { getDb } from "@/server/db/client";
import { getHostedPayment } from "@/server/gateway/hosted";

export const metadata: Metadata = { title: "Pay with crypto", robots: { index: false } };
export const dynamic = "force-dynamic";

const STATUS_TEXT: Record<string, string> = {
  awaiting_payment: "Waiting for your payment",
  underpaid: "Partly paid: send the rest to the same address",
  paid: "Paid, thank you",
  overpaid: "Paid (more than requested; the merchant will refund the difference)",
  expired: "This payment has expired",
};

/** The payer's hosted page: each accepted option's address and QR code, and the status, kept live. */
export default async function HostedPaymentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const payment = await getHostedPayment(await getDb(), id);
  if (!payment) notFound();
  const open = payment.status === "awaiting_payment" || payment.status === "underpaid";
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 p-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">{payment.title}</h1>
        <p className="text-lg">
          {payment.requested_amount} {payment.currency}
          {payment.settled_amount !== null ? ` (received ${payment.settled_amount})` : ""}
        </p>
        <p role="status" aria-live="polite" data-testid="hosted-status" data-status={payment.status}>
          {STATUS_TEXT[payment.status]}
        </p>
      </header>
      {open ? (
        <section className="flex flex-col gap-3">
          <p className="text-sm text-muted">
            Send exactly the amount in one of these tokens to its address, before{" "}
            <Timestamp iso={payment.expires_at} seconds={false} />.
          </p>
          <PaymentOptions payment={payment} />
        </section>
      ) : null}
      <LiveRefresh active={open} />
    </main>
  );
}
