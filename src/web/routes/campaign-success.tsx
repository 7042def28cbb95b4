import { Loader2, PartyPopper, Share2, Trophy, Users } from "lucide-react";
import { Link, useParams, useSearchParams } from "react-router";
import { campaignsApi } from "../../core/api/campaigns";
import { genres } from "../../core/genres";
import { uuidPattern } from "../../core/ids";
import { DEFAULT_DURATION_DAYS, formatCents, PLATFORM_FEE_PERCENT } from "../../core/money";
import { campaignStatus, isRunning } from "../../core/vocabulary";
import { CampaignCover } from "../components/campaigns/campaign-cover";
import { launchStatusLine } from "../components/campaigns/campaign-status";
import { ShareKit } from "../components/campaigns/share-kit";
import { buttonStyles } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { usePageMeta } from "../lib/page-meta";
import { useApi } from "../lib/use-api";

function ErrorScreen({ message }: { message: string }) {
  return (
    <section className="container-page flex flex-1 items-center justify-center py-16">
      <Card className="w-full max-w-lg text-center">
        <CardBody className="flex flex-col items-center gap-4 py-10">
          <h1 className="text-2xl font-bold text-slate-900">Payment Confirmation Error</h1>
          <p className="text-slate-600">{message}</p>
          <Link to="/artist-dashboard" className={buttonStyles("primary")}>
            Back to Dashboard
          </Link>
        </CardBody>
      </Card>
    </section>
  );
}

/** /campaigns/{id}/success and /stripe/connected: where a confirmed payment lands. */
export default function CampaignSuccessPage() {
  usePageMeta("Campaign launched");
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id ?? search.get("campaign") ?? "";
  const valid = uuidPattern.test(id);
  const campaign = useApi(
    campaignsApi.detail,
    { params: { id } },
    {
      enabled: valid,
      retry: false,
      refetchInterval: (query) =>
        query.state.data && query.state.data.campaign.status === campaignStatus.draft ? 1500 : false,
    },
  );

  if (!valid) return <ErrorScreen message="Invalid campaign ID" />;
  if (campaign.isError) {
    return (
      <ErrorScreen
        message={campaign.error.message === "Campaign not found" ? "Campaign not found" : "Failed to load campaign"}
      />
    );
  }
  const data = campaign.data?.campaign;
  if (!data || data.status === campaignStatus.draft) {
    return (
      <section className="container-page flex flex-1 flex-col items-center justify-center gap-3 py-16">
        <Loader2 className="h-10 w-10 animate-spin text-brand-600" aria-hidden />
        <p className="text-slate-600">Confirming your payment…</p>
      </section>
    );
  }

  // An ended (or cancelled) campaign's page says so: nothing is left to share or to wait for.
  const live = isRunning(data.status);
  const rows = [
    ["Genre", genres.find((genre) => genre.value === data.genre)?.label ?? data.genre ?? "Not specified"],
    ["Duration", `${data.duration_days ?? DEFAULT_DURATION_DAYS} days`],
    ["Prize pool", formatCents(data.prize_cents)],
    [`Platform fee (${PLATFORM_FEE_PERCENT}%)`, formatCents(data.platform_fee_cents)],
    ["Total paid", formatCents(data.total_cents)],
  ];
  const next = [
    { icon: Users, text: "Promoters join your campaign and get their own tracking links." },
    { icon: Share2, text: "They share your song; every verified click moves them up the live leaderboard." },
    {
      icon: Trophy,
      text: "When the timer ends, the top eligible promoter wins. The prize is paid once the result has been reviewed and approved and the winner has verified and set up a payout account, as the official rules say.",
    },
  ];

  return (
    <section className="container-page max-w-3xl py-12 sm:py-16">
      <div className="flex flex-col items-center gap-6 text-center sm:flex-row sm:text-left">
        <CampaignCover
          campaign={data}
          priority
          sizes="160px"
          className="h-40 w-40 shrink-0 rounded-2xl shadow-lg ring-1 ring-slate-200"
        />
        <div>
          <p className="flex items-center justify-center gap-2 text-sm font-semibold text-accent-700 sm:justify-start">
            <PartyPopper className="h-5 w-5" aria-hidden />{" "}
            {launchStatusLine[data.status as keyof typeof launchStatusLine] ?? launchStatusLine.active}
          </p>
          <h1 className="mt-2 text-3xl font-extrabold text-slate-900 sm:text-4xl">Campaign Launched!</h1>
          <p className="mt-2 text-lg break-words text-slate-700">
            <span className="font-semibold">{data.title}</span> by {data.artist_name}
          </p>
        </div>
      </div>
      {live ? (
        <Card className="mt-8">
          <CardBody className="flex flex-col gap-4">
            <h2 className="text-xl font-bold text-slate-900">Share it now</h2>
            <p className="text-sm text-slate-600">
              Promoters who open your campaign's link can join and get their own tracking link. Post it where your fans
              are.
            </p>
            <ShareKit campaign={data} />
          </CardBody>
        </Card>
      ) : null}
      <Card className="mt-6">
        <CardBody>
          <dl className="flex flex-col gap-3 text-sm">
            {rows.map(([label, value]) => (
              <div key={label} className="flex justify-between">
                <dt className="text-slate-600">{label}</dt>
                <dd className="font-semibold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </CardBody>
      </Card>
      {live ? (
        <>
          <h2 className="mt-10 text-xl font-bold text-slate-900">What Happens Next</h2>
          <ol className="mt-4 flex flex-col gap-3">
            {next.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
                <Icon className="h-5 w-5 shrink-0 text-brand-600" aria-hidden />
                <span className="text-slate-700">{text}</span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/artist-dashboard" className={buttonStyles("primary", "lg")}>
          Go to Artist Dashboard
        </Link>
        <Link to={`/campaigns/${data.id}`} className={buttonStyles("secondary", "lg")}>
          View Campaign Page
        </Link>
        <Link to="/join-campaign" className={buttonStyles("secondary", "lg")}>
          View Campaigns
        </Link>
      </div>
    </section>
  );
}
