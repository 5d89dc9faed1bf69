"use server";

import { customerThresholdActionSchema } from "@/lib/contracts/balance-alerts";
import { cardMetadataActionSchema, customerMetadataActionSchema } from "@/lib/contracts/cards";
import { defineAction } from "@/server/action-kit/define-action";
import { setCustomerLowBalanceThreshold } from "@/server/issuer/balance-alerts/customer-threshold";
import { updateCardMetadata, updateCustomerMetadata } from "@/server/issuer/metadata";

/*
 * The customer and card pages' editors: the same use cases as POST .../metadata and PUT
 * .../low-balance-threshold (docs/metadata.md, docs/statements.md), so the same limits, messages and
 * audit entries.
 */

export const updateCustomerMetadataAction = defineAction(
  { input: customerMetadataActionSchema, can: "updateCustomerMetadata", name: "updateCustomerMetadata" },
  async ({ ctx, input }) => updateCustomerMetadata({ ctx, input }),
);

export const updateCardMetadataAction = defineAction(
  { input: cardMetadataActionSchema, can: "updateCardMetadata", name: "updateCardMetadata" },
  async ({ ctx, input }) => updateCardMetadata({ ctx, input }),
);

export const setCustomerLowBalanceThresholdAction = defineAction(
  {
    input: customerThresholdActionSchema,
    can: "setCustomerLowBalanceThreshold",
    name: "setCustomerLowBalanceThreshold",
  },
  async ({ ctx, input }) => setCustomerLowBalanceThreshold({ ctx, input }),
);
