import type { Role } from "@/lib/scopes";

export const ROLE_HINTS: Record<Role, string> = {
  admin: "Admin: everything, including the team, API keys, webhooks and settings.",
  operator: "Operator: customers, cards, funding and transactions; no API keys, webhooks or team.",
  viewer: "Viewer: reads everything an operator sees, changes nothing.",
};

export const selectClass =
  "h-10 w-full rounded-md border border-input bg-surface px-3 text-base text-foreground sm:text-sm";
