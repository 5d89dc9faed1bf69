"use client";

import { useId } from "react";
import type { ReplaceCardInput } from "@/lib/contracts/card-replacement";
import type { ReplacementReason } from "@/lib/enums";
import type { ShippingCountry } from "@/lib/postcodes";
import { REASON_COPY } from "./replacement-labels";
import { ShippingFields } from "./shipping-fields";

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

/** A physical replacement's shipping: optional, read as one value or undefined while left empty. */
export function ReplacementShippingFields({ errors }: { errors: Record<string, string> }) {
  return (
    <ShippingFields
      legend="Ship the new card to"
      hint="Leave empty to ship it where the old card went, with the same name and delivery."
      errors={errors}
    />
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
