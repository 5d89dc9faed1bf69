import { ServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";

/** Webhook management needs the `webhooks` scope (an admin's token, or a key holding it). */
export function requireWebhookScope(ctx: Ctx): void {
  const scopes =
    ctx.actor.type === "user" || ctx.actor.type === "apiKey"
      ? ctx.actor.scopes
      : ctx.actor.type === "system"
        ? ["webhooks"]
        : [];
  if (!scopes.includes("webhooks"))
    throw new ServiceError("INSUFFICIENT_PERMISSION", "This needs the webhooks scope.");
}
