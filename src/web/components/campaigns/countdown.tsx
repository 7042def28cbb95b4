import { useEffect, useState } from "react";
import { remainingLabel } from "../../../core/time-left";

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
