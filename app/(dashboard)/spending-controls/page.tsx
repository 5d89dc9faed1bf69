import type { Metadata } from "next";
import Link from "next/link";
import { ControlsEditor } from "@/components/controls/controls-editor";
import { ControlsSummary } from "@/components/controls/controls-summary";
import { PageHeader } from "@/components/page-header";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { can } from "@/lib/contracts/permissions";
import { requireSession } from "@/server/action-kit/session";
import { replaceProgramSpendingControlsAction } from "@/server/actions/spending-controls";
import { getProgramSpendingControls } from "@/server/controls/store";
import { getControlsTimeZone } from "@/server/controls/time-zone";

export const metadata: Metadata = { title: "Spending controls" };

/** Where the program's time zone is changed (app/(dashboard)/settings/program). */
const TIME_ZONE_SETTINGS = "/settings/program";

/**
 * The program's default spending controls (docs/spending-controls.md): they apply to every card
 * beside its own and its customer's. Edited here with the editor of the card and customer pages by
 * a role with the permission (replaceProgramSpendingControls), read by the others; the same use
 * case as PUT /api/v1/card-issuer/spending-controls.
 */
export default async function SpendingControlsPage() {
  const { ctx, user } = await requireSession();
  const [{ spending_controls: controls }, { time_zone }] = [
    await getProgramSpendingControls({ ctx }),
    await getControlsTimeZone({ ctx }),
  ];
  return (
    <>
      <PageHeader
        title="Spending controls"
        description="The program's defaults: every card must pass them, besides its own and its customer's."
      />
      <Card aria-labelledby="program-controls-title">
        <CardHeader>
          <CardTitle id="program-controls-title">Program defaults</CardTitle>
          <CardDescription>
            Amounts are in each card account&apos;s currency, and program limits count per card: a card&apos;s
            page shows what is left of them. Windows start at local midnight in {time_zone}.{" "}
            <Link href={TIME_ZONE_SETTINGS} className="font-medium text-accent hover:underline">
              Change the time zone
            </Link>
          </CardDescription>
        </CardHeader>
        <CardBody>
          {can(user, "replaceProgramSpendingControls") ? (
            <ControlsEditor
              target={{}}
              current={controls}
              save={replaceProgramSpendingControlsAction}
              label="Program limits"
            />
          ) : (
            <ControlsSummary controls={controls} />
          )}
        </CardBody>
      </Card>
    </>
  );
}
