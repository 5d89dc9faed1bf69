import type { UseCase } from "@/lib/contracts/permissions";

/**
 * What the kit knows of each action it built: who may call it (a signed-in dashboard user, a
 * cardholder's session, anyone) and the use cases it names. Read by the permission table's test
 * (server/auth/authorize.test.ts), which walks every "use server" export.
 */
export interface ActionDescription {
  kind: "user" | "cardholder" | "public";
  can: readonly UseCase[];
  name?: string;
}

const descriptions = new WeakMap<object, ActionDescription>();

export function described<F extends object>(action: F, description: ActionDescription): F {
  descriptions.set(action, description);
  return action;
}

/** The kit's description of an action, or undefined for a function the kit did not build. */
export function describeAction(action: unknown): ActionDescription | undefined {
  return typeof action === "function" ? descriptions.get(action) : undefined;
}
