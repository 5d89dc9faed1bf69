import { resolveApiKeyPair, resolveApiToken } from "@/server/apikeys/authenticate";
import { resolveCardholderBearer } from "@/server/cards/cardholder/session";
import { registerCredentialResolver } from "@/server/http/credentials";
import { createKitApp } from "@/server/http/kit-app";
import { mountRoutes } from "@/server/http/route";
import type { ApiApp } from "@/server/http/types";
import { accountRoutes } from "./account";
import { apiKeyRoutes } from "./apikeys";
import { authRuleRoutes } from "./auth-rules";
import { authorizationEndpointRoutes } from "./authorization-endpoint";
import { balanceAlertRoutes } from "./balance-alerts";
import { cardIssuerRoutes } from "./card-issuer";
import { cardIssuerMoneyRoutes, sandboxMoneyRoutes } from "./card-issuer-money";
import { cardListRoutes } from "./card-list";
import { cardOnboardingRoutes } from "./card-onboarding";
import { cardOnboardingPhoneRoutes } from "./card-onboarding-phone";
import { cardReplacementRoutes } from "./card-replacement";
import { cardSettingsRoutes } from "./card-settings";
import { cardRoutes } from "./cards";
import { disputeRoutes, sandboxDisputeRoutes } from "./disputes";
import { eventRoutes } from "./events";
import { fiatDepositRoutes, sandboxFiatRoutes } from "./fiat-deposits";
import { fiatPayoutRoutes } from "./fiat-payouts";
import { fiatQuoteRoutes } from "./fiat-quotes";
import { gatewayRoutes, sandboxGatewayRoutes } from "./gateway";
import { healthRoutes } from "./health";
import { meRoutes } from "./me";
import { metadataRoutes } from "./metadata";
import { physicalCardRoutes } from "./physical-cards";
import { referenceRoutes } from "./reference";
import { sandboxRoutes } from "./sandbox";
import { sandboxCardNetworkRoutes } from "./sandbox-card-network";
import { sandboxCardRoutes } from "./sandbox-cards";
import { sandboxWebhookRoutes } from "./sandbox-webhooks";
import { screeningRoutes } from "./screening";
import { spendingControlRoutes } from "./spending-controls";
import { statementRoutes } from "./statements";
import { sandboxSwapRoutes, swapRoutes } from "./swaps";
import { teamRoutes } from "./team";
import { webhookRoutes } from "./webhooks";

/**
 * The public REST API (every /api/* path but next-auth's /api/auth/*), built once per process.
 * A resource family is a file exporting its routes; mount it here.
 */
export function createApiApp(): ApiApp {
  // API keys authenticate as a key pair on each request, or as a token exchanged for one.
  registerCredentialResolver({ kind: "bearer", resolve: resolveApiToken });
  registerCredentialResolver({ kind: "apiKeyPair", resolve: resolveApiKeyPair });
  // Cardholders of the cardholder pages: their session token (cht_...), admitted by routes marked cardholder.
  registerCredentialResolver({ kind: "bearer", resolve: resolveCardholderBearer });
  const app = createKitApp();
  mountRoutes(app, healthRoutes);
  mountRoutes(app, meRoutes);
  mountRoutes(app, apiKeyRoutes);
  mountRoutes(app, webhookRoutes);
  mountRoutes(app, sandboxWebhookRoutes);
  mountRoutes(app, eventRoutes);
  mountRoutes(app, teamRoutes);
  mountRoutes(app, accountRoutes);
  mountRoutes(app, sandboxRoutes);
  mountRoutes(app, cardSettingsRoutes);
  mountRoutes(app, physicalCardRoutes);
  mountRoutes(app, cardReplacementRoutes);
  mountRoutes(app, spendingControlRoutes);
  mountRoutes(app, authRuleRoutes);
  mountRoutes(app, authorizationEndpointRoutes);
  mountRoutes(app, cardOnboardingRoutes);
  mountRoutes(app, cardOnboardingPhoneRoutes);
  mountRoutes(app, cardIssuerRoutes);
  mountRoutes(app, cardListRoutes);
  mountRoutes(app, metadataRoutes);
  mountRoutes(app, statementRoutes);
  mountRoutes(app, balanceAlertRoutes);
  mountRoutes(app, disputeRoutes);
  mountRoutes(app, sandboxDisputeRoutes);
  mountRoutes(app, cardRoutes);
  mountRoutes(app, sandboxCardRoutes);
  mountRoutes(app, sandboxCardNetworkRoutes);
  mountRoutes(app, cardIssuerMoneyRoutes);
  mountRoutes(app, sandboxMoneyRoutes);
  mountRoutes(app, fiatQuoteRoutes);
  mountRoutes(app, fiatPayoutRoutes);
  mountRoutes(app, fiatDepositRoutes);
  mountRoutes(app, sandboxFiatRoutes);
  mountRoutes(app, screeningRoutes);
  mountRoutes(app, swapRoutes);
  mountRoutes(app, sandboxSwapRoutes);
  mountRoutes(app, gatewayRoutes);
  mountRoutes(app, sandboxGatewayRoutes);
  mountRoutes(app, referenceRoutes(app));
  return app;
}
