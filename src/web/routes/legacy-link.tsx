import { LinkIcon } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { usePageMeta } from "../lib/page-meta";

/** /campaign/{campaignId}/promoter/{promoterId}: the old link format (SPEC.md Legacy link notice). */
export default function LegacyLinkPage() {
  usePageMeta("Link Format Updated");
  return (
    <section className="container-page flex flex-1 items-center justify-center py-16">
      <Card className="w-full max-w-lg text-center">
        <CardBody className="flex flex-col items-center gap-4 py-10">
          <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-amber-100 text-amber-700">
            <LinkIcon className="h-7 w-7" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold text-slate-900">Link Format Updated</h1>
          <p className="text-slate-600">
            This link format is no longer supported. Promoters: get a new tracking link from the campaign page; it looks
            like <code className="rounded bg-slate-100 px-1">/t/abc123XYZ</code>.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Link to="/join-campaign" className={buttonStyles("primary")}>
              Browse Campaigns
            </Link>
            <Link to="/promoter-dashboard" className={buttonStyles("secondary")}>
              Promoter Dashboard
            </Link>
          </div>
        </CardBody>
      </Card>
    </section>
  );
}
