import { refuseCardholder, requireCardScope } from "@/server/cards/access";
import type { Ctx } from "@/server/context";
import { listOutbox } from "@/server/providers/sandbox/messaging";
import { requireSandbox } from "@/server/providers/sandbox/mode";

export interface OutboxMessageView {
  id: string;
  channel: "email" | "sms";
  to: string;
  subject: string | null;
  body: string;
  created_at: string;
}

/**
 * GET /api/v1/sandbox/outbox: sandbox mode's email and SMS, which are never sent. The bodies hold
 * one-time codes: write scope, never a cardholder.
 */
export async function readOutbox({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { to?: string; limit: number };
}): Promise<{ messages: OutboxMessageView[] }> {
  requireSandbox();
  refuseCardholder(ctx);
  requireCardScope(ctx, "write");
  const rows = await listOutbox(ctx.db, { orgId: ctx.orgId, to: input.to, limit: input.limit });
  return {
    messages: rows.map((m) => ({
      id: m.id,
      channel: m.channel,
      to: m.to,
      subject: m.subject,
      body: m.body,
      created_at: m.createdAt.toISOString(),
    })),
  };
}
