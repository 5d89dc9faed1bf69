"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { ShippingTimeline } from "@/components/cards/shipping-timeline";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { useAction } from "@/components/ui/use-action";
import type { CardOrder } from "@/lib/contracts/card-orders";
import { CancelMyOrder } from "./cancel-my-order";
import { errorText } from "./error-text";
import type { ActivateMyCardAction, CancelMyOrderAction } from "./types";

/**
 * My card: where the physical card is, and once it shipped, its activation with the last four
 * digits and the 6-digit code on the letter that came with it (docs/physical-cards.md, Activation).
 * Before it ships, the order can be cancelled.
 */
export function PhysicalCardStatus({
  order,
  activate,
  cancel,
  sandboxCode,
}: {
  order: CardOrder;
  activate: ActivateMyCardAction;
  cancel: CancelMyOrderAction;
  /** Sandbox only: the letter's code, shown so the demo can be tried. */
  sandboxCode?: string;
}) {
  const router = useRouter();
  const action = useAction(activate);
  const [error, setError] = useState<string>();
  const canActivate = !order.card_activated && (order.status === "shipped" || order.status === "delivered");

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setError(undefined);
    const res = await action.run({
      cardId: order.card_id,
      last_four: String(f.get("last_four") ?? "").trim(),
      activation_code: String(f.get("activation_code") ?? "").trim(),
    });
    if (!res.ok) {
      setError(errorText(res.error));
      return;
    }
    router.refresh();
  }

  return (
    <Card aria-labelledby={`shipping-${order.order_id}`}>
      <CardHeader>
        <CardTitle id={`shipping-${order.order_id}`}>Physical card •••• {order.last_four}</CardTitle>
      </CardHeader>
      <CardBody className="flex flex-col gap-4">
        <ShippingTimeline order={order} showSource={false} />
        {order.card_activated ? <Alert tone="success">Your card is activated.</Alert> : null}
        {order.status === "pending" || order.status === "submitted" ? (
          <CancelMyOrder order={order} cancel={cancel} />
        ) : null}
        {canActivate ? (
          <form
            onSubmit={submit}
            className="grid gap-4 sm:grid-cols-[10rem_12rem_auto] sm:items-start"
            noValidate
          >
            <Field
              label="Last four digits"
              name="last_four"
              inputMode="numeric"
              maxLength={4}
              required
              autoComplete="off"
            />
            <Field
              label="Activation code"
              name="activation_code"
              inputMode="numeric"
              maxLength={6}
              required
              autoComplete="one-time-code"
              hint={
                sandboxCode
                  ? `Sandbox: the letter's code is ${sandboxCode}.`
                  : "On the letter that came with the card."
              }
            />
            <Button type="submit" disabled={action.pending} className="sm:mt-6">
              {action.pending ? "Activating…" : "Activate card"}
            </Button>
            {error ? (
              <Alert tone="error" className="sm:col-span-3">
                {error}
              </Alert>
            ) : null}
          </form>
        ) : null}
      </CardBody>
    </Card>
  );
}
