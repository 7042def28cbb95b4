import { CheckCircle2, CloudOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { contactApi } from "../../core/api/contact";
import { contactMessageSchema, inquiryTypes } from "../../core/contact-rules";
import { publicPageMeta } from "../../core/page-meta";
import { ContactHelp } from "../components/contact/contact-help";
import { PageHero } from "../components/marketing/page-hero";
import { ErrorAlert } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { Field, Select } from "../components/ui/field";
import { TextAreaField, TextField } from "../components/ui/text-field";
import { ApiError } from "../lib/api";
import { isOffline, offlineQueue } from "../lib/offline-queue";
import { usePublicPageMeta } from "../lib/page-meta";
import { useApiMutation } from "../lib/use-api";
import { useZodForm } from "../lib/use-zod-form";

const emptyForm = { name: "", email: "", type: "general", subject: "", message: "" };

export default function ContactPage() {
  usePublicPageMeta(publicPageMeta["/contact"]);
  const form = useZodForm({ schema: contactMessageSchema, initial: emptyForm });
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ to: string; emailed: boolean } | null>(null);
  const [queuedFor, setQueuedFor] = useState<string | null>(null);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const send = useApiMutation(contactApi.send, { idempotent: true });

  // The form is replaced by the confirmation: move focus there so keyboard and screen-reader users are not lost.
  useEffect(() => {
    if (sent) confirmationRef.current?.focus();
  }, [sent]);

  const submit = form.onSubmit(async () => {
    setServerError(null);
    const message = form.validate();
    if (!message) return;
    if (isOffline()) {
      // Sent, once, when the connection is back (the offline banner says so).
      offlineQueue.add({ label: "Contact message", path: contactApi.send.path, body: message });
      setQueuedFor(message.email);
      form.setValues(emptyForm);
      return;
    }
    try {
      const answer = await send.mutateAsync({ body: message });
      setSent({ to: message.email, emailed: answer.confirmation_emailed });
      form.setValues(emptyForm);
    } catch (error) {
      form.showServerErrors(error);
      setServerError(
        error instanceof ApiError && error.status !== 0
          ? error.message
          : "We couldn't reach FanBoost. Check your connection and try again.",
      );
    }
  });

  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Talk to the FanBoost team"
        lead="Questions about a campaign, a payout, your account or a partnership: send us a message and we'll answer by email."
      />
      <section
        className="container-page grid gap-8 py-14 lg:grid-cols-[1.5fr_1fr] lg:items-start"
        aria-label="Contact form"
      >
        <Card>
          <CardBody>
            {sent ? (
              <div role="status" className="flex flex-col items-start gap-4 py-6">
                <CheckCircle2 className="h-10 w-10 text-emerald-600" aria-hidden />
                <h2
                  ref={confirmationRef}
                  tabIndex={-1}
                  className="text-2xl font-bold text-slate-900 focus:outline-none"
                >
                  Message sent!
                </h2>
                <p className="text-slate-600">
                  {sent.emailed
                    ? `Thanks for writing. We've emailed a confirmation to ${sent.to} and will reply within 1-2 business days.`
                    : `Thanks for writing. We'll reply to ${sent.to} within 1-2 business days.`}
                </p>
                <Button variant="secondary" onClick={() => setSent(null)}>
                  Send another message
                </Button>
              </div>
            ) : queuedFor ? (
              <div role="status" className="flex flex-col items-start gap-4 py-6">
                <CloudOff className="h-10 w-10 text-slate-500" aria-hidden />
                <h2 className="text-2xl font-bold text-slate-900">Message queued</h2>
                <p className="text-slate-600">
                  You are offline. Your message is kept in this browser and will be sent as soon as you are back online;
                  we'll then reply to {queuedFor}.
                </p>
                <Button variant="secondary" onClick={() => setQueuedFor(null)}>
                  Send another message
                </Button>
              </div>
            ) : (
              <form ref={form.formRef} onSubmit={submit} noValidate className="flex flex-col gap-5">
                <h2 className="text-xl font-bold text-slate-900">Send a message</h2>
                {serverError ? <ErrorAlert onDismiss={() => setServerError(null)}>{serverError}</ErrorAlert> : null}
                <div className="grid gap-5 sm:grid-cols-2">
                  <TextField label="Name" autoComplete="name" {...form.field("name")} />
                  <TextField label="Email" type="email" autoComplete="email" {...form.field("email")} />
                </div>
                <Field label="Inquiry type" error={form.errors.type}>
                  {(ids) => (
                    <Select
                      id={ids.id}
                      aria-describedby={ids.describedBy}
                      invalid={ids.invalid}
                      value={form.values.type}
                      onChange={(event) => form.set("type", event.target.value)}
                      options={inquiryTypes}
                    />
                  )}
                </Field>
                <TextField label="Subject" {...form.field("subject")} />
                <TextAreaField label="Message" rows={6} {...form.field("message")} />
                <div>
                  <Button type="submit" variant="accent" size="lg" loading={send.isPending}>
                    Send Message
                  </Button>
                </div>
              </form>
            )}
          </CardBody>
        </Card>
        <ContactHelp />
      </section>
    </>
  );
}
