import type { Metadata } from "next";
import { LatencyChart } from "@/components/authorization-endpoint/latency-chart";
import { LatencyTable } from "@/components/authorization-endpoint/latency-table";
import { RequestLog } from "@/components/authorization-endpoint/request-log";
import { SettingsForm } from "@/components/authorization-endpoint/settings-form";
import { SendTestButton } from "@/components/authorization-endpoint/test-button";
import { PageHeader } from "@/components/page-header";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AdminsOnly } from "@/components/webhooks/admins-only";
import { can } from "@/lib/contracts/permissions";
import { isSandbox } from "@/lib/env";
import { isServiceError } from "@/lib/errors";
import { requireSession } from "@/server/action-kit/session";
import {
  putAuthorizationEndpointAction,
  rotateAuthorizationEndpointSecretAction,
  sendTestAuthorizationAction,
} from "@/server/actions/authorization-endpoint";
import { listAuthorizationEndpointRequests } from "@/server/issuer/authorization-endpoint/log";
import { getAuthorizationEndpoint } from "@/server/issuer/authorization-endpoint/settings";
import { authorizationEndpointLatency, LATENCY_DAYS } from "@/server/issuer/authorization-endpoint/stats";

export const metadata: Metadata = { title: "Authorization endpoint" };

const description =
  "Your own server approves or declines each purchase within a deadline; stand-in rules decide " +
  "when it cannot. Only admins manage it.";

export default async function AuthorizationEndpointPage() {
  const { ctx, user } = await requireSession();
  if (!can(user, "getAuthorizationEndpoint"))
    return (
      <>
        <PageHeader title="Authorization endpoint" description={description} />
        <AdminsOnly role={user.role} />
      </>
    );
  const [endpoint, log, latency] = await Promise.all([
    getAuthorizationEndpoint({ ctx }).catch((err: unknown) => {
      if (isServiceError(err) && err.code === "NOT_FOUND") return null;
      throw err;
    }),
    listAuthorizationEndpointRequests({ ctx, input: { limit: 50 } }),
    authorizationEndpointLatency({ ctx }),
  ]);
  return (
    <>
      <PageHeader title="Authorization endpoint" description={description} />
      <div className="flex flex-col gap-6">
        <SettingsForm
          endpoint={endpoint}
          sandbox={isSandbox()}
          save={putAuthorizationEndpointAction}
          rotate={rotateAuthorizationEndpointSecretAction}
        />
        {endpoint ? (
          <Card>
            <CardHeader>
              <CardTitle>Try it</CardTitle>
              <CardDescription>
                A made-up purchase of 12.50 EUR, signed and sent as a real one; nothing is held.
              </CardDescription>
            </CardHeader>
            <CardBody>
              <SendTestButton send={sendTestAuthorizationAction} />
            </CardBody>
          </Card>
        ) : null}
        <Card>
          <CardHeader>
            <CardTitle>Latency</CardTitle>
            <CardDescription>
              p50, p95 and p99 in milliseconds per hour (UTC) over the last {LATENCY_DAYS} days, with the
              timeouts and errors, counted as each authorization is decided.
            </CardDescription>
          </CardHeader>
          {latency.hours.length > 0 ? (
            <CardBody>
              <LatencyChart hours={latency.hours} timeoutMs={endpoint?.timeout_ms ?? null} />
            </CardBody>
          ) : null}
          <LatencyTable hours={latency.hours} />
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Last requests</CardTitle>
            <CardDescription>
              The newest 50 calls with their request, answer, latency and outcome.
            </CardDescription>
          </CardHeader>
          <RequestLog requests={log.requests} />
        </Card>
      </div>
    </>
  );
}
