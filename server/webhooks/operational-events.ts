import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { users } from "@/server/db/schema/identity";
import { emitEvents } from "@/server/events/outbox";
import { log } from "@/server/log";
import { providers } from "@/server/providers/current";
import {
  type AttemptOutcome,
  type AutoDisabled,
  type ExhaustedDelivery,
  recordOutcomeRows,
} from "./delivery-queue";

/**
 * The operational events of webhooks (docs/webhooks.md, Operational events): `webhook.disabled` and
 * `webhook.delivery.exhausted`, raised in the transaction that records the change, and an e-mail
 * to the program's admins through the messaging port (in sandbox, the dev outbox).
 */

export const WEBHOOK_DISABLED = "webhook.disabled";
export const WEBHOOK_DELIVERY_EXHAUSTED = "webhook.delivery.exhausted";

/**
 * Records a batch of finished attempts (recordOutcomeRows). A batch with a delivery that failed for
 * good runs in a transaction with the events it raises; the others (the common case) stay one
 * statement. Returns the ids recorded.
 */
export async function recordOutcomes(
  db: Db,
  workerId: string,
  outcomes: AttemptOutcome[],
): Promise<Set<string>> {
  if (outcomes.length === 0) return new Set();
  if (!outcomes.some((o) => o.status === "failed"))
    return (await recordOutcomeRows(db, workerId, outcomes)).ids;
  return db.transaction(async (tx) => {
    const recorded = await recordOutcomeRows(tx, workerId, outcomes);
    await raiseOperationalEvents(tx, recorded);
    return recorded.ids;
  });
}

async function raiseOperationalEvents(
  tx: Db,
  { exhausted, disabled }: { exhausted: ExhaustedDelivery[]; disabled: AutoDisabled[] },
): Promise<void> {
  // An exhausted delivery of an exhausted event raises nothing more: no chain of them to a dead endpoint.
  const raised = exhausted.filter((e) => e.event_type !== WEBHOOK_DELIVERY_EXHAUSTED);
  await emitEvents(tx, [
    ...raised.map((e) => ({
      orgId: e.org_id,
      type: WEBHOOK_DELIVERY_EXHAUSTED,
      data: {
        webhook_id: e.webhook_id,
        delivery_id: e.delivery_id,
        event_id: e.event_id,
        event_type: e.event_type,
        attempts: e.attempts,
        last_response_status: e.last_response_status,
        last_error: e.last_error,
      },
    })),
    ...disabled.map((d) => ({ orgId: d.org_id, type: WEBHOOK_DISABLED, data: disabledData(d, "failures") })),
  ]);
  // One e-mail when an endpoint starts failing (its first exhausted delivery of a run) and one when
  // it is disabled: not one per delivery, which would be a hundred before the disable.
  const firstOfRun = new Map<string, ExhaustedDelivery>();
  for (const e of raised) if (e.run_starts && !firstOfRun.has(e.webhook_id)) firstOfRun.set(e.webhook_id, e);
  for (const e of firstOfRun.values())
    await emailAdmins(tx, e.org_id, {
      subject: `Webhook deliveries are failing (${e.webhook_id})`,
      text:
        `A delivery of ${e.event_type} (event ${e.event_id}) to webhook ${e.webhook_id} failed ${e.attempts} ` +
        `times and will not be retried. Last error: ${e.last_error ?? "none"}.\n\n` +
        "After 100 such deliveries in a row the webhook is disabled. See Developers -> Webhooks.",
    });
  for (const d of disabled)
    await emailAdmins(tx, d.org_id, {
      subject: `Webhook disabled (${d.webhook_id})`,
      text:
        `Webhook ${d.webhook_id} (${d.url}) was disabled: ${d.reason}\n\n` +
        "Nothing is sent to it until it is enabled again (Developers -> Webhooks, Enable), which resets " +
        "its failure count. Deliveries raised meanwhile can be replayed.",
    });
}

export function disabledData(
  d: { webhook_id: string; url: string; reason: string | null; consecutive_failures: number },
  cause: "failures" | "user",
) {
  return {
    webhook_id: d.webhook_id,
    url: d.url,
    cause,
    reason: d.reason,
    consecutive_failures: d.consecutive_failures,
  };
}

/** The program's active admins, each by e-mail. */
async function emailAdmins(tx: Db, orgId: string, mail: { subject: string; text: string }): Promise<void> {
  const admins = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.role, "admin"), isNull(users.deactivatedAt)));
  for (const a of admins) await providers().messaging.sendEmail(tx, { orgId, to: a.email, ...mail });
  if (admins.length === 0) log.warn({ orgId }, "no admin to e-mail about a webhook");
}
