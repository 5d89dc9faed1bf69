"use client";

import dynamic from "next/dynamic";
import { type ComponentProps, useCallback, useState } from "react";
import { cn } from "@/components/ui/cn";
import type { PlotProps } from "./types";

/*
 * The charts, loaded after the page (their own chunk, fetched in the browser only): the first load
 * carries no charting code. Each sits in a box of fixed height, hidden from assistive technology
 * (its caller says the figures in text), so nothing moves when it arrives. A chart is fetched
 * and drawn once its box comes near the screen (below the fold: not during the page's load).
 */
const BarPlot = dynamic(() => import("./bar-plot"), { ssr: false });
const LinePlot = dynamic(() => import("./line-plot"), { ssr: false });

type BoxProps = PlotProps & { height: number; className?: string };

/** Whether the box is on screen or near it: a chart below the fold is fetched and drawn only then. */
function useNearViewport(): [(el: HTMLDivElement | null) => void, boolean] {
  const [near, setNear] = useState(false);
  const ref = useCallback((el: HTMLDivElement | null) => {
    if (!el) return;
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: "200px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, near];
}

function Box({
  height,
  className,
  children,
}: { height: number; className?: string } & ComponentProps<"div">) {
  const [ref, near] = useNearViewport();
  return (
    <div ref={ref} aria-hidden className={cn("w-full text-xs", className)} style={{ height }}>
      {near ? children : null}
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
