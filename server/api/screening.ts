import {
  recentScreeningListSchema,
  sanctionsListInfoSchema,
  screenerCheckBodySchema,
  screeningResultSchema,
} from "@/lib/contracts/screening";
import { getDb } from "@/server/db/client";
import { ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";
import { recentScreenings, sanctionsListInfo, screenAddress } from "@/server/screening/check";

/** Address screening (docs/crypto.md "Screening"). Card envelope. */
const TAGS = ["Screening"];

export const screeningRoutes = [
  defineRoute({
    method: "post",
    path: "/api/v1/screener/check",
    summary: "Screen an address",
    description:
      "Public (no credential), 60 requests a minute per client IP across all instances. sanctions: the " +
      "address is on the sanctions list in force (OFAC SDN digital currency addresses; EVM compared " +
      "case-insensitively; its date in sanctions_list.as_of). fraud, darknet, mixer: the screening " +
      "provider (sandbox: the documented test values). risk_level: severe (sanctions), high (darknet or " +
      "mixer), medium (fraud), low. An address of no known format (EVM, Bitcoin, Litecoin, Solana, Tron) " +
      "and on no list: 422 INVALID_ADDRESS.",
    tags: TAGS,
    operationId: "screenAddress",
    auth: "public",
    rateLimit: { name: "screener", limit: 60, windowSeconds: 60, per: "ip" },
    request: { body: screenerCheckBodySchema },
    response: { data: screeningResultSchema },
    errors: ["INVALID_ADDRESS", "RATE_LIMITED"],
    handler: async ({ c, input }) => ok(c, await screenAddress({ db: await getDb(), input: input.body })),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/screener/list",
    summary: "The sanctions list in force",
    description: "Source, date (as_of), entry count and load time of the active sanctions list.",
    tags: TAGS,
    operationId: "getSanctionsList",
    auth: "sanctionsListInfo",
    response: { data: sanctionsListInfoSchema },
    handler: async ({ c, ctx }) => ok(c, await sanctionsListInfo({ ctx })),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/screener/checks",
    summary: "Last checks from the dashboard",
    description: "The organization's 20 most recent checks made from the dashboard, newest first.",
    tags: TAGS,
    operationId: "listScreeningChecks",
    auth: "recentScreenings",
    response: { data: recentScreeningListSchema },
    handler: async ({ c, ctx }) => ok(c, { checks: await recentScreenings({ ctx }) }),
  }),
];
