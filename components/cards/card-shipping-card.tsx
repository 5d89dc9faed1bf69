import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import type { CardOrder } from "@/lib/contracts/card-orders";
import { ShippingTimeline } from "./shipping-timeline";

/** The card page's Shipping panel: a physical card's order (nothing for a card without one). */
export function CardShippingCard({ order }: { order: CardOrder | null }) {
  if (!order) return null;
  return (
    <Card className="mt-4" aria-labelledby="card-shipping-title">
      <CardHeader>
        <CardTitle id="card-shipping-title">Shipping</CardTitle>
      </CardHeader>
      <CardBody>
        <ShippingTimeline order={order} />
      </CardBody>
    </Card>
  );
}
