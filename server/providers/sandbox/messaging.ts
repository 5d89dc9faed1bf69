import { and, desc, eq } from "drizzle-orm";
import { newId } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { devOutboxMessages } from "@/server/db/schema/providers";
import { log } from "@/server/log";
import type { MessagingPort } from "@/server/providers/ports";

/**
 * Sandbox email and SMS: nothing is sent; each message lands in the dev
 * outbox, readable at GET /api/v1/sandbox/outbox and on the dashboard's Sandbox page. Bodies
 * carry one-time codes, so only the message id and channel are logged. Mail sent with
 * `staffAccess` (an invitation link) is stored as such, and listOutbox leaves it out unless the
 * reader may see it (server/cards/sandbox-outbox.ts decides who: admins).
 */

/** Addresses compare without case; phone numbers have none. */
function normalizeRecipient(to: string): string {
  return to.trim().toLowerCase();
}

async function store(
  db: Db,
  message: {
    orgId: string;
    channel: "email" | "sms";
    to: string;
    subject: string | null;
    body: string;
    staffAccess: boolean;
  },
): Promise<void> {
  const id = newId("msg");
  await db.insert(devOutboxMessages).values({ id, ...message, to: normalizeRecipient(message.to) });
  log.info({ messageId: id, channel: message.channel }, "sandbox message stored in the dev outbox");
}

export const sandboxMessaging: MessagingPort = {
  async sendEmail(db, { orgId, to, subject, text, staffAccess }) {
    await store(db, { orgId, channel: "email", to, subject, body: text, staffAccess: staffAccess === true });
  },
  async sendSms(db, { orgId, to, text }) {
    await store(db, { orgId, channel: "sms", to, subject: null, body: text, staffAccess: false });
  },
};

export type OutboxMessage = typeof devOutboxMessages.$inferSelect;

/**
 * The organization's messages, newest first, optionally to one recipient. Staff-access mail only
 * when `withStaffAccess` (the caller states it: there is no default).
 */
export async function listOutbox(
  db: Db,
  {
    orgId,
    to,
    limit,
    withStaffAccess,
  }: { orgId: string; to?: string | null; limit: number; withStaffAccess: boolean },
): Promise<OutboxMessage[]> {
  const recipient = to?.trim() ? normalizeRecipient(to) : undefined;
  return db
    .select()
    .from(devOutboxMessages)
    .where(
      and(
        eq(devOutboxMessages.orgId, orgId),
        recipient ? eq(devOutboxMessages.to, recipient) : undefined,
        withStaffAccess ? undefined : eq(devOutboxMessages.staffAccess, false),
      ),
    )
    .orderBy(desc(devOutboxMessages.createdAt), desc(devOutboxMessages.id))
    .limit(Math.max(1, Math.min(limit, 200)));
}
