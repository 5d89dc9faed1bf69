import { cookies } from "next/headers";
import { type Db, positionAfterWrite } from "@/server/db/client";
import { isLsn } from "@/server/db/replica";

/**
 * Read-your-writes with a read replica (docs/operations.md, "Read replica"): after a server action,
 * the primary's WAL position goes into a short-lived cookie; the pages that follow put it in their
 * ctx (session.ts), and their replica reads wait for the replica to replay it (at most 200 ms, else
 * they read the primary). Not a secret: a forged value only sends its sender's reads to the primary.
 */
export const READ_AFTER_COOKIE = "svc_read_after";

/** Longer than the lag bound: by then the replica has replayed the change or is bypassed anyway. */
const MAX_AGE_SECONDS = 10;

/** After a change: remembers the primary's position (nothing without a replica: no query, no cookie). */
export async function rememberChange(db: Db): Promise<void> {
  const lsn = await positionAfterWrite(db);
  if (lsn)
    (await cookies()).set(READ_AFTER_COOKIE, lsn, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: MAX_AGE_SECONDS,
    });
}

/** The position the session's last change reached, if recent and well formed. */
export async function lastChangePosition(): Promise<string | undefined> {
  const value = (await cookies()).get(READ_AFTER_COOKIE)?.value;
  return isLsn(value) ? value : undefined;
}
