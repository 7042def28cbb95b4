import { lazy, Suspense } from "react";

export type TimeSeriesChartProps = {
  /** One point per time bucket: `time` (ISO) and a number per series key. */
  points: ReadonlyArray<{ time: string } & Record<string, number | string>>;
  series: ReadonlyArray<{ key: string; label: string }>;
  height?: number;
  formatTime: (time: string) => string;
  /** What the chart shows, for screen readers (the chart itself is a picture to them). */
  label: string;
  /** Bars read better for a few counts per bucket; an area for a long range. */
  variant?: "area" | "bar";
};

const Chart = lazy(() => import("./time-series-chart-impl"));

/** A time-series chart, loaded with its charting library only where one is shown (never on the home page). */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  return (
    <figure aria-label={props.label} className="w-full">
      <Suspense
        fallback={<div style={{ height: props.height ?? 240 }} className="animate-pulse rounded-xl bg-slate-100" />}
      >
        <Chart {...props} />
      </Suspense>
    </figure>
  );
}
