import { ServiceError } from "@/lib/errors";
import type { Providers } from "./ports";

/**
 * What server/boot.ts installs in live mode: the real adapters. None exists yet, so every port
 * fails loudly when called instead of pretending. The card program's ports throw an error that is
 * logged and answered 500; the swap venue and the screening port answer 503 SERVICE_UNAVAILABLE,
 * so no swap is priced and no address looks clean (docs/crypto.md).
 */
function noCardProgramAdapter(): never {
  throw new Error(
    "SVC_MODE=live but no live provider adapters " +
      "(card network, chain, KYC, messaging, FX rates) are configured.",
  );
}

function noSwapVenue(): never {
  throw new ServiceError("SERVICE_UNAVAILABLE", "No swap venue is configured.");
}

function noScreeningProvider(): never {
  throw new ServiceError("SERVICE_UNAVAILABLE", "No screening provider is configured.");
}

export const liveProviders: Providers = {
  cards: {
    issueVirtualCard: noCardProgramAdapter,
    setCardStatus: noCardProgramAdapter,
    createSecureView: noCardProgramAdapter,
  },
  chain: {
    deploySafe: noCardProgramAdapter,
    getSafe: noCardProgramAdapter,
    balanceOf: noCardProgramAdapter,
    moveFunds: noCardProgramAdapter,
  },
  kyc: { createLink: noCardProgramAdapter, getStatus: noCardProgramAdapter },
  messaging: { sendEmail: noCardProgramAdapter, sendSms: noCardProgramAdapter },
  rates: { midRate: noCardProgramAdapter, currencies: noCardProgramAdapter },
  swapVenue: { price: noSwapVenue, submit: noSwapVenue, settle: noSwapVenue },
  screening: { exposure: noScreeningProvider },
};
