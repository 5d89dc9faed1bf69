import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PinForm } from "./pin-form";

describe("the PIN form as the server sends it, before its script runs", () => {
  const html = renderToStaticMarkup(
    createElement(PinForm, {
      heading: "Choose your PIN",
      intro: "Four digits.",
      parentOrigins: ["http://localhost:3000"],
      submit: async () => ({ ok: true as const, data: { done: true as const } }),
      viewId: "view",
      formSecret: "secret",
    }),
  );

  it("cannot be submitted: the button waits for the page's script", () => {
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*>Set PIN<\/button>/);
  });

  it("would post, not put the PIN in the page's URL, were it submitted anyway", () => {
    expect(html).toMatch(/<form [^>]*method="post"/);
  });
});
