import {
  acceptedInvitationSchema,
  acceptInvitationSchema,
  changeRoleSchema,
  invitationIdSchema,
  invitationListSchema,
  invitationViewSchema,
  inviteMemberSchema,
  memberListSchema,
  memberViewSchema,
  securitySettingsSchema,
  userIdSchema,
} from "@/lib/contracts/team";
import { getDb } from "@/server/db/client";
import { ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";
import { acceptInvitation, inviteMember, listInvitations, revokeInvitation } from "@/server/team/invitations";
import { changeMemberRole, deactivateMember, listMembers, reactivateMember } from "@/server/team/members";
import { getSecuritySettings, updateSecuritySettings } from "@/server/team/settings";

/**
 * The team (docs/team.md): an admin's user token (with 2FA for changes); the same service
 * functions as Settings -> Team. API keys cannot manage people (USER_TOKEN_REQUIRED).
 */
const TAGS = ["Team"];
const BASE = "/api/v1/team";
// No per-call TOTP code: team changes are an admin's, like webhooks (docs/team.md).

export const teamRoutes = [
  defineRoute({
    method: "get",
    path: `${BASE}/members`,
    summary: "List the members",
    description: "Every user of the program, deactivated ones included, oldest first.",
    tags: TAGS,
    operationId: "listTeamMembers",
    auth: "listMembers",
    response: { data: memberListSchema },
    handler: async ({ c, ctx }) => ok(c, await listMembers({ ctx })),
  }),
  defineRoute({
    method: "put",
    path: `${BASE}/members/{userId}/role`,
    summary: "Change a member's role",
    description: "Takes effect on the member's next request. The last active admin cannot be demoted.",
    tags: TAGS,
    operationId: "changeTeamMemberRole",
    auth: "changeMemberRole",
    request: { params: userIdSchema, body: changeRoleSchema },
    response: { data: memberViewSchema },
    errors: ["NOT_FOUND", "LAST_ADMIN", "USER_DEACTIVATED"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await changeMemberRole({ ctx, input: { ...input.params, ...input.body } }), {
        message: "Role changed",
      }),
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/members/{userId}/deactivate`,
    summary: "Deactivate a member",
    description:
      "At once: their dashboard sessions end (signed out on the next click), their user tokens stop " +
      "working, and they cannot sign in. The last active admin cannot be deactivated. " +
      "Repeating it is a no-op.",
    tags: TAGS,
    operationId: "deactivateTeamMember",
    auth: "deactivateMember",
    request: { params: userIdSchema },
    response: { data: memberViewSchema },
    errors: ["NOT_FOUND", "LAST_ADMIN"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await deactivateMember({ ctx, input: input.params }), { message: "Member deactivated" }),
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/members/{userId}/reactivate`,
    summary: "Reactivate a member",
    description: "They can sign in again with their password and 2FA.",
    tags: TAGS,
    operationId: "reactivateTeamMember",
    auth: "reactivateMember",
    request: { params: userIdSchema },
    response: { data: memberViewSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await reactivateMember({ ctx, input: input.params }), { message: "Member reactivated" }),
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/invitations`,
    summary: "List invitations",
    description: "The latest 200, newest first, with their status (pending, accepted, expired, revoked).",
    tags: TAGS,
    operationId: "listInvitations",
    auth: "listInvitations",
    response: { data: invitationListSchema },
    handler: async ({ c, ctx }) => ok(c, await listInvitations({ ctx })),
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/invitations`,
    summary: "Invite a member",
    description:
      "Emails a single-use link, valid 7 days (in sandbox: to the dev outbox, " +
      "listed to admins only). A pending invitation to the same address is " +
      "replaced. EMAIL_IN_USE names a member of this program only: an address " +
      "of another program's user is answered like an unknown one (its " +
      "acceptance is refused to the invitee). Every invitation makes a lasting " +
      "account: the admin's token sends a current TOTP code in X-2FA-Token.",
    tags: TAGS,
    operationId: "createInvitation",
    auth: "inviteMember",
    request: { body: inviteMemberSchema },
    response: { status: 201, data: invitationViewSchema },
    errors: ["VALIDATION_ERROR", "EMAIL_IN_USE"],
    handler: async ({ c, ctx, input, twoFactorCode }) =>
      ok(c, await inviteMember({ ctx, input: { ...input.body, twoFactorCode } }), {
        status: 201,
        message: "Invitation sent",
      }),
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/invitations/{invitationId}/revoke`,
    summary: "Revoke a pending invitation",
    tags: TAGS,
    operationId: "revokeInvitation",
    auth: "revokeInvitation",
    request: { params: invitationIdSchema },
    response: { data: invitationViewSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await revokeInvitation({ ctx, input: input.params }), { message: "Invitation revoked" }),
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/invitations/accept`,
    summary: "Accept an invitation",
    description:
      "No credential: the token from the invitation link, a password, and a first code of the TOTP " +
      "secret shown on the link's page. Single use. EMAIL_IN_USE: the address " +
      "has an account already (an account belongs to one program).",
    tags: TAGS,
    operationId: "acceptInvitation",
    auth: "public",
    rateLimit: { name: "invitation-accept", limit: 20, windowSeconds: 900, per: "ip" },
    request: { body: acceptInvitationSchema },
    response: { status: 201, data: acceptedInvitationSchema },
    errors: [
      "VALIDATION_ERROR",
      "NOT_FOUND",
      "INVITATION_USED",
      "INVITATION_EXPIRED",
      "INVALID_2FA_TOKEN",
      "EMAIL_IN_USE",
    ],
    handler: async ({ c, input, ip }) =>
      ok(c, await acceptInvitation(await getDb(), input.body, { ip }), {
        status: 201,
        message: "Invitation accepted",
      }),
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/settings`,
    summary: "Security settings",
    tags: TAGS,
    operationId: "getSecuritySettings",
    auth: "getSecuritySettings",
    response: { data: securitySettingsSchema },
    handler: async ({ c, ctx }) => ok(c, await getSecuritySettings({ ctx })),
  }),
  defineRoute({
    method: "put",
    path: `${BASE}/settings`,
    summary: "Change the security settings",
    description:
      "require_two_factor: members without 2FA must set it up before anything else in the console.",
    tags: TAGS,
    operationId: "updateSecuritySettings",
    auth: "updateSecuritySettings",
    request: { body: securitySettingsSchema },
    response: { data: securitySettingsSchema },
    errors: ["VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await updateSecuritySettings({ ctx, input: input.body }), { message: "Settings saved" }),
  }),
];
