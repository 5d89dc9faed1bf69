/**
 * The cardholder wizard's steps, numbered as the staff see the customer's `step` (1 to 6, the
 * onboarding steps of server/cards/flow.ts): one count for both. The wallet and the card come
 * with the account set-up (step 5); the PIN is chosen once the customer is active (step 6).
 */
export const CARDHOLDER_STEPS = [
  "Email",
  "Identity",
  "Source of funds",
  "Phone",
  "Wallet and card",
  "PIN",
] as const;
