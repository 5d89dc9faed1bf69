import { eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import { type Me, meSchema } from "@/lib/contracts/account";
import { ServiceError } from "@/lib/errors";
import { cachedValue, credentialCacheOn } from "@/server/auth/credential-cache";
import type { Actor, Ctx } from "@/server/context";
import { preparedPerDb } from "@/server/db/prepared";
import { organizations } from "@/server/db/schema/identity";
import { scopesOf } from "@/server/http/credentials";
import { successBody } from "@/server/http/envelopes";
import type { Family } from "@/server/http/family";
import { kitOf } from "@/server/http/kit-state";
import { sendJsonText } from "@/server/http/responses";
import { defineRoute } from "@/server/http/route";
import type { ApiEnv } from "@/server/http/types";

const organizationById = preparedPerDb((db) =>
  db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder("id")))
    .prepare("organization_by_id"),
);

/** The credential's organization (cached with the credentials: server/auth/credential-cache.ts). */
async function organizationOf(ctx: Ctx): Promise<Me["organization"]> {
  const org = await cachedValue(`org:${ctx.orgId}`, async () => {
    const [row] = await organizationById(ctx.db).execute({ id: ctx.orgId });
    return row;
  });
  if (!org) throw new ServiceError("UNAUTHENTICATED", "The credential's organization no longer exists.");
  return org;
}

/** Who the credential is: the first thing an integrator checks after wiring a key. */
function describeCredential(actor: Actor, org: Me["organization"]): Me {
  const scopes = [...scopesOf(actor)];
  if (actor.type === "user") {
    return {
      organization: org,
      credential: { type: "user_token", scopes },
      user: { id: actor.userId, email: actor.email, role: actor.role },
    };
  }
  if (actor.type === "apiKey") {
    return {
      organization: org,
      credential: { type: actor.tokenId ? "api_token" : "api_key", scopes, key_id: actor.keyId },
      user: null,
    };
  }
  throw new ServiceError("INSUFFICIENT_PERMISSION", "This endpoint needs an API credential.");
}

/**
 * The answer's JSON, kept per actor while credentials are cached: a cache hit hands back the same
 * actor object, and the organization's cached name the same object, so an answer is reused only
 * while both are the very objects it was made from. A change to either (revoked, rotated, renamed)
 * drops them from the cache, and a new lookup makes new objects: the answer is never staler than
 * the credential that authenticated the request. Nothing is kept while the cache is off.
 */
const answers = new WeakMap<Actor, { org: Me["organization"]; family: Family; json: string }>();

async function answerMe(c: Context<ApiEnv>, ctx: Ctx): Promise<Response> {
  const org = await organizationOf(ctx);
  const family = kitOf(c).family;
  const kept = answers.get(ctx.actor);
  if (kept && kept.org === org && kept.family === family) return sendJsonText(c, 200, kept.json);
  const json = JSON.stringify(successBody(family, 200, describeCredential(ctx.actor, org)));
  if (credentialCacheOn()) answers.set(ctx.actor, { org, family, json });
  return sendJsonText(c, 200, json);
}

export const meRoute = defineRoute({
  method: "get",
  path: "/api/v1/me",
  summary: "The calling credential",
  description:
    "An extension of this service (not in the interface document): the " +
    "organization the credential belongs to, the kind of credential, its " +
    "scopes, and the user behind a user token. Useful to check a key or " +
    "token after wiring it.",
  tags: ["Account"],
  operationId: "getMe",
  auth: "describeCredential",
  response: { data: meSchema },
  handler: ({ c, ctx }) => answerMe(c, ctx),
});

export const meRoutes = [meRoute];
