import type Decimal from "decimal.js";
import type { Db } from "@/server/db/client";
import type { CardCurrency, KycStatus, SecurePageTheme } from "@/server/db/schema/cards";

/**
 * Ports to the upstreams of the card program (card provider, chain, KYC, messaging). The sandbox
 * simulators in ./sandbox implement them; a live adapter would implement the same interface.
 * Every method takes the caller's db (or transaction), so a provider call and our own change
 * commit together in the simulators. Upstream news comes back through ./inbound.ts.
 */

export type SecureView = "pin_setup" | "pin_change" | "details_and_pin";

export interface CardProviderPort {
  /**
   * Issues a virtual card. Number, expiry and CVV stay inside the provider; only the token and last four come
   * back.
   */
  issueVirtualCard(
    db: Db,
    input: { orgId: string; cardId: string; currency: CardCurrency },
  ): Promise<{ cardToken: string; lastFour: string }>;
  /** Mirrors a status change on the card network (frozen, active, voided, lost, stolen). */
  setCardStatus(db: Db, input: { orgId: string; cardToken: string; status: string }): Promise<void>;
  /** A single-use URL (10 minutes) of the hosted secure page for this card. */
  createSecureView(
    db: Db,
    input: { orgId: string; cardToken: string; view: SecureView; theme: SecurePageTheme },
  ): Promise<{ url: string; expiresAt: Date }>;
}

export interface SafeInfo {
  address: string;
  deployStatus: "processing" | "ok" | "failed";
  /** Integrity status: 0 Ok, 7 DelayQueueNotEmpty (both ready), others not ready (docs/card-program.md). */
  accountStatus: number;
  tokenSymbol: string;
}

export interface ChainPort {
  /**
   * Starts deploying the customer's account wallet. Completes asynchronously: the chain reports
   * `account.safe.deployed` through the inbound path when it is done. Idempotent per owner.
   */
  deploySafe(
    db: Db,
    input: { orgId: string; ownerRef: string; currency: CardCurrency },
  ): Promise<{ address: string; estimatedCompletion: Date }>;
  getSafe(db: Db, input: { orgId: string; address: string }): Promise<SafeInfo | null>;
  /** Token balance in minor units of the card currency. */
  balanceOf(db: Db, input: { orgId: string; address: string }): Promise<{ balanceMinor: number }>;
  /**
   * Moves the wallet's token balance by deltaMinor (positive credits it, negative debits it), as
   * one on-chain transfer: a funding, a card settlement or a refund. Never below 0
   * (INSUFFICIENT_FUNDS); an address the chain does not know is NOT_FOUND.
   */
  moveFunds(
    db: Db,
    input: { orgId: string; address: string; deltaMinor: number },
  ): Promise<{ txHash: string }>;
}

export interface KycPort {
  /**
   * A link to the hosted KYC page for this applicant (a new applicant on first call; a fresh link after
   * expiry).
   */
  createLink(
    db: Db,
    input: { orgId: string; externalRef: string; email: string; applicantId: string | null },
  ): Promise<{ applicantId: string; url: string; expiresAt: Date }>;
  /**
   * The applicant's status mapped to the interface's kyc_status, with the currency its region implies once
   * approved.
   */
  getStatus(
    db: Db,
    input: { orgId: string; applicantId: string },
  ): Promise<{ kycStatus: KycStatus; currency: CardCurrency | null } | null>;
}

export interface MessagingPort {
  /**
   * `staffAccess`: the mail grants access to the console (an invitation link; any future password
   * reset or staff sign-in code). Only its recipient may read it: the sandbox outbox shows it to the
   * program's admins only, never to operators, viewers or API keys (docs/team.md).
   */
  sendEmail(
    db: Db,
    input: { orgId: string; to: string; subject: string; text: string; staffAccess?: boolean },
  ): Promise<void>;
  sendSms(db: Db, input: { orgId: string; to: string; text: string }): Promise<void>;
}

/**
 * The FX rate port (docs/fiat.md "Rates"): mid-market rates between the catalogue's currencies.
 * The sandbox's is a configured table of units per US dollar (./fx.ts tableRateProvider); a live
 * adapter (a market data feed) would implement the same interface.
 */
export interface RateProvider {
  /** Units of `to` for one unit of `from`, unrounded; null when the pair is unknown. */
  midRate(from: string, to: string): Decimal | null;
  /** Every currency the provider prices. */
  currencies(): readonly string[];
}

export interface Providers {
  cards: CardProviderPort;
  chain: ChainPort;
  kyc: KycPort;
  messaging: MessagingPort;
  rates: RateProvider;
}
