import { headers } from "next/headers";
import type { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { ServiceError } from "@/lib/errors";
import { clientIp } from "./request-ip";
import { runPublicAction, runUserAction, type ActionHandler, type ActionOptions } from "./run-action";
import { getOptionalSession } from "./session";

/** The input a guarded action accepts: its own fields plus the optional code. */
export type StepUpInput<I> = I & { twoFactorCode?: string };

/**
 * The dashboard's server-action kit: authenticated, bound to the user's organization,
 * role-checked, zod-validated, optionally 2FA-guarded (opts.stepUp), and only safe errors
 * reach the browser. Handlers call service functions in server/<domain>/ and return plain,
 * serialisable data shaped for the UI. Export the result from a "use server" file.
 */
export function defineAction<S extends z.ZodType, R>(
  opts: ActionOptions<S>,
  handler: ActionHandler<S, R>,
): (input: StepUpInput<z.input<S>>) => Promise<ActionResult<R>> {
  return async (rawInput) => {
    const session = await getOptionalSession();
    if (session?.mustEnrolTwoFactor && !opts.beforeTwoFactor)
      return runUserAction(session.ctx, opts, twoFactorFirst, rawInput);
    return runUserAction(session?.ctx ?? null, opts, handler, rawInput);
  };
}

/** The organization requires 2FA (docs/team.md): nothing but enrolling until the user has it. */
async function twoFactorFirst(): Promise<never> {
  throw new ServiceError(
    "TWO_FACTOR_NOT_ENABLED",
    "Your program requires two-factor authentication. Set it up in Settings -> Security first.",
  );
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
