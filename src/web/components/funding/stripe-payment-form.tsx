import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { type FormEvent, useMemo, useState } from "react";
import { formatCents } from "../../../core/money";
import { Button } from "../ui/button";

type Props = {
  publishableKey: string;
  clientSecret: string;
  campaignId: string;
  amountCents: number;
  onConfirmed: () => void;
  onError: (message: string) => void;
};

const stripePromises = new Map<string, Promise<Stripe | null>>();

function ConfirmForm({
  campaignId,
  amountCents,
  onConfirmed,
  onError,
}: Omit<Props, "publishableKey" | "clientSecret">) {
  const stripe = useStripe();
  const elements = useElements();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return onError("Payment system not ready");
    setSubmitting(true);
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/campaigns/${campaignId}/success` },
      redirect: "if_required",
    });
    setSubmitting(false);
    if (result.error) return onError(result.error.message ?? "Payment failed");
    onConfirmed();
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-5">
      <PaymentElement options={{ layout: "tabs" }} />
      <Button type="submit" variant="accent" size="lg" loading={submitting} disabled={!stripe}>
        Pay {formatCents(amountCents)}
      </Button>
    </form>
  );
}

/** Stripe's Payment Element; the webhook, not this form, makes the campaign live. */
export default function StripePaymentForm(props: Props) {
  const stripePromise = useMemo(() => {
    let promise = stripePromises.get(props.publishableKey);
    if (!promise) {
      promise = loadStripe(props.publishableKey);
      stripePromises.set(props.publishableKey, promise);
    }
    return promise;
  }, [props.publishableKey]);
  return (
    <Elements stripe={stripePromise} options={{ clientSecret: props.clientSecret, appearance: { theme: "stripe" } }}>
      <ConfirmForm {...props} />
    </Elements>
  );
}
