import { WEBHOOK_EVENT_TYPES } from "@/lib/contracts/webhooks";
import type { Client } from "./client";
import { newestEventId, waitForEvent } from "./flows";
import { TRIGGERS } from "./triggers";

type Out = (line: string) => void;

/**
 * `trigger --list`: every type of the catalog, in its order (lib/contracts/webhooks.ts), with the
 * steps its flow runs (and how long the worker may take after them), or why it cannot be triggered.
 */
export function listTriggers(out: Out): void {
  const types = WEBHOOK_EVENT_TYPES.map((t) => t.type);
  const width = Math.max(...types.map((t) => t.length));
  for (const type of types) {
    const t = TRIGGERS[type];
    const what = !t
      ? "(not triggerable) no flow in cli/card-console/triggers.ts"
      : t.none
        ? `(not triggerable) ${t.none}`
        : `${t.steps}${t.wait ? ` (the worker: up to ${t.wait} s more)` : ""}`;
    out(`${type.padEnd(width)}  ${what}`);
  }
  out("* the spending customer: onboarded through the six steps on first use, funded, then reused.");
}

/**
 * Runs a type's flow, then finds the event it raised in the Events API (newer than the newest
 * event before the flow), so the command says which event proves it.
 */
export async function runTrigger(client: Client, type: string, out: Out): Promise<string | undefined> {
  const t = TRIGGERS[type];
  if (!t)
    throw new Error(
      `${type} is not an event type of the catalog; \`card-console trigger --list\` lists them.`,
    );
  if (t.none || !t.run) throw new Error(`${type} cannot be triggered in the sandbox: ${t.none}`);
  out(`Triggering ${type}: ${t.steps}`);
  client.log = out;
  const before = await newestEventId(client);
  await t.run(client);
  client.log = undefined;
  if (t.deliveryOnly) {
    out(`Done: ${type} goes to the subscription as a delivery (it is not kept in the Events API).`);
    return undefined;
  }
  const wait = t.wait ?? 10;
  if (t.wait) out(`Waiting up to ${wait} s for the worker to raise ${type}...`);
  const event = await waitForEvent(client, type, before, wait * 1_000);
  const seq = event.sequence === null ? "" : ` #${event.sequence}`;
  out(`Triggered ${type}: ${event.id} (${event.object_id ?? "no object"}${seq})`);
  return event.id;
}
