import type { Action } from "@/lib/action-result";

/** The card changes staff can make from a customer's or a card's page (server/actions/cards.ts). */
export const CARD_ACTION_NAMES = [
  "freeze",
  "unfreeze",
  "block",
  "unblock",
  "void",
  "report_lost",
  "report_stolen",
] as const;
export type CardActionName = (typeof CARD_ACTION_NAMES)[number];

type CardTarget = { svcCardId: string; cardId: string };

export interface CardActions {
  freeze: Action<CardTarget, unknown>;
  unfreeze: Action<CardTarget, unknown>;
  void: Action<CardTarget, unknown>;
  block: Action<CardTarget, unknown>;
  unblock: Action<CardTarget, unknown>;
  report: Action<CardTarget & { reason: "lost" | "stolen" }, unknown>;
}
