import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/page-header";
import { TimeZoneForm } from "@/components/settings/time-zone-form";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { can } from "@/lib/contracts/permissions";
import { requireSession } from "@/server/action-kit/session";
import { setTimeZoneAction } from "@/server/actions/program-settings";
import { getControlsTimeZone, timeZoneChoices } from "@/server/controls/time-zone";

export const metadata: Metadata = { title: "Card program" };

/** The card program's settings: the time zone its spending controls' windows start in. */
export default async function SettingsProgramPage() {
  const { ctx, user } = await requireSession();
  const { time_zone } = await getControlsTimeZone({ ctx });
  return (
    <>
      <PageHeader title="Card program" description="Settings that apply to every card of the program." />
      <Card aria-labelledby="time-zone-title">
        <CardHeader>
          <CardTitle id="time-zone-title">Time zone</CardTitle>
          <CardDescription>
            Where a day, a week (from Monday), a month and a year of the{" "}
            <Link href="/spending-controls" className="underline underline-offset-2">
              spending controls
            </Link>{" "}
            begin. Changing it moves where the next windows start; what was already counted stays.
          </CardDescription>
        </CardHeader>
        <CardBody>
          <TimeZoneForm
            saved={time_zone}
            zones={timeZoneChoices()}
            save={can(user, "setControlsTimeZone") ? setTimeZoneAction : undefined}
          />
        </CardBody>
      </Card>
    </>
  );
}
