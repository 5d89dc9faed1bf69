"use client";

import dynamic from "next/dynamic";
import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";
import type { PlotProps } from "./types";

/*
 * The charts, loaded after the page (their own chunk, fetched in the browser only): the first load
 * carries no charting code. Each sits in a box of fixed height, hidden from assistive technology
 * (its caller says the figures in text), so nothing moves when it arrives.
 */
const BarPlot = dynamic(() => import("./bar-plot"), { ssr: false });
const LinePlot = dynamic(() => import("./line-plot"), { ssr: false });

type BoxProps = PlotProps & { height: number; className?: string };

function Box({
  height,
  className,
  children,
}: { height: number; className?: string } & ComponentProps<"div">) {
  return (
    <div aria-hidden className={cn("w-full text-xs", className)} style={{ height }}>
      {children}
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
