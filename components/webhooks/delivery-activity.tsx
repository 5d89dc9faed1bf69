import type { ComponentProps } from "react";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DeliveriesChart } from "./deliveries-chart";
import { DeliveryFilters } from "./delivery-filters";
import { DeliveryLog } from "./delivery-log";
import { RangeLinks } from "./range-links";

type LogProps = ComponentProps<typeof DeliveryLog>;

/**
 * The chart of deliveries over time and the filtered delivery log, for every webhook or for one
 * (the webhooks page and a webhook's page show the same two cards over a different scope).
 */
export function DeliveryActivity({
  scope,
  chart,
  range,
  ...log
}: LogProps & {
  /** "Every webhook" or "This webhook": who the chart counts. */
  scope: string;
  chart: { buckets: ComponentProps<typeof DeliveriesChart>["buckets"]; bucket_seconds: number };
  range: ComponentProps<typeof RangeLinks>["current"];
}) {
  const all = scope === "Every webhook";
  return (
    <>
      <Card id="activity" aria-labelledby="activity-title">
        <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex flex-col gap-1">
            <CardTitle id="activity-title">Deliveries over time</CardTitle>
            <CardDescription>
              {scope}, by {chart.bucket_seconds < 86_400 ? "hour" : "day"} of creation and current outcome.
            </CardDescription>
          </div>
          <RangeLinks path={log.path} filters={log.filters} current={range} />
        </CardHeader>
        <CardBody>
          <DeliveriesChart buckets={chart.buckets} bucketSeconds={chart.bucket_seconds} />
        </CardBody>
      </Card>

      <Card id="deliveries" aria-labelledby="deliveries-title">
        <CardHeader>
          <CardTitle id="deliveries-title">Delivery log</CardTitle>
          <CardDescription>
            {all ? "All webhooks, newest first." : "Newest first."} Open a delivery for its attempts, request
            and responses.
          </CardDescription>
        </CardHeader>
        <CardBody className="border-b border-border">
          <DeliveryFilters path={log.path} filters={log.filters} />
        </CardBody>
        <DeliveryLog {...log} />
      </Card>
    </>
  );
}
