import { Download } from "lucide-react";
import { useId, useState } from "react";
import { PRIZE_LEDGER_FIRST_YEAR, prizeLedgerPath } from "../../../core/api/admin";
import { buttonStyles } from "../ui/button";
import { Card, CardBody } from "../ui/card";
import { Select } from "../ui/field";

/** The year's prize ledger for tax reporting, as a CSV file the browser downloads (the server audits each export). */
export function PrizeLedgerExport() {
  const thisYear = new Date().getUTCFullYear();
  const years = Array.from({ length: thisYear - PRIZE_LEDGER_FIRST_YEAR + 1 }, (_, index) => thisYear - index);
  const [year, setYear] = useState(thisYear);
  const id = useId();
  return (
    <Card>
      <CardBody className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">Prize ledger</h2>
          <p className="mt-1 text-sm text-slate-600">
            Each promoter's prizes paid in a calendar year (UTC), for tax reporting. Promoters whose year reached the
            reporting threshold are marked.
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={id} className="text-sm font-medium text-slate-700">
              Year
            </label>
            <Select
              id={id}
              value={year}
              onChange={(event) => setYear(Number(event.target.value))}
              options={years.map((value) => ({ value, label: String(value) }))}
            />
          </div>
          <a href={`${prizeLedgerPath}?year=${year}`} download className={buttonStyles("secondary")}>
            <Download className="h-4 w-4" aria-hidden /> Export prize ledger (CSV)
          </a>
        </div>
      </CardBody>
    </Card>
  );
}
