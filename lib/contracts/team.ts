import { z } from "zod";
import { ROLES } from "@/lib/scopes";

/** Team contracts (docs/team.md): used by the REST routes, the dashboard forms and OpenAPI. */

const PASSWORD_MIN = 10;
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(200, "At most 200 characters.");

export const roleSchema = z.enum(ROLES).describe("admin, operator or viewer.");

export const inviteMemberSchema = z.object({
  email: z.email("Enter a valid email address.").transform((v) => v.trim().toLowerCase()),
  role: roleSchema,
});
export type InviteMemberInput = z.input<typeof inviteMemberSchema>;

export const acceptInvitationSchema = z.object({
  token: z.string().min(1).max(200),
  name: z.string().trim().min(1, "Enter your name.").max(120).optional(),
  password: newPasswordSchema,
  two_factor_code: z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app."),
});
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

export const changeRoleSchema = z.object({ role: roleSchema });
export const userIdSchema = z.object({
  userId: z.string().min(1).max(64).describe("The user's id (usr_...)."),
});
export const invitationIdSchema = z.object({
  invitationId: z.string().min(1).max(64).describe("The invitation's id (inv_...)."),
});
export const sessionIdSchema = z.object({
  sessionId: z.string().min(1).max(64).describe("The session's id (ses_...)."),
});

export const changePasswordSchema = z.object({
  current_password: z.string().min(1, "Enter your current password.").max(200),
  new_password: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const securitySettingsSchema = z.object({
  require_two_factor: z.boolean().describe("Every member must have 2FA before using the console or the API."),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const memberViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: roleSchema,
  two_factor_enabled: z.boolean(),
  status: z.enum(["active", "deactivated"]),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  deactivated_at: z.string().nullable(),
});
export type MemberView = z.infer<typeof memberViewSchema>;

export const invitationViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  status: z.enum(["pending", "accepted", "expired", "revoked"]),
  expires_at: z.string(),
  created_at: z.string(),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

export const sessionViewSchema = z.object({
  id: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  current: z.boolean().describe("The session this request came from."),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

/* Answers of the team and account routes. */
export const memberListSchema = z.object({ members: z.array(memberViewSchema) });
export const invitationListSchema = z.object({ invitations: z.array(invitationViewSchema) });
export const acceptedInvitationSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  org_id: z.string(),
});
export const sessionListSchema = z.object({ sessions: z.array(sessionViewSchema) });
export const revokedSessionSchema = z.object({ session_id: z.string(), revoked: z.literal(true) });
export const sessionsEndedSchema = z.object({ sessions_ended: z.number().int() });
export const passwordChangedSchema = z.object({ changed: z.literal(true), sessions_ended: z.number().int() });
