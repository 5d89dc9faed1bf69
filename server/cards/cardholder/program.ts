import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { organizations } from "@/server/db/schema/identity";

/** The card program (organization) a cardholder page belongs to, or null for an unknown id. */
export async function findCardProgram(db: Db, orgId: string): Promise<{ id: string; name: string } | null> {
  if (orgId.length === 0 || orgId.length > 64) return null;
  const [org] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return org ?? null;
}

/** Where a signed-in cardholder belongs: their card once active, else the onboarding wizard. */
export function cardholderHome(orgId: string, flowStatus: string): string {
  const base = `/card/${encodeURIComponent(orgId)}`;
  return flowStatus === "active" ? `${base}/my-card` : `${base}/onboarding`;
}
