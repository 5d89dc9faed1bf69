"use server";

import { z } from "zod";
import { noInputSchema } from "@/lib/contracts/common";
import {
  acceptInvitationSchema,
  changePasswordSchema,
  changeRoleSchema,
  invitationIdSchema,
  inviteMemberSchema,
  securitySettingsSchema,
  sessionIdSchema,
  userIdSchema,
} from "@/lib/contracts/team";
import { ServiceError } from "@/lib/errors";
import { defineAction, definePublicAction } from "@/server/action-kit/define-action";
import { getOptionalSession } from "@/server/action-kit/session";
import { getDb } from "@/server/db/client";
import { acceptInvitation, inviteMember, revokeInvitation } from "@/server/team/invitations";
import { changeMemberRole, deactivateMember, reactivateMember } from "@/server/team/members";
import { changePassword } from "@/server/team/password";
import { revokeMySession, signOutEverywhere } from "@/server/team/sessions";
import { updateSecuritySettings } from "@/server/team/settings";

/* Settings -> Team (admins) and the user's own password and sessions (docs/team.md). */

export const inviteMemberAction = defineAction(
  { input: inviteMemberSchema, can: "inviteMember", name: "inviteMember" },
  async ({ ctx, input }) => inviteMember({ ctx, input }),
);

export const revokeInvitationAction = defineAction(
  { input: invitationIdSchema, can: "revokeInvitation", name: "revokeInvitation" },
  async ({ ctx, input }) => revokeInvitation({ ctx, input }),
);

export const changeMemberRoleAction = defineAction(
  {
    input: z.intersection(userIdSchema, changeRoleSchema),
    can: "changeMemberRole",
    name: "changeMemberRole",
  },
  async ({ ctx, input }) => changeMemberRole({ ctx, input }),
);

export const deactivateMemberAction = defineAction(
  { input: userIdSchema, can: "deactivateMember", name: "deactivateMember" },
  async ({ ctx, input }) => deactivateMember({ ctx, input }),
);

export const reactivateMemberAction = defineAction(
  { input: userIdSchema, can: "reactivateMember", name: "reactivateMember" },
  async ({ ctx, input }) => reactivateMember({ ctx, input }),
);

export const updateSecuritySettingsAction = defineAction(
  { input: securitySettingsSchema, can: "updateSecuritySettings", name: "updateSecuritySettings" },
  async ({ ctx, input }) => updateSecuritySettings({ ctx, input }),
);

export const changePasswordAction = defineAction(
  { input: changePasswordSchema, can: "changePassword", name: "changePassword", beforeTwoFactor: true },
  async ({ ctx, input }) => changePassword({ ctx, input }),
);

export const revokeMySessionAction = defineAction(
  { input: sessionIdSchema, can: "revokeMySession", name: "revokeMySession", beforeTwoFactor: true },
  async ({ ctx, input }) => revokeMySession({ ctx, input }),
);

/** Every other session and token ends; this browser stays signed in. */
export const signOutEverywhereAction = defineAction(
  { input: noInputSchema, can: "signOutEverywhere", name: "signOutEverywhere", beforeTwoFactor: true },
  async ({ ctx }) => signOutEverywhere({ ctx, input: { keepCurrent: true } }),
);

/**
 * The invitation link's page: no session yet. A browser signed in as someone (necessarily someone
 * else: the invitee has no account) does not accept it, whatever link it holds (docs/team.md).
 */
export const acceptInvitationAction = definePublicAction(
  { input: acceptInvitationSchema, name: "acceptInvitation" },
  async ({ input, ip }) => {
    await refuseSignedIn();
    return acceptInvitation(await getDb(), input, { ip });
  },
);

async function refuseSignedIn(): Promise<void> {
  // Whoever it is, even a member who must enrol 2FA first: only their address is read.
  const session = await getOptionalSession({ beforeTwoFactor: true });
  if (session)
    throw new ServiceError(
      "CONFLICT",
      `You are signed in as ${session.user.email}. Sign out, then open the invitation link again.`,
    );
}
