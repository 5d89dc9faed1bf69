"use client";

import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "./ui/button";

/**
 * Copies `value` to the clipboard and says so for a moment (also to screen readers). `iconOnly`
 * keeps a table narrow: the label becomes the button's accessible name and tooltip.
 */
export function CopyButton({
  value,
  label = "Copy",
  iconOnly = false,
}: {
  value: string;
  label?: string;
  iconOnly?: boolean;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const t = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(t);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      // No clipboard permission (or not a secure context): the text stays selectable.
      setState("failed");
    }
  }

  return (
    <>
      <Button
        variant={iconOnly ? "ghost" : "secondary"}
        size="sm"
        onClick={copy}
        aria-label={iconOnly ? label : undefined}
        title={iconOnly ? label : undefined}
        className={iconOnly ? "px-1.5" : undefined}
      >
        {state === "copied" ? <Check aria-hidden /> : <Copy aria-hidden />}
        {iconOnly ? null : label}
      </Button>
      <span role="status" className={iconOnly ? "sr-only" : "text-xs text-muted"}>
        {state === "copied"
          ? "Copied"
          : state === "failed"
            ? "Could not copy: select the text and copy it by hand."
            : ""}
      </span>
    </>
  );
}
