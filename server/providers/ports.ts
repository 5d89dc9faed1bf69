import type Decimal from "decimal.js";
import type { ChainId } from "@/lib/chains/chains";
import type { Db } from "@/server/db/client";
import type { CardCurrency, KycStatus, SecurePageTheme } from "@/server/db/schema/cards";

/**
 * Ports to the upstreams (card provider, chain, KYC, messaging, FX rates, swap venue, screening).
 * The sandbox simulators in ./sandbox implement them; a live adapter would implement the same
 * interface. The card program's methods take the caller's db (or transaction), so a provider call
 * and our own change commit together in the simulators. Upstream news comes back through
 * ./inbound.ts. What a port needs of our data comes as its arguments: a simulator imports no domain.
 */

export interface IssuedCard {
  cardToken: string;
  lastFour: string;
  /** 1-12 and the four-digit year: the card is valid to the end of that month. */
  expMonth: number;
  expYear: number;
  pinCarried: boolean;
}

export type SecureView = "pin_setup" | "pin_change" | "details_and_pin";

export interface CardProviderPort {
  /**
   * Issues a virtual card. Number and CVV stay inside the provider; the token, last four and the
   * expiry's month and year come back. `pinFromCardToken` (a replacement) gives the new card the
   * PIN of that card of the same organization, where the provider keeps PINs; `pinCarried` says
   * whether it did.
   */
  issueVirtualCard(
    db: Db,
    input: { orgId: string; cardId: string; currency: CardCurrency; pinFromCardToken?: string },
  ): Promise<IssuedCard>;
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

/** An asset as the swap venue needs it: the swaps catalogue's SwapAsset carries more. */
export interface VenueAsset {
  /** The token's symbol (USDC, EURe, ETH...). */
  ticker: string;
  chain: ChainId;
  decimals: number;
}

export interface VenuePrice {
  /** All in base units. */
  expectedOutput: string;
  minOutput: string;
  networkFee: string;
  protocolFee: string;
  /** Destination tokens per source token, before fees. */
  rate: string;
  slippageBps: number;
}

export type VenueOutcome = { status: "completed"; toTxHash: string } | { status: "failed"; reason: string };

/**
 * The swap venue port (an aggregator such as LI.FI or Squid): prices a route and carries a swap
 * out on chain. The sandbox venue prices at fixed USD prices (docs/crypto.md "Swaps").
 */
export interface SwapVenuePort {
  price(from: VenueAsset, to: VenueAsset, amountUnits: string): Promise<VenuePrice>;
  /** Sends the source transaction; its hash. */
  submit(from: VenueAsset): Promise<{ txHash: string }>;
  /** How the swap ended (the destination leg landed, or the route reverted). */
  settle(swap: { from: VenueAsset; to: VenueAsset; fromAmountUnits: string }): Promise<VenueOutcome>;
}

export interface ExposureChecks {
  fraud: boolean;
  darknet: boolean;
  mixer: boolean;
}

/**
 * The screening port: exposure checks other than sanctions (fraud, darknet, mixer), as a
 * blockchain-analytics vendor answers them. Sanctions come from the list in the database, not
 * from here (docs/crypto.md "Screening").
 */
export interface ScreeningPort {
  exposure(address: string): Promise<ExposureChecks>;
}

export interface Providers {
  cards: CardProviderPort;
  chain: ChainPort;
  kyc: KycPort;
  messaging: MessagingPort;
  rates: RateProvider;
  swapVenue: SwapVenuePort;
  screening: ScreeningPort;
}
