export interface PlotSeries {
  key: string;
  label: string;
  color: string;
}

export interface PlotProps {
  data: Record<string, string | number | null>[];
  /** The category (a day, a reason) of each row. */
  xKey: string;
  series: PlotSeries[];
  xTick?: (v: string) => string;
  yTick?: (v: number) => string;
  /** How the tooltip writes a value. */
  value?: (v: number) => string;
  legend?: boolean;
  /** Bars drawn sideways, categories down the left in a column this wide. */
  horizontal?: { labelWidth: number };
  /** Line plots: the value axis' fixed domain (e.g. 0 to 100 for a rate). */
  domain?: [number, number];
}
