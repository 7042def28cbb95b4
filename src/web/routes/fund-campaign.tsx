import { CheckCircle2, Loader2 } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import { campaignsApi } from "../../core/api/campaigns";
import { campaignStatus } from "../../core/vocabulary";
import { CenteredCard, OrderSummary } from "../components/funding/order-summary";
import { SandboxCardForm } from "../components/funding/sandbox-card-form";
import { ErrorAlert } from "../components/ui/alert";
import { Button, buttonStyles } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { usePageMeta } from "../lib/page-meta";
import { useAccount } from "../lib/session";
import { useApi, useApiMutation } from "../lib/use-api";
import { useOnline } from "../lib/use-online";

const StripePaymentForm = lazy(() => import("../components/funding/stripe-payment-form"));

/** Waits for the server to see the campaign live (Stripe: the webhook may land a moment after the browser). */
function useLiveOnceConfirmed(campaignId: string, confirmed: boolean) {
  return useApi(
    campaignsApi.detail,
    { params: { id: campaignId } },
    {
      enabled: confirmed,
      refetchInterval: (query) => (query.state.data?.campaign.status === campaignStatus.active ? false : 1000),
    },
  );
}

export default function FundCampaignPage() {
  usePageMeta("Fund your campaign");
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { account, loading: accountLoading } = useAccount();
  const [paymentError, setPaymentError] = useState<string>();
  const [confirmed, setConfirmed] = useState(false);
  const online = useOnline();

  const funding = useApiMutation(campaignsApi.startFunding);
  const { mutate } = funding;
  useEffect(() => {
    if (account) mutate({ params: { id } });
  }, [account, mutate, id]);

  const live = useLiveOnceConfirmed(id, confirmed);
  const isLive = live.data?.campaign.status === campaignStatus.active;

  useEffect(() => {
    if (funding.data?.alreadyFunded) navigate(`/campaigns/${id}`, { replace: true });
  }, [funding.data, navigate, id]);
  useEffect(() => {
    if (!isLive) return;
    // The launch moment (PRODUCT.md): 'Campaign Launched!' with the share kit, not the generic list.
    const timer = setTimeout(() => navigate(`/campaigns/${id}/success`, { replace: true }), 1500);
    return () => clearTimeout(timer);
  }, [isLive, navigate, id]);

  if (!accountLoading && !account) return <Navigate to="/" replace />;

  if (funding.isError) {
    return (
      <CenteredCard>
        <h1 className="text-2xl font-bold text-slate-900">Campaign Funding Error</h1>
        <p className="text-slate-600">{funding.error.message || "Failed to load payment"}</p>
        <div className="flex gap-3">
          <Button onClick={() => funding.mutate({ params: { id } })}>Try Again</Button>
          <Link to="/" className={buttonStyles("secondary")}>
            Go Home
          </Link>
        </div>
      </CenteredCard>
    );
  }

  if (isLive) {
    return (
      <CenteredCard>
        <CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden />
        <h1 className="text-2xl font-bold text-slate-900">Payment Successful!</h1>
        <p className="text-slate-600">Your campaign is now live. Taking you to your launch page…</p>
      </CenteredCard>
    );
  }

  const data = funding.data;
  if (!data || data.alreadyFunded || confirmed) {
    return (
      <CenteredCard>
        <Loader2 className="h-10 w-10 animate-spin text-brand-600" aria-hidden />
        <p className="text-slate-600">{confirmed ? "Confirming your payment…" : "Setting up payment…"}</p>
      </CenteredCard>
    );
  }

  const { campaign, payment } = data;
  if (payment.provider === "stripe" && (!payment.publishableKey || !payment.clientSecret)) {
    return (
      <CenteredCard>
        <h1 className="text-2xl font-bold text-slate-900">Payment Setup Error</h1>
        <p className="text-slate-600">Failed to setup payment</p>
        <Link to="/artist-dashboard" className={buttonStyles("primary")}>
          Back to Dashboard
        </Link>
      </CenteredCard>
    );
  }

  const onConfirmed = () => {
    setPaymentError(undefined);
    setConfirmed(true);
  };

  return (
    <section className="container-page grid max-w-5xl gap-8 py-10 sm:py-14 lg:grid-cols-[1fr_1.2fr]">
      <OrderSummary campaign={campaign} payment={payment} />
      <Card>
        <CardBody className="flex flex-col gap-4">
          <h2 className="text-lg font-bold text-slate-900">Payment details</h2>
          {paymentError ? <ErrorAlert title="Payment Error">{paymentError}</ErrorAlert> : null}
          {!online ? (
            <ErrorAlert title="You are offline">
              A payment is never queued to be sent later: reconnect to pay. Your card is charged only when you press Pay
              while online.
            </ErrorAlert>
          ) : payment.provider === "stripe" ? (
            <Suspense fallback={<Loader2 className="mx-auto h-8 w-8 animate-spin text-brand-600" aria-hidden />}>
              <StripePaymentForm
                publishableKey={payment.publishableKey ?? ""}
                clientSecret={payment.clientSecret}
                campaignId={campaign.id}
                amountCents={payment.amountCents}
                onConfirmed={onConfirmed}
                onError={setPaymentError}
              />
            </Suspense>
          ) : (
            <SandboxCardForm
              campaignId={campaign.id}
              amountCents={payment.amountCents}
              onConfirmed={onConfirmed}
              onError={setPaymentError}
            />
          )}
        </CardBody>
      </Card>
    </section>
  );
}
