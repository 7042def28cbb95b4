import { useEffect, useState } from "react";

/** Days, hours, minutes and seconds left, or 'Ended'. */
export function remainingLabel(endsAt: string, now: number): string {
  const ms = Date.parse(endsAt) - now;
  if (ms <= 0) return "Ended";
  const seconds = Math.floor(ms / 1000);
  const parts = [
    [Math.floor(seconds / 86_400), "d"],
    [Math.floor(seconds / 3600) % 24, "h"],
    [Math.floor(seconds / 60) % 60, "m"],
    [seconds % 60, "s"],
  ] as const;
  const first = parts.findIndex(([value]) => value > 0);
  return parts
    .slice(Math.max(0, Math.min(first, 2)))
    .map(([value, unit]) => `${value}${unit}`)
    .join(" ");
}

/** A campaign's time left, ticking every second while it runs. */
export function Countdown({ endsAt }: { endsAt: string | null }) {
  const [now, setNow] = useState(() => Date.now());
  const running = endsAt !== null && Date.parse(endsAt) > now;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  if (!endsAt) return <span>Not started</span>;
  return (
    <time dateTime={endsAt} className="tabular-nums">
      {remainingLabel(endsAt, now)}
    </time>
  );
}
