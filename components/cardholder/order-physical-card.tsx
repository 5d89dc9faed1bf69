"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { SERVICE_LABELS } from "@/components/cards/order-labels";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { selectClass } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useAction } from "@/components/ui/use-action";
import { SHIPPING_SERVICES, type ShippingService } from "@/lib/contracts/card-orders";
import { POSTCODE_FORMATS, SHIPPING_COUNTRIES, type ShippingCountry } from "@/lib/postcodes";
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
  const [country, setCountry] = useState<ShippingCountry>("DE");
  const [service, setService] = useState<ShippingService>("standard");
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
      service,
      personalization: text("personalization") || undefined,
      address: {
        line1: text("line1"),
        line2: text("line2") || undefined,
        city: text("city"),
        postal_code: text("postal_code"),
        country,
      },
    });
    if (!res.ok) {
      const byField: Record<string, string> = {};
      for (const [path, message] of Object.entries(res.error.fields ?? {}))
        byField[path.split(".").at(-1) ?? path] = message;
      setFieldErrors(byField);
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
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
          <Field
            label="Name on card"
            name="name"
            defaultValue={defaultName}
            required
            maxLength={26}
            error={fieldErrors.name}
          />
          <Field
            label="Second line (optional)"
            name="personalization"
            maxLength={26}
            hint="A company name, for example."
            error={fieldErrors.personalization}
          />
          <Field
            label="Street and number"
            name="line1"
            required
            maxLength={100}
            autoComplete="address-line1"
            error={fieldErrors.line1}
          />
          <Field
            label="Address line 2 (optional)"
            name="line2"
            maxLength={100}
            autoComplete="address-line2"
          />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="ship-country">Country</Label>
            <select
              id="ship-country"
              className={selectClass}
              value={country}
              onChange={(e) => setCountry(e.target.value as ShippingCountry)}
            >
              {SHIPPING_COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {POSTCODE_FORMATS[c].name}
                </option>
              ))}
            </select>
          </div>
          <Field
            label="Postcode"
            name="postal_code"
            required
            maxLength={12}
            autoComplete="postal-code"
            placeholder={POSTCODE_FORMATS[country].example}
            error={fieldErrors.postal_code}
          />
          <Field
            label="City"
            name="city"
            required
            maxLength={60}
            autoComplete="address-level2"
            error={fieldErrors.city}
          />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="ship-service">Delivery</Label>
            <select
              id="ship-service"
              className={selectClass}
              value={service}
              onChange={(e) => setService(e.target.value as ShippingService)}
            >
              {SHIPPING_SERVICES.map((s) => (
                <option key={s} value={s}>
                  {SERVICE_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          {error ? (
            <Alert tone="error" className="sm:col-span-2">
              {error}
            </Alert>
          ) : null}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={action.pending}>
              {action.pending ? "Ordering…" : "Order my card"}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
