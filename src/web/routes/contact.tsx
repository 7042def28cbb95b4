import { CheckCircle2, Clock, Mail, MessageSquare } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { fieldErrors } from "../../core/auth-rules";
import { contactMessageSchema, type InquiryType, inquiryTypes } from "../../core/contact-rules";
import { publicPageMeta } from "../../core/page-meta";
import { PageHero } from "../components/marketing/page-hero";
import { ErrorAlert } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { Field, Input, Select, Textarea } from "../components/ui/field";
import { ApiError, apiFetch } from "../lib/api";
import { usePublicPageMeta } from "../lib/page-meta";

type Form = { name: string; email: string; type: InquiryType; subject: string; message: string };
const emptyForm: Form = { name: "", email: "", type: "general", subject: "", message: "" };

export default function ContactPage() {
  usePublicPageMeta(publicPageMeta["/contact"]);
  const [form, setForm] = useState<Form>(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // The form is replaced by the confirmation: move focus there so keyboard and screen-reader users are not lost.
  useEffect(() => {
    if (sentTo) confirmationRef.current?.focus();
  }, [sentTo]);

  const update = (key: keyof Form) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [key]: event.target.value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const parsed = contactMessageSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      // After the errors render, take the user to the first field that needs fixing.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    setSubmitting(true);
    try {
      await apiFetch("/api/contact", { method: "POST", json: parsed.data });
      setSentTo(parsed.data.email);
      setForm(emptyForm);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setServerError(
        error instanceof ApiError && error.status !== 0
          ? error.message
          : "We couldn't reach FanBoost. Check your connection and try again.",
      );
    } finally {
      setSubmitting(false);
    }
  };

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
            {sentTo ? (
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
                  Thanks for writing. We've emailed a confirmation to {sentTo} and will reply within 1-2 business days.
                </p>
                <Button variant="secondary" onClick={() => setSentTo(null)}>
                  Send another message
                </Button>
              </div>
            ) : (
              <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-5">
                <h2 className="text-xl font-bold text-slate-900">Send a message</h2>
                {serverError ? <ErrorAlert onDismiss={() => setServerError(null)}>{serverError}</ErrorAlert> : null}
                <div className="grid gap-5 sm:grid-cols-2">
                  <Field label="Name" error={errors.name}>
                    {(ids) => (
                      <Input
                        id={ids.id}
                        aria-describedby={ids.describedBy}
                        invalid={ids.invalid}
                        autoComplete="name"
                        value={form.name}
                        onChange={update("name")}
                      />
                    )}
                  </Field>
                  <Field label="Email" error={errors.email}>
                    {(ids) => (
                      <Input
                        id={ids.id}
                        aria-describedby={ids.describedBy}
                        invalid={ids.invalid}
                        type="email"
                        autoComplete="email"
                        value={form.email}
                        onChange={update("email")}
                      />
                    )}
                  </Field>
                </div>
                <Field label="Inquiry type" error={errors.type}>
                  {(ids) => (
                    <Select
                      id={ids.id}
                      aria-describedby={ids.describedBy}
                      invalid={ids.invalid}
                      value={form.type}
                      onChange={update("type")}
                    >
                      {inquiryTypes.map((type) => (
                        <option key={type.value} value={type.value}>
                          {type.label}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                <Field label="Subject" error={errors.subject}>
                  {(ids) => (
                    <Input
                      id={ids.id}
                      aria-describedby={ids.describedBy}
                      invalid={ids.invalid}
                      value={form.subject}
                      onChange={update("subject")}
                    />
                  )}
                </Field>
                <Field label="Message" error={errors.message}>
                  {(ids) => (
                    <Textarea
                      id={ids.id}
                      aria-describedby={ids.describedBy}
                      invalid={ids.invalid}
                      rows={6}
                      value={form.message}
                      onChange={update("message")}
                    />
                  )}
                </Field>
                <div>
                  <Button type="submit" variant="accent" size="lg" loading={submitting}>
                    Send Message
                  </Button>
                </div>
              </form>
            )}
          </CardBody>
        </Card>
        <aside className="flex flex-col gap-4" aria-label="Other ways to get help">
          {[
            {
              icon: Clock,
              title: "Response time",
              text: "We answer every message by email within 1-2 business days.",
            },
            {
              icon: MessageSquare,
              title: "Quick answers",
              text: "Fees, verified clicks, payouts and accounts are covered in the help center.",
              link: { to: "/help", label: "Open the help center" },
            },
            {
              icon: Mail,
              title: "Payouts and billing",
              text: "Choose Billing & payments as the inquiry type so your message reaches the right person first.",
            },
          ].map((tile) => (
            <div key={tile.title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                <tile.icon className="h-5 w-5 text-brand-600" aria-hidden /> {tile.title}
              </h3>
              <p className="mt-1 text-sm text-slate-600">{tile.text}</p>
              {tile.link ? (
                <Link to={tile.link.to} className="mt-2 inline-block text-sm font-semibold text-brand-700 underline">
                  {tile.link.label}
                </Link>
              ) : null}
            </div>
          ))}
        </aside>
      </section>
    </>
  );
}
