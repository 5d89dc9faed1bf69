import type { SecureCardDetails } from "./types";

/** 4-4-4-4 (or the longer groupings of a 19-digit number, still by four). */
export function groupPan(pan: string): string {
  return pan.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** The card number, expiry and CVV, shown only on the details_and_pin view. */
export function CardDetails({ details, lastFour }: { details: SecureCardDetails; lastFour: string }) {
  return (
    <section
      aria-label={`Card ending in ${lastFour}`}
      className="flex flex-col gap-3 rounded-(--svc-radius) bg-(--svc-panel) p-4"
    >
      <div className="flex flex-col gap-0.5">
        <span className="text-xs text-(--svc-muted)">Card number</span>
        <span className="font-mono text-xl tracking-wider tabular-nums select-all" data-testid="secure-pan">
          {groupPan(details.pan)}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs text-(--svc-muted)">Expires</dt>
          <dd className="font-mono text-base tabular-nums select-all">{details.expiry}</dd>
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs text-(--svc-muted)">CVV</dt>
          <dd className="font-mono text-base tabular-nums select-all">{details.cvv}</dd>
        </div>
      </dl>
    </section>
  );
}
