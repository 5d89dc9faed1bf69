import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withTestDatabase } from "@/server/testing/database";
import { errorCodeOf } from "@/server/testing/errors";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { recentScreenings, screenAddress, screenFromDashboard } from "./check";
import { SHIPPED_LIST_DIR } from "./list-files";
import { activeList, loadListFolder } from "./list-store";

const database = withTestDatabase();

const screen = (address: string) => screenAddress({ db: database.db, input: { address } });
const lines = async (file: string) =>
  (await readFile(path.join(SHIPPED_LIST_DIR, file), "utf8")).split("\n").filter(Boolean);
const testValue = async (name: string) =>
  (await readFile(path.resolve("data/screening-test-values", `${name}.txt`), "utf8"))
    .split("\n")
    .filter((l) => l && !l.startsWith("#"));

describe("address screening", () => {
  it("flags every address of ETH.txt as sanctions, in any letter case, severe", async () => {
    const eth = await lines("ETH.txt");
    expect(eth.length).toBe(152);
    for (const address of eth)
      for (const spelling of [address, address.toLowerCase(), "0x" + address.slice(2).toUpperCase()]) {
        const result = await screen(spelling);
        expect(result, spelling).toMatchObject({ flagged: true, risk_level: "severe" });
        expect(result.checks.sanctions).toBe(true);
      }
  });
  it(
    "flags the Bitcoin, Tron and Litecoin entries too, " + "and a listed address of an unvalidated format",
    async () => {
      for (const file of ["XBT.txt", "TRX.txt", "LTC.txt", "XMR.txt"])
        for (const address of await lines(file)) expect((await screen(address)).checks.sanctions).toBe(true);
    },
  );
  it("answers a valid address of no list low and unflagged, with the list's date", async () => {
    const result = await screen("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
    expect(result).toMatchObject({
      address: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
      flagged: false,
      risk_level: "low",
      checks: { sanctions: false, fraud: false, darknet: false, mixer: false },
      sanctions_list: { as_of: "2024-09-27", entry_count: 654 },
    });
  });
  it("sets each check from the sandbox test values, with its risk level", async () => {
    const expected = { fraud: "medium", darknet: "high", mixer: "high" } as const;
    for (const [check, level] of Object.entries(expected))
      for (const address of await testValue(check)) {
        const spelling = address.startsWith("0x") ? "0x" + address.slice(2).toUpperCase() : address;
        const result = await screen(spelling);
        expect(result.checks, address).toEqual({
          sanctions: false,
          fraud: check === "fraud",
          darknet: check === "darknet",
          mixer: check === "mixer",
        });
        expect(result).toMatchObject({ flagged: true, risk_level: level });
      }
  });
  it("refuses an address of no known format with 422 INVALID_ADDRESS", async () => {
    expect(await errorCodeOf(screen("hello-world"))).toBe("INVALID_ADDRESS");
    // A broken EIP-55 checksum is not a known format either.
    expect(await errorCodeOf(screen("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eb48"))).toBe("INVALID_ADDRESS");
  });
  it("a reloaded list takes effect at once, with its date", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "sdn-"));
    const fresh = "0x00000000000000000000000000000000000b0b01";
    await writeFile(path.join(dir, "SOURCE.md"), "# Test list\n\n- As of: 2026-11-01\n");
    await writeFile(path.join(dir, "ETH.txt"), `${fresh}\n`);
    expect((await screen(fresh)).checks.sanctions).toBe(false);
    await loadListFolder(database.db, dir);
    const after = await screen(fresh);
    expect(after).toMatchObject({
      risk_level: "severe",
      sanctions_list: { as_of: "2026-11-01", entry_count: 1 },
    });
    // The old list is no longer in force.
    const eth = await lines("ETH.txt");
    expect((await screen(eth[0]!)).checks.sanctions).toBe(false);
    await loadListFolder(database.db, SHIPPED_LIST_DIR);
    expect((await activeList(database.db)).asOf).toBe("2024-09-27");
  });
  it("keeps the dashboard's checks per organization", async () => {
    const a = await createTestOrg(database.db);
    const b = await createTestOrg(database.db);
    const ctxA = userCtx(database.db, a.orgId, { ...a.admin, role: "admin" });
    const ctxB = userCtx(database.db, b.orgId, { ...b.admin, role: "admin" });
    await screenFromDashboard({ ctx: ctxA, input: { address: (await lines("TRX.txt"))[0]! } });
    const recent = await recentScreenings({ ctx: ctxA });
    expect(recent).toHaveLength(1);
    expect(recent[0]).toMatchObject({ risk_level: "severe", list_as_of: "2024-09-27" });
    expect(await recentScreenings({ ctx: ctxB })).toEqual([]);
  });
});
