import { describe, expect, it } from "vitest";
import { createCardholderSession } from "@/server/cards/cardholder/session";
import { createReadyCustomer } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer, postJson } from "@/server/testing/http";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();

type Body = {
  error_code?: string;
  details?: { path: string; message: string }[];
  data?: Record<string, unknown>;
};

async function call(path: string, init: RequestInit = {}): Promise<{ status: number; body: Body }> {
  const res = await app.request(path, init);
  return { status: res.status, body: (await res.json()) as Body };
}

const BODY = {
  name: "Grace Hopper",
  service: "priority",
  address: { line1: "1 Main Street", city: "New York", postal_code: "10001", country: "US" },
};

async function holder(orgId: string, customerId: string) {
  return bearer((await createCardholderSession(database.db, { orgId, customerId })).token);
}

describe("physical card routes over HTTP", () => {
  it("a cardholder orders (201), the sandbox ships (FedEx for priority), the cardholder activates; refusals named", async () => {
    const org = await createTestOrg(database.db);
    const customer = await createReadyCustomer(database.db, org.orgId);
    const me = await holder(org.orgId, customer.id);
    const path = `/api/v1/svc-card/customers/${customer.svcCardId}/cards/physical`;

    const bad = await call(
      path,
      postJson({ ...BODY, address: { ...BODY.address, postal_code: "1000" } }, me),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error_code).toBe("VALIDATION_ERROR");
    expect(bad.body.details).toEqual([expect.objectContaining({ path: "address.postal_code" })]);

    const ordered = await call(path, postJson(BODY, me));
    expect(ordered.status).toBe(201);
    const order = ordered.body.data as {
      order_id: string;
      card_id: string;
      last_four: string;
      activation_code: string;
    };
    expect(ordered.body.data).toMatchObject({ status: "pending", service: "priority", name: "GRACE HOPPER" });

    // The cardholder cannot drive the sandbox's printer, nor read the program's list.
    expect((await call(`/api/v1/sandbox/card-orders/${order.order_id}/ship`, postJson({}, me))).status).toBe(
      403,
    );
    expect((await call("/api/v1/card-issuer/card-orders", { headers: me })).status).toBe(403);

    const admin = bearer(await org.token(org.admin.userId));
    const shipped = await call(`/api/v1/sandbox/card-orders/${order.order_id}/ship`, postJson({}, admin));
    expect(shipped.status).toBe(200);
    expect(shipped.body.data).toMatchObject({ status: "shipped", carrier: "fedex" });
    const again = await call(`/api/v1/sandbox/card-orders/${order.order_id}/ship`, postJson({}, admin));
    expect([again.status, again.body.error_code]).toEqual([409, "CARD_ORDER_TRANSITION_INVALID"]);
    const cancel = await call(`/api/v1/card-issuer/card-orders/${order.order_id}/cancel`, postJson({}, me));
    expect([cancel.status, cancel.body.error_code]).toEqual([409, "CARD_ORDER_ALREADY_SHIPPED"]);

    const activate = `/api/v1/svc-card/customers/${customer.svcCardId}/cards/${order.card_id}/activate`;
    const wrong = await call(
      activate,
      postJson(
        {
          last_four: order.last_four,
          activation_code: order.activation_code === "000000" ? "111111" : "000000",
        },
        me,
      ),
    );
    expect([wrong.status, wrong.body.error_code]).toEqual([422, "INVALID_ACTIVATION_CODE"]);
    const right = await call(
      activate,
      postJson({ last_four: order.last_four, activation_code: order.activation_code }, me),
    );
    expect(right.status).toBe(200);
    expect(right.body.data?.activated_at).toEqual(expect.any(String));

    const listed = await call(`/api/v1/card-issuer/card-orders?status=shipped`, { headers: admin });
    expect((listed.body.data as { orders: { order_id: string; card_activated: boolean }[] }).orders).toEqual([
      expect.objectContaining({ order_id: order.order_id, card_activated: true }),
    ]);
  });

  it("another organization's order and customer are 404", async () => {
    const org = await createTestOrg(database.db);
    const customer = await createReadyCustomer(database.db, org.orgId);
    const admin = bearer(await org.token(org.admin.userId));
    const ordered = await call(
      `/api/v1/svc-card/customers/${customer.svcCardId}/cards/physical`,
      postJson(BODY, admin),
    );
    const orderId = (ordered.body.data as { order_id: string }).order_id;
    const other = await createTestOrg(database.db);
    const stranger = bearer(await other.token(other.admin.userId));
    expect((await call(`/api/v1/card-issuer/card-orders/${orderId}`, { headers: stranger })).status).toBe(
      404,
    );
    expect(
      (await call(`/api/v1/sandbox/card-orders/${orderId}/deliver`, postJson({}, stranger))).status,
    ).toBe(404);
    expect(
      (
        await call(
          `/api/v1/svc-card/customers/${customer.svcCardId}/cards/physical`,
          postJson(BODY, stranger),
        )
      ).status,
    ).toBe(404);
  });
});
