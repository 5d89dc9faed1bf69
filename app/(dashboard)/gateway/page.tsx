import type { Metadata } from "next";
import Link from "next/link";
import { type AcceptedByCurrency, GatewayPaymentForm } from "@/components/crypto/gateway-payment-form";
import { GATEWAY_STATUS } from "@/components/crypto/labels";
import { PageHeader } from "@/components/page-header";
import { StatusBadge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { PageNav } from "@/components/ui/pager";
import { ScrollRegion } from "@/components/ui/scroll-hint";
import { TableHeader } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import { GATEWAY_CURRENCIES, GATEWAY_STATUSES, gatewayListQuerySchema } from "@/lib/contracts/gateway";
import { can } from "@/lib/contracts/permissions";
import { isSandbox } from "@/lib/env";
import { requireSession } from "@/server/action-kit/session";
import { createGatewayPaymentAction } from "@/server/actions/crypto";
import { listPayments } from "@/server/gateway/list";
import { ACCEPTED } from "@/server/gateway/payments";

export const metadata: Metadata = { title: "Gateway payments" };

const PAGE = 20;

/** What the create form lists per currency: the options server/gateway/payments.ts gives a payment. */
const accepted = Object.fromEntries(
  GATEWAY_CURRENCIES.map((c) => [c, ACCEPTED[c].map(([asset_code, network]) => ({ asset_code, network }))]),
) as AcceptedByCurrency;

export default async function GatewayPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string>>;
}) {
  const { ctx, user } = await requireSession();
  const canCreate = isSandbox() && can(user, "createPayment");
  const params = await searchParams;
  const parsed = gatewayListQuerySchema.safeParse({ ...params, limit: PAGE });
  const query = parsed.success ? parsed.data : { limit: PAGE, offset: 0 };
  const list = await listPayments({ ctx, input: query });
  const link = (over: Record<string, string | number | undefined>) => {
    const q = new URLSearchParams();
    const merged = {
      status: query.status,
      external_reference: query.external_reference,
      offset: query.offset,
      ...over,
    };
    for (const [k, v] of Object.entries(merged))
      if (v !== undefined && v !== 0 && v !== "") q.set(k, String(v));
    return `/gateway${q.size ? `?${q}` : ""}`;
  };
  return (
    <>
      <PageHeader
        title="Gateway payments"
        description={
          "Crypto payments your customers make to you, with the tokens and networks each accepts. " +
          "In sandbox mode, create test payments here and pay them with the API's sandbox call " +
          "POST /api/v1/sandbox/crypto-gateway/payments/{id}/pay."
        }
      />
      {canCreate ? (
        <Card className="mb-6">
          <CardHeader>
            <CardTitle>Create payment</CardTitle>
          </CardHeader>
          <CardBody>
            <GatewayPaymentForm create={createGatewayPaymentAction} accepted={accepted} />
          </CardBody>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>Payments</CardTitle>
          <form className="flex flex-wrap items-end gap-3 text-sm" action="/gateway">
            <label className="flex flex-col gap-1">
              Status
              <select
                name="status"
                defaultValue={query.status ?? ""}
                className="rounded border border-border px-2 py-1"
              >
                <option value="">All</option>
                {GATEWAY_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {GATEWAY_STATUS[s].label}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1">
              External reference
              <input
                name="external_reference"
                defaultValue={query.external_reference ?? ""}
                className="rounded border border-border px-2 py-1"
              />
            </label>
            <button type="submit" className="rounded border border-border px-3 py-1">
              Filter
            </button>
          </form>
        </CardHeader>
        <ScrollRegion label="Payments">
          <table className="w-full text-sm">
            <TableHeader columns={["Created", "Title", "Requested", "Settled", "Status", "Reference"]} />
            <tbody>
              {list.payments.map((p) => (
                <tr
                  key={p.payment_id}
                  className="border-b border-border last:border-0"
                  data-status={p.status}
                >
                  <td className="px-5 py-2">
                    <Timestamp iso={p.created_at} seconds={false} />
                  </td>
                  <td className="px-3 py-2">
                    <Link href={`/gateway/${p.payment_id}`} className="text-accent underline">
                      {p.title}
                    </Link>
                  </td>
                  <td className="px-3 py-2 tabular-nums">
                    {p.requested_amount} {p.currency}
                  </td>
                  <td className="px-3 py-2 tabular-nums">
                    {p.settled_amount === null ? "-" : `${p.settled_amount} ${p.asset_code} (${p.network})`}
                  </td>
                  <td className="px-3 py-2">
                    <StatusBadge status={p.status} labels={GATEWAY_STATUS} />
                  </td>
                  <td className="pr-5 pl-3 py-2">{p.external_reference ?? "-"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
        <PageNav
          label="Payment pages"
          page={Math.floor(query.offset / PAGE) + 1}
          total={list.total}
          limit={PAGE}
          noun={["payment", "payments"]}
          href={(page) => link({ offset: (page - 1) * PAGE })}
        />
      </Card>
    </>
  );
}
