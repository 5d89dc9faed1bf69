import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { TOKEN_OF_CURRENCY } from "@/lib/contracts/cards";
import { env } from "@/lib/env";
import { ServiceError } from "@/lib/errors";
import { sha256Hex } from "@/server/crypto/hash";
import type { Db } from "@/server/db/client";
import { simSafes } from "@/server/db/schema/providers";
import { enqueueJob } from "@/server/jobs/queue";
import type { ChainPort, SafeInfo } from "@/server/providers/ports";
import { raiseInbound } from "./upstream-events";

/**
 * The simulated chain: one account wallet (Safe) per owner, deployed after SAFE_DEPLOY_SECONDS
 * by a job (the real deployment takes up to a minute), which then reports
 * `account.safe.deployed` through the inbound path.
 */

export const SAFE_READY_JOB = "sandbox.chain.safe_ready";

/** Looks like a Gnosis Chain address; derived from the owner, so a redeploy keeps it. */
export function safeAddressOf(orgId: string, ownerRef: string): string {
  return `0x${sha256Hex(`sim-safe:${orgId}:${ownerRef}`).slice(0, 40)}`;
}

type SafeRow = typeof simSafes.$inferSelect;

function safeInfo(row: SafeRow): SafeInfo {
  return {
    address: row.address,
    deployStatus: row.deployStatus,
    accountStatus: row.accountStatus,
    tokenSymbol: row.tokenSymbol,
  };
}

async function findSafe(db: Db, orgId: string, address: string): Promise<SafeRow | undefined> {
  const [row] = await db
    .select()
    .from(simSafes)
    .where(and(eq(simSafes.orgId, orgId), eq(simSafes.address, address.toLowerCase())));
  return row;
}

export const sandboxChain: ChainPort = {
  async deploySafe(db, { orgId, ownerRef, currency }) {
    return db.transaction(async (tx) => {
      const readyAt = new Date(Date.now() + env().SAFE_DEPLOY_SECONDS * 1000);
      const address = safeAddressOf(orgId, ownerRef);
      const inserted = await tx
        .insert(simSafes)
        .values({
          address,
          orgId,
          ownerRef,
          tokenSymbol: TOKEN_OF_CURRENCY[currency],
          deployStatus: "processing",
          accountStatus: 1,
          readyAt,
        })
        .onConflictDoNothing({ target: [simSafes.orgId, simSafes.ownerRef] })
        .returning({ address: simSafes.address });
      if (inserted.length === 0) {
        const [existing] = await tx
          .select()
          .from(simSafes)
          .where(and(eq(simSafes.orgId, orgId), eq(simSafes.ownerRef, ownerRef)))
          .for("update");
        // Idempotent per owner: a deployment under way or done is that one; only a failed one starts over.
        if (existing!.deployStatus !== "failed")
          return { address: existing!.address, estimatedCompletion: existing!.readyAt };
        await tx
          .update(simSafes)
          .set({ deployStatus: "processing", readyAt })
          .where(eq(simSafes.address, existing!.address));
      }
      await enqueueJob(tx, {
        kind: SAFE_READY_JOB,
        payload: { address },
        orgId,
        runAt: readyAt,
        dedupeKey: `${SAFE_READY_JOB}:${address}`,
      });
      return { address, estimatedCompletion: readyAt };
    });
  },

  async getSafe(db, { orgId, address }) {
    const row = await findSafe(db, orgId, address);
    return row ? safeInfo(row) : null;
  },

  async balanceOf(db, { orgId, address }) {
    const row = await findSafe(db, orgId, address);
    if (!row) throw new ServiceError("NOT_FOUND", "The chain has no account wallet at this address.");
    return { balanceMinor: row.balanceMinor };
  },

  async moveFunds(db, { orgId, address, deltaMinor }) {
    if (!Number.isSafeInteger(deltaMinor))
      throw new ServiceError("VALIDATION_ERROR", "A token transfer moves an integer number of minor units.");
    // One conditional update: concurrent transfers of one wallet never take it below 0.
    const moved = await db
      .update(simSafes)
      .set({ balanceMinor: sql`${simSafes.balanceMinor} + ${deltaMinor}` })
      .where(
        and(
          eq(simSafes.orgId, orgId),
          eq(simSafes.address, address.toLowerCase()),
          sql`${simSafes.balanceMinor} + ${deltaMinor} >= 0`,
        ),
      )
      .returning({ address: simSafes.address });
    if (moved.length === 0) {
      if (!(await findSafe(db, orgId, address)))
        throw new ServiceError("NOT_FOUND", "The chain has no account wallet at this address.");
      throw new ServiceError(
        "INSUFFICIENT_FUNDS",
        "The account wallet holds less than this transfer on chain.",
      );
    }
    return { txHash: `0x${randomBytes(32).toString("hex")}` };
  },
};

/**
 * The deployment's end (the job of SAFE_READY_JOB): marks the wallet deployed with integrity
 * status 0 Ok and reports it, in one transaction. Runs at least once: a wallet no longer
 * processing is left alone and nothing is reported twice. False when there is no such wallet.
 */
export async function completeSafeDeployment(
  db: Db,
  { orgId, address }: { orgId: string; address: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(simSafes)
      .where(and(eq(simSafes.orgId, orgId), eq(simSafes.address, address)))
      .for("update");
    if (!row) return false;
    if (row.deployStatus !== "processing") return true;
    await tx
      .update(simSafes)
      .set({ deployStatus: "ok", accountStatus: 0 })
      .where(eq(simSafes.address, address));
    await raiseInbound(tx, {
      type: "account.safe.deployed",
      orgId,
      data: { address, owner_ref: row.ownerRef, account_status: 0 },
    });
    return true;
  });
}

/**
 * Sandbox and tests: sets the wallet's integrity status (docs/card-program.md), e.g. 7
 * DelayQueueNotEmpty while a non-card transaction waits in the delay queue.
 */
export async function setSafeAccountStatus(
  db: Db,
  { orgId, address, accountStatus }: { orgId: string; address: string; accountStatus: number },
): Promise<void> {
  if (!Number.isInteger(accountStatus) || accountStatus < 0 || accountStatus > 8) {
    throw new ServiceError("VALIDATION_ERROR", "The account status is an integer from 0 to 8.", {
      details: [{ path: "account_status", message: "Use 0 to 8." }],
    });
  }
  const updated = await db
    .update(simSafes)
    .set({ accountStatus })
    .where(and(eq(simSafes.orgId, orgId), eq(simSafes.address, address.toLowerCase())))
    .returning({ address: simSafes.address });
  if (updated.length === 0)
    throw new ServiceError("NOT_FOUND", "The chain has no account wallet at this address.");
}
