"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { fieldErrorsOf } from "@/components/cards/replacement-form";
import { ShippingFields } from "@/components/cards/shipping-fields";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { useAction } from "@/components/ui/use-action";
import type { ShippingService } from "@/lib/contracts/card-orders";
import type { ShippingCountry } from "@/lib/postcodes";
import { errorText } from "./error-text";
import type { OrderPhysicalCardAction } from "./types";

/**
 * My card: order a physical card to an address (docs/physical-cards.md). The postcode is checked
 * for the country chosen (its example shown as the placeholder); the server checks it again.
 */
export function OrderPhysicalCard({
  order,
  defaultName,
}: {
  order: OrderPhysicalCardAction;
  defaultName: string;
}) {
  const router = useRouter();
  const action = useAction(order);
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (k: string) => String(f.get(k) ?? "").trim();
    setError(undefined);
    setFieldErrors({});
    const res = await action.run({
      name: text("name"),
      service: text("service") as ShippingService,
      personalization: text("personalization") || undefined,
      address: {
        line1: text("line1"),
        line2: text("line2") || undefined,
        city: text("city"),
        postal_code: text("postal_code"),
        country: text("country") as ShippingCountry,
      },
    });
    if (!res.ok) {
      setFieldErrors(fieldErrorsOf(res.error.fields));
      setError(errorText(res.error));
      return;
    }
    router.refresh();
  }

  return (
    <Card aria-labelledby="order-physical-title">
      <CardHeader>
        <CardTitle id="order-physical-title">Order a physical card</CardTitle>
      </CardHeader>
      <CardBody>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <ShippingFields
            legend="The card and where it goes"
            errors={fieldErrors}
            required
            defaultName={defaultName}
            full
          />
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div>
            <Button type="submit" disabled={action.pending}>
              {action.pending ? "Ordering…" : "Order my card"}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
