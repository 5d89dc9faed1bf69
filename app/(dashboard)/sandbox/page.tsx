import type { Metadata } from "next";
import Link from "next/link";
import { CopyButton } from "@/components/copy-button";
import { PageHeader } from "@/components/page-header";
import { OperatorsOnly } from "@/components/sandbox/operators-only";
import { OutboxFilter } from "@/components/sandbox/outbox-filter";
import { OutboxList } from "@/components/sandbox/outbox-list";
import type { OutboxEntry } from "@/components/sandbox/types";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AutoRefresh } from "@/components/webhooks/auto-refresh";
import { appUrl } from "@/lib/env";
import { roleAtLeast } from "@/lib/scopes";
import { requireSession } from "@/server/actions/session";
import { listOutbox } from "@/server/providers/sandbox/messaging";
import { isSandbox } from "@/server/providers/sandbox/mode";

export const metadata: Metadata = { title: "Sandbox" };

const PATH = "/sandbox";
const OUTBOX_SIZE = 50;
const REFRESH_MS = 5_000;
const description = "Test the card program end to end without real emails, texts or cards: read the codes the sandbox would have sent and open your cardholder pages.";

export default async function SandboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { ctx, user, org } = await requireSession();
  if (!isSandbox()) {
    // Live mode has no simulators and no sandbox section (decisions.md 1).
    return (
      <>
        <PageHeader title="Sandbox" />
        <p className="rounded-lg border border-dashed border-input px-4 py-6 text-sm text-muted">
          The sandbox is not available: this console runs in live mode, where real providers send real messages.
        </p>
      </>
    );
  }
  const raw = (await searchParams).to;
  const to = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, 320) || null;
  const canRead = roleAtLeast(user.role, "operator");
  const messages: OutboxEntry[] = canRead
    ? (await listOutbox(ctx.db, { orgId: ctx.orgId, to, limit: OUTBOX_SIZE })).map((m) => ({
        id: m.id,
        channel: m.channel,
        to: m.to,
        subject: m.subject,
        body: m.body,
        createdAt: m.createdAt.toISOString(),
      }))
    : [];
  const cardholderPath = `/card/${org.id}`;

  return (
    <>
      <PageHeader title="Sandbox" description={description} />
      {canRead ? <AutoRefresh intervalMs={REFRESH_MS} /> : null}
      <div className="flex flex-col gap-6">
        <Card aria-labelledby="outbox-title">
          <CardHeader>
            <CardTitle id="outbox-title">Dev outbox</CardTitle>
            <CardDescription>
              The newest {OUTBOX_SIZE} emails and text messages of this program, refreshed every few seconds. Also at <code className="font-mono text-xs">GET /api/v1/sandbox/outbox</code>.
            </CardDescription>
          </CardHeader>
          {canRead ? (
            <>
              <CardBody className="border-b border-border">
                <OutboxFilter path={PATH} to={to} />
              </CardBody>
              <OutboxList messages={messages} path={PATH} to={to} />
            </>
          ) : (
            <OperatorsOnly role={user.role} />
          )}
        </Card>

        <Card aria-labelledby="cardholder-title">
          <CardHeader>
            <CardTitle id="cardholder-title">Cardholder pages</CardTitle>
            <CardDescription>Your customers&apos; own pages: sign up, verify email and identity, get a card and set its PIN. Their codes land in the outbox above.</CardDescription>
          </CardHeader>
          <div className="flex flex-wrap items-center gap-3 px-5 py-4">
            <Link href={cardholderPath} target="_blank" rel="noopener" className="font-mono text-sm break-all text-accent hover:underline">
              {`${appUrl()}${cardholderPath}`}
            </Link>
            <CopyButton value={`${appUrl()}${cardholderPath}`} label="Copy link" />
          </div>
        </Card>
      </div>
    </>
  );
}
