"use client";

import { useRef } from "react";
import { SECURE_VIEW_FRAME } from "@/lib/contracts/card-account";
import { FrameBlocked } from "./frame-blocked";
import { useFrameReady } from "./use-frame-ready";

/**
 * The card provider's hosted secure page (docs/card-program.md) in an iframe of the recommended
 * size: 420x520 for the PIN form, 420x740 for details plus PIN. The PIN, number and CVV exist
 * only inside it. When a PIN is set the page posts {type: "svc:pin-set"} to this window; only a
 * message from this frame and from our own origin counts. A frame the browser refused shows a
 * plain explanation instead of an empty box.
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
  const { state, onLoad } = useFrameReady(frame, src, onPinSet);

  return (
    <div className="relative max-w-full" style={{ width: size.width, height: size.height }}>
      <iframe
        ref={frame}
        src={src}
        title={title}
        data-testid="secure-frame"
        data-state={state}
        width={size.width}
        height={size.height}
        onLoad={onLoad}
        // On a phone narrower than 420 px the frame narrows with the screen instead of overflowing it.
        style={{ width: size.width, height: size.height, maxWidth: "100%" }}
        className="block rounded-lg border border-border bg-surface"
        referrerPolicy="no-referrer"
      />
      {state === "blocked" ? <FrameBlocked what={kind === "details" ? "card page" : "PIN form"} /> : null}
    </div>
  );
}
