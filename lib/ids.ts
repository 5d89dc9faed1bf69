const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Uniform random base62 string (rejection sampling: no modulo bias). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
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
