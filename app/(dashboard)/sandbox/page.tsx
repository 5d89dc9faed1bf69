import type { Metadata } from "next";
import Link from "next/link";
import { CopyButton } from "@/components/copy-button";
import { PageHeader } from "@/components/page-header";
import { CardNetworkDeposit } from "@/components/sandbox/card-network-deposit";
import { CardNetworkOperatorsOnly } from "@/components/sandbox/card-network-operators-only";
import { CardNetworkPurchase } from "@/components/sandbox/card-network-purchase";
import { CardNetworkTransactions } from "@/components/sandbox/card-network-transactions";
import { RECENT_LIMIT } from "@/components/sandbox/card-network-types";
import { OperatorsOnly } from "@/components/sandbox/operators-only";
import { OutboxFilter } from "@/components/sandbox/outbox-filter";
import { OutboxList } from "@/components/sandbox/outbox-list";
import type { OutboxEntry } from "@/components/sandbox/types";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AutoRefresh } from "@/components/webhooks/auto-refresh";
import { can } from "@/lib/contracts/permissions";
import { appUrl, isSandbox } from "@/lib/env";
import { requireSession } from "@/server/action-kit/session";
import { listTransactionsAction } from "@/server/actions/money";
import {
  expireTransactionAction,
  failTransactionAction,
  refundTransactionAction,
  reverseTransactionAction,
  sandboxDepositAction,
  settleDepositAction,
  settleTransactionAction,
  simulatePurchaseAction,
} from "@/server/actions/sandbox-card-network";
import { readOutbox } from "@/server/cards/sandbox-outbox";
import { listPickableCards } from "@/server/issuer/sandbox-card-picker";
import { listCardTransactions } from "@/server/issuer/transactions/list";

export const metadata: Metadata = { title: "Sandbox" };

const PATH = "/sandbox";
const OUTBOX_SIZE = 50;
const REFRESH_MS = 5_000;
const PICKABLE_CARDS = 50;
const description =
  "Test the card program end to end without real emails, texts, cards or " +
  "money: read the codes the sandbox would have sent, open your " +
  "cardholder pages, charge cards and fund your master wallet.";
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;

export default async function SandboxPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ctx, user, org } = await requireSession();
  if (!isSandbox()) {
    // Live mode has no simulators and no sandbox section (SVC_MODE in README.md).
    return (
      <>
        <PageHeader title="Sandbox" />
        <p className="rounded-lg border border-dashed border-input px-4 py-6 text-sm text-muted">
          The sandbox is not available: this console runs in live mode, where real providers send real
          messages.
        </p>
      </>
    );
  }
  const params = await searchParams;
  const to = one(params.to)?.slice(0, 320) ?? null;
  // Each section is what its use cases allow (lib/contracts/permissions.ts): operators and admins.
  const canReadOutbox = can(user, "readOutbox");
  const canCharge = can(user, "authorizeCardTransaction");
  const canDeposit = can(user, "receiveDeposit");
  // ?card=crd_... (a link from a customer's page) puts that card first in the picker.
  const preselect = one(params.card)?.slice(0, 64);
  // The same rule as GET /api/v1/sandbox/outbox: invitations (staff-access mail) to admins only.
  const messages: OutboxEntry[] = canReadOutbox
    ? (await readOutbox({ ctx, input: { to, limit: OUTBOX_SIZE } })).messages.map((m) => ({
        id: m.id,
        channel: m.channel,
        to: m.to,
        subject: m.subject,
        body: m.body,
        staffAccess: m.staff_access,
        createdAt: m.created_at,
      }))
    : [];
  const cardholderPath = `/card/${org.id}`;
  const [pickable, preselected, recent] = canCharge
    ? await Promise.all([
        listPickableCards({ ctx, input: { limit: PICKABLE_CARDS } }),
        preselect ? listPickableCards({ ctx, input: { limit: 1, cardId: preselect } }) : Promise.resolve([]),
        listCardTransactions({ ctx, input: { page: 1, limit: RECENT_LIMIT } }),
      ])
    : [[], [], null];
  const cards = [
    ...preselected,
    ...pickable.filter((c) => !preselected.some((p) => p.card_id === c.card_id)),
  ];

  return (
    <>
      <PageHeader title="Sandbox" description={description} />
      {canReadOutbox || canCharge ? <AutoRefresh intervalMs={REFRESH_MS} /> : null}
      <div className="flex flex-col gap-6">
        <Card aria-labelledby="outbox-title">
          <CardHeader>
            <CardTitle id="outbox-title">Dev outbox</CardTitle>
            <CardDescription>
              The newest {OUTBOX_SIZE} emails and text messages of this program, refreshed every few seconds.
              Also at <code className="font-mono text-xs">GET /api/v1/sandbox/outbox</code>.
              {user.role === "admin" ? null : " Team invitations are shown to admins only."}
            </CardDescription>
          </CardHeader>
          {canReadOutbox ? (
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

        <Card aria-labelledby="card-network-title" id="card-network">
          <CardHeader>
            <CardTitle id="card-network-title">Card network</CardTitle>
            <CardDescription>
              Charge a card as a merchant would, then settle, reverse, expire, fail or refund the transaction.
              Balances, Transactions and your webhooks follow. Also at{" "}
              <code className="font-mono text-xs">POST /api/v1/sandbox/card-transactions</code>.
            </CardDescription>
          </CardHeader>
          {canCharge && recent ? (
            <CardBody className="gap-6">
              <CardNetworkPurchase cards={cards} preselect={preselect} authorize={simulatePurchaseAction} />
              <CardNetworkTransactions
                initial={recent}
                list={listTransactionsAction}
                actions={{
                  authorize: simulatePurchaseAction,
                  settle: settleTransactionAction,
                  reverse: reverseTransactionAction,
                  refund: refundTransactionAction,
                  expire: expireTransactionAction,
                  fail: failTransactionAction,
                }}
              />
            </CardBody>
          ) : (
            <CardNetworkOperatorsOnly
              role={user.role}
              what="Simulated card transactions move customer balances and raise events."
            />
          )}
        </Card>

        <Card aria-labelledby="deposit-title">
          <CardHeader>
            <CardTitle id="deposit-title">Master wallet deposit</CardTitle>
            <CardDescription>
              Money arriving at your master wallet, on the one-step path (settled at once) or the two-step
              path (processing, then settled). Also at{" "}
              <code className="font-mono text-xs">POST /api/v1/sandbox/master-wallet/deposit</code>.
            </CardDescription>
          </CardHeader>
          {canDeposit ? (
            <CardBody>
              <CardNetworkDeposit actions={{ deposit: sandboxDepositAction, settle: settleDepositAction }} />
            </CardBody>
          ) : (
            <CardNetworkOperatorsOnly role={user.role} what="Deposits change your master wallet balance." />
          )}
        </Card>

        <Card aria-labelledby="cardholder-title">
          <CardHeader>
            <CardTitle id="cardholder-title">Cardholder pages</CardTitle>
            <CardDescription>
              Your customers&apos; own pages: sign up, verify email and identity, get a card and set its PIN.
              Their codes land in the outbox above.
            </CardDescription>
          </CardHeader>
          <div className="flex flex-wrap items-center gap-3 px-5 py-4">
            <Link
              href={cardholderPath}
              target="_blank"
              rel="noopener"
              className="font-mono text-sm break-all text-accent hover:underline"
            >
              {`${appUrl()}${cardholderPath}`}
            </Link>
            <CopyButton value={`${appUrl()}${cardholderPath}`} label="Copy link" />
          </div>
        </Card>
      </div>
    </>
  );
}
