/** A campaign's time left in days, hours, minutes and seconds ("2d 4h 0m 9s", "5m 3s"), or 'Ended'. */
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

/** How often a job runs, in the largest whole unit: "5 s", "90 s", "1 min", "10 min", "1 h", "24 h". */
export function cadenceLabel(seconds: number): string {
  if (seconds >= 3600 && seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}
