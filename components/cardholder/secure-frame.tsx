"use client";

import { useEffect, useRef } from "react";
import { SECURE_VIEW_FRAME } from "@/lib/contracts/card-account";

/**
 * The card provider's hosted secure page (decisions.md 8) in an iframe of the recommended size
 * (PIN rule 6): 420x520 for the PIN form, 420x740 for details plus PIN. The PIN, number and CVV
 * exist only inside it. When a PIN is set the page posts {type: "svc:pin-set"} to this window;
 * only a message from this frame and from our own origin counts.
 */
export function SecureFrame({
  src,
  kind,
  title,
  onPinSet,
}: {
  src: string;
  kind: "pin" | "details";
  title: string;
  onPinSet?: () => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const size = kind === "details" ? SECURE_VIEW_FRAME.details_and_pin : SECURE_VIEW_FRAME.pin_setup;

  useEffect(() => {
    if (!onPinSet) return;
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin) return;
      if (frame.current && event.source !== frame.current.contentWindow) return;
      const data: unknown = event.data;
      if (typeof data === "object" && data !== null && (data as { type?: unknown }).type === "svc:pin-set")
        onPinSet?.();
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [onPinSet]);

  return (
    <iframe
      ref={frame}
      src={src}
      title={title}
      data-testid="secure-frame"
      width={size.width}
      height={size.height}
      // On a phone narrower than 420 px the frame narrows with the screen instead of overflowing it.
      style={{ width: size.width, height: size.height, maxWidth: "100%" }}
      className="block rounded-lg border border-border bg-surface"
      referrerPolicy="no-referrer"
    />
  );
}
