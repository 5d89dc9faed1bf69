import { tableRateProvider } from "@/server/providers/fx";
import type { Providers } from "@/server/providers/ports";
import { sandboxCardProvider } from "./card-provider";
import { sandboxChain } from "./chain";
import { SANDBOX_MID_RATES } from "./fx-rates";
import { sandboxKyc } from "./kyc";
import { sandboxMessaging } from "./messaging";
import { sandboxScreening } from "./screening";
import { sandboxSwapVenue } from "./swap-venue";

/** Every upstream as a built-in simulator: what server/boot.ts installs in sandbox mode. */
export const sandboxProviders: Providers = {
  cards: sandboxCardProvider,
  chain: sandboxChain,
  kyc: sandboxKyc,
  messaging: sandboxMessaging,
  rates: tableRateProvider(SANDBOX_MID_RATES),
  swapVenue: sandboxSwapVenue,
  screening: sandboxScreening,
};
