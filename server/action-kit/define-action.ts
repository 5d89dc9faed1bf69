import { headers } from "next/headers";
import type { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { described } from "./described";
import { rememberChange } from "./read-after";
import { clientIp } from "./request-ip";
import {
  type ActionHandler,
  type ActionOptions,
  namedUseCases,
  runPublicAction,
  runUserAction,
  toActionError,
} from "./run-action";
import { getOptionalSession, type SessionInfo } from "./session";

/** The input a guarded action accepts: its own fields plus the optional code. */
export type StepUpInput<I> = I & { twoFactorCode?: string };

/**
 * The dashboard's server-action kit: authenticated, bound to the user's organization, allowed by
 * the permission table for the use case it names (`can`), zod-validated, 2FA-guarded where the
 * table says so, and only safe errors reach the browser. Handlers call service functions in server/<domain>/ and return plain,
 * serialisable data shaped for the UI. Export the result from a "use server" file.
 */
export function defineAction<S extends z.ZodType, R>(
  opts: ActionOptions<S> & Required<Pick<ActionOptions<S>, "can">>,
  handler: ActionHandler<S, R>,
): (input: StepUpInput<z.input<S>>) => Promise<ActionResult<R>> {
  const action = async (rawInput: StepUpInput<z.input<S>>): Promise<ActionResult<R>> => {
    let session: SessionInfo | null;
    try {
      // The 2FA requirement of the organization (docs/team.md) is enforced in the session read.
      session = await getOptionalSession({ beforeTwoFactor: opts.beforeTwoFactor });
    } catch (err) {
      return { ok: false, error: toActionError(err, opts.name) };
    }
    const result = await runUserAction(session?.ctx ?? null, opts, handler, rawInput);
    // The page that follows reads the change even from a read replica (read-after.ts).
    if (result.ok && session) await rememberChange(session.ctx.db).catch(() => {});
    return result;
  };
  return described(action, { kind: "user", can: namedUseCases(opts), name: opts.name });
}

/** For the few actions used before there is a session (sign-in step 1). */
export function definePublicAction<S extends z.ZodType, R>(
  opts: { input: S; name?: string },
  handler: (args: { input: z.output<S>; ip: string }) => Promise<R>,
): (input: z.input<S>) => Promise<ActionResult<R>> {
  const action = async (rawInput: z.input<S>): Promise<ActionResult<R>> => {
    const ip = clientIp(await headers());
    return runPublicAction(opts, (input) => handler({ input, ip }), rawInput);
  };
  return described(action, { kind: "public", can: [], name: opts.name });
}
