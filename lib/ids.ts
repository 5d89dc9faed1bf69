const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * Random bytes drawn POOL_BYTES at a time and handed out in order (as nanoid does): an authorization
 * makes several ids, and one getRandomValues call per id cost about 2 % of the app's CPU on that path
 * (docs/performance.md, "Less app CPU per authorization"). Each byte is still used once.
 */
const POOL_BYTES = 4096;
const pool = new Uint8Array(POOL_BYTES);
let used = POOL_BYTES;

function randomByte(): number {
  if (used === POOL_BYTES) {
    globalThis.crypto.getRandomValues(pool);
    used = 0;
  }
  return pool[used++]!;
}

/** Uniform random base62 string (rejection sampling: no modulo bias). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += BASE62[byte % 62];
  }
  return out;
}

export type IdPrefix =
  | "whk"
  | "whd"
  | "wha"
  | "key"
  | "atk"
  | "org"
  | "usr"
  | "tok"
  | "evt"
  | "job"
  | "req"
  | "tkt"
  // Team: invitation, dashboard session.
  | "inv"
  | "ses"
  | "stp"
  | "wrk"
  // Card program: svc_card_id, customer record, card, card token (provider), one-time code,
  // cardholder session, secure-view token, KYC applicant, dev outbox message.
  | "sc"
  | "cus"
  | "crd"
  | "ctk"
  | "otp"
  | "chs"
  | "svt"
  | "kyc"
  | "msg"
  // Money: card transaction, funding transfer, master-wallet deposit (settlement).
  | "txn"
  | "trf"
  | "stl"
  // Fiat: payout, deposit, saved beneficiary, hosted checkout token.
  | "pay"
  | "dep"
  | "ben"
  | "cko"
  // Crypto: swap quote, swap, gateway payment, screening list and check.
  | "swq"
  | "swp"
  | "gwp"
  | "scl"
  | "scr"
  // Dispute, its staff note and evidence file.
  | "dsp"
  | "dnt"
  | "dev"
  // The authorization endpoint's request log (docs/authorization-endpoint.md).
  | "aer"
  // physical card orders (docs/physical-cards.md): an order, a timeline entry
  | "cor"
  | "coe"
  // monthly statements (docs/statements.md)
  | "stm";

/** Record ids carry their kind, so an id pasted in the wrong place is obvious. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(20)}`;
}
