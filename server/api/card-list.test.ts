import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { createReadyCustomer, createTestCard } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();
beforeAll(async () => {
  resetEnvForTests();
});

async function get(path: string, headers: Record<string, string>) {
  const res = await app.request(path, { headers });
  return {
    status: res.status,
    body: (await res.json()) as { error_code?: string; data: Record<string, unknown> },
  };
}

describe("GET /api/v1/card-issuer/cards", () => {
  it(
    "lists, searches and filters from the query string; a " + "card's page; 400 and 404 as documented",
    async () => {
      const org = await createTestOrg(database.db);
      const auth = bearer(await org.token(org.admin.userId));
      const holder = await createReadyCustomer(database.db, org.orgId);
      const card = await createTestCard(database.db, holder, { status: "frozen" });
      await createTestCard(database.db, holder);

      const all = await get("/api/v1/card-issuer/cards?limit=1", auth);
      expect(all.status).toBe(200);
      expect(all.body.data).toMatchObject({ total: 2, page: 1, limit: 1 });

      const found = await get(`/api/v1/card-issuer/cards?q=${card.lastFour}&status=frozen`, auth);
      expect(found.body.data.cards).toEqual([
        expect.objectContaining({ card_id: card.id, status: "frozen", customer_email: holder.email }),
      ]);

      const one = await get(`/api/v1/card-issuer/cards/${card.id}`, auth);
      expect(one.status).toBe(200);
      expect(one.body.data).toMatchObject({
        card_id: card.id,
        history: [expect.objectContaining({ action: "issued" })],
      });

      expect((await get("/api/v1/card-issuer/cards?status=melted", auth)).body.error_code).toBe(
        "VALIDATION_ERROR",
      );
      expect((await get("/api/v1/card-issuer/cards?limit=500", auth)).status).toBe(400);

      const stranger = await createTestOrg(database.db);
      const theirs = await get(
        `/api/v1/card-issuer/cards/${card.id}`,
        bearer(await stranger.token(stranger.admin.userId)),
      );
      expect(theirs.status).toBe(404);
      expect(theirs.body.error_code).toBe("NOT_FOUND");
      const list = await get(
        "/api/v1/card-issuer/cards",
        bearer(await stranger.token(stranger.admin.userId)),
      );
      expect(list.body.data).toMatchObject({ cards: [], total: 0 });
    },
  );
});
