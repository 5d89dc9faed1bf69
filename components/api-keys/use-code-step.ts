"use client";

import { useRef, useState } from "react";
import { CODE_SHAPE_MESSAGE, isCodeShaped, normalizeCode } from "@/components/ui/code-field";
import type { ActionError, ActionResult } from "@/lib/action-result";

/**
 * The code half of a key dialog: checks the typed code's shape, sends it with the change, and on
 * a refusal clears it and puts the cursor back (the dialog stays open for the next code).
 */
export function useCodeStep() {
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string>();
  const [banner, setBanner] = useState<ActionError | string>();
  const codeInput = useRef<HTMLInputElement>(null);

  async function send<T>(call: (code: string) => Promise<ActionResult<T>>): Promise<T | undefined> {
    const typed = normalizeCode(code);
    setBanner(undefined);
    if (!isCodeShaped(typed)) {
      setCodeError(CODE_SHAPE_MESSAGE);
      codeInput.current?.focus();
      return undefined;
    }
    setCodeError(undefined);
    const res = await call(typed);
    if (res.ok) return res.data;
    setCode("");
    const fieldMessage = res.error.fields?.two_factor_token;
    if (fieldMessage) setCodeError(fieldMessage);
    else setBanner(res.error);
    codeInput.current?.focus();
    return undefined;
  }

  return { code, setCode, codeError, banner, setBanner, codeInput, send };
}
export type CodeStep = ReturnType<typeof useCodeStep>;

/** Key management asks for a fresh code on every change: no 5-minute window. */
export const KEY_CODE_HINT = "From your authenticator app. Every change to API keys needs a new code.";
