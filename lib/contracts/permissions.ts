import { type Role, ROLE_SCOPES, roleAtLeast, ROLES, type Scope } from "@/lib/scopes";

/**
 * Who may run each use case (keyed by the domain function's name), stated once. One function
 * enforces it, `authorize(ctx, useCase)` in server/auth/authorize.ts: the REST kit runs it for a
 * route's `auth`, the action kit for an action's `can`, and each use case on entry (the worker and
 * the simulators come through no transport). Pages and components ask `can(user, useCase)` below.
 * docs/api-scopes.md is generated from the routes, so it shows this table as the API sees it.
 *
 * - `{ scope }`: an API credential holding the scope; a user token acts with its role's scopes.
 *   In the dashboard, the least role holding the scope (viewer: read; operator: write,
 *   transactions; admin: webhooks), or `role` when the dashboard asks for more.
 *   `cardholder: true` also admits a cardholder's session (limited to their own account).
 * - `{ user }`: dashboard users only (a user token in REST; API keys get USER_TOKEN_REQUIRED) of
 *   at least that role, with 2FA enabled unless `twoFactor: false`.
 * - `stepUp` (docs/api-scopes.md, 2FA step-up): a person confirms with a current TOTP code.
 *   `true`: the dashboard asks once per 5-minute window of the session (the action kit), a user
 *   token sends the code on every call (X-2FA-Token, read by the REST kit); the use case checks
 *   it where it wants it spent (server/auth/authorize.ts confirmStepUp, after its own 404). API
 *   keys (no person, no TOTP: their scope is the control) and a cardholder on their own card pass.
 *   `"every-call"`: the code is part of the request in the dashboard too, and the service checks
 *   it each time (key management). Routes and actions state no step-up of their own.
 *
 * Not here, and left to the domain: the organization (every query filters by ctx.orgId) and a
 * cardholder's own account (the lookups add that filter).
 */
export type StepUp = true | "every-call";

export type Permission =
  | { scope: Scope; cardholder?: boolean; role?: Role; stepUp?: StepUp }
  | { user: Role; twoFactor?: boolean; stepUp?: StepUp };

export const PERMISSIONS = {
  // account
  listMySessions: { user: "viewer", twoFactor: false },
  revokeMySession: { user: "viewer", twoFactor: false },
  signOutEverywhere: { user: "viewer", twoFactor: false },
  changePassword: { user: "viewer", twoFactor: false },
  issueUserAccessToken: { user: "viewer", twoFactor: false }, // Developers -> Access token (no route)
  startTwoFactorEnrollment: { user: "viewer", twoFactor: false }, // the dashboard's enrolment (no route)
  pendingTwoFactorEnrollment: { user: "viewer", twoFactor: false },
  confirmTwoFactorEnrollment: { user: "viewer", twoFactor: false },
  stepUp: { user: "viewer", twoFactor: false }, // opens the session's step-up window (no route)
  listAuditEntries: { user: "admin", twoFactor: false },
  auditCsv: { user: "admin", twoFactor: false },
  // apikeys
  createApiKey: { user: "admin", stepUp: "every-call" },
  listApiKeys: { user: "admin", twoFactor: false },
  getApiKey: { user: "admin", twoFactor: false },
  revokeApiKey: { user: "admin", stepUp: "every-call" },
  rotateApiKey: { user: "admin", stepUp: "every-call" },
  setApiKeyPermissions: { user: "admin", stepUp: "every-call" },
  // card-issuer-money
  getMasterWallet: { scope: "read" },
  setLowBalanceThreshold: { scope: "write" },
  listMasterWalletDeposits: { scope: "read" },
  streamMasterWalletDepositsCsv: { scope: "read" }, // the Balances page's deposits export (no REST route)
  fundCustomer: { scope: "transactions", stepUp: true },
  listFundings: { scope: "read" },
  getFunding: { scope: "read" },
  receiveDeposit: { scope: "write" },
  settleDepositNow: { scope: "write" },
  // metadata (docs/metadata.md): the program's own strings, set by the program
  updateCustomerMetadata: { scope: "write" },
  updateCardMetadata: { scope: "write" },
  updateTransactionMetadata: { scope: "write" },
  // statements (docs/statements.md): a cardholder reads their own
  listStatements: { scope: "read", cardholder: true },
  getStatement: { scope: "read", cardholder: true },
  // balance alerts (docs/statements.md, Balance alerts)
  setCustomerLowBalanceThreshold: { scope: "write" },
  getCustomerLowBalanceThreshold: { scope: "read" }, // the customer page's alert editor (no route)
  listBalanceAlerts: { scope: "read" }, // the console's notifications (no route)
  // card-issuer
  listCustomers: { scope: "read" },
  streamCustomersCsv: { scope: "read" }, // the Customers page's export (no REST route)
  getAggregateBalances: { scope: "read" },
  getIssuerCustomer: { scope: "read" },
  listCustomerActivity: { scope: "read" },
  listCardTransactions: { scope: "read" },
  streamCardTransactionsCsv: { scope: "read" },
  listCustomerTransactions: { scope: "read", cardholder: true },
  latestCardTransactions: { scope: "read" }, // the card page's latest transactions (no route)
  getTransactionVolume: { scope: "read" }, // the Overview's figures (no route)
  getDeclinesByReason: { scope: "read" },
  getOverviewInsights: { scope: "read" },
  listPickableCards: { scope: "read" }, // the sandbox's card picker (no route)
  // card-list
  listCards: { scope: "read" },
  streamCardsCsv: { scope: "read" }, // the Cards page's export (no REST route)
  globalSearch: { scope: "read" },
  getIssuerCard: { scope: "read" },
  // card-onboarding-phone
  requestPhoneVerification: { scope: "write", cardholder: true },
  verifyPhone: { scope: "write", cardholder: true },
  // card-onboarding
  deploySafe: { scope: "write", cardholder: true },
  getSafeDeployment: { scope: "read", cardholder: true },
  startOnboarding: { scope: "write" },
  createIssuerCustomer: { scope: "write" },
  resendEmailCode: { scope: "write", cardholder: true },
  verifyEmailOtp: { scope: "write", cardholder: true },
  getKycLink: { scope: "write", cardholder: true },
  getKycStatus: { scope: "read", cardholder: true },
  getSourceOfFunds: { scope: "read", cardholder: true },
  submitSourceOfFunds: { scope: "write", cardholder: true },
  // card-settings
  readSecureTheme: { scope: "read" },
  updateSecureTheme: { scope: "write", role: "admin" },
  // spending-controls (a cardholder reads and only lowers their own card's: server/controls/lower-only.ts)
  getCardSpendingControls: { scope: "read", cardholder: true },
  replaceCardSpendingControls: { scope: "write", cardholder: true },
  getCustomerSpendingControls: { scope: "read" },
  replaceCustomerSpendingControls: { scope: "write" },
  getProgramSpendingControls: { scope: "read" },
  replaceProgramSpendingControls: { scope: "write" },
  getSpendLimits: { scope: "read", cardholder: true },
  getCustomerSpendLimits: { scope: "read" }, // the customer page's Controls (no route)
  getControlsTimeZone: { scope: "read" },
  setControlsTimeZone: { scope: "write", role: "admin" },
  // authorization-endpoint (it decides every purchase: a change is confirmed by a person)
  getAuthorizationEndpoint: { scope: "webhooks" },
  putAuthorizationEndpoint: { scope: "webhooks", stepUp: true },
  rotateAuthorizationEndpointSecret: { scope: "webhooks", stepUp: true },
  listAuthorizationEndpointRequests: { scope: "webhooks" },
  sendTestAuthorization: { scope: "webhooks" },
  authorizationEndpointLatency: { scope: "webhooks" }, // the console's latency table (no route)
  // auth-rules (promotion to active takes effect on every authorization: a person confirms it)
  listAuthRules: { scope: "read" },
  getAuthRule: { scope: "read" },
  createAuthRule: { scope: "write" },
  updateAuthRule: { scope: "write" },
  changeAuthRuleState: { scope: "write" },
  promoteAuthRule: { scope: "write", stepUp: true },
  runAuthRuleBacktest: { scope: "write" },
  listAuthRuleBacktests: { scope: "read" },
  getAuthRulePerformance: { scope: "read" },
  // cards
  getMyAccount: { scope: "read", cardholder: true },
  getMyOnboardingTimes: { scope: "read", cardholder: true }, // the cardholder's onboarding page (no route)
  createVirtualCard: { scope: "write", cardholder: true },
  freezeCard: { scope: "write", cardholder: true, stepUp: true },
  unfreezeCard: { scope: "write", cardholder: true, stepUp: true },
  voidCard: { scope: "write", cardholder: true, stepUp: true },
  reportCard: { scope: "write", cardholder: true, stepUp: true },
  // docs/card-replacement.md: "Report and replace" is one audited action behind the step-up.
  replaceCard: { scope: "write", cardholder: true, stepUp: true },
  blockCard: { scope: "write", stepUp: true },
  unblockCard: { scope: "write", stepUp: true },
  createViewToken: { scope: "write", cardholder: true },
  listDisputeReasons: { scope: "read", cardholder: true },
  getIbanStatus: { scope: "read", cardholder: true },
  // disputes
  fileDispute: { scope: "write", cardholder: true },
  listCustomerDisputes: { scope: "read", cardholder: true },
  withdrawDispute: { scope: "write", cardholder: true },
  listDisputes: { scope: "read" },
  getDispute: { scope: "read", cardholder: true },
  decideDispute: { scope: "write" },
  getDisputeCase: { scope: "read" }, // a dispute's page, staff notes too: never a cardholder's (no route)
  addDisputeNote: { scope: "write" },
  listDisputeNotes: { scope: "read" },
  listDisputeEvidence: { scope: "read" },
  addDisputeEvidence: { scope: "write" },
  getDisputeEvidenceFile: { scope: "read" },
  listDisputablePurchases: { scope: "read" }, // "New dispute" (no route)
  streamDisputesCsv: { scope: "read" }, // the Disputes page's export (no REST route)
  // fiat-deposits
  createDeposit: { scope: "transactions" },
  listDeposits: { scope: "read" },
  getDeposit: { scope: "read" },
  transactionReceipt: { scope: "read" },
  forcePayoutOutcome: { scope: "write" },
  // fiat-payouts
  createWallet: { scope: "write" },
  listWallets: { scope: "read" },
  createPayout: { scope: "transactions", stepUp: true },
  listPayouts: { scope: "read" },
  streamPayoutsCsv: { scope: "read" }, // the Payments page's payouts export (no REST route)
  getPayout: { scope: "read" },
  createBeneficiary: { scope: "write" },
  listBeneficiaries: { scope: "read" },
  deleteBeneficiary: { scope: "write" },
  checkBeneficiary: { scope: "write" }, // the dashboard payout's review step (no route)
  // fiat-quotes
  createQuote: { scope: "transactions" },
  createSendMoneyQuote: { scope: "transactions" },
  estimateQuote: { scope: "read" }, // the dashboard's unbound estimate (no route)
  listPaymentMethods: { scope: "read" },
  beneficiaryForm: { scope: "read" },
  // gateway
  listPayments: { scope: "read" },
  getPayment: { scope: "read" },
  createPayment: { scope: "write" },
  payPayment: { scope: "write" },
  // me
  describeCredential: { scope: "read" },
  // sandbox-card-network
  authorizeCardTransaction: { scope: "write" },
  settleCardTransaction: { scope: "write" },
  reverseCardTransaction: { scope: "write" },
  expireCardTransaction: { scope: "write" },
  failCardTransaction: { scope: "write" },
  refundCardTransaction: { scope: "write" },
  // sandbox-cards
  issuePhysicalCard: { scope: "write" },
  activatePhysicalCard: { scope: "write" },
  sandboxRenewCard: { scope: "write" },
  sandboxIssueStatement: { scope: "write" },
  sandboxMoveCardOrder: { scope: "write" },
  // physical-cards (docs/physical-cards.md): a cardholder orders, cancels and activates their own
  orderPhysicalCard: { scope: "write", cardholder: true },
  cancelCardOrder: { scope: "write", cardholder: true },
  activateCardWithCode: { scope: "write", cardholder: true },
  getCardOrder: { scope: "read", cardholder: true },
  listCardOrders: { scope: "read" },
  // sandbox
  decideCustomerKyc: { scope: "write" },
  readOutbox: { scope: "write" },
  // screening
  sanctionsListInfo: { scope: "read" },
  recentScreenings: { scope: "read" },
  screenFromDashboard: { scope: "read" }, // a check kept in the organization's last checks (no route)
  // swaps
  listSwapAssets: { scope: "read" },
  listSwapRoutes: { scope: "read" },
  createSwapQuote: { scope: "transactions" },
  executeSwap: { scope: "transactions", stepUp: true },
  swapHistory: { scope: "read" },
  listWalletAssets: { scope: "read" },
  depositAsset: { scope: "write" },
  // team
  listMembers: { user: "admin", twoFactor: false },
  changeMemberRole: { user: "admin", twoFactor: false },
  deactivateMember: { user: "admin", twoFactor: false },
  reactivateMember: { user: "admin", twoFactor: false },
  listInvitations: { user: "admin", twoFactor: false },
  // Any invitation makes a lasting account: a hijacked admin session must not mint one unconfirmed.
  inviteMember: { user: "admin", stepUp: true },
  revokeInvitation: { user: "admin", twoFactor: false },
  getSecuritySettings: { user: "admin", twoFactor: false },
  updateSecuritySettings: { user: "admin", twoFactor: false },
  // webhooks
  createWebhook: { scope: "webhooks" },
  listWebhooks: { scope: "webhooks" },
  listDeliveries: { scope: "webhooks" },
  getDelivery: { scope: "webhooks" },
  retryDelivery: { scope: "webhooks" },
  getWebhook: { scope: "webhooks" },
  updateWebhook: { scope: "webhooks" },
  deleteWebhook: { scope: "webhooks" },
  // A rotation, or ending its grace window, can cut receivers off: confirmed by a person (as the authorization endpoint's).
  rotateWebhookSecret: { scope: "webhooks", stepUp: true },
  endWebhookSecretGrace: { scope: "webhooks", stepUp: true },
  sendTestEvent: { scope: "webhooks" },
  sandboxFastForwardWebhookRetries: { scope: "webhooks" },
  replayFailedDeliveries: { scope: "webhooks" },
  backfillEvents: { scope: "webhooks" },
  sendExampleEvent: { scope: "webhooks" },
  deliveriesOverTime: { scope: "webhooks" }, // the webhooks page's charts (no route)
  webhookSuccessRates: { scope: "webhooks" },
  // events (the Events API, docs/events.md): reading them is reading the program; their deliveries are webhooks'
  listEvents: { scope: "read" },
  getEvent: { scope: "read" },
  listEventDeliveries: { scope: "webhooks" }, // the console's event page (no route)
} as const satisfies Record<string, Permission>;

export type UseCase = keyof typeof PERMISSIONS;

export function isUseCase(name: string): name is UseCase {
  return Object.hasOwn(PERMISSIONS, name);
}

/** The 2FA step-up the use case asks of a person (see `stepUp` above), or undefined. */
export function stepUpOf(useCase: UseCase): StepUp | undefined {
  const permission: Permission = PERMISSIONS[useCase];
  return permission.stepUp;
}

/** The least dashboard role that may run the use case. */
export function dashboardRoleOf(useCase: UseCase): Role {
  return leastRoleOf(PERMISSIONS[useCase]);
}

/** The least role of a permission: `user`, else `role`, else the least role holding the scope. */
export function leastRoleOf(permission: Permission): Role {
  if ("user" in permission) return permission.user;
  if (permission.role) return permission.role;
  const least = [...ROLES].reverse().find((role) => ROLE_SCOPES[role].includes(permission.scope));
  return least ?? "admin";
}

/**
 * Whether a dashboard user may run the use case, for pages and components deciding what to show
 * (a button, a form, an admins-only notice): their role against the use case's least role. The
 * server refuses the same way (server/auth/authorize.ts); this only keeps the UI from offering it.
 */
export function can(user: { role: Role }, useCase: UseCase): boolean {
  return roleAtLeast(user.role, dashboardRoleOf(useCase));
}
