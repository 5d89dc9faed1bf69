import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENT_TYPES } from "@/lib/contracts/webhooks";
import { eventObjectId } from "./event-object";

describe("the object an event is about", () => {
  it("is named by every type of the catalog, from its documented example", () => {
    const unnamed = WEBHOOK_EVENT_TYPES.filter((t) => eventObjectId("org_x", t.type, t.example) === "org_x");
    expect(unnamed.map((t) => t.type)).toEqual([]);
  });

  it("puts a card's balance on the card's sequence and a transaction on its own", () => {
    const example = (type: string) => WEBHOOK_EVENT_TYPES.find((t) => t.type === type)!.example;
    expect(eventObjectId("org_x", "customer.balance.updated", example("customer.balance.updated"))).toBe(
      "sc_7Qm2",
    );
    expect(eventObjectId("org_x", "card.frozen", example("card.frozen"))).toBe("sc_7Qm2");
    expect(eventObjectId("org_x", "transaction.settled", example("transaction.settled"))).toBe("txn_51Hq");
    expect(eventObjectId("org_x", "customer.funded", example("customer.funded"))).toBe("cus_5Lp2");
  });

  it("falls back to the program when the event names none (program-wide controls)", () => {
    const data = { level: "program", svc_card_id: null, card_id: null };
    expect(eventObjectId("org_x", "card.spending_controls.updated", data)).toBe("org_x");
    expect(eventObjectId("org_x", "something.new", { id: "x" })).toBe("org_x");
  });
});
