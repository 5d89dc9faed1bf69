import { and, desc, eq } from "drizzle-orm";
import { newId } from "@/lib/ids";
import { refuseCardholder, requireCardScope } from "@/server/cards/access";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { devOutboxMessages } from "@/server/db/schema/providers";
import type { MessagingPort } from "@/server/providers/ports";
import { log } from "@/server/log";
import { requireSandbox } from "./mode";

/**
 * Sandbox email and SMS (decisions.md 11): nothing is sent; each message lands in the dev
 * outbox, readable at GET /api/v1/sandbox/outbox and on the dashboard's Sandbox page. Bodies
 * carry one-time codes, so only the message id and channel are logged.
 */

/** Addresses compare without case; phone numbers have none. */
function normalizeRecipient(to: string): string {
  return to.trim().toLowerCase();
}

async function store(
  db: Db,
  message: { orgId: string; channel: "email" | "sms"; to: string; subject: string | null; body: string },
): Promise<void> {
  const id = newId("msg");
  await db.insert(devOutboxMessages).values({ id, ...message, to: normalizeRecipient(message.to) });
  log.info({ messageId: id, channel: message.channel }, "sandbox message stored in the dev outbox");
}

export const sandboxMessaging: MessagingPort = {
  async sendEmail(db, { orgId, to, subject, text }) {
    await store(db, { orgId, channel: "email", to, subject, body: text });
  },
  async sendSms(db, { orgId, to, text }) {
    await store(db, { orgId, channel: "sms", to, subject: null, body: text });
  },
};

export type OutboxMessage = typeof devOutboxMessages.$inferSelect;

/** The organization's messages, newest first, optionally to one recipient. */
export async function listOutbox(
  db: Db,
  { orgId, to, limit }: { orgId: string; to?: string | null; limit: number },
): Promise<OutboxMessage[]> {
  const recipient = to?.trim() ? normalizeRecipient(to) : undefined;
  return db
    .select()
    .from(devOutboxMessages)
    .where(
      and(eq(devOutboxMessages.orgId, orgId), recipient ? eq(devOutboxMessages.to, recipient) : undefined),
    )
    .orderBy(desc(devOutboxMessages.createdAt), desc(devOutboxMessages.id))
    .limit(Math.max(1, Math.min(limit, 200)));
}

export interface OutboxMessageView {
  id: string;
  channel: "email" | "sms";
  to: string;
  subject: string | null;
  body: string;
  created_at: string;
}

/** GET /api/v1/sandbox/outbox (decisions.md 11). The bodies hold one-time codes: write scope, never a cardholder. */
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
