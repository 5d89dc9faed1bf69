import { secureThemeSchema } from "@/lib/contracts/cards";
import { timeZoneSchema } from "@/lib/contracts/spending-controls";
import { readSecureTheme, updateSecureTheme } from "@/server/cards/settings";
import { getControlsTimeZone, setControlsTimeZone } from "@/server/controls/time-zone";
import { ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";

/** The card program's settings (changing them needs the write scope). Card envelope. */
const TAGS = ["Card settings"];
const PATH = "/api/v1/svc-card/settings/secure-theme";
const TIME_ZONE = "/api/v1/svc-card/settings/time-zone";

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
    operationId: "getSecureTheme",
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
    operationId: "replaceSecureTheme",
    auth: "updateSecureTheme",
    request: { body: secureThemeSchema },
    response: { data: secureThemeSchema },
    errors: ["VALIDATION_ERROR", "FORBIDDEN_ROLE"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await updateSecureTheme({ ctx, input: input.body }), { message: "Secure page theme saved" }),
  }),
  defineRoute({
    method: "get",
    path: TIME_ZONE,
    summary: "The program's time zone",
    description:
      "The IANA zone whose local midnight starts the spending controls' daily, weekly, monthly and " +
      "yearly windows (docs/spending-controls.md); UTC until one is set.",
    tags: TAGS,
    operationId: "getTimeZone",
    auth: "getControlsTimeZone",
    response: { data: timeZoneSchema },
    handler: async ({ c, ctx }) => ok(c, await getControlsTimeZone({ ctx })),
  }),
  defineRoute({
    method: "put",
    path: TIME_ZONE,
    summary: "Set the program's time zone",
    description:
      "An IANA zone, e.g. Europe/Berlin (stored in its canonical spelling); an unknown name is a 400 " +
      "VALIDATION_ERROR. The next windows start at the new zone's midnight; windows already counted stay. " +
      "Audited (card_settings.time_zone_updated). A user token must belong to an admin.",
    tags: TAGS,
    operationId: "setTimeZone",
    auth: "setControlsTimeZone",
    request: { body: timeZoneSchema },
    response: { data: timeZoneSchema },
    errors: ["VALIDATION_ERROR", "FORBIDDEN_ROLE"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await setControlsTimeZone({ ctx, input: input.body }), { message: "Time zone saved" }),
  }),
];
