import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import { campaignsApi } from "../../core/api/campaigns";
import { uuidPattern } from "../../core/ids";
import { CampaignLoadError, CampaignNotFound } from "../components/campaigns/campaign-page-states";
import { LegalLayout } from "../components/marketing/legal-document";
import { usePageMeta } from "../lib/page-meta";
import { useApi } from "../lib/use-api";

const fixedAt = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

/** /campaigns/{id}/rules: a campaign's official rules, as they were fixed when it launched. */
export default function CampaignRulesPage() {
  const { id = "" } = useParams();
  const valid = uuidPattern.test(id);
  const answer = useApi(campaignsApi.rules, { params: { id } }, { enabled: valid });
  const rules = answer.data?.rules;
  usePageMeta(rules ? `Official rules: ${rules.settings.title}` : "Official rules");

  if (!valid) return <CampaignNotFound message="Invalid campaign ID" />;
  if (answer.isError) return <CampaignLoadError query={answer} title="Official rules unavailable" />;
  if (!rules) {
    return (
      <section className="container-page py-16" aria-busy="true" aria-label="Loading the official rules">
        <div className="h-10 w-2/3 max-w-xl animate-pulse rounded-lg bg-slate-200/70" />
        <div className="mt-6 h-40 max-w-3xl animate-pulse rounded-xl bg-slate-200/70" />
      </section>
    );
  }
  return (
    <LegalLayout
      eyebrow="Official rules"
      title={`${rules.settings.title} by ${rules.settings.artistName}`}
      dateLine={
        <>
          Version {rules.version}, fixed when the campaign launched on{" "}
          <time dateTime={rules.frozen_at}>{fixedAt.format(new Date(rules.frozen_at))} UTC</time>. Fingerprint
          (SHA-256): <code className="font-mono text-xs">{rules.hash}</code>
        </>
      }
      intro="These are the official rules of this campaign's contest. They were generated from its settings when it launched and do not change while it runs: the prize, the dates, who can win, how a tie is split, the review window and the click rules stated here are the ones that decide it."
      sections={rules.sections}
    >
      <Link
        to={`/campaigns/${rules.campaign_id}`}
        className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-700 hover:text-brand-800"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to the campaign
      </Link>
    </LegalLayout>
  );
}
