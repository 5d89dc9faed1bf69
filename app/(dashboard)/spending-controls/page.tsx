import type { Metadata } from "next";
import { categoriesInWords, INTERVAL_LABELS } from "@/components/controls/labels";
import { PageHeader } from "@/components/page-header";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { categoryLabel } from "@/lib/mcc";
import { minorToDecimal } from "@/lib/money";
import { requireSession } from "@/server/action-kit/session";
import { getProgramSpendingControls } from "@/server/controls/store";
import { getControlsTimeZone } from "@/server/controls/time-zone";

export const metadata: Metadata = { title: "Spending controls" };

/**
 * The program's default spending controls (docs/spending-controls.md): they apply to every card
 * beside its own and its customer's. Read here; changed with PUT /api/v1/card-issuer/spending-controls.
 */
export default async function SpendingControlsPage() {
  const { ctx } = await requireSession();
  const [{ spending_controls: c }, { time_zone }] = [
    await getProgramSpendingControls({ ctx }),
    await getControlsTimeZone({ ctx }),
  ];
  const lists: [string, string[] | undefined, (v: string) => string][] = [
    ["Only these categories", c.allowed_categories, categoryLabel],
    ["Never these categories", c.blocked_categories, categoryLabel],
    ["Only merchants in", c.allowed_merchant_countries, (v) => v],
    ["Never merchants in", c.blocked_merchant_countries, (v) => v],
  ];
  const shown = lists.filter(([, values]) => values?.length);
  return (
    <>
      <PageHeader
        title="Spending controls"
        description="The program's defaults: every card must pass them, besides its own and its customer's."
      />
      <div className="flex flex-col gap-4">
        <Card aria-labelledby="program-limits-title">
          <CardHeader>
            <CardTitle id="program-limits-title">Limits per card</CardTitle>
            <CardDescription>Windows start at local midnight in {time_zone}.</CardDescription>
          </CardHeader>
          <CardBody className="text-sm">
            {c.spending_limits.length + c.count_limits.length === 0 ? (
              <p className="text-muted">No program-wide limits.</p>
            ) : (
              <ul className="flex flex-col gap-1.5">
                {c.spending_limits.map((l, i) => (
                  <li key={`a${i}`}>
                    {INTERVAL_LABELS[l.interval]}: {minorToDecimal(l.amount_minor)} in the account&apos;s
                    currency
                    {categoriesInWords(l.categories) ? ` (${categoriesInWords(l.categories)})` : ""}
                  </li>
                ))}
                {c.count_limits.map((l, i) => (
                  <li key={`c${i}`}>
                    {INTERVAL_LABELS[l.interval]}: at most {l.count} purchases
                  </li>
                ))}
              </ul>
            )}
          </CardBody>
        </Card>
        <Card aria-labelledby="program-lists-title">
          <CardHeader>
            <CardTitle id="program-lists-title">Merchants</CardTitle>
          </CardHeader>
          <CardBody className="text-sm">
            {shown.length === 0 ? (
              <p className="text-muted">Every merchant category and country is allowed.</p>
            ) : (
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
                {shown.map(([label, values, word]) => (
                  <div key={label} className="contents">
                    <dt className="text-muted">{label}</dt>
                    <dd>{values!.map(word).join(", ")}</dd>
                  </div>
                ))}
              </dl>
            )}
          </CardBody>
        </Card>
      </div>
    </>
  );
}
