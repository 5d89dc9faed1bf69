import type { ActivityLinks } from "@/components/customers/activity-feed";
import { customerHref } from "@/components/customers/href";
import { activityCursorSchema, type CustomerActivityPage } from "@/lib/contracts/customer-activity";
import { isServiceError } from "@/lib/errors";
import { listCustomerActivity } from "@/server/cards/customers/activity";
import type { Ctx } from "@/server/context";

export const ACTIVITY_PER_PAGE = 15;

type SearchParams = Record<string, string | string[] | undefined>;

function cursorIn(params: SearchParams, name: string): string | undefined {
  const parsed = activityCursorSchema.safeParse(params[name]);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The feed's page the address asks for (?activity_before= or ?activity_after=, from its Older and
 * Newer links); a cursor that is not one of ours (edited, or from a page that no longer exists)
 * shows the newest page instead of an error.
 */
export async function readActivityPage(
  ctx: Ctx,
  svcCardId: string,
  params: SearchParams,
): Promise<CustomerActivityPage> {
  const after = cursorIn(params, "activity_after");
  const before = after ? undefined : cursorIn(params, "activity_before");
  const read = (cursor: { before?: string; after?: string }) =>
    listCustomerActivity({ ctx, input: { customerId: svcCardId, limit: ACTIVITY_PER_PAGE, ...cursor } });
  try {
    return await read({ before, after });
  } catch (err) {
    if (isServiceError(err) && err.code === "VALIDATION_ERROR" && (before || after)) return read({});
    throw err;
  }
}

/** Newer and Older as addresses of this page, keeping its other parameters (the transactions' page). */
export function activityLinks(
  svcCardId: string,
  params: SearchParams,
  page: CustomerActivityPage,
): ActivityLinks {
  const href = (name: string, cursor: string | null) => {
    if (!cursor) return null;
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params))
      if (typeof value === "string" && !key.startsWith("activity_")) query.set(key, value);
    query.set(name, cursor);
    return `${customerHref(svcCardId)}?${query.toString()}#activity`;
  };
  return {
    newer: href("activity_after", page.newer_cursor),
    older: href("activity_before", page.older_cursor),
  };
}
