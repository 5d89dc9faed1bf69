import { headers } from "next/headers";
import type { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { clientIp } from "./request-ip";
import {
  actionStepUp,
  runPublicAction,
  runUserAction,
  toActionError,
  type ActionHandler,
  type ActionOptions,
} from "./run-action";
import { getOptionalSession, type SessionInfo } from "./session";

/** The input a guarded action accepts: its own fields plus the optional code. */
export type StepUpInput<I> = I & { twoFactorCode?: string };

/**
 * The dashboard's server-action kit: authenticated, bound to the user's organization,
 * role-checked, zod-validated, 2FA-guarded where the permission table says so, and only safe errors
 * reach the browser. Handlers call service functions in server/<domain>/ and return plain,
 * serialisable data shaped for the UI. Export the result from a "use server" file.
 */
export function defineAction<S extends z.ZodType, R>(
  opts: ActionOptions<S>,
  handler: ActionHandler<S, R>,
): (input: StepUpInput<z.input<S>>) => Promise<ActionResult<R>> {
  // At definition: an action whose stepUp disagrees with the permission table fails to load.
  actionStepUp(opts);
  return async (rawInput) => {
    let session: SessionInfo | null;
    try {
      // The 2FA requirement of the organization (docs/team.md) is enforced in the session read.
      session = await getOptionalSession({ beforeTwoFactor: opts.beforeTwoFactor });
    } catch (err) {
      return { ok: false, error: toActionError(err, opts.name) };
    }
    return runUserAction(session?.ctx ?? null, opts, handler, rawInput);
  };
}

/** For the few actions used before there is a session (sign-in step 1). */
export function definePublicAction<S extends z.ZodType, R>(
  opts: { input: S; name?: string },
  handler: (args: { input: z.output<S>; ip: string }) => Promise<R>,
): (input: z.input<S>) => Promise<ActionResult<R>> {
  return async (rawInput) => {
    const ip = clientIp(await headers());
    return runPublicAction(opts, (input) => handler({ input, ip }), rawInput);
  };
}
