import { describe, expect, it } from "vitest";
import { newId } from "./ids";
import { createdAtOfCardTransactionId, newCardTransactionKey } from "./transaction-ids";

describe("card transaction ids", () => {
  it("carry their created_at: txn_ + 11 hex digits of the milliseconds + 13 base62", () => {
    const at = new Date("2026-03-14T15:09:26.535Z");
    const { id, createdAt } = newCardTransactionKey(at);
    expect(id).toMatch(/^txn_[0-9a-f]{11}[0-9A-Za-z]{13}$/);
    expect(id.slice(4, 15)).toBe(at.getTime().toString(16).padStart(11, "0"));
    expect(createdAt).toEqual(at);
    expect(createdAtOfCardTransactionId(id)).toEqual(at);
    // The time leads, so ids of one program sort by creation to the millisecond.
    const later = newCardTransactionKey(new Date(at.getTime() + 1)).id;
    expect(later > id).toBe(true);
  });

  it("take one instant for the id and created_at, now by default", () => {
    const before = Date.now();
    const { id, createdAt } = newCardTransactionKey();
    expect(createdAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(createdAtOfCardTransactionId(id)).toEqual(createdAt);
    expect(new Set(Array.from({ length: 1000 }, () => newCardTransactionKey(createdAt).id)).size).toBe(1000);
  });

  it("read the first form's ids, and anything malformed, as carrying no time", () => {
    const timed = newCardTransactionKey(new Date("2026-01-01T00:00:00Z")).id;
    for (const id of [
      newId("txn"), // the first form: 20 random base62
      "txn_6767f1758003cf5365c4",
      "",
      "txn_",
      timed.slice(0, -1),
      `${timed}x`,
      timed.toUpperCase(),
      `txn_zzzzzzzzzzz${timed.slice(15)}`, // not hex
      `txn_0123456789A${timed.slice(15)}`, // hex, but not lowercase
      `txn_${timed.slice(4, 15)}${"\u0000".repeat(13)}`,
      `${timed.slice(0, 20)}\u0000${timed.slice(21)}`,
      `dsp_${timed.slice(4)}`,
      ` ${timed}`,
    ])
      expect(createdAtOfCardTransactionId(id), JSON.stringify(id)).toBeNull();
  });

  it("read any 11 hex digits as a time a Date and Postgres hold, up to the year 2527", () => {
    const latest = createdAtOfCardTransactionId("txn_fffffffffffAAAAAAAAAAAAA");
    expect(latest?.toISOString()).toBe("2527-06-23T06:20:44.415Z");
    expect(createdAtOfCardTransactionId("txn_00000000000AAAAAAAAAAAAA")?.getTime()).toBe(0);
  });

  it("refuse to be made for an instant they cannot carry", () => {
    for (const at of [new Date(-1), new Date(16 ** 11), new Date(Number.NaN)])
      expect(() => newCardTransactionKey(at), String(at)).toThrow(RangeError);
    expect(newCardTransactionKey(new Date(16 ** 11 - 1)).id.slice(4, 15)).toBe("fffffffffff");
  });
});
