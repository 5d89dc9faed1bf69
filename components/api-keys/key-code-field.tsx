"use client";

import { CodeField } from "@/components/ui/code-field";
import { type CodeStep, KEY_CODE_HINT } from "./use-code-step";

/** The authenticator code a key change asks for, wired to the dialog's code step. */
export function KeyCodeField({ step, autoFocus }: { step: CodeStep; autoFocus?: boolean }) {
  return (
    <CodeField
      name="two_factor_token"
      hint={KEY_CODE_HINT}
      value={step.code}
      onChange={step.setCode}
      error={step.codeError}
      inputRef={step.codeInput}
      autoFocus={autoFocus}
    />
  );
}
