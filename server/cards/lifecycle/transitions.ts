import type { ErrorCode } from "@/lib/errors";
import type { CardStatus } from "@/server/db/schema/cards";
import type { CardRow } from "../customers/find";

/**
 * Every card action in every card state, in one table (docs/card-program.md, Cards, and The
 * upstream the simulators imitate). A cell is the next state with what it stamps and
 * the event it raises, or the named refusal. The service functions only look things up here.
 *
 * What the interface states: freeze active -> frozen; void from any state not yet voided, for
 * virtual cards only (VIRTUAL_CARD_ONLY, CARD_ALREADY_VOIDED); stolen counts as voided.
 * What it leaves open, decided here:
 * - unfreeze only from frozen; lost, stolen and voided are permanent; a report is refused once
 *   the card is marked lost or stolen (provider-facts), and on a voided card.
 * - freeze of anything but an active card is CARD_NOT_ACTIVE (also of a frozen one: nothing to
 *   do is still a refusal, so a retry cannot emit a second card.frozen).
 * - a physical card is issued "active" with activated_at null; until it is activated it cannot
 *   be frozen (CARD_NOT_ACTIVATED, provider-facts) but can be reported, blocked and activated.
 * - block/unblock are the program's (compliance): block from active or frozen; unblock returns
 *   the card to frozen when it was frozen before the block, else to active. Events: block ->
 *   card.deactivated (status blocked); unblock -> card.unfrozen (active) or card.frozen (frozen),
 *   the catalog's types for "the card can transact again" and "the card is frozen".
 * - activate is for physical cards not yet activated, in state active; anything else refused.
 */

export const CARD_ACTIONS = [
  "freeze",
  "unfreeze",
  "void",
  "report_lost",
  "report_stolen",
  "block",
  "unblock",
  "activate",
] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];

/**
 * What sets cards apart for the rules: virtual cards are active from issue; physical ones wait for
 * activation.
 */
export const CARD_KINDS = ["virtual", "physical", "physical_inactive"] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/** The card columns a move sets; `true` stamps the time of the change, `null` clears. */
export type Stamp = Partial<
  Record<"frozenAt" | "voidedAt" | "lostAt" | "stolenAt" | "blockedAt" | "activatedAt", true | null>
>;

export interface Move {
  kind: "move";
  /** "unblocked" resolves to frozen when the card was frozen before its block, else active. */
  to: CardStatus | "unblocked";
  stamp: Stamp;
  /** The outbound event type; "unblocked" picks card.frozen or card.unfrozen with the state. */
  event: string | "unblocked";
}

export interface Refusal {
  kind: "refusal";
  code: ErrorCode;
  message: string;
}

export type Outcome = Move | Refusal;
type Cell = Outcome | Record<CardKind, Outcome>;

const to = (state: CardStatus, stamp: Stamp, event: string): Move => ({
  kind: "move",
  to: state,
  stamp,
  event,
});
const no = (code: ErrorCode, message: string): Refusal => ({ kind: "refusal", code, message });

const NOT_ACTIVE = (what: string, why: string) =>
  no("CARD_NOT_ACTIVE", `The card ${why}; it cannot be ${what}.`);
const LOST = "was reported lost (permanent)";
const STOLEN = "was reported stolen (permanent)";
const VOIDED = "is voided (permanent)";
const BLOCKED = "is blocked by the card program";

const ALREADY_VOIDED = no("CARD_ALREADY_VOIDED", "The card is already voided.");
const STOLEN_IS_VOIDED = no(
  "CARD_ALREADY_VOIDED",
  "The card was reported stolen, which voids it permanently.",
);
const VIRTUAL_ONLY = no(
  "VIRTUAL_CARD_ONLY",
  "Only virtual cards can be voided; freeze a physical card to stop " +
    "transactions, or report it lost or stolen.",
);

/** Only the virtual kind gets `outcome`; physical cards are refused VIRTUAL_CARD_ONLY. */
const virtualOnly = (outcome: Outcome): Record<CardKind, Outcome> => ({
  virtual: outcome,
  physical: VIRTUAL_ONLY,
  physical_inactive: VIRTUAL_ONLY,
});

const ACTIVATE_VIRTUAL = no(
  "PHYSICAL_CARD_ONLY",
  "Virtual cards are active from issue; only physical cards are activated.",
);
const ALREADY_ACTIVATED = no("CARD_ALREADY_ACTIVATED", "The card is already activated.");
/**
 * activate: virtual and activated physical cards are refused in every state; an inactive physical card
 * gets `outcome`.
 */
const inactivePhysicalOnly = (outcome: Outcome): Record<CardKind, Outcome> => ({
  virtual: ACTIVATE_VIRTUAL,
  physical: ALREADY_ACTIVATED,
  physical_inactive: outcome,
});

const reported = (state: "lost" | "stolen"): Move =>
  state === "lost"
    ? to("lost", { lostAt: true }, "card.lost")
    : to("stolen", { stolenAt: true }, "card.stolen");
const ALREADY_LOST = no("CARD_ALREADY_REPORTED", "The card is already reported lost; that is permanent.");
const ALREADY_STOLEN = no("CARD_ALREADY_REPORTED", "The card is already reported stolen; that is permanent.");

export const CARD_TRANSITIONS: Record<CardAction, Record<CardStatus, Cell>> = {
  freeze: {
    active: {
      virtual: to("frozen", { frozenAt: true }, "card.frozen"),
      physical: to("frozen", { frozenAt: true }, "card.frozen"),
      physical_inactive: no(
        "CARD_NOT_ACTIVATED",
        "The physical card is not activated yet; it cannot be frozen before activation.",
      ),
    },
    frozen: no("CARD_NOT_ACTIVE", "The card is already frozen."),
    blocked: NOT_ACTIVE("frozen", BLOCKED),
    lost: NOT_ACTIVE("frozen", LOST),
    stolen: NOT_ACTIVE("frozen", STOLEN),
    voided: NOT_ACTIVE("frozen", VOIDED),
  },
  unfreeze: {
    active: no("CARD_NOT_FROZEN", "The card is not frozen."),
    frozen: to("active", { frozenAt: null }, "card.unfrozen"),
    blocked: NOT_ACTIVE("unfrozen", BLOCKED),
    lost: NOT_ACTIVE("unfrozen", LOST),
    stolen: NOT_ACTIVE("unfrozen", STOLEN),
    voided: NOT_ACTIVE("unfrozen", VOIDED),
  },
  void: {
    active: virtualOnly(to("voided", { voidedAt: true }, "card.voided")),
    frozen: virtualOnly(to("voided", { voidedAt: true }, "card.voided")),
    blocked: virtualOnly(to("voided", { voidedAt: true }, "card.voided")),
    lost: virtualOnly(to("voided", { voidedAt: true }, "card.voided")),
    stolen: virtualOnly(STOLEN_IS_VOIDED),
    voided: virtualOnly(ALREADY_VOIDED),
  },
  report_lost: {
    active: reported("lost"),
    frozen: reported("lost"),
    blocked: reported("lost"),
    lost: ALREADY_LOST,
    stolen: ALREADY_STOLEN,
    voided: ALREADY_VOIDED,
  },
  report_stolen: {
    active: reported("stolen"),
    frozen: reported("stolen"),
    blocked: reported("stolen"),
    lost: ALREADY_LOST,
    stolen: ALREADY_STOLEN,
    voided: ALREADY_VOIDED,
  },
  block: {
    active: to("blocked", { blockedAt: true }, "card.deactivated"),
    frozen: to("blocked", { blockedAt: true }, "card.deactivated"),
    blocked: no("CARD_ALREADY_BLOCKED", "The card is already blocked."),
    lost: NOT_ACTIVE("blocked", LOST),
    stolen: NOT_ACTIVE("blocked", STOLEN),
    voided: NOT_ACTIVE("blocked", VOIDED),
  },
  unblock: {
    active: no("CARD_NOT_BLOCKED", "The card is not blocked."),
    frozen: no("CARD_NOT_BLOCKED", "The card is not blocked."),
    blocked: { kind: "move", to: "unblocked", stamp: { blockedAt: null }, event: "unblocked" },
    lost: NOT_ACTIVE("unblocked", LOST),
    stolen: NOT_ACTIVE("unblocked", STOLEN),
    voided: NOT_ACTIVE("unblocked", VOIDED),
  },
  activate: {
    active: inactivePhysicalOnly(to("active", { activatedAt: true }, "card.activated")),
    frozen: inactivePhysicalOnly(NOT_ACTIVE("activated", "is frozen")),
    blocked: inactivePhysicalOnly(NOT_ACTIVE("activated", BLOCKED)),
    lost: inactivePhysicalOnly(NOT_ACTIVE("activated", LOST)),
    stolen: inactivePhysicalOnly(NOT_ACTIVE("activated", STOLEN)),
    voided: inactivePhysicalOnly(NOT_ACTIVE("activated", VOIDED)),
  },
};

export function kindOf(card: Pick<CardRow, "cardType" | "activatedAt">): CardKind {
  if (card.cardType === "virtual") return "virtual";
  return card.activatedAt ? "physical" : "physical_inactive";
}

/** A resolved move: the concrete next state and event type. */
export interface ResolvedMove {
  kind: "move";
  to: CardStatus;
  stamp: Stamp;
  event: string;
}

/** The table's answer for this card: the concrete next state and event, or the refusal. */
export function decide(
  action: CardAction,
  card: Pick<CardRow, "cardType" | "activatedAt" | "status" | "frozenAt">,
): ResolvedMove | Refusal {
  const cell = CARD_TRANSITIONS[action][card.status];
  const outcome = "kind" in cell ? (cell as Outcome) : cell[kindOf(card)];
  if (outcome.kind === "refusal") return outcome;
  if (outcome.to !== "unblocked")
    return { kind: "move", to: outcome.to, stamp: outcome.stamp, event: outcome.event };
  const back = card.frozenAt ? "frozen" : "active";
  return {
    kind: "move",
    to: back,
    stamp: outcome.stamp,
    event: back === "frozen" ? "card.frozen" : "card.unfrozen",
  };
}
