import { ChevronLeft, ChevronRight } from "lucide-react";
import { formatCount } from "../../../core/money";
import { Button } from "./button";

/** Previous and Next under a list served a page at a time, with where the page sits in the whole. */
export function Pager({
  offset,
  total,
  pageSize,
  onChange,
}: {
  offset: number;
  total: number;
  pageSize: number;
  onChange: (offset: number) => void;
}) {
  if (total <= pageSize) return null;
  const last = Math.min(total, offset + pageSize);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-4 py-3 text-sm text-slate-600">
      <span>
        {formatCount(offset + 1)}–{formatCount(last)} of {formatCount(total)}
      </span>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={offset === 0}
          onClick={() => onChange(Math.max(0, offset - pageSize))}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden /> Previous
        </Button>
        <Button size="sm" variant="secondary" disabled={last >= total} onClick={() => onChange(offset + pageSize)}>
          Next <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </div>
  );
}
