import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount } from "../../../core/money";
import type { TimeSeriesChartProps } from "./time-series-chart";

const palette = ["#7c3aed", "#db2777", "#0891b2", "#d97706"];

/** The recharts drawing behind `TimeSeriesChart` (its own chunk: recharts is large). */
export default function TimeSeriesChartImpl({
  points,
  series,
  height = 240,
  formatTime,
  variant = "area",
}: TimeSeriesChartProps) {
  const Chart = variant === "bar" ? BarChart : AreaChart;
  return (
    <ResponsiveContainer width="100%" height={height}>
      <Chart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
        <XAxis
          dataKey="time"
          tickFormatter={formatTime}
          tick={{ fontSize: 12, fill: "#475569" }}
          tickLine={false}
          axisLine={false}
          minTickGap={24}
        />
        <YAxis
          allowDecimals={false}
          tickFormatter={(value: number) => formatCount(value)}
          tick={{ fontSize: 12, fill: "#475569" }}
          tickLine={false}
          axisLine={false}
          width={48}
        />
        <Tooltip
          labelFormatter={(value) => formatTime(String(value))}
          formatter={(value, name) => [formatCount(Number(value)), series.find((line) => line.key === name)?.label]}
          cursor={variant === "bar" ? { fill: "#f1f5f9" } : undefined}
        />
        {series.map((line, index) =>
          variant === "bar" ? (
            <Bar
              key={line.key}
              dataKey={line.key}
              fill={palette[index % palette.length]}
              radius={[4, 4, 0, 0]}
              maxBarSize={48}
              isAnimationActive={false}
            />
          ) : (
            <Area
              key={line.key}
              type="monotone"
              dataKey={line.key}
              stroke={palette[index % palette.length]}
              fill={palette[index % palette.length]}
              fillOpacity={0.12}
              strokeWidth={2}
              isAnimationActive={false}
            />
          ),
        )}
      </Chart>
    </ResponsiveContainer>
  );
}
