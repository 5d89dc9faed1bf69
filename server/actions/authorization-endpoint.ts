"use server";

import {
  putAuthorizationEndpointSchema,
  rotateEndpointSecretSchema,
} from "@/lib/contracts/authorization-endpoint";
import { noInputSchema } from "@/lib/contracts/common";
import { defineAction } from "@/server/action-kit/define-action";
import {
  putAuthorizationEndpoint,
  rotateAuthorizationEndpointSecret,
} from "@/server/issuer/authorization-endpoint/settings";
import { sendTestAuthorization } from "@/server/issuer/authorization-endpoint/test-send";

/* Developers -> Authorization endpoint: the same use cases as server/api/authorization-endpoint.ts. */

/** The step-up comes from the table (lib/contracts/permissions.ts); the action kit holds the window. */
export const putAuthorizationEndpointAction = defineAction(
  {
    input: putAuthorizationEndpointSchema,
    can: "putAuthorizationEndpoint",
    name: "putAuthorizationEndpoint",
  },
  async ({ ctx, input }) => putAuthorizationEndpoint({ ctx, input }),
);

export const rotateAuthorizationEndpointSecretAction = defineAction(
  {
    input: rotateEndpointSecretSchema,
    can: "rotateAuthorizationEndpointSecret",
    name: "rotateAuthorizationEndpointSecret",
  },
  async ({ ctx, input }) => rotateAuthorizationEndpointSecret({ ctx, input }),
);

export const sendTestAuthorizationAction = defineAction(
  { input: noInputSchema, can: "sendTestAuthorization", name: "sendTestAuthorization" },
  async ({ ctx }) => sendTestAuthorization({ ctx }),
);
