import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { usePageMeta } from "../lib/page-meta";

/** SPEC.md Payout setup error page: where the provider sends an expired or failed onboarding link. */
export default function StripeConnectErrorPage() {
  usePageMeta("Payout setup error");
  return (
    <section className="container-page flex flex-1 items-center justify-center py-16">
      <Card className="w-full max-w-lg text-center">
        <CardBody className="flex flex-col items-center gap-4 py-10">
          <AlertTriangle className="h-12 w-12 text-amber-500" aria-hidden />
          <h1 className="text-2xl font-bold text-slate-900">Stripe Setup Error</h1>
          <p className="text-slate-600">There was an issue setting up your payout account. Please try again.</p>
          <Link to="/earnings" className={buttonStyles("primary")}>
            Back to Earnings
          </Link>
        </CardBody>
      </Card>
    </section>
  );
}
