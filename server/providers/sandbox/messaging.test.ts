import { describe, expect, it } from "vitest";
import { captureLogs } from "@/server/log";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { listOutbox, sandboxMessaging } from "./messaging";

const database = withTestDatabase({ install: false });
// The embedded database's clock counts milliseconds: two messages sent within one would tie on
// created_at, and "newest first" would not say which is newer.
const nextMillisecond = () => new Promise((resolve) => setTimeout(resolve, 2));

describe("messaging simulator (dev outbox)", () => {
  it(
    "stores emails and SMS instead of sending them, lists them newest " +
      "first per organization and recipient",
    async () => {
      const db = database.db;
      const { orgId } = await createTestOrg(db);
      const stranger = await createTestOrg(db);
      const logs = captureLogs("info");
      try {
        await sandboxMessaging.sendEmail(db, {
          orgId,
          to: "Ada@Example.test",
          subject: "Your code",
          text: "Your code is 481516.",
        });
        await nextMillisecond();
        await sandboxMessaging.sendSms(db, { orgId, to: "+447700900123", text: "Code 234234" });
        await nextMillisecond();
        await sandboxMessaging.sendEmail(db, {
          orgId,
          to: "bob@example.test",
          subject: "Welcome",
          text: "Hello Bob 918273",
        });
        await sandboxMessaging.sendEmail(db, {
          orgId: stranger.orgId,
          to: "ada@example.test",
          subject: "Theirs",
          text: "Other org 555555",
        });
      } finally {
        logs.stop();
      }

      const all = await listOutbox(db, { orgId, limit: 50, withStaffAccess: false });
      expect(all.map((m) => m.body)).toEqual(["Hello Bob 918273", "Code 234234", "Your code is 481516."]);
      expect(all[1]).toMatchObject({ channel: "sms", to: "+447700900123", subject: null });
      expect(all[2]).toMatchObject({ channel: "email", to: "ada@example.test", subject: "Your code" });
      expect(all.every((m) => m.id.startsWith("msg_"))).toBe(true);

      expect(
        (await listOutbox(db, { orgId, to: " ADA@example.test ", limit: 50, withStaffAccess: false })).map(
          (m) => m.body,
        ),
      ).toEqual(["Your code is 481516."]);
      expect(
        (await listOutbox(db, { orgId, to: "+447700900123", limit: 50, withStaffAccess: false })).map(
          (m) => m.channel,
        ),
      ).toEqual(["sms"]);
      expect(
        await listOutbox(db, { orgId, to: "nobody@example.test", limit: 50, withStaffAccess: false }),
      ).toEqual([]);
      expect((await listOutbox(db, { orgId, limit: 2, withStaffAccess: false })).map((m) => m.body)).toEqual([
        "Hello Bob 918273",
        "Code 234234",
      ]);
      expect(
        (await listOutbox(db, { orgId: stranger.orgId, limit: 50, withStaffAccess: false })).map(
          (m) => m.body,
        ),
      ).toEqual(["Other org 555555"]);

      // The log says a message was stored (id, channel), never what it said.
      const text = logs.lines.join("\n");
      expect(text).toContain(all[0]!.id);
      for (const secret of ["481516", "234234", "918273", "Your code"]) expect(text).not.toContain(secret);
    },
  );
});

describe("staff-access mail", () => {
  it("is stored as such and listed only when the caller asks for it", async () => {
    const db = database.db;
    const { orgId } = await createTestOrg(db);
    await sandboxMessaging.sendEmail(db, {
      orgId,
      to: "new.admin@example.test",
      subject: "You are invited",
      text: "Accept: http://localhost/invite/svc_inv_x",
      staffAccess: true,
    });
    await nextMillisecond();
    await sandboxMessaging.sendEmail(db, {
      orgId,
      to: "ada@example.test",
      subject: "Code",
      text: "Code 101010",
    });
    const without = await listOutbox(db, { orgId, limit: 50, withStaffAccess: false });
    expect(without.map((m) => m.body)).toEqual(["Code 101010"]);
    expect(
      await listOutbox(db, { orgId, to: "new.admin@example.test", limit: 50, withStaffAccess: false }),
    ).toEqual([]);
    const all = await listOutbox(db, { orgId, limit: 50, withStaffAccess: true });
    expect(all.map((m) => [m.subject, m.staffAccess])).toEqual([
      ["Code", false],
      ["You are invited", true],
    ]);
  });
});
