"use client";

import { useId, useState } from "react";
import { Field } from "@/components/ui/field";
import { selectClass } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ReplaceCardInput } from "@/lib/contracts/card-replacement";
import type { ReplacementReason } from "@/lib/enums";
import { POSTCODE_FORMATS, SHIPPING_COUNTRIES, type ShippingCountry } from "@/lib/postcodes";
import { REASON_COPY } from "./replacement-labels";

/**
 * The reason picker and, for a physical card, the shipping fields of a replacement
 * (docs/card-replacement.md), shared by the console's Report and replace and My card. Shipping
 * left empty goes to the old card's order.
 */

export function ReasonPicker({
  reasons,
  value,
  onChange,
}: {
  reasons: readonly ReplacementReason[];
  value: ReplacementReason;
  onChange: (r: ReplacementReason) => void;
}) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Why is the card replaced?</legend>
      <div className="grid grid-cols-2 gap-2">
        {reasons.map((r) => (
          <label
            key={r}
            htmlFor={`${id}-${r}`}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-accent"
          >
            <input
              id={`${id}-${r}`}
              type="radio"
              name={`${id}-reason`}
              value={r}
              checked={value === r}
              onChange={() => onChange(r)}
            />
            {REASON_COPY[r].label}
          </label>
        ))}
      </div>
      <p className="text-xs text-muted">{REASON_COPY[value].effect}</p>
    </fieldset>
  );
}

/** The shipping fields; they read as one value or undefined while left empty. */
export function ShippingFields({ errors }: { errors: Record<string, string> }) {
  const id = useId();
  const [country, setCountry] = useState<ShippingCountry>("DE");
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-1 text-sm font-medium">Ship the new card to</legend>
      <p className="text-xs text-muted sm:col-span-2">
        Leave empty to ship it where the old card went, with the same name and delivery.
      </p>
      <Field label="Name on card" name="name" maxLength={26} error={errors.name} />
      <Field label="Street and number" name="line1" maxLength={100} error={errors.line1} />
      <Field label="City" name="city" maxLength={60} error={errors.city} />
      <Field
        label="Postcode"
        name="postal_code"
        maxLength={12}
        placeholder={POSTCODE_FORMATS[country].example}
        error={errors.postal_code}
      />
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
    </fieldset>
  );
}

/** The request body from the form: shipping only when a physical card's fields were filled in. */
export function replacementBody(
  form: HTMLFormElement | null,
  reason: ReplacementReason,
  physical: boolean,
): ReplaceCardInput {
  if (!physical || !form) return { reason };
  const f = new FormData(form);
  const text = (k: string) => String(f.get(k) ?? "").trim();
  if (!text("line1") && !text("name") && !text("city") && !text("postal_code")) return { reason };
  return {
    reason,
    shipping: {
      name: text("name"),
      service: "standard",
      address: {
        line1: text("line1"),
        city: text("city"),
        postal_code: text("postal_code"),
        country: text("country") as ShippingCountry,
      },
    },
  };
}

/** Field errors by the field's last path part (shipping.address.postal_code -> postal_code). */
export function fieldErrorsOf(fields: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields ?? {})) out[path.split(".").at(-1) ?? path] = message;
  return out;
}
