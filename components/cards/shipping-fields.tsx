"use client";

import { useId, useState } from "react";
import { Field } from "@/components/ui/field";
import { selectClass } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SHIPPING_SERVICES } from "@/lib/contracts/card-orders";
import { POSTCODE_FORMATS, SHIPPING_COUNTRIES, type ShippingCountry } from "@/lib/postcodes";
import { SERVICE_LABELS } from "./order-labels";

/**
 * The name and address a physical card is shipped to (docs/physical-cards.md), inside the caller's
 * form: its values are read from the form by name (name, line1, city, postal_code, country; with
 * `full` also personalization, line2 and service). The postcode's placeholder is the chosen
 * country's example; the server checks the postcode for it. Used by My card's order form and by
 * both replacement forms.
 */
export function ShippingFields({
  legend,
  hint,
  errors,
  required = false,
  defaultName,
  full = false,
}: {
  legend: string;
  hint?: string;
  /** Messages by the field's name (the last part of the action's field path). */
  errors: Record<string, string>;
  required?: boolean;
  defaultName?: string;
  /** The order form's extras: a second line on the card, a second address line, the delivery. */
  full?: boolean;
}) {
  const id = useId();
  const [country, setCountry] = useState<ShippingCountry>("DE");
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2 sm:gap-4">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {hint ? <p className="text-xs text-muted sm:col-span-2">{hint}</p> : null}
      <Field
        label="Name on card"
        name="name"
        defaultValue={defaultName}
        required={required}
        maxLength={26}
        error={errors.name}
      />
      {full ? (
        <Field
          label="Second line (optional)"
          name="personalization"
          maxLength={26}
          hint="A company name, for example."
          error={errors.personalization}
        />
      ) : null}
      <Field
        label="Street and number"
        name="line1"
        required={required}
        maxLength={100}
        autoComplete="address-line1"
        error={errors.line1}
      />
      {full ? (
        <Field
          label="Address line 2 (optional)"
          name="line2"
          maxLength={100}
          autoComplete="address-line2"
          error={errors.line2}
        />
      ) : null}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-country`}>Country</Label>
        <select
          id={`${id}-country`}
          name="country"
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
        required={required}
        maxLength={12}
        autoComplete="postal-code"
        placeholder={POSTCODE_FORMATS[country].example}
        error={errors.postal_code}
      />
      <Field
        label="City"
        name="city"
        required={required}
        maxLength={60}
        autoComplete="address-level2"
        error={errors.city}
      />
      {full ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-service`}>Delivery</Label>
          <select id={`${id}-service`} name="service" className={selectClass} defaultValue="standard">
            {SHIPPING_SERVICES.map((s) => (
              <option key={s} value={s}>
                {SERVICE_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </fieldset>
  );
}
