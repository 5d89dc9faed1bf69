import type { Metadata } from "next";
import { CHECK_LABELS } from "@/components/crypto/labels";
import { RiskBadge } from "@/components/crypto/risk-badge";
import { ScreeningForm } from "@/components/crypto/screening-form";
import { listAgeDays, StaleListWarning } from "@/components/crypto/stale-list-warning";
import { PageHeader } from "@/components/page-header";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { ScrollRegion } from "@/components/ui/scroll-hint";
import { TableHeader } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import { requireSession } from "@/server/action-kit/session";
import { screenAddressAction } from "@/server/actions/crypto";
import { recentScreenings, sanctionsListInfo } from "@/server/screening/check";

export const metadata: Metadata = { title: "Screening" };

export default async function ScreeningPage() {
  const { ctx } = await requireSession();
  const [list, recent] = await Promise.all([sanctionsListInfo({ ctx }), recentScreenings({ ctx })]);
  return (
    <>
      <PageHeader
        title="Screening"
        description={
          "Check a blockchain address for sanctions, fraud, darknet and mixer exposure before you pay it " +
          "or accept its funds."
        }
      />
      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Check an address</CardTitle>
            <p className="text-sm text-muted" data-testid="list-date">
              Sanctions list: {list.source}, as of{" "}
              <strong>
                <Timestamp iso={`${list.as_of}T00:00:00Z`} withTime={false} />
              </strong>{" "}
              ({list.entry_count.toLocaleString("en-GB")} entries).
            </p>
          </CardHeader>
          <CardBody className="flex flex-col gap-4">
            <StaleListWarning asOf={list.as_of} age={listAgeDays(list.as_of)} />
            <ScreeningForm screen={screenAddressAction} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Last checks</CardTitle>
          </CardHeader>
          <ScrollRegion label="Last checks">
            <table className="w-full text-sm">
              <TableHeader columns={["Address", "Risk", "Checks", "List as of", "Checked"]} />
              <tbody>
                {recent.length === 0 ? (
                  <tr>
                    <td colSpan={5} className="px-5 py-4 text-muted">
                      No checks yet.
                    </td>
                  </tr>
                ) : (
                  recent.map((r) => (
                    <tr key={r.id} className="border-b border-border last:border-0">
                      <td className="px-5 py-2 font-mono break-all">{r.address}</td>
                      <td className="px-3 py-2">
                        <RiskBadge level={r.risk_level} />
                      </td>
                      <td className="px-3 py-2">
                        {Object.entries(r.checks)
                          .filter(([, hit]) => hit)
                          .map(([check]) => CHECK_LABELS[check] ?? check)
                          .join(", ") || "None"}
                      </td>
                      <td className="px-3 py-2">
                        <Timestamp iso={`${r.list_as_of}T00:00:00Z`} withTime={false} />
                      </td>
                      <td className="pr-5 pl-3 py-2">
                        <Timestamp iso={new Date(r.checked_at).toISOString()} seconds={false} />
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </ScrollRegion>
        </Card>
      </div>
    </>
  );
}
