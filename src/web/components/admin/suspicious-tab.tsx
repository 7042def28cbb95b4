import { Search } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { adminApi, type TimeRange } from "../../../core/api/admin";
import { useApi } from "../../lib/use-api";
import { buttonStyles } from "../ui/button";
import { Card, CardBody } from "../ui/card";
import { QueryState } from "../ui/query-state";
import { FlagCard } from "./flag-card";
import { investigatePath } from "./investigate-path";
import { RangePicker } from "./range-picker";

/** SPEC.md's Suspicious Activity tab: the flags of a time range, refreshed every 5 s. */
export function SuspiciousTab() {
  const [range, setRange] = useState<TimeRange>("24h");
  const flags = useApi(adminApi.suspicious, { query: { range } }, { refetchInterval: 5_000 });
  return (
    <div className="flex flex-col gap-4">
      <RangePicker value={range} onChange={setRange} />
      <QueryState
        query={flags}
        loadingLabel="Loading suspicious activity"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <Card>
            <CardBody className="py-10 text-center text-slate-600">No suspicious activity detected</CardBody>
          </Card>
        }
      >
        {(data) => (
          <ul className="flex flex-col gap-3">
            {data.items.map((item) => (
              <li key={item.id}>
                <FlagCard
                  flag={item}
                  action={
                    <Link to={investigatePath({ flag: item.id })} className={buttonStyles("secondary", "sm")}>
                      <Search className="h-3.5 w-3.5" aria-hidden /> Investigate
                    </Link>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
