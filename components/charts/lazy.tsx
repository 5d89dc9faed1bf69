"use client";

import dynamic from "next/dynamic";
import { type ComponentProps, useCallback, useState } from "react";
import { cn } from "@/components/ui/cn";
import type { PlotProps } from "./types";

/*
 * The charts, loaded after the page (their own chunk, fetched in the browser only): the first load
 * carries no charting code. Each sits in a box of fixed height, hidden from assistive technology
 * (its caller says the figures in text), so nothing moves when it arrives. A chart on or near the
 * screen is drawn at once; the others are drawn after the page's load event, one per idle moment
 * of the browser, so every chart is there without scrolling and none delays the page's load.
 */
const BarPlot = dynamic(() => import("./bar-plot"), { ssr: false });
const LinePlot = dynamic(() => import("./line-plot"), { ssr: false });

type BoxProps = PlotProps & { height: number; className?: string };

/** Boxes waiting to be drawn after load, first come first drawn, one per idle callback. */
const waiting: (() => void)[] = [];
let draining = false;

function drainWhenIdle(): void {
  if (draining) return;
  draining = true;
  const next = () => {
    const draw = waiting.shift();
    if (!draw) {
      draining = false;
      return;
    }
    draw();
    schedule(next);
  };
  const start = () => schedule(next);
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}

function schedule(task: () => void): void {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(task, { timeout: 1_500 });
  else window.setTimeout(task, 50);
}

/** Whether the box may draw: at once when on screen or near it, else after load when the browser idles. */
function useDrawn(): [(el: HTMLDivElement | null) => void, boolean] {
  const [drawn, setDrawn] = useState(false);
  const ref = useCallback((el: HTMLDivElement | null) => {
    if (!el) return;
    let done = false;
    const draw = () => {
      if (done) return;
      done = true;
      setDrawn(true);
    };
    if (typeof IntersectionObserver === "undefined") return draw();
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        draw();
        observer.disconnect();
      },
      { rootMargin: "200px" },
    );
    observer.observe(el);
    waiting.push(draw);
    drainWhenIdle();
    return () => {
      observer.disconnect();
      done = true;
      const at = waiting.indexOf(draw);
      if (at >= 0) waiting.splice(at, 1);
    };
  }, []);
  return [ref, drawn];
}

function Box({
  height,
  className,
  children,
}: { height: number; className?: string } & ComponentProps<"div">) {
  const [ref, drawn] = useDrawn();
  return (
    <div ref={ref} aria-hidden className={cn("w-full text-xs", className)} style={{ height }}>
      {drawn ? children : null}
    </div>
  );
}

export function LazyBarPlot({ height, className, ...plot }: BoxProps) {
  return (
    <Box height={height} className={className}>
      <BarPlot {...plot} />
    </Box>
  );
}

export function LazyLinePlot({ height, className, ...plot }: BoxProps) {
  return (
    <Box height={height} className={className}>
      <LinePlot {...plot} />
    </Box>
  );
}
