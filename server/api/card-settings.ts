import { secureThemeSchema } from "@/lib/contracts/cards";
import { readSecureTheme, updateSecureTheme } from "@/server/cards/settings";
import { ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";

/** The card program's settings (changing them needs the write scope). Card envelope. */
const TAGS = ["Card settings"];
const PATH = "/api/v1/svc-card/settings/secure-theme";

export const cardSettingsRoutes = [
  defineRoute({
    method: "get",
    path: PATH,
    summary: "Theme of the hosted secure page",
    description:
      "The program's theme of the PIN / card details page (the same fields as view-token's `theme`). " +
      "Every view-token's page uses it, merged with the request's own `theme` (the request's fields win). " +
      "An empty object when none is saved.",
    tags: TAGS,
    auth: "readSecureTheme",
    response: { data: secureThemeSchema },
    handler: async ({ c, ctx }) => ok(c, await readSecureTheme({ ctx })),
  }),
  defineRoute({
    method: "put",
    path: PATH,
    summary: "Replace the secure page's theme",
    description:
      "Replaces the whole theme: a field left out goes back to the page's default, `{}` resets it. " +
      "Colors are hex (#rgb, #rrggbb, with optional alpha), border_radius px or rem, logo_url https. A " +
      "user token must belong to an admin.",
    tags: TAGS,
    auth: "updateSecureTheme",
    request: { body: secureThemeSchema },
    response: { data: secureThemeSchema },
    errors: ["VALIDATION_ERROR", "FORBIDDEN_ROLE"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await updateSecureTheme({ ctx, input: input.body }), { message: "Secure page theme saved" }),
  }),
];
