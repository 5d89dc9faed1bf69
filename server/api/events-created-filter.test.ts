import { expect, it } from "vitest";
import type { EventPage } from "@/lib/contracts/events";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer, postJson } from "@/server/testing/http";
import { createApiApp } from "./app";

/**
 * The Events API's `created[gte]`/`created[lte]` over REST, to the millisecond: the kit folds
 * `name[key]=` query names into objects (metadata[key]=) except where the contract names the
 * bracketed key itself, as here; the CLI's listener pages by these bounds (docs/cli.md).
 */
const database = withTestDatabase();
const app = createApiApp();

it("created[gte] and created[lte] bound the list to the millisecond, however the brackets are sent", async () => {
  const org = await createTestOrg(database.db);
  const auth = bearer(await org.token(org.admin.userId));
  for (let i = 0; i < 3; i++) {
    const res = await app.request(
      "/api/v1/sandbox/master-wallet/deposit",
      postJson({ currency: "EUR", amount: 5 + i, two_step: false }, auth),
    );
    expect(res.status).toBe(201);
    await new Promise((r) => setTimeout(r, 20));
  }
  const list = async (search: string) =>
    ((await (await app.request(`/api/v1/events${search}`, { headers: auth })).json()) as { data: EventPage })
      .data.events;
  const all = await list("");
  expect(all).toHaveLength(3);
  const [newest, middle, oldest] = all as [
    EventPage["events"][0],
    EventPage["events"][0],
    EventPage["events"][0],
  ];
  const encoded = new URLSearchParams({ "created[gte]": middle.created_at }).toString();
  expect((await list(`?${encoded}`)).map((e) => e.id)).toEqual([newest.id, middle.id]);
  expect((await list(`?created[gte]=${middle.created_at}`)).map((e) => e.id)).toEqual([newest.id, middle.id]);
  const after = new Date(new Date(newest.created_at).getTime() + 1).toISOString();
  expect(await list(`?created[gte]=${after}`)).toEqual([]);
  expect((await list(`?created[lte]=${oldest.created_at}`)).map((e) => e.id)).toEqual([oldest.id]);
});
