import { eq, sql } from "drizzle-orm";
import { type Me, meSchema } from "@/lib/contracts/account";
import { ServiceError } from "@/lib/errors";
import { cachedValue } from "@/server/auth/credential-cache";
import type { Ctx } from "@/server/context";
import { preparedPerDb } from "@/server/db/prepared";
import { organizations } from "@/server/db/schema/identity";
import { scopesOf } from "@/server/http/credentials";
import { ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";

const organizationById = preparedPerDb((db) =>
  db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder("id")))
    .prepare("organization_by_id"),
);

/** Who the credential is: the first thing an integrator checks after wiring a key. */
async function describeCredential({ ctx }: { ctx: Ctx }): Promise<Me> {
  const org = await cachedValue(`org:${ctx.orgId}`, async () => {
    const [row] = await organizationById(ctx.db).execute({ id: ctx.orgId });
    return row;
  });
  if (!org) throw new ServiceError("UNAUTHENTICATED", "The credential's organization no longer exists.");
  const { actor } = ctx;
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
  handler: async ({ c, ctx }) => ok(c, await describeCredential({ ctx })),
});

export const meRoutes = [meRoute];
