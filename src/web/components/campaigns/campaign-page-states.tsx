import { Link } from "react-router";
import type { ApiError } from "../../lib/api";
import { buttonStyles } from "../ui/button";
import { Card, CardBody } from "../ui/card";
import { ErrorBox } from "../ui/error-box";

/** A campaign's page when there is no campaign to show: a bad link, or one removed. */
export function CampaignNotFound({ message }: { message: string }) {
  return (
    <section className="container-page flex flex-1 items-center justify-center py-16">
      <Card className="w-full max-w-lg text-center">
        <CardBody className="flex flex-col items-center gap-4 py-10">
          <h1 className="text-2xl font-bold text-slate-900">{message}</h1>
          <p className="text-slate-600">It may have been removed, or the link is mistyped.</p>
          <Link to="/join-campaign" className={buttonStyles("primary")}>
            Browse Campaigns
          </Link>
        </CardBody>
      </Card>
    </section>
  );
}

/**
 * A campaign's page whose request failed: not found (with `notFound`, or the server's message), or an error box that
 * can try again.
 */
export function CampaignLoadError({
  query,
  title,
  notFound,
}: {
  query: { error: ApiError; refetch: () => unknown; isFetching: boolean };
  title: string;
  notFound?: string;
}) {
  if (query.error.status === 404) return <CampaignNotFound message={notFound ?? query.error.message} />;
  return (
    <section className="container-page py-16">
      <ErrorBox error={query.error} title={title} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    </section>
  );
}

/** The campaign page's shape while it loads. */
export function CampaignSkeleton() {
  return (
    <section className="container-page py-8 sm:py-12" aria-busy="true" aria-label="Loading campaign">
      <div className="grid gap-8 lg:grid-cols-[320px_minmax(0,1fr)]">
        <div className="aspect-square w-full max-w-xs animate-pulse rounded-2xl bg-slate-200/70 lg:max-w-none" />
        <div className="flex flex-col gap-4">
          <div className="h-10 w-2/3 animate-pulse rounded-lg bg-slate-200/70" />
          <div className="h-6 w-1/3 animate-pulse rounded-lg bg-slate-200/70" />
          <div className="h-20 animate-pulse rounded-xl bg-slate-200/70" />
        </div>
      </div>
    </section>
  );
}
