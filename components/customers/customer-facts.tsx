import { When } from "@/components/api-keys/key-cells";
import { CopyButton } from "@/components/copy-button";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { ACCOUNT_STATUS_MEANINGS, type CardCustomerView, TOKEN_OF_CURRENCY } from "@/lib/contracts/cards";
import type { FlowStatus, SafeState } from "@/lib/enums";
import { formatMinor } from "@/lib/money";
import { CardStatusBadge, KycBadge, YesNo } from "./badges";
import { cardName, FLOW_LABELS } from "./labels";

/** What the page shows beyond the Card customer object: our records of verification and the wallet. */
export interface CustomerRecord {
  origin: "own" | "issuer";
  kycUpdatedAt: string | null;
  safeState: SafeState;
  safeAddress: string | null;
  safeDeployedAt: string | null;
  accountStatus: number | null;
}

const dl = "grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_1fr] sm:gap-x-6";

/**
 * The page's h1 and the customer's ids. Like PageHeader, but a long email breaks instead of running off a
 * phone's screen.
 */
export function CustomerHeader({ customer, record }: { customer: CardCustomerView; record: CustomerRecord }) {
  return (
    <header className="mb-6 flex flex-col gap-3">
      <h1 className="text-2xl font-semibold tracking-tight break-all">{customer.email}</h1>
      <CustomerStatus customer={customer} />
      <dl className={dl}>
        <dt className="text-muted">svc_card_id</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <code className="font-mono text-xs break-all">{customer.svc_card_id}</code>
          <CopyButton value={customer.svc_card_id} label="Copy" />
        </dd>
        <dt className="text-muted">External id</dt>
        <dd>
          {customer.external_id ? (
            <code className="font-mono text-xs break-all">{customer.external_id}</code>
          ) : (
            <span className="text-muted">None</span>
          )}
        </dd>
        <dt className="text-muted">Currency</dt>
        <dd>{customer.currency ?? <span className="text-muted">Assigned by identity verification</span>}</dd>
        <dt className="text-muted">Onboarded by</dt>
        <dd>{record.origin === "issuer" ? "Your server (business customer)" : "Own-account onboarding"}</dd>
        <dt className="text-muted">Created</dt>
        <dd>
          <When iso={customer.created_at} withTime />
        </dd>
      </dl>
    </header>
  );
}

const FLOW_TONE: Record<FlowStatus, BadgeTone> = {
  email_verification: "warning",
  identity_verification: "warning",
  source_of_funds: "warning",
  phone_verification: "warning",
  account_setup: "warning",
  active: "success",
  rejected: "danger",
};

/**
 * What staff look for first, before the ids: where the customer stands, what they can spend, and
 * each card's state (a frozen card is named here, not only further down the page).
 */
function CustomerStatus({ customer }: { customer: CardCustomerView }) {
  const available =
    customer.available_balance_minor !== null && customer.currency
      ? formatMinor(customer.available_balance_minor, customer.currency)
      : null;
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="customer-status">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className="flex items-center gap-2">
          <span className="text-muted">Onboarding</span>
          <Badge tone={FLOW_TONE[customer.flow_status]}>{FLOW_LABELS[customer.flow_status]}</Badge>
        </span>
        <span className="flex items-center gap-2">
          <span className="text-muted">Available</span>
          <span className="text-base font-semibold tabular-nums">{available ?? "No wallet yet"}</span>
        </span>
      </div>
      {customer.cards.length > 0 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Cards and their status">
          {customer.cards.map((card) => (
            <li key={card.card_id} className="flex items-center gap-2">
              <span>{cardName(card)}</span>
              <CardStatusBadge card={card} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function KycCard({ customer, record }: { customer: CardCustomerView; record: CustomerRecord }) {
  return (
    <Card aria-labelledby="kyc-title">
      <CardHeader>
        <CardTitle id="kyc-title">Identity verification</CardTitle>
      </CardHeader>
      <CardBody>
        <dl className={dl}>
          <dt className="text-muted">Status</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <KycBadge status={customer.kyc_status} />
          </dd>
          <dt className="text-muted">Currency</dt>
          <dd>
            {customer.currency ?? (
              <span className="text-muted">None yet: approval assigns USD, EUR or GBP</span>
            )}
          </dd>
          <dt className="text-muted">Last update</dt>
          <dd>
            <When iso={record.kycUpdatedAt} withTime empty="No update yet" />
          </dd>
        </dl>
      </CardBody>
    </Card>
  );
}

const SAFE_STATE_WORDS: Record<SafeState, string> = {
  not_deployed: "Not deployed",
  processing: "Deploying (typically up to a minute)",
  deployed: "Deployed",
  failed: "Deployment failed: deploy it again",
};

export function WalletCard({ customer, record }: { customer: CardCustomerView; record: CustomerRecord }) {
  const status = record.accountStatus === null ? undefined : ACCOUNT_STATUS_MEANINGS[record.accountStatus];
  const ready = customer.safe_deployed && Boolean(status?.ready);
  return (
    <Card aria-labelledby="wallet-title">
      <CardHeader>
        <CardTitle id="wallet-title">Account wallet</CardTitle>
      </CardHeader>
      <CardBody>
        <dl className={dl}>
          <dt className="text-muted">State</dt>
          <dd className={cn(record.safeState === "failed" && "text-danger")}>
            {SAFE_STATE_WORDS[record.safeState]}
          </dd>
          <dt className="text-muted">Address</dt>
          <dd className="flex min-w-0 flex-wrap items-center gap-2">
            {record.safeAddress ? (
              <>
                <code className="min-w-0 font-mono text-xs break-all">{record.safeAddress}</code>
                <CopyButton value={record.safeAddress} label="Copy" />
              </>
            ) : (
              <span className="text-muted">None yet</span>
            )}
          </dd>
          <dt className="text-muted">Account status</dt>
          <dd>
            {record.accountStatus === null ? (
              <span className="text-muted">Not checked yet</span>
            ) : (
              <span className="flex flex-col gap-0.5">
                <span>
                  <code className="font-mono text-xs">{record.accountStatus}</code> ·{" "}
                  {status?.name ?? "Unknown"}
                </span>
                {status ? <span className="text-xs text-muted">{status.meaning}</span> : null}
              </span>
            )}
          </dd>
          <dt className="text-muted">Ready for cards</dt>
          <dd>
            <YesNo value={ready} yes="Ready" no="Not ready" />
          </dd>
          {customer.currency ? (
            <>
              <dt className="text-muted">Card token</dt>
              <dd>{TOKEN_OF_CURRENCY[customer.currency]}</dd>
            </>
          ) : null}
          {record.safeDeployedAt ? (
            <>
              <dt className="text-muted">Deployed</dt>
              <dd>
                <When iso={record.safeDeployedAt} withTime />
              </dd>
            </>
          ) : null}
        </dl>
      </CardBody>
    </Card>
  );
}
