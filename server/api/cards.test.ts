import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { createCardholderSession } from "@/server/cards/cardholder/session";
import { cards } from "@/server/db/schema/cards";
import { auditLog, outboxEvents } from "@/server/db/schema/platform";
import { captureLogs } from "@/server/log";
import { revealCardSecrets } from "@/server/providers/sandbox/card-provider";
import { openSecureView, submitPin } from "@/server/providers/sandbox/secure-page";
import { createReadyCustomer, createTestCard } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { startTotpClock } from "@/server/testing/totp-clock";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();
const clock = startTotpClock();

beforeAll(async () => {
  resetEnvForTests();
});
afterAll(async () => {
  clock.restore();
});

type Headers = Record<string, string>;
type Body = {
  success?: boolean;
  error_code?: string;
  message?: string;
  data?: Record<string, unknown> & { [k: string]: unknown };
  [k: string]: unknown;
};

function post(body: unknown | undefined, headers: Headers): RequestInit {
  return body === undefined
    ? { method: "POST", headers }
    : {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      };
}

/** An organization with an admin (2FA), its user token, and an API key with read+write. */
async function program() {
  const org = await createTestOrg(database.db);
  const admin = bearer(await org.token(org.admin.userId));
  const res = await app.request(
    "/api/apikey/create",
    post(
      { name: "cards", permissions: ["read", "write"] },
      { ...admin, "x-2fa-token": clock.nextCode(org.admin.totpSecret) },
    ),
  );
  const k = (await res.json()) as { api_key: string; api_secret: string };
  const key = { "x-api-key": k.api_key, "x-api-secret": k.api_secret };
  const code = () => clock.nextCode(org.admin.totpSecret);
  return { org, admin, key, code };
}

async function cardholderOf(orgId: string, customerId: string): Promise<Headers> {
  return bearer((await createCardholderSession(database.db, { orgId, customerId })).token);
}

const cardPath = (svcCardId: string, cardId: string, action: string) =>
  `/api/v1/svc-card/customers/${svcCardId}/cards/${cardId}/${action}`;
const viewTokenPath = (svcCardId: string, cardId: string) =>
  `/api/v1/svc-card/${svcCardId}/cards/${cardId}/view-token`;

async function call(path: string, init: RequestInit): Promise<{ status: number; body: Body }> {
  const res = await app.request(path, init);
  return { status: res.status, body: (await res.json()) as Body };
}

describe("card routes over HTTP", () => {
  it(
    "create (201, card envelope), freeze, unfreeze, report, block, unblock " +
      "and void answer exactly the documented fields",
    async () => {
      const p = await program();
      const customer = await createReadyCustomer(database.db, p.org.orgId);
      const made = await call(`/api/v1/svc-card/${customer.svcCardId}/cards/virtual`, post(undefined, p.key));
      expect(made.status).toBe(201);
      expect(Object.keys(made.body).sort()).toEqual(["data", "message", "success"]);
      expect(made.body).toMatchObject({
        success: true,
        data: { svc_card_id: customer.svcCardId, card_type: "virtual", status: "active", pin_set: false },
      });
      const cardId = String(made.body.data!.card_id);

      const frozen = await call(cardPath(customer.svcCardId, cardId, "freeze"), post(undefined, p.key));
      expect(frozen.status).toBe(200);
      expect(Object.keys(frozen.body.data!).sort()).toEqual([
        "card_id",
        "frozen_at",
        "is_frozen",
        "svc_card_id",
      ]);
      expect(frozen.body.data).toMatchObject({
        svc_card_id: customer.svcCardId,
        card_id: cardId,
        is_frozen: true,
      });
      const again = await call(cardPath(customer.svcCardId, cardId, "freeze"), post(undefined, p.key));
      expect(again).toMatchObject({ status: 409, body: { success: false, error_code: "CARD_NOT_ACTIVE" } });

      const thawed = await call(cardPath(customer.svcCardId, cardId, "unfreeze"), post(undefined, p.key));
      expect(Object.keys(thawed.body.data!).sort()).toEqual([
        "card_id",
        "is_frozen",
        "svc_card_id",
        "unfrozen_at",
      ]);
      expect(thawed.body.data!.is_frozen).toBe(false);

      const blocked = await call(cardPath(customer.svcCardId, cardId, "block"), post(undefined, p.key));
      expect(blocked.body.data).toMatchObject({ is_blocked: true });
      const unblocked = await call(cardPath(customer.svcCardId, cardId, "unblock"), post(undefined, p.key));
      expect(unblocked.body.data).toMatchObject({ is_blocked: false, status: "active" });

      const voided = await call(cardPath(customer.svcCardId, cardId, "void"), post(undefined, p.key));
      expect(Object.keys(voided.body.data!).sort()).toEqual([
        "card_id",
        "is_void",
        "svc_card_id",
        "voided_at",
      ]);
      expect(await call(cardPath(customer.svcCardId, cardId, "void"), post(undefined, p.key))).toMatchObject({
        status: 409,
        body: { error_code: "CARD_ALREADY_VOIDED" },
      });

      const second = await call(
        `/api/v1/svc-card/${customer.svcCardId}/cards/virtual`,
        post(undefined, p.key),
      );
      const reported = await call(
        cardPath(customer.svcCardId, String(second.body.data!.card_id), "report"),
        post({ reason: "stolen" }, p.key),
      );
      expect(Object.keys(reported.body.data!).sort()).toEqual([
        "card_id",
        "is_lost",
        "is_stolen",
        "reported_at",
        "status",
        "svc_card_id",
      ]);
      expect(reported.body.data).toMatchObject({ status: "voided", is_stolen: true, is_lost: false });
      expect(
        (
          await call(
            cardPath(customer.svcCardId, String(second.body.data!.card_id), "report"),
            post({ reason: "sideways" }, p.key),
          )
        ).status,
      ).toBe(400);

      const physical = await call(
        `/api/v1/sandbox/customers/${customer.svcCardId}/cards/physical`,
        post(undefined, p.key),
      );
      expect(physical.status).toBe(201);
      const physicalId = String(physical.body.data!.card_id);
      expect(
        await call(cardPath(customer.svcCardId, physicalId, "void"), post(undefined, p.key)),
      ).toMatchObject({ status: 422, body: { error_code: "VIRTUAL_CARD_ONLY" } });
      expect(
        await call(cardPath(customer.svcCardId, physicalId, "freeze"), post(undefined, p.key)),
      ).toMatchObject({ status: 409, body: { error_code: "CARD_NOT_ACTIVATED" } });
      const activated = await call(`/api/v1/sandbox/cards/${physicalId}/activate`, post(undefined, p.key));
      expect(activated).toMatchObject({
        status: 200,
        body: { data: { card_id: physicalId, card_type: "physical" } },
      });
      expect(activated.body.data!.activated_at).toEqual(expect.any(String));
    },
  );

  it(
    "freeze and unfreeze need a current TOTP code from a user access token " +
      "(header or body); API keys do not",
    async () => {
      const p = await program();
      const customer = await createReadyCustomer(database.db, p.org.orgId);
      const card = await createTestCard(database.db, customer);
      const freeze = cardPath(customer.svcCardId, card.id, "freeze");
      const unfreeze = cardPath(customer.svcCardId, card.id, "unfreeze");

      expect(await call(freeze, post(undefined, p.admin))).toMatchObject({
        status: 403,
        body: { error_code: "TWO_FACTOR_REQUIRED" },
      });
      expect(await call(freeze, post(undefined, { ...p.admin, "x-2fa-token": "000000" }))).toMatchObject({
        status: 403,
        body: { error_code: "INVALID_2FA_TOKEN" },
      });
      expect((await database.db.select().from(cards).where(eq(cards.id, card.id)))[0]!.status).toBe("active");
      const code = p.code();
      expect(await call(freeze, post(undefined, { ...p.admin, "x-2fa-token": code }))).toMatchObject({
        status: 200,
        body: { data: { is_frozen: true } },
      });
      // A code is good once.
      expect(await call(unfreeze, post(undefined, { ...p.admin, "x-2fa-token": code }))).toMatchObject({
        status: 403,
        body: { error_code: "INVALID_2FA_TOKEN" },
      });
      expect(await call(unfreeze, post({ two_factor_token: p.code() }, p.admin))).toMatchObject({
        status: 200,
        body: { data: { is_frozen: false } },
      });

      // An operator without 2FA cannot; the same change with an API key needs no code.
      const operator = await p.org.user("operator");
      const opToken = bearer(await p.org.token(operator.userId));
      expect(await call(freeze, post(undefined, opToken))).toMatchObject({
        status: 403,
        body: { error_code: "TWO_FACTOR_NOT_ENABLED" },
      });
      expect((await call(freeze, post(undefined, p.key))).status).toBe(200);
      expect((await call(unfreeze, post(undefined, p.key))).status).toBe(200);
      // A viewer has no write scope at all.
      const viewer = await p.org.user("viewer");
      expect(await call(freeze, post(undefined, bearer(await p.org.token(viewer.userId))))).toMatchObject({
        status: 403,
        body: { error_code: "INSUFFICIENT_PERMISSION" },
      });
      // An unknown card is 404 before any code is asked for.
      expect(
        await call(cardPath(customer.svcCardId, "crd_nope", "freeze"), post(undefined, p.admin)),
      ).toMatchObject({ status: 404, body: { error_code: "NOT_FOUND" } });
    },
  );

  it(
    "view-token: 422 PIN_NOT_SET carries data.pin_setup_url; after the PIN " +
      "is set on the hosted page, 200 with pin_set",
    async () => {
      const p = await program();
      const customer = await createReadyCustomer(database.db, p.org.orgId);
      const card = await createTestCard(database.db, customer);
      const notSet = await call(
        viewTokenPath(customer.svcCardId, card.id),
        post({ enabled_views: ["data", "pin"] }, p.key),
      );
      expect(notSet.status).toBe(422);
      expect(Object.keys(notSet.body).sort()).toEqual(["data", "error_code", "message", "success"]);
      expect(notSet.body).toMatchObject({
        success: false,
        error_code: "PIN_NOT_SET",
        data: {
          pin_set: false,
          pin_setup_url: expect.stringContaining("/secure/view/svt_"),
          expires_at: expect.any(String),
        },
      });
      const token = String(notSet.body.data!.pin_setup_url).split("/secure/view/")[1]!;
      const opened = await openSecureView(database.db, token);
      await submitPin(database.db, { viewId: opened.viewId, formSecret: opened.formSecret, pin: "5831" });
      const ok = await call(
        viewTokenPath(customer.svcCardId, card.id),
        post({ enabled_views: ["pin"], theme: { accent_color: "#00aa00" } }, p.key),
      );
      expect(ok).toMatchObject({
        status: 200,
        body: { success: true, data: { pin_set: true, view: "pin_change" } },
      });
      expect(
        (await call(viewTokenPath(customer.svcCardId, card.id), post({ enabled_views: [] }, p.key))).status,
      ).toBe(400);
      expect(
        (
          await call(
            viewTokenPath(customer.svcCardId, card.id),
            post({ enabled_views: ["pin"], theme: { accent_color: "red;}" } }, p.key),
          )
        ).status,
      ).toBe(400);
    },
  );

  it("dispute reasons keep the interface's {status: success} envelope; IBAN status is data", async () => {
    const p = await program();
    const customer = await createReadyCustomer(database.db, p.org.orgId);
    const reasons = await call(`/api/v1/svc-card/${customer.svcCardId}/transactions/dispute-reasons`, {
      headers: p.key,
    });
    expect(reasons.status).toBe(200);
    expect(Object.keys(reasons.body).sort()).toEqual(["data", "message", "status"]);
    expect(reasons.body.status).toBe("success");
    expect((reasons.body.data as unknown as { reason_code: string }[]).map((r) => r.reason_code)).toEqual([
      "unauthorized",
      "not_received",
      "duplicate",
      "incorrect_amount",
      "credit_not_processed",
    ]);
    const iban = await call(`/api/v1/svc-card/${customer.svcCardId}/iban/status`, { headers: p.key });
    expect(iban).toMatchObject({
      status: 200,
      body: { success: true, data: { activated: true, iban: { currency: "EUR", status: "active" } } },
    });
    expect((await call(`/api/v1/svc-card/sc_unknown/iban/status`, { headers: p.key })).status).toBe(404);
  });

  it("another organization gets 404 on every card route, never 403", async () => {
    const a = await program();
    const b = await program();
    const customer = await createReadyCustomer(database.db, a.org.orgId);
    const card = await createTestCard(database.db, customer, { pinSet: true });
    const physical = await createTestCard(database.db, customer, { cardType: "physical", activated: false });
    const probes: [string, RequestInit][] = [
      [`/api/v1/svc-card/${customer.svcCardId}/cards/virtual`, post(undefined, b.key)],
      ...["freeze", "unfreeze", "void", "block", "unblock"].map((action): [string, RequestInit] => [
        cardPath(customer.svcCardId, card.id, action),
        post(undefined, b.key),
      ]),
      [cardPath(customer.svcCardId, card.id, "report"), post({ reason: "lost" }, b.key)],
      [viewTokenPath(customer.svcCardId, card.id), post({ enabled_views: ["pin"] }, b.key)],
      [`/api/v1/svc-card/${customer.svcCardId}/transactions/dispute-reasons`, { headers: b.key }],
      [`/api/v1/svc-card/${customer.svcCardId}/iban/status`, { headers: b.key }],
      [`/api/v1/sandbox/customers/${customer.svcCardId}/cards/physical`, post(undefined, b.key)],
      [`/api/v1/sandbox/cards/${physical.id}/activate`, post(undefined, b.key)],
      // b's user token with a good code: still 404.
      [
        cardPath(customer.svcCardId, card.id, "freeze"),
        post(undefined, { ...b.admin, "x-2fa-token": b.code() }),
      ],
    ];
    for (const [path, init] of probes) {
      const res = await call(path, init);
      expect(res.status, path).toBe(404);
      expect(res.body.error_code).toBe("NOT_FOUND");
    }
    const [row] = await database.db.select().from(cards).where(eq(cards.id, card.id));
    expect(row!.status).toBe("active");
  });

  it(
    "a cardholder's token reaches only its own account: my-account, own " + "cards, no program actions",
    async () => {
      const p = await program();
      const customer = await createReadyCustomer(database.db, p.org.orgId);
      const neighbour = await createReadyCustomer(database.db, p.org.orgId);
      const theirs = await createTestCard(database.db, neighbour);
      const holder = await cardholderOf(p.org.orgId, customer.id);

      const made = await call(
        `/api/v1/svc-card/${customer.svcCardId}/cards/virtual`,
        post(undefined, holder),
      );
      expect(made.status).toBe(201);
      const cardId = String(made.body.data!.card_id);
      // Cardholders freeze their own card without a TOTP code (they have none).
      expect(
        (await call(cardPath(customer.svcCardId, cardId, "freeze"), post(undefined, holder))).status,
      ).toBe(200);
      expect(
        (await call(cardPath(customer.svcCardId, cardId, "unfreeze"), post(undefined, holder))).status,
      ).toBe(200);
      expect(
        (await call(viewTokenPath(customer.svcCardId, cardId), post({ enabled_views: ["pin"] }, holder))).body
          .error_code,
      ).toBe("PIN_NOT_SET");
      expect(
        (
          await call(`/api/v1/svc-card/${customer.svcCardId}/transactions/dispute-reasons`, {
            headers: holder,
          })
        ).status,
      ).toBe(200);

      const mine = await call("/api/v1/svc-card/my-account", { headers: holder });
      expect(mine).toMatchObject({
        status: 200,
        body: {
          success: true,
          data: { svc_card_id: customer.svcCardId, step: 6, flow_status: "active", pin_set: false },
        },
      });
      expect(
        (mine.body.data!.cards as { card_id: string; pin_set: boolean }[]).map((c) => [c.card_id, c.pin_set]),
      ).toEqual([[cardId, false]]);

      // Someone else's account is not there at all.
      for (const [path, init] of [
        [`/api/v1/svc-card/${neighbour.svcCardId}/cards/virtual`, post(undefined, holder)],
        [cardPath(neighbour.svcCardId, theirs.id, "freeze"), post(undefined, holder)],
        [cardPath(customer.svcCardId, theirs.id, "freeze"), post(undefined, holder)],
        [viewTokenPath(neighbour.svcCardId, theirs.id), post({ enabled_views: ["pin"] }, holder)],
        [`/api/v1/svc-card/${neighbour.svcCardId}/iban/status`, { headers: holder }],
      ] as [string, RequestInit][]) {
        expect((await call(path, init)).status, path).toBe(404);
      }
      // Program actions and the sandbox are not for cardholders.
      for (const [path, init] of [
        [cardPath(customer.svcCardId, cardId, "block"), post(undefined, holder)],
        [`/api/v1/sandbox/customers/${customer.svcCardId}/cards/physical`, post(undefined, holder)],
        [`/api/v1/card-issuer/customers/${customer.svcCardId}`, { headers: holder }],
      ] as [string, RequestInit][]) {
        const res = await call(path, init);
        expect(res.status, path).toBe(403);
        expect(res.body.error_code).toBe("INSUFFICIENT_PERMISSION");
      }
      // my-account with anything but a cardholder's token: a clear 403.
      const asKey = await call("/api/v1/svc-card/my-account", { headers: p.key });
      expect(asKey).toMatchObject({
        status: 403,
        body: {
          error_code: "INSUFFICIENT_PERMISSION",
          message: expect.stringContaining("cardholder's token"),
        },
      });
      expect((await call("/api/v1/svc-card/my-account", {})).status).toBe(401);
    },
  );
});

const PIN = "7391";

/** Every text a secret could leak into: response bodies, log lines, events and audit entries. */
function leakChecks(texts: string[], secrets: { pan: string; expiry: string; cvv: string }[], pin = PIN) {
  const raw = texts.join("\n");
  // Benign numbers (HTTP status, timings, pids, log levels, epoch times) would collide with a 3-digit CVV by
  // chance.
  const BENIGN_NUMBERS = new Set([
    "status",
    "ms",
    "pid",
    "level",
    "time",
    "status_code",
    "attempts",
    "step",
    "expires_in",
  ]);
  const digitRuns: string[] = [];
  const walk = (v: unknown, key?: string): void => {
    if (typeof v === "string") digitRuns.push(v.replace(/[A-Za-z0-9_]*[A-Za-z_][A-Za-z0-9_]*/g, " "));
    else if (typeof v === "number" && !(key && BENIGN_NUMBERS.has(key))) digitRuns.push(String(v));
    else if (Array.isArray(v)) v.forEach((x) => walk(x));
    else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  for (const text of texts) {
    try {
      walk(JSON.parse(text));
    } catch {
      digitRuns.push(text.replace(/[A-Za-z0-9_]*[A-Za-z_][A-Za-z0-9_]*/g, " "));
    }
  }
  const numbers = digitRuns.join("\n");
  for (const s of secrets) {
    const grouped = s.pan.match(/.{4}/g)!.join(" ");
    expect(raw.includes(s.pan), "PAN").toBe(false);
    expect(raw.includes(grouped), "PAN in groups").toBe(false);
    expect(raw.includes(s.pan.slice(-12)), "last 12 digits of the PAN").toBe(false);
    expect(raw.includes(s.expiry), "expiry MM/YY").toBe(false);
    const [mm, yy] = s.expiry.split("/");
    expect(raw.includes(`${mm}/20${yy}`), "expiry MM/YYYY").toBe(false);
    expect(new RegExp(`(?<!\\d)${s.cvv}(?!\\d)`).test(numbers), `CVV ${s.cvv}`).toBe(false);
  }
  expect(new RegExp(`(?<!\\d)${pin}(?!\\d)`).test(numbers), "PIN").toBe(false);
  // The card object names its expiry's month and year (exp_month, exp_year: issue 29, as Stripe
  // does), never the MM/YY string together with the number, which the checks above look for.
  expect(raw).not.toMatch(/"(cvv|cvc|pan|card_number|expiry|pin)"\s*:/i);
}

describe("secrets never leave the provider", () => {
  it(
    "card creation, status changes and view-token over HTTP: no PAN, last " +
      "12 digits, CVV or expiry in any body, log line, event or audit entry",
    async () => {
      const logs = captureLogs("trace");
      const bodies: string[] = [];
      const cardIds: string[] = [];
      let p: Awaited<ReturnType<typeof program>>;
      let svcCardId: string;
      try {
        p = await program();
        const customer = await createReadyCustomer(database.db, p.org.orgId);
        svcCardId = customer.svcCardId;
        const holder = await cardholderOf(p.org.orgId, customer.id);
        const send = async (path: string, init: RequestInit) => {
          const res = await app.request(path, init);
          const text = await res.text();
          bodies.push(text);
          return JSON.parse(text) as Body;
        };
        for (let i = 0; i < 3; i++)
          cardIds.push(
            String(
              (
                await send(
                  `/api/v1/svc-card/${svcCardId}/cards/virtual`,
                  post(undefined, i === 2 ? holder : p.key),
                )
              ).data!.card_id,
            ),
          );
        const physical = await send(
          `/api/v1/sandbox/customers/${svcCardId}/cards/physical`,
          post(undefined, p.key),
        );
        cardIds.push(String(physical.data!.card_id));
        await send(`/api/v1/sandbox/cards/${cardIds[3]}/activate`, post(undefined, p.key));

        for (const id of cardIds) {
          // PIN setup through the hosted page (the page itself may show the details; it must not log them).
          const notSet = await send(
            viewTokenPath(svcCardId, id),
            post({ enabled_views: ["data", "pin"] }, p.key),
          );
          const token = String(notSet.data!.pin_setup_url).split("/secure/view/")[1]!;
          const opened = await openSecureView(database.db, token);
          await submitPin(database.db, { viewId: opened.viewId, formSecret: opened.formSecret, pin: PIN });
          const details = await send(
            viewTokenPath(svcCardId, id),
            post({ enabled_views: ["data", "pin"] }, holder),
          );
          await openSecureView(database.db, String(details.data!.secure_view_url).split("/secure/view/")[1]!);
          await send(viewTokenPath(svcCardId, id), post({ enabled_views: ["pin"] }, p.key));
          await send(
            cardPath(svcCardId, id, "freeze"),
            post(undefined, { ...p.admin, "x-2fa-token": p.code() }),
          );
          await send(cardPath(svcCardId, id, "freeze"), post(undefined, p.key)); // refused: already frozen
          await send(cardPath(svcCardId, id, "unfreeze"), post(undefined, holder));
          await send(cardPath(svcCardId, id, "block"), post(undefined, p.key));
          await send(cardPath(svcCardId, id, "unblock"), post(undefined, p.key));
        }
        await send(cardPath(svcCardId, cardIds[0]!, "void"), post(undefined, p.key));
        await send(cardPath(svcCardId, cardIds[0]!, "void"), post(undefined, p.key)); // refused
        await send(cardPath(svcCardId, cardIds[3]!, "void"), post(undefined, p.key)); // refused: physical
        await send(cardPath(svcCardId, cardIds[1]!, "report"), post({ reason: "lost" }, holder));
        await send(cardPath(svcCardId, cardIds[2]!, "report"), post({ reason: "stolen" }, p.key));
        // refused: stolen
        await send(viewTokenPath(svcCardId, cardIds[2]!), post({ enabled_views: ["pin"] }, p.key));
        await send("/api/v1/svc-card/my-account", { headers: holder });
        await send(`/api/v1/card-issuer/customers/${svcCardId}`, { headers: p.key });
      } finally {
        logs.stop();
      }

      expect(bodies.length).toBeGreaterThan(40);
      expect(
        logs.lines.some((l) => l.includes("api request")),
        "the access log was captured",
      ).toBe(true);
      const tokens = await database.db
        .select({ token: cards.cardToken })
        .from(cards)
        .where(
          eq(
            cards.customerId,
            (
              await database.db.select({ id: cards.customerId }).from(cards).where(eq(cards.id, cardIds[0]!))
            )[0]!.id,
          ),
        );
      expect(tokens).toHaveLength(4);
      const secrets = await Promise.all(
        tokens.map((t) => revealCardSecrets(database.db, { cardToken: t.token })),
      );
      const events = await database.db
        .select({ type: outboxEvents.type, data: outboxEvents.data })
        .from(outboxEvents)
        .where(eq(outboxEvents.orgId, p!.org.orgId));
      const audit = await database.db
        .select({ action: auditLog.action, detail: auditLog.detail })
        .from(auditLog)
        .where(sql`${auditLog.orgId} = ${p!.org.orgId}`);
      expect(events.length).toBeGreaterThan(20);
      // The check itself can fail: a body with a secret in it is caught.
      expect(() =>
        leakChecks([JSON.stringify({ data: { note: `x ${secrets[0]!.cvv} y` } })], secrets),
      ).toThrow();
      expect(() => leakChecks([`card ${secrets[1]!.pan.slice(-12)}`], secrets)).toThrow();
      leakChecks(
        [
          ...bodies,
          ...logs.lines,
          ...events.map((e) => JSON.stringify(e)),
          ...audit.map((a) => JSON.stringify(a)),
        ],
        secrets,
      );
    },
  );
});
