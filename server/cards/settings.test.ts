import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { SecureTheme } from "@/lib/contracts/cards";
import { validThemeFields } from "@/lib/contracts/cards";
import type { Ctx } from "@/server/context";
import { cardProgramSettings } from "@/server/db/schema/cards";
import { auditLog } from "@/server/db/schema/platform";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { getSecureTheme, readSecureTheme, updateSecureTheme } from "./settings";

const database = withTestDatabase();

const THEME: SecureTheme = {
  accent_color: "#1a73e8",
  background_color: "#ffffff",
  panel_color: "#f8fafc",
  text_color: "#0f172a",
  muted_color: "#64748b",
  border_radius: "12px",
  font_family: "Inter, 'Helvetica Neue', sans-serif",
  logo_url: "https://cdn.example.com/logo.svg",
};

async function program() {
  const org = await createTestOrg(database.db);
  const admin = userCtx(database.db, org.orgId, { ...org.admin, role: "admin" });
  return { org, admin };
}

const keyCtx = (orgId: string, scopes: ("read" | "write")[]): Ctx => ({
  db: database.db,
  orgId,
  actor: { type: "apiKey", keyId: "key_test", scopes },
});

describe("secure page theme settings", () => {
  it("is an empty object until saved; an update replaces the whole theme and is audited", async () => {
    const { org, admin } = await program();
    expect(await getSecureTheme(database.db, org.orgId)).toEqual({});
    expect(await updateSecureTheme({ ctx: admin, input: THEME })).toEqual(THEME);
    expect(await getSecureTheme(database.db, org.orgId)).toEqual(THEME);

    // Replace, not merge: the fields left out are gone.
    expect(await updateSecureTheme({ ctx: admin, input: { accent_color: "#000" } })).toEqual({
      accent_color: "#000",
    });
    expect(await readSecureTheme({ ctx: admin })).toEqual({ accent_color: "#000" });

    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.action, "card_settings.secure_theme_updated")));
    expect(audits).toHaveLength(2);
    expect(audits.every((a) => a.actorId === org.admin.userId)).toBe(true);
  });

  it("refuses values that could escape the CSS they are put in", async () => {
    const { admin } = await program();
    const bad: Record<string, string>[] = [
      { accent_color: "red" },
      { accent_color: "#fff;background:url(x)" },
      { background_color: "#12345" },
      { border_radius: "12px;}" },
      { border_radius: "100px" },
      { font_family: "Inter;} body{display:none" },
      { font_family: "x</style>" },
      { logo_url: "http://cdn.example.com/logo.png" },
      { logo_url: "javascript:alert(1)" },
      { unknown_field: "#fff" },
    ];
    for (const input of bad) {
      await expect(
        updateSecureTheme({ ctx: admin, input: input as SecureTheme }),
        JSON.stringify(input),
      ).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    }
    expect(await readSecureTheme({ ctx: admin })).toEqual({});
  });

  it("keeps each organization's theme to itself", async () => {
    const a = await program();
    const b = await program();
    await updateSecureTheme({ ctx: a.admin, input: { accent_color: "#aa0000" } });
    await updateSecureTheme({ ctx: b.admin, input: { accent_color: "#00bb00" } });
    expect(await readSecureTheme({ ctx: a.admin })).toEqual({ accent_color: "#aa0000" });
    expect(await readSecureTheme({ ctx: b.admin })).toEqual({ accent_color: "#00bb00" });
  });

  it(
    "reading needs read, writing needs write (and the admin role for a " + "user); cardholders neither",
    async () => {
      const { org, admin } = await program();
      await expect(readSecureTheme({ ctx: keyCtx(org.orgId, []) })).rejects.toMatchObject({
        code: "INSUFFICIENT_PERMISSION",
      });
      expect(await readSecureTheme({ ctx: keyCtx(org.orgId, ["read"]) })).toEqual({});
      await expect(
        updateSecureTheme({ ctx: keyCtx(org.orgId, ["read"]), input: THEME }),
      ).rejects.toMatchObject({ code: "INSUFFICIENT_PERMISSION" });
      expect(
        await updateSecureTheme({
          ctx: keyCtx(org.orgId, ["read", "write"]),
          input: { text_color: "#111111" },
        }),
      ).toEqual({ text_color: "#111111" });

      const operator = await org.user("operator");
      const viewer = await org.user("viewer");
      await expect(
        updateSecureTheme({
          ctx: userCtx(database.db, org.orgId, { ...operator, role: "operator" }),
          input: THEME,
        }),
      ).rejects.toMatchObject({ code: "FORBIDDEN_ROLE" });
      await expect(
        updateSecureTheme({
          ctx: userCtx(database.db, org.orgId, { ...viewer, role: "viewer" }),
          input: THEME,
        }),
      ).rejects.toMatchObject({ code: "INSUFFICIENT_PERMISSION" });
      expect(
        await readSecureTheme({ ctx: userCtx(database.db, org.orgId, { ...viewer, role: "viewer" }) }),
      ).toEqual({ text_color: "#111111" });

      const cardholder: Ctx = {
        db: database.db,
        orgId: org.orgId,
        actor: { type: "cardholder", customerId: "cus_x" },
      };
      await expect(readSecureTheme({ ctx: cardholder })).rejects.toMatchObject({
        code: "INSUFFICIENT_PERMISSION",
      });
      await expect(updateSecureTheme({ ctx: cardholder, input: THEME })).rejects.toMatchObject({
        code: "INSUFFICIENT_PERMISSION",
      });
      expect(await readSecureTheme({ ctx: admin })).toEqual({ text_color: "#111111" });
    },
  );

  it("hands out only valid fields even if the stored JSON was tampered with", async () => {
    const { org } = await program();
    await database.db.insert(cardProgramSettings).values({
      orgId: org.orgId,
      secureTheme: { accent_color: "#123456", text_color: "red;}", logo_url: "http://x" } as SecureTheme,
    });
    expect(await getSecureTheme(database.db, org.orgId)).toEqual({ accent_color: "#123456" });
    expect(validThemeFields({ accent_color: "#abc", bogus: 1, border_radius: "" })).toEqual({
      accent_color: "#abc",
    });
    expect(validThemeFields(null)).toEqual({});
  });
});
