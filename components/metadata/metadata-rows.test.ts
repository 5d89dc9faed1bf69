import { describe, expect, it } from "vitest";
import { checkRows, newRow, placeFieldErrors } from "./metadata-rows";

/** The editor's rows -> the update the API takes, with the API's own limits and messages. */
describe("metadata editor rows", () => {
  const current = { team: "blue", region: "eu" };

  it('sends only the change: a changed or new key set, a removed or emptied key as ""', () => {
    const rows = [newRow("team", "red"), newRow("region", ""), newRow("crm_id", "C-42"), newRow("", "")];
    expect(checkRows(current, rows)).toEqual({
      update: { region: "", team: "red", crm_id: "C-42" },
      rows: {},
    });
    expect(checkRows(current, [newRow("team", "blue")]).update).toEqual({ region: "" });
    expect(checkRows(current, [newRow("team", "blue"), newRow("region", "eu")]).update).toEqual({});
  });

  it("names the row: a key too long, a value too long, a value without a key, a key twice", () => {
    const long = newRow("k".repeat(41), "v");
    const big = newRow("notes", "x".repeat(501));
    const keyless = newRow("", "orphan");
    const twice = newRow("team", "green");
    const check = checkRows(current, [newRow("team", "red"), long, big, keyless, twice]);
    expect(check.rows).toEqual({
      [long.id]: "a metadata key is 1 to 40 characters (got 41)",
      [big.id]: "a metadata value is a string of at most 500 characters",
      [keyless.id]: "Give this value a key, or remove the row.",
      [twice.id]: "The key team is already in a row above.",
    });
  });

  it("refuses more than 50 keys in all, as the API does", () => {
    const rows = Array.from({ length: 49 }, (_, i) => newRow(`k${i}`, "v"));
    expect(checkRows(current, [...rows, newRow("team", "blue"), newRow("region", "eu")]).general).toBe(
      "metadata would hold more than 50 keys",
    );
    expect(checkRows(current, [...rows, newRow("team", "blue")]).general).toBeUndefined();
  });

  it("puts the action's field errors on their rows, the rest in general", () => {
    const row = newRow("a.b", "x");
    expect(placeFieldErrors([row], { "metadata.a.b": "bad", metadata: "too many" })).toEqual({
      update: {},
      rows: { [row.id]: "bad" },
      general: "too many",
    });
  });
});
