import { and, desc, eq } from "drizzle-orm";
import { newId } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { devOutboxMessages } from "@/server/db/schema/providers";
import type { MessagingPort } from "@/server/providers/ports";
import { log } from "@/server/log";

/**
 * Sandbox email and SMS: nothing is sent; each message lands in the dev
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
