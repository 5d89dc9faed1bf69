import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { listOutbox } from "@/server/providers/sandbox/messaging";
import { requireSandbox } from "@/server/providers/sandbox/mode";

export interface OutboxMessageView {
  id: string;
  channel: "email" | "sms";
  to: string;
  subject: string | null;
  body: string;
  /** Mail that grants access to the console (an invitation link); only admins are given it. */
  staff_access: boolean;
  created_at: string;
}

/**
 * Who may read staff-access mail (an invitation link, which makes its reader a member with the
 * invitation's role): the program's admins, who could invite anyone with any role anyway. Never an
 * operator or viewer, never an API key whatever its scopes (keys cannot manage people), never a
 * cardholder. docs/team.md, Invitations.
 */
export function readsStaffMail(ctx: Ctx): boolean {
  return ctx.actor.type === "user" && ctx.actor.role === "admin";
}

/**
 * GET /api/v1/sandbox/outbox and the Sandbox page: sandbox mode's email and SMS, which are never
 * sent. The bodies hold one-time codes: write scope, never a cardholder; staff-access mail only for
 * admins (readsStaffMail).
 */
export async function readOutbox({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { to?: string | null; limit: number };
}): Promise<{ messages: OutboxMessageView[] }> {
  requireSandbox();
  authorize(ctx, "readOutbox");
  const rows = await listOutbox(ctx.db, {
    orgId: ctx.orgId,
    to: input.to,
    limit: input.limit,
    withStaffAccess: readsStaffMail(ctx),
  });
  return {
    messages: rows.map((m) => ({
      id: m.id,
      channel: m.channel,
      to: m.to,
      subject: m.subject,
      body: m.body,
      staff_access: m.staffAccess,
      created_at: m.createdAt.toISOString(),
    })),
  };
}
