import { ROLE_SCOPES, ROLES, type Role, type Scope } from "@/lib/scopes";

/**
 * Who may run each use case, stated once and read by both transports: the REST kit
 * (server/http/route.ts: a route's `auth` names its use case) and the action kit
 * (server/action-kit/run-action.ts: an action's `can`). docs/api-scopes.md is generated from the
 * routes, so it shows this table as the API sees it.
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
 *   it (server/auth/step-up.ts requireSecondFactor). API keys (no person, no TOTP: their scope is
 *   the control) and a cardholder on their own card pass. `"every-call"`: the code is part of
 *   the request in the dashboard too, and the service checks it each time (key management).
 *
 * The domains check again what they must (server/<domain>/access.ts): the table is what the
 * transports refuse before any work.
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
  fundCustomer: { scope: "transactions", stepUp: true },
  listFundings: { scope: "read" },
  getFunding: { scope: "read" },
  receiveDeposit: { scope: "write" },
  settleDepositNow: { scope: "write" },
  // card-issuer
  listCustomers: { scope: "read" },
  getAggregateBalances: { scope: "read" },
  getIssuerCustomer: { scope: "read" },
  listCardTransactions: { scope: "read" },
  streamCardTransactionsCsv: { scope: "read" },
  listCustomerTransactions: { scope: "read", cardholder: true },
  // card-list
  listCards: { scope: "read" },
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
  // cards
  getMyAccount: { scope: "read", cardholder: true },
  createVirtualCard: { scope: "write", cardholder: true },
  freezeCard: { scope: "write", cardholder: true, stepUp: true },
  unfreezeCard: { scope: "write", cardholder: true, stepUp: true },
  voidCard: { scope: "write", cardholder: true, stepUp: true },
  reportCard: { scope: "write", cardholder: true, stepUp: true },
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
  getPayout: { scope: "read" },
  createBeneficiary: { scope: "write" },
  listBeneficiaries: { scope: "read" },
  deleteBeneficiary: { scope: "write" },
  checkBeneficiary: { scope: "write" }, // the dashboard payout's review step (no route)
  // fiat-quotes
  createQuote: { scope: "transactions" },
  createSendMoneyQuote: { scope: "transactions" },
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
  // sandbox
  decideCustomerKyc: { scope: "write" },
  readOutbox: { scope: "write" },
  // screening
  sanctionsListInfo: { scope: "read" },
  recentScreenings: { scope: "read" },
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
  inviteMember: { user: "admin", twoFactor: false },
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
  rotateWebhookSecret: { scope: "webhooks" },
  sendTestEvent: { scope: "webhooks" },
  replayFailedDeliveries: { scope: "webhooks" },
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
  const permission: Permission = PERMISSIONS[useCase];
  if ("user" in permission) return permission.user;
  if (permission.role) return permission.role;
  const least = [...ROLES].reverse().find((role) => ROLE_SCOPES[role].includes(permission.scope));
  return least ?? "admin";
}
