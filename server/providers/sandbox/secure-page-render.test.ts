import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { groupPan } from "@/components/secure/card-details";
import { SecureView } from "@/components/secure/secure-view";
import { readableOn, secureThemeCss } from "@/components/secure/theme";
import type { SecureTheme } from "@/lib/contracts/cards";

/**
 * The hosted page's markup against its CSP (secure-page-csp.ts): no inline style attributes, the theme only
 * in the nonce'd <style>.
 */

const NONCE = "q0bvwzVcSmDzzyAyoSeLIQ==";
const SAMPLE = { pan: "4000000000000002", expiry: "12/34", cvv: "123" };

function render(props: Partial<Parameters<typeof SecureView>[0]> = {}): string {
  return renderToStaticMarkup(
    createElement(SecureView, {
      view: "details_and_pin",
      theme: {},
      nonce: NONCE,
      lastFour: "0002",
      details: SAMPLE,
      parentOrigins: ["http://localhost:3000"],
      ...props,
    }),
  );
}

describe("the secure page's markup", () => {
  it(
    "has no style attributes (they would need 'unsafe-inline') and puts " +
      "the theme in the nonce'd <style>",
    () => {
      const html = render({
        theme: {
          accent_color: "#ff0000",
          border_radius: "4px",
          logo_url: "https://cdn.example.com/logo.png",
        },
      });
      expect(html).not.toMatch(/\sstyle="/);
      expect(html).toContain(`<style nonce="${NONCE}">`);
      expect(html).toContain("--svc-accent:#ff0000;");
      expect(html).toContain("--svc-radius:4px;");
      expect(html).toContain('src="https://cdn.example.com/logo.png"');
      expect(html).not.toMatch(/<script/);
    },
  );

  it(
    "details_and_pin shows the number in groups of four, the expiry and " + "the CVV; the PIN views do not",
    () => {
      const html = render();
      expect(html).toContain("4000 0000 0000 0002");
      expect(html).toContain("12/34");
      expect(html).toContain(">123<");
      const pinOnly = render({ view: "pin_setup", details: undefined });
      expect(pinOnly).not.toContain("4000 0000");
      expect(pinOnly).toContain("Set your card PIN");
      expect(pinOnly).toContain("ending in 0002");
      expect(groupPan("4242424242424242")).toBe("4242 4242 4242 4242");
    },
  );

  it("the preview says so; the real page does not", () => {
    expect(render({ preview: true })).toContain("Preview · sample data");
    expect(render()).not.toContain("Preview");
  });

  it("asks for the PIN twice: masked, numeric keypad, 4 digits", () => {
    const html = render({ view: "pin_change", details: undefined });
    const inputs = html.match(/<input[^>]*>/g) ?? [];
    expect(inputs).toHaveLength(2);
    for (const tag of inputs) {
      expect(tag).toContain('type="password"');
      expect(tag).toContain('inputMode="numeric"');
      expect(tag).toContain('maxLength="4"');
      expect(tag).toContain('autoComplete="off"');
    }
    expect(html).toContain("New PIN");
    expect(html).toContain("Confirm PIN");
  });

  it("the theme CSS takes only schema-valid values, whatever it is handed", () => {
    const css = secureThemeCss({
      accent_color: "red;}</style><script>",
      font_family: "x;}body{display:none",
      border_radius: "1px}",
    } as SecureTheme);
    expect(css).not.toMatch(/<|script|display:none|1px\}/);
    expect(css).toContain("--svc-accent:#2563eb;");
  });

  it("button text is dark on a light accent and white on a dark one", () => {
    expect(readableOn("#ffe066")).toBe("#0f172a");
    expect(readableOn("#1d4ed8")).toBe("#ffffff");
    expect(readableOn("#000")).toBe("#ffffff");
    expect(readableOn("#ffffff80")).toBe("#0f172a");
  });
});
