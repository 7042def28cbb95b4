import { Search } from "lucide-react";
import { genres } from "../../../core/genres";
import type { CampaignFilters } from "../../lib/campaigns";
import { Input, Select } from "../ui/field";

const sorts: Record<CampaignFilters["sort"], string> = {
  prize: "Prize amount",
  time: "Time left",
  clicks: "Most clicks",
  promoters: "Most promoters",
};

/** The campaign list's search box (its raw text: the list debounces it), genre and order. */
export function CampaignFilterBar({
  value,
  onChange,
}: {
  value: CampaignFilters;
  onChange: (next: CampaignFilters) => void;
}) {
  return (
    <div className="mt-8 grid gap-3 sm:grid-cols-[1fr_auto_auto]">
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <Input
          aria-label="Search by song title or artist"
          placeholder="Search by song or artist"
          value={value.q}
          onChange={(e) => onChange({ ...value, q: e.target.value })}
          className="pl-9"
        />
      </div>
      <Select aria-label="Genre" value={value.genre} onChange={(e) => onChange({ ...value, genre: e.target.value })}>
        <option value="all">All genres</option>
        {genres.map((entry) => (
          <option key={entry.value} value={entry.value}>
            {entry.label}
          </option>
        ))}
      </Select>
      <Select
        aria-label="Sort by"
        value={value.sort}
        onChange={(e) => onChange({ ...value, sort: e.target.value as CampaignFilters["sort"] })}
      >
        {Object.entries(sorts).map(([key, label]) => (
          <option key={key} value={key}>
            Sort: {label}
          </option>
        ))}
      </Select>
    </div>
  );
}
