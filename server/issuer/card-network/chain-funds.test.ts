import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { simSafes } from "@/server/db/schema/providers";
import { sandboxChain } from "@/server/providers/sandbox/chain";
import { chainBalanceOf } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { refusal } from "@/server/testing/errors";
import { createTestOrg } from "@/server/testing/fixtures";

const database = withTestDatabase();

describe("the simulated chain's token transfers (ChainPort.moveFunds)", () => {
  it(
    "credits and debits the wallet with a transaction hash, never below 0, " +
      "only wallets of the organization",
    async () => {
      const org = await createTestOrg(database.db);
      const stranger = await createTestOrg(database.db);
      const address = `0x${randomBytes(20).toString("hex")}`;
      await database.db.insert(simSafes).values({
        address,
        orgId: org.orgId,
        ownerRef: "cus_x",
        tokenSymbol: "EURe",
        deployStatus: "ok",
        accountStatus: 0,
        readyAt: new Date(),
      });
      const credit = await sandboxChain.moveFunds(database.db, {
        orgId: org.orgId,
        address: address.toUpperCase().replace("0X", "0x"),
        deltaMinor: 1_000,
      });
      expect(credit.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      await sandboxChain.moveFunds(database.db, { orgId: org.orgId, address, deltaMinor: -400 });
      expect(await chainBalanceOf(database.db, address)).toBe(600);
      expect(
        await refusal(sandboxChain.moveFunds(database.db, { orgId: org.orgId, address, deltaMinor: -601 })),
      ).toBe("INSUFFICIENT_FUNDS");
      expect(
        await refusal(sandboxChain.moveFunds(database.db, { orgId: stranger.orgId, address, deltaMinor: 1 })),
      ).toBe("NOT_FOUND");
      expect(
        await refusal(
          sandboxChain.moveFunds(database.db, {
            orgId: org.orgId,
            address: "0x0000000000000000000000000000000000000000",
            deltaMinor: 1,
          }),
        ),
      ).toBe("NOT_FOUND");
      expect(
        await refusal(sandboxChain.moveFunds(database.db, { orgId: org.orgId, address, deltaMinor: 0.5 })),
      ).toBe("VALIDATION_ERROR");
      // Parallel debits never take it below 0.
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () =>
          database.db.transaction((tx) =>
            sandboxChain.moveFunds(tx, { orgId: org.orgId, address, deltaMinor: -100 }),
          ),
        ),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(6);
      expect(await chainBalanceOf(database.db, address)).toBe(0);
    },
  );
});
