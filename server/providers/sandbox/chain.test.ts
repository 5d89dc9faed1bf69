import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { jobs } from "@/server/db/schema/platform";
import { simSafes } from "@/server/db/schema/providers";
import { jobHandler } from "@/server/jobs/job-handlers";
import { startWorker } from "@/server/jobs/worker";
import { type InboundEvent, registerInboundHandler } from "@/server/providers/inbound";
import { withTestDatabase } from "@/server/testing/database";
import { errorCodeOf } from "@/server/testing/errors";
import { createTestOrg } from "@/server/testing/fixtures";
import {
  completeSafeDeployment,
  SAFE_READY_JOB,
  safeAddressOf,
  sandboxChain,
  setSafeAccountStatus,
} from "./chain";
import { registerSandboxProviderJobs } from "./jobs";

const database = withTestDatabase({ install: false });
const deployed: InboundEvent[] = [];

beforeAll(async () => {
  registerSandboxProviderJobs();
  // After the real handlers (registered above): observe what the chain reports.
  registerInboundHandler("account.safe.deployed", async (_db, event) => void deployed.push(event));
});
afterEach(() => {
  setEnvForTests({ SAFE_DEPLOY_SECONDS: undefined });
});

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
async function waitFor<T>(
  probe: () => Promise<T | false | null | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("waitFor: timed out");
    await sleep(25);
  }
}

const jobsOf = (address: string) =>
  database.db
    .select()
    .from(jobs)
    .where(eq(jobs.dedupeKey, `${SAFE_READY_JOB}:${address}`));
const eventsOf = (orgId: string) => deployed.filter((e) => e.orgId === orgId);

describe("chain simulator", () => {
  it(
    "deploySafe is idempotent per owner: one wallet, one pending job due " + "when the deployment ends",
    async () => {
      setEnvForTests({ SAFE_DEPLOY_SECONDS: "30" });
      const db = database.db;
      const { orgId } = await createTestOrg(db);
      const before = Date.now();
      const first = await sandboxChain.deploySafe(db, { orgId, ownerRef: "cus_a", currency: "GBP" });
      const second = await sandboxChain.deploySafe(db, { orgId, ownerRef: "cus_a", currency: "GBP" });
      expect(first.address).toMatch(/^0x[0-9a-f]{40}$/);
      expect(first.address).toBe(safeAddressOf(orgId, "cus_a"));
      expect(second).toEqual(first);
      expect(first.estimatedCompletion.getTime() - before).toBeGreaterThanOrEqual(29_000);
      expect(first.estimatedCompletion.getTime() - before).toBeLessThanOrEqual(31_000);

      const rows = await db.select().from(simSafes).where(eq(simSafes.orgId, orgId));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        ownerRef: "cus_a",
        tokenSymbol: "GBPe",
        deployStatus: "processing",
        accountStatus: 1,
        balanceMinor: 0,
      });
      const queued = await jobsOf(first.address);
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({
        kind: SAFE_READY_JOB,
        orgId,
        status: "pending",
        payload: { address: first.address },
      });
      expect(queued[0]!.runAt.getTime()).toBe(rows[0]!.readyAt.getTime());

      expect(await sandboxChain.getSafe(db, { orgId, address: first.address })).toEqual({
        address: first.address,
        deployStatus: "processing",
        accountStatus: 1,
        tokenSymbol: "GBPe",
      });
      // Another owner, another wallet; another organization sees none of them.
      const other = await sandboxChain.deploySafe(db, { orgId, ownerRef: "cus_b", currency: "USD" });
      expect(other.address).not.toBe(first.address);
      expect((await sandboxChain.getSafe(db, { orgId, address: other.address }))?.tokenSymbol).toBe("USDCe");
      const stranger = await createTestOrg(db);
      expect(await sandboxChain.getSafe(db, { orgId: stranger.orgId, address: first.address })).toBeNull();
    },
  );

  it("the wallet and its job are written in the caller's transaction", async () => {
    const db = database.db;
    const { orgId } = await createTestOrg(db);
    await expect(
      db.transaction(async (tx) => {
        await sandboxChain.deploySafe(tx, { orgId, ownerRef: "cus_rolled_back", currency: "EUR" });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await db.select().from(simSafes).where(eq(simSafes.orgId, orgId))).toHaveLength(0);
    expect(await jobsOf(safeAddressOf(orgId, "cus_rolled_back"))).toHaveLength(0);
  });

  it(
    "the worker completes the deployment: status ok, account status 0, " +
      "account.safe.deployed reported once",
    async () => {
      setEnvForTests({ SAFE_DEPLOY_SECONDS: "0" });
      const db = database.db;
      const { orgId } = await createTestOrg(db);
      const { address } = await sandboxChain.deploySafe(db, { orgId, ownerRef: "cus_w", currency: "EUR" });
      const worker = await startWorker({ db, kinds: [SAFE_READY_JOB], pollMs: 20, events: false });
      try {
        await waitFor(
          async () => (await sandboxChain.getSafe(db, { orgId, address }))?.deployStatus === "ok",
        );
        await waitFor(async () => (await jobsOf(address)).every((j) => j.status === "succeeded"));
      } finally {
        await worker.stop(0);
      }
      expect(await sandboxChain.getSafe(db, { orgId, address })).toEqual({
        address,
        deployStatus: "ok",
        accountStatus: 0,
        tokenSymbol: "EURe",
      });
      expect(eventsOf(orgId)).toEqual([
        { type: "account.safe.deployed", orgId, data: { address, owner_ref: "cus_w", account_status: 0 } },
      ]);

      // At least once: a second run reports nothing more; a deploy call now changes nothing.
      expect(await completeSafeDeployment(db, { orgId, address })).toBe(true);
      const again = await sandboxChain.deploySafe(db, { orgId, ownerRef: "cus_w", currency: "EUR" });
      expect(again.address).toBe(address);
      expect(eventsOf(orgId)).toHaveLength(1);
      expect((await jobsOf(address)).filter((j) => j.status === "pending")).toHaveLength(0);
    },
  );

  it("the job handler fails for good on a wallet that is gone", async () => {
    const { orgId } = await createTestOrg(database.db);
    const handler = jobHandler(SAFE_READY_JOB)!;
    const [job] = await database.db
      .insert(jobs)
      .values({
        id: `job_gone_${orgId}`,
        kind: SAFE_READY_JOB,
        orgId,
        payload: { address: "0x0000000000000000000000000000000000000000" },
      })
      .returning();
    await expect(
      handler.handler({ db: database.db, job: job!, signal: new AbortController().signal }),
    ).rejects.toMatchObject({ name: "PermanentJobError" });
  });

  it("a failed deployment starts over on the next deploy call", async () => {
    setEnvForTests({ SAFE_DEPLOY_SECONDS: "5" });
    const db = database.db;
    const { orgId } = await createTestOrg(db);
    const { address } = await sandboxChain.deploySafe(db, { orgId, ownerRef: "cus_f", currency: "EUR" });
    await db
      .update(jobs)
      .set({ status: "failed", finishedAt: new Date() })
      .where(eq(jobs.dedupeKey, `${SAFE_READY_JOB}:${address}`));
    await db.update(simSafes).set({ deployStatus: "failed" }).where(eq(simSafes.address, address));
    await sandboxChain.deploySafe(db, { orgId, ownerRef: "cus_f", currency: "EUR" });
    expect((await sandboxChain.getSafe(db, { orgId, address }))?.deployStatus).toBe("processing");
    expect((await jobsOf(address)).map((j) => j.status).sort()).toEqual(["failed", "pending"]);
  });

  it(
    "balance and integrity status: balanceOf reads the wallet; " + "setSafeAccountStatus sets 0 to 8 only",
    async () => {
      const db = database.db;
      const { orgId } = await createTestOrg(db);
      const stranger = await createTestOrg(db);
      const { address } = await sandboxChain.deploySafe(db, { orgId, ownerRef: "cus_s", currency: "EUR" });
      await db
        .update(simSafes)
        .set({ balanceMinor: 12_345 })
        .where(and(eq(simSafes.orgId, orgId), eq(simSafes.address, address)));
      expect(await sandboxChain.balanceOf(db, { orgId, address })).toEqual({ balanceMinor: 12_345 });
      expect(await errorCodeOf(sandboxChain.balanceOf(db, { orgId: stranger.orgId, address }))).toBe(
        "NOT_FOUND",
      );

      await setSafeAccountStatus(db, { orgId, address, accountStatus: 7 });
      expect((await sandboxChain.getSafe(db, { orgId, address }))?.accountStatus).toBe(7);
      expect(await errorCodeOf(setSafeAccountStatus(db, { orgId, address, accountStatus: 9 }))).toBe(
        "VALIDATION_ERROR",
      );
      expect(await errorCodeOf(setSafeAccountStatus(db, { orgId, address, accountStatus: 1.5 }))).toBe(
        "VALIDATION_ERROR",
      );
      expect(
        await errorCodeOf(setSafeAccountStatus(db, { orgId: stranger.orgId, address, accountStatus: 0 })),
      ).toBe("NOT_FOUND");
      expect((await sandboxChain.getSafe(db, { orgId, address }))?.accountStatus).toBe(7);
    },
  );
});
