import { Compass } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "../components/ui/button";
import { usePageMeta } from "../lib/page-meta";

export default function NotFoundPage() {
  usePageMeta("Page not found");
  return (
    <section className="container-page flex flex-1 flex-col items-center justify-center py-24 text-center">
      <div className="flex h-16 w-16 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
        <Compass className="h-8 w-8" aria-hidden />
      </div>
      <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700 uppercase">404</p>
      <h1 className="mt-2 text-3xl font-extrabold text-slate-900 sm:text-4xl">Page not found</h1>
      <p className="mt-3 max-w-md text-slate-600">
        We couldn't find the page you were looking for. It may have moved, or the link may be mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonStyles("primary", "lg")}>
          Go Home
        </Link>
        <Link to="/join-campaign" className={buttonStyles("secondary", "lg")}>
          Browse Campaigns
        </Link>
      </div>
    </section>
  );
}
