"use client";

import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "./ui/button";

/** Copies `value` to the clipboard and says so for a moment (also to screen readers). */
export function CopyButton({ value, label = "Copy" }: { value: string; label?: string }) {
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
      <Button variant="secondary" size="sm" onClick={copy}>
        {state === "copied" ? <Check aria-hidden /> : <Copy aria-hidden />}
        {label}
      </Button>
      <span role="status" className="text-xs text-muted">
        {state === "copied"
          ? "Copied"
          : state === "failed"
            ? "Could not copy: select the text and copy it by hand."
            : ""}
      </span>
    </>
  );
}
