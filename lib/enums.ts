/**
 * Plain value lists, each declared once: the contracts (z.enum; lib/contracts re-exports them),
 * the database schema (the text columns' types) and the UI (labels keyed by them) use these. Kept
 * apart from lib/contracts so a browser component can use them without loading zod and the
 * schemas. The staff roles are the one list kept elsewhere, with their scopes: lib/scopes.ts.
 */

/** The card program's currencies. */
export const CURRENCY_VALUES = ["USD", "EUR", "GBP"] as const;

export const CARD_TRANSACTION_STATUS_VALUES = [
  "authorized",
  "settled",
  "declined",
  "reversed",
  "partially_reversed",
  "failed",
  "expired",
] as const;
export type CardTransactionStatus = (typeof CARD_TRANSACTION_STATUS_VALUES)[number];

export const CARD_TRANSACTION_TYPE_VALUES = ["purchase", "refund", "withdrawal"] as const;
export type CardTransactionType = (typeof CARD_TRANSACTION_TYPE_VALUES)[number];

/** A card customer's flow_status: the onboarding stages (docs/card-program.md, Onboarding). */
export const FLOW_STATUS_VALUES = [
  "email_verification",
  "identity_verification",
  "source_of_funds",
  "phone_verification",
  "account_setup",
  "active",
  "rejected",
] as const;
export type FlowStatus = (typeof FLOW_STATUS_VALUES)[number];

/** Identity verification as the interface reports it (docs/architecture.md, Providers). */
export const KYC_STATUS_VALUES = [
  "pending",
  "in_progress",
  "pending_review",
  "approved",
  "rejected",
  "expired",
] as const;
export type KycStatus = (typeof KYC_STATUS_VALUES)[number];

/** Our record of the account wallet (Safe): the customer's safe_state, the deployment's deploy_status. */
export const SAFE_STATE_VALUES = ["not_deployed", "processing", "deployed", "failed"] as const;
export type SafeState = (typeof SAFE_STATE_VALUES)[number];

/**
 * A dispute's life (docs/money.md, "Disputes"): submitted -> under_review -> won | lost; withdrawn
 * before a decision.
 */
export const DISPUTE_STATUS_VALUES = ["submitted", "under_review", "won", "lost", "withdrawn"] as const;
export type DisputeStatus = (typeof DISPUTE_STATUS_VALUES)[number];

export const DISPUTE_REASON_CODES = [
  "unauthorized",
  "not_received",
  "duplicate",
  "incorrect_amount",
  "credit_not_processed",
] as const;
export type DisputeReasonCode = (typeof DISPUTE_REASON_CODES)[number];

/** The windows a spending or count limit is counted over (docs/spending-controls.md, Windows). */
export const SPENDING_INTERVAL_VALUES = [
  "per_authorization",
  "hourly",
  "daily",
  "weekly",
  "monthly",
  "yearly",
  "all_time",
] as const;
export type SpendingInterval = (typeof SPENDING_INTERVAL_VALUES)[number];

/** Where spending controls are set; every level applies to an authorization. */
export const CONTROL_LEVEL_VALUES = ["card", "customer", "program"] as const;
export type ControlLevel = (typeof CONTROL_LEVEL_VALUES)[number];

/** Why a card transaction was declined, machine-readable (docs/spending-controls.md, Decline reasons). */
export const DECLINE_REASON_CODE_VALUES = [
  "insufficient_funds",
  "card_inactive",
  "account_unavailable",
  "spending_limit_exceeded",
  "count_limit_exceeded",
  "merchant_category_blocked",
  "merchant_country_blocked",
  "rule_declined",
  // The program's authorization endpoint (docs/authorization-endpoint.md): it declined, it did not
  // answer in time, or it failed (refused, non-2xx, malformed) and the stand-in rule declined.
  "endpoint_declined",
  "endpoint_timeout",
  "endpoint_error",
  // The card is past the end of its expiry month (server/cards/expiry/expired.ts).
  "card_expired",
] as const;
export type DeclineReasonCode = (typeof DECLINE_REASON_CODE_VALUES)[number];

/** An authorization rule's life cycle: draft -> shadow -> active -> retired. */
export const AUTH_RULE_STATE_VALUES = ["draft", "shadow", "active", "retired"] as const;
export type AuthRuleState = (typeof AUTH_RULE_STATE_VALUES)[number];

/**
 * What a line of a customer's activity feed tells (server/cards/customers/activity.ts): an
 * onboarding step, a card change, a funding, a dispute's move, a decline.
 */
export const CUSTOMER_ACTIVITY_KIND_VALUES = [
  "signed_up",
  "email_verified",
  "identity_verified",
  "identity_rejected",
  "source_of_funds_declared",
  "phone_verified",
  "wallet_deployed",
  "card_issued",
  "card_frozen",
  "card_unfrozen",
  "card_blocked",
  "card_unblocked",
  "card_activated",
  "card_voided",
  "card_lost",
  "card_stolen",
  "funded",
  "funding_failed",
  "dispute_filed",
  "dispute_under_review",
  "dispute_won",
  "dispute_lost",
  "dispute_withdrawn",
  "declined",
] as const;
export type CustomerActivityKind = (typeof CUSTOMER_ACTIVITY_KIND_VALUES)[number];

/** Who made a change: staff, an API key, the cardholder, or the system (a provider, the card network). */
export const ACTIVITY_ACTOR_TYPE_VALUES = ["user", "apiKey", "cardholder", "system"] as const;
export type ActivityActorType = (typeof ACTIVITY_ACTOR_TYPE_VALUES)[number];

/** Who decided a card authorization (docs/authorization-endpoint.md): its card_transactions.decision_source. */
export const DECISION_SOURCE_VALUES = ["controls", "rule", "endpoint", "stand_in"] as const;
export type DecisionSource = (typeof DECISION_SOURCE_VALUES)[number];

/** What happens when the authorization endpoint cannot answer (its stand-in rules). */
export const STAND_IN_ACTION_VALUES = ["decline", "approve", "approve_up_to"] as const;
export type StandInAction = (typeof STAND_IN_ACTION_VALUES)[number];
/** The endpoint failures a stand-in rule is set for. */
export const STAND_IN_FAILURE_VALUES = ["timeout", "connection_error", "non_2xx", "malformed"] as const;
export type StandInFailure = (typeof STAND_IN_FAILURE_VALUES)[number];

/** Why a card was replaced (docs/card-replacement.md): lost and stolen block the old card at once. */
export const REPLACEMENT_REASON_VALUES = ["lost", "stolen", "damaged", "expired"] as const;
export type ReplacementReason = (typeof REPLACEMENT_REASON_VALUES)[number];
