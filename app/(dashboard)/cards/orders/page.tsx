import type { Metadata } from "next";
import { OrderList, OrderStatusFilter } from "@/components/cards/order-list";
import { PageHeader } from "@/components/page-header";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody } from "@/components/ui/card";
import { CARD_ORDER_STATUSES, type CardOrderList, type CardOrderStatus } from "@/lib/contracts/card-orders";
import { ServiceError } from "@/lib/errors";
import { requireSession } from "@/server/action-kit/session";
import { listCardOrders } from "@/server/cards/physical/list";

export const metadata: Metadata = { title: "Card orders" };

const PAGE_SIZE = 25;

export default async function CardOrdersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ctx } = await requireSession();
  const params = await searchParams;
  const raw = typeof params.status === "string" ? params.status : undefined;
  const status = CARD_ORDER_STATUSES.includes(raw as CardOrderStatus) ? (raw as CardOrderStatus) : undefined;
  const after = typeof params.starting_after === "string" ? params.starting_after.slice(0, 64) : undefined;
  let list: CardOrderList = { orders: [], has_more: false };
  let refused: string | null = null;
  try {
    list = await listCardOrders({ ctx, input: { status, starting_after: after, limit: PAGE_SIZE } });
  } catch (err) {
    // A page link can outlive its order: say so rather than fail.
    if (!(err instanceof ServiceError) || err.code !== "VALIDATION_ERROR") throw err;
    refused = "This page's starting point is gone; start from the first page.";
  }
  return (
    <>
      <PageHeader
        title="Card orders"
        description="Physical cards ordered, newest first: where each is on its way, its carrier and tracking link. Open one to see its card and shipping timeline."
      />
      <div className="flex flex-col gap-4">
        <Card>
          <CardBody>
            <OrderStatusFilter status={status} />
          </CardBody>
        </Card>
        {refused ? <Alert tone="error">{refused}</Alert> : null}
        <Card aria-label="Card orders, newest first">
          <OrderList list={list} status={status} paged={Boolean(after)} />
        </Card>
      </div>
    </>
  );
}
