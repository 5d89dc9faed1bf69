"use client";

import { type RefObject, useEffect, useState } from "react";

/** How long after the frame's load event the page inside has to say it is shown. */
const READY_GRACE_MS = 4000;

export type FrameState = "loading" | "ready" | "blocked";

/**
 * Watches a frame of the hosted secure page: "ready" once the page inside posts
 * {type: "svc:frame-ready"} (from this frame, to this window's origin), "blocked" when the frame
 * loaded but never said so (the browser refused to show it, e.g. its frame-ancestors did not
 * name this origin, or the page failed). `src` restarts the watch when the frame navigates.
 * Also hands on {type: "svc:pin-set"} to `onPinSet`.
 */
export function useFrameReady(
  frame: RefObject<HTMLIFrameElement | null>,
  src: string,
  onPinSet?: () => void,
): { state: FrameState; onLoad: () => void } {
  const [state, setState] = useState<{ src: string; state: FrameState }>({ src, state: "loading" });
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (frame.current && event.source !== frame.current.contentWindow) return;
      const data: unknown = event.data;
      const type = typeof data === "object" && data !== null ? (data as { type?: unknown }).type : undefined;
      if (type === "svc:frame-ready") setState({ src, state: "ready" });
      if (type === "svc:pin-set" && event.origin === window.location.origin) onPinSet?.();
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [frame, src, onPinSet]);

  useEffect(() => {
    if (loadedSrc !== src) return;
    const timer = setTimeout(
      () => setState((s) => (s.src === src && s.state === "loading" ? { src, state: "blocked" } : s)),
      READY_GRACE_MS,
    );
    return () => clearTimeout(timer);
  }, [loadedSrc, src]);

  // The frame may have loaded (and said it is ready) before this page hydrated: ask it again
  // ({type: "svc:frame-ping"}, answered with svc:frame-ready) until it answers, and count a frame
  // whose document is complete, or unreadable (another origin, or the browser's error page), as loaded.
  useEffect(() => {
    const origin = new URL(src, window.location.href).origin;
    const timer = setInterval(() => {
      const el = frame.current;
      if (!el) return;
      el.contentWindow?.postMessage({ type: "svc:frame-ping" }, origin);
      let loaded: boolean;
      try {
        const doc = el.contentDocument;
        loaded = !doc || (doc.readyState === "complete" && doc.URL !== "about:blank");
      } catch {
        loaded = true;
      }
      if (loaded) setLoadedSrc((l) => l ?? src);
    }, 500);
    return () => clearInterval(timer);
  }, [frame, src]);

  return { state: state.src === src ? state.state : "loading", onLoad: () => setLoadedSrc(src) };
}
