"use client";

import { type BoxProps, ColumnPlot } from "./column-plot";
import { RowPlot } from "./row-plot";

/*
 * The console's charts, drawn in the page's HTML (SVG and HTML, no charting library): every chart
 * is there on first paint, nothing waits to be scrolled to, and the browser has nothing to draw
 * after load (Recharts drawn on load cost the Overview over a second of blocked main thread,
 * docs/performance.md). Each sits in a box of the caller's fixed height, hidden from assistive
 * technology: the caller says the figures in text.
 */

/** Bars over days (stacked when several series), or sideways when `horizontal`. */
export function BarPlot({ horizontal, ...props }: BoxProps) {
  return horizontal ? <RowPlot {...props} horizontal={horizontal} /> : <ColumnPlot kind="bar" {...props} />;
}

/** Lines over days, gaps (null) bridged. */
export function LinePlot(props: BoxProps) {
  return <ColumnPlot kind="line" {...props} />;
}
