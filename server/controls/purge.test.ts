import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { boot } from "@/server/boot";
import { spendCounters } from "@/server/db/schema/controls";
import { runHousekeeping } from "@/server/jobs/housekeeping";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { COUNTER_RETENTION, purgeSpendCounters } from "./purge";

const database = withTestDatabase();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

describe("purge of spend_counters", () => {
  it("deletes windows past counting and keeps every row that can still count", async () => {
    const db = database.db;
    const { orgId } = await createTestOrg(db);
    // [key, start, kept?]: each kind just inside and just past its span (+ a day's grace).
    const rows: [string, Date, boolean][] = [
      ["hourly", ago(HOUR + DAY - 60_000), true],
      ["hourly", ago(HOUR + DAY + 60_000), false],
      ["daily", ago(25 * HOUR + DAY - 60_000), true],
      ["daily|gambling", ago(25 * HOUR + DAY + 60_000), false],
      ["weekly", ago(7 * DAY + HOUR + DAY - 60_000), true],
      ["weekly", ago(7 * DAY + HOUR + DAY + 60_000), false],
      ["monthly|5411,travel", ago(31 * DAY + HOUR + DAY - 60_000), true],
      ["monthly", ago(31 * DAY + HOUR + DAY + 60_000), false],
      ["yearly", ago(800 * DAY), true],
      ["all_time", new Date(0), true],
      ["v1||", ago(61 * 60_000 + DAY - 60_000), true],
      ["v1|5411|", ago(61 * 60_000 + DAY + 60_000), false],
      ["v15||DE", ago(DAY + 15 * 60_000 + DAY - 60_000), true],
      ["v15||", ago(DAY + 15 * 60_000 + DAY + 60_000), false],
      ["v60||", ago(7 * DAY + HOUR + DAY - 60_000), true],
      ["v60|7995|", ago(7 * DAY + HOUR + DAY + 60_000), false],
    ];
    await db.insert(spendCounters).values(
      rows.map(([windowKey, windowStart], i) => ({
        orgId,
        subjectId: `card_${i}`,
        windowKey,
        windowStart,
        amountMinor: 100,
        count: 1,
      })),
    );
    expect(await purgeSpendCounters(db)).toBeGreaterThanOrEqual(rows.filter(([, , kept]) => !kept).length);
    const left = await db.select().from(spendCounters).where(eq(spendCounters.orgId, orgId));
    const keptIds = rows.flatMap(([, , kept], i) => (kept ? [`card_${i}`] : []));
    expect(left.map((r) => r.subjectId).sort()).toEqual(keptIds.sort());
    expect(Object.keys(COUNTER_RETENTION)).not.toContain("yearly");
    expect(Object.keys(COUNTER_RETENTION)).not.toContain("all_time");
  });

  it("runs in the recurring housekeeping job", async () => {
    const db = database.db;
    const { orgId } = await createTestOrg(db);
    await db.insert(spendCounters).values({
      orgId,
      subjectId: "card_old",
      windowKey: "daily",
      windowStart: ago(30 * DAY),
      amountMinor: 5,
      count: 1,
    });
    boot();
    const report = await runHousekeeping(db);
    expect(report.spend_counters).toEqual(expect.any(Number));
    const left = await db
      .select()
      .from(spendCounters)
      .where(and(eq(spendCounters.orgId, orgId), eq(spendCounters.subjectId, "card_old")));
    expect(left).toEqual([]);
  });
});
