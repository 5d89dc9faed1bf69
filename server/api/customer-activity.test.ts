import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { createCardholderSession } from "@/server/cards/cardholder/session";
import { createReadyCustomer, createTestCard } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();

beforeAll(() => {
  resetEnvForTests();
});

const path = (customerId: string, query = "") =>
  `/api/v1/card-issuer/customers/${encodeURIComponent(customerId)}/activity${query}`;

describe("GET /api/v1/card-issuer/customers/{customerId}/activity", () => {
  it("answers a viewer's token with the feed and its cursors; 404 to another program, 403 to the cardholder", async () => {
    const org = await createTestOrg(database.db);
    const customer = await createReadyCustomer(database.db, org.orgId);
    await createTestCard(database.db, customer);
    const viewer = await org.user("viewer");
    const res = await app.request(path(customer.svcCardId, "?limit=3"), {
      headers: bearer(await org.token(viewer.userId)),
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as {
      data: {
        items: { kind: string; at: string }[];
        older_cursor: string | null;
        newer_cursor: string | null;
      };
    };
    // Six onboarding steps and the card: a page of 3, then the older 4.
    expect(data.items).toHaveLength(3);
    expect(data.newer_cursor).toBeNull();
    const older = await app.request(path(customer.svcCardId, `?before=${data.older_cursor}`), {
      headers: bearer(await org.token(viewer.userId)),
    });
    const rest = ((await older.json()) as { data: { items: { kind: string }[] } }).data.items;
    expect([...data.items, ...rest].map((i) => i.kind).sort()).toEqual(
      [
        "card_issued",
        "email_verified",
        "identity_verified",
        "phone_verified",
        "signed_up",
        "source_of_funds_declared",
        "wallet_deployed",
      ].sort(),
    );

    const other = await createTestOrg(database.db);
    const stranger = await app.request(path(customer.svcCardId), {
      headers: bearer(await other.token(other.admin.userId)),
    });
    expect(stranger.status).toBe(404);
    const { token } = await createCardholderSession(database.db, {
      orgId: org.orgId,
      customerId: customer.id,
    });
    const own = await app.request(path(customer.svcCardId), { headers: bearer(token) });
    expect(own.status).toBe(403);
    const both = await app.request(
      path(customer.svcCardId, `?before=${data.older_cursor}&after=${data.older_cursor}`),
      {
        headers: bearer(await org.token(viewer.userId)),
      },
    );
    expect(both.status).toBe(400);
  });
});
