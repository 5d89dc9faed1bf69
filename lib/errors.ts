/**
 * The error table: every error_code the service returns and its HTTP status. One table, used by the
 * REST kit, the server-action kit and docs/errors.md.
 */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  INSUFFICIENT_PERMISSION: 403,
  USER_TOKEN_REQUIRED: 403,
  TWO_FACTOR_REQUIRED: 403,
  INVALID_2FA_TOKEN: 403,
  TWO_FACTOR_NOT_ENABLED: 403,
  FORBIDDEN_ROLE: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CARD_ALREADY_VOIDED: 409,
  QUOTE_ALREADY_USED: 409,
  EMAIL_IN_USE: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  KEY_REVOKED: 409,
  KYC_NOT_APPROVED: 409,
  SOURCE_OF_FUNDS_REQUIRED: 409,
  PHONE_NOT_VERIFIED: 409,
  WALLET_NOT_DEPLOYED: 409,
  CARD_NOT_ACTIVE: 409,
  INSUFFICIENT_FUNDS: 409,
  CONFLICT: 409,
  // Card program: each onboarding precondition and card rule has its own code.
  EMAIL_NOT_VERIFIED: 409,
  KYC_REJECTED: 409,
  ONBOARDING_STEP_DONE: 409,
  CARD_LIMIT_REACHED: 409,
  CARD_NOT_ACTIVATED: 409,
  CARD_ALREADY_ACTIVATED: 409,
  CARD_ALREADY_REPORTED: 409,
  CARD_NOT_FROZEN: 409,
  CARD_ALREADY_BLOCKED: 409,
  CARD_NOT_BLOCKED: 409,
  // Fiat (docs/fiat.md): a second wallet of the same currency; a payout state that forbids the change.
  WALLET_ALREADY_EXISTS: 409,
  PAYOUT_NOT_CHANGEABLE: 409,
  // Disputes (docs/money.md).
  DISPUTE_NOT_ALLOWED: 409,
  DISPUTE_ALREADY_OPEN: 409,
  DISPUTE_CLOSED: 409,
  // A purchase credited back in full (refunds, a won dispute), or already won once (docs/money.md).
  PURCHASE_ALREADY_CREDITED: 409,
  // Physical card orders (docs/physical-cards.md): a move the order's status does not allow; a
  // cancel once shipped; an activation before the card was shipped.
  CARD_ORDER_TRANSITION_INVALID: 409,
  CARD_ORDER_ALREADY_SHIPPED: 409,
  CARD_NOT_SHIPPED: 409,
  // Card replacement (docs/card-replacement.md): a card is replaced once; a voided or blocked card
  // (and a lost or stolen one for damaged or expired) is not replaced.
  CARD_ALREADY_REPLACED: 409,
  CARD_NOT_REPLACEABLE: 409,
  QUOTE_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VIRTUAL_CARD_ONLY: 422,
  PHYSICAL_CARD_ONLY: 422,
  SHIPPING_REQUIRED: 422,
  PIN_NOT_SET: 422,
  IDEMPOTENCY_KEY_MISMATCH: 422,
  BENEFICIARY_INVALID: 422,
  INVALID_OTP: 422,
  INVALID_ANSWER: 422,
  SECURE_VIEW_EXPIRED: 410,
  INVALID_ADDRESS: 422,
  INVALID_ACTIVATION_CODE: 422,
  TWO_FACTOR_ALREADY_ENABLED: 409,
  // Team (docs/team.md).
  LAST_ADMIN: 409,
  USER_DEACTIVATED: 409,
  INVITATION_USED: 409,
  INVITATION_EXPIRED: 410,
  RATE_LIMITED: 429,
  OTP_LOCKED: 429,
  TWO_FACTOR_LOCKED: 429,
  ACTIVATION_LOCKED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * The one typed error of the service layer. Its message is written for the caller and is safe
 * to show; anything that is not a ServiceError is reported as INTERNAL_ERROR without detail.
 */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly status: ErrorStatus;
  readonly details?: ErrorDetail[];
  /** Extra response data some errors carry (e.g. PIN_NOT_SET carries data.pin_setup_url). */
  readonly data?: Record<string, unknown>;
  /** Seconds, for the 429 codes (sent as Retry-After). */
  readonly retryAfter?: number;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { details?: ErrorDetail[]; data?: Record<string, unknown>; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = "ServiceError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = opts.details;
    this.data = opts.data;
    this.retryAfter = opts.retryAfter;
  }
}

export function isServiceError(e: unknown): e is ServiceError {
  return (
    e instanceof ServiceError ||
    (typeof e === "object" &&
      e !== null &&
      (e as { name?: unknown }).name === "ServiceError" &&
      typeof (e as { code?: unknown }).code === "string" &&
      (e as { code: string }).code in ERROR_STATUS)
  );
}
