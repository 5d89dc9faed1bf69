import type { Action } from "@/lib/action-result";
import type { ApiKeyView, CreateApiKeyInput, CreatedApiKey, RotatedApiKey } from "@/lib/contracts/api-keys";
import type { Scope } from "@/lib/scopes";

type WithCode = { two_factor_token?: string };

/** The server actions of server/actions/api-keys.ts, handed down by the page as props. */
export interface ApiKeyActions {
  create: Action<CreateApiKeyInput, CreatedApiKey>;
  rotate: Action<{ id: string } & WithCode, RotatedApiKey>;
  revoke: Action<{ id: string } & WithCode, ApiKeyView>;
  setPermissions: Action<{ id: string; permissions: Scope[] } & WithCode, ApiKeyView>;
}

/** A dialog the key list opens on one key. */
export type KeyDialog = { kind: "rotate" | "revoke" | "scopes"; key: ApiKeyView };

/**
 * What a dialog reports back to the page's list: a line for the status banner; keyGone when the row loses its
 * buttons.
 */
export type OnKeyChanged = (notice: string, opts?: { keyGone?: boolean }) => void;

/**
 * Where focus goes when a dialog closes. Radix gives it back only to a Dialog.Trigger, and these
 * dialogs are opened from the list's own buttons, so the manager passes this as onCloseAutoFocus.
 */
export type ReturnFocus = (event: Event) => void;
