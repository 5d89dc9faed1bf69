"use server";

import { noInputSchema } from "@/lib/contracts/common";
import { defineAction } from "@/server/action-kit/define-action";
import { issueUserAccessToken } from "@/server/auth/tokens";

/** Developers -> Access token: a 1 h bearer token for the REST API, acting with the user's role. */
export const createAccessTokenAction = defineAction(
  { input: noInputSchema, can: "issueUserAccessToken", name: "createAccessToken" },
  async ({ ctx }) => {
    const issued = await issueUserAccessToken(ctx.db, { id: ctx.actor.userId, orgId: ctx.orgId });
    return { ...issued, expires_at: new Date(Date.now() + issued.expires_in * 1000).toISOString() };
  },
);
