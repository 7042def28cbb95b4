import { Flag, HandCoins, MousePointerClick, Rocket, Trophy, UserCheck } from "lucide-react";
import type { ActivityItem, ArtistOverview } from "../../../core/api/artists";
import { formatCents, formatCount } from "../../../core/money";
import { clicksLabel } from "../../lib/campaigns";
import { timeAgo } from "../../lib/time-ago";
import { Card, CardBody } from "../ui/card";

/** Each kind of activity: its icon and its line. */
const activityViews: Record<ActivityItem["kind"], { icon: typeof Flag; text: (item: ActivityItem) => string }> = {
  joined: { icon: UserCheck, text: (item) => `@${item.handle} joined "${item.campaign_title}"` },
  milestone: {
    icon: MousePointerClick,
    text: (item) => `"${item.campaign_title}" reached ${formatCount(item.clicks ?? 0)} verified clicks`,
  },
  live: { icon: Rocket, text: (item) => `"${item.campaign_title}" went live` },
  ended: { icon: Flag, text: (item) => `"${item.campaign_title}" ended` },
  paid: {
    icon: HandCoins,
    text: (item) => `@${item.handle} was paid ${formatCents(item.amount_cents ?? 0)} for "${item.campaign_title}"`,
  },
};

/** Recent activity (the newest five) and this month's top promoters (five), SPEC.md's Overview tab. */
export function ArtistOverviewTab({ overview }: { overview: ArtistOverview }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardBody className="flex flex-col gap-3">
          <h3 className="text-base font-semibold text-slate-900">Recent activity</h3>
          {overview.activity.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600">
              Nothing yet. Once your campaign is live, joins and clicks show up here.
            </p>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-100">
              {overview.activity.map((item) => {
                const { icon: Icon, text } = activityViews[item.kind];
                return (
                  <li key={`${item.kind}-${item.campaign_id}-${item.at}-${item.handle}`} className="flex gap-3 py-2.5">
                    <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                      <Icon className="h-4 w-4" aria-hidden />
                    </span>
                    <span className="min-w-0 text-sm">
                      <span className="block break-words text-slate-800">{text(item)}</span>
                      <time
                        dateTime={item.at}
                        className="text-xs text-slate-500"
                        title={new Date(item.at).toLocaleString()}
                      >
                        {timeAgo(item.at)}
                      </time>
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </CardBody>
      </Card>
      <Card>
        <CardBody className="flex flex-col gap-3">
          <h3 className="text-base font-semibold text-slate-900">Top promoters this month</h3>
          {overview.top_promoters_this_month.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600">No verified clicks this month yet.</p>
          ) : (
            <ol className="flex flex-col divide-y divide-slate-100">
              {overview.top_promoters_this_month.map((promoter, index) => (
                <li key={promoter.promoter_id} className="flex items-center gap-3 py-2.5 text-sm">
                  <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-amber-50 font-semibold text-amber-800 ring-1 ring-amber-200">
                    {index === 0 ? <Trophy className="h-4 w-4" aria-label="First" /> : index + 1}
                  </span>
                  <span className="min-w-0 flex-1 font-medium wrap-anywhere text-slate-900">@{promoter.handle}</span>
                  <span className="shrink-0 font-semibold text-slate-900 tabular-nums">
                    {clicksLabel(promoter.clicks)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
