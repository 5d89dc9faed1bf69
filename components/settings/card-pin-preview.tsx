"use client";

import { useEffect, useRef, useState } from "react";
import { FrameBlocked } from "@/components/cardholder/frame-blocked";
import { useFrameReady } from "@/components/cardholder/use-frame-ready";
import { cn } from "@/components/ui/cn";
import type { SecureTheme } from "@/lib/contracts/cards";

/** PIN rule 6 (docs/card-program.md): the recommended iframe sizes. */
export const PREVIEW_SIZES = {
  pin: { width: 420, height: 520, label: "PIN" },
  details: { width: 420, height: 740, label: "Details + PIN" },
} as const;
type Mode = keyof typeof PREVIEW_SIZES;

export function previewSrc(mode: Mode, theme: SecureTheme): string {
  const query = new URLSearchParams({ mode });
  for (const [field, value] of Object.entries(theme)) if (value) query.set(field, value);
  return `/secure/preview?${query.toString()}`;
}

/**
 * The secure page itself (/secure/preview, sample data, same CSP) at the exact recommended
 * size, reloaded a moment after the last change so typing a color does not reload it per key.
 * `theme` holds only valid fields: an invalid one shows the default until it is fixed.
 */
export function CardPinPreview({ theme }: { theme: SecureTheme }) {
  const [mode, setMode] = useState<Mode>("pin");
  const [shown, setShown] = useState(theme);
  const key = JSON.stringify(theme);
  useEffect(() => {
    const timer = setTimeout(() => setShown(JSON.parse(key) as SecureTheme), 350);
    return () => clearTimeout(timer);
  }, [key]);
  const src = previewSrc(mode, shown);
  const size = PREVIEW_SIZES[mode];
  const frame = useRef<HTMLIFrameElement>(null);
  const { state, onLoad } = useFrameReady(frame, src);

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div
        role="group"
        aria-label="Preview"
        className="inline-flex self-start rounded-md border border-input bg-surface p-0.5"
      >
        {(Object.keys(PREVIEW_SIZES) as Mode[]).map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={mode === m}
            onClick={() => setMode(m)}
            className={cn(
              "h-8 rounded px-3 text-sm font-medium transition-colors",
              mode === m ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-surface-muted",
            )}
          >
            {PREVIEW_SIZES[m].label}
          </button>
        ))}
      </div>
      <p className="text-xs text-muted">
        {size.label}: {size.width} × {size.height} px, the recommended iframe size.
      </p>
      <div className="relative max-w-full overflow-x-auto">
        <iframe
          ref={frame}
          onLoad={onLoad}
          data-state={state}
          src={src}
          title={`Preview of the secure page: ${size.label}`}
          width={size.width}
          height={size.height}
          className={cn(
            "block shrink-0 rounded-lg border border-border bg-white",
            mode === "pin" ? "h-[520px] w-[420px] max-w-full" : "h-[740px] w-[420px] max-w-full",
          )}
          referrerPolicy="no-referrer"
          data-testid="secure-preview"
        />
        {state === "blocked" ? <FrameBlocked what="page preview" /> : null}
      </div>
    </div>
  );
}
