import { useQuery } from "@tanstack/react-query";
import { Check, ChevronLeft, ChevronRight, Rocket } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { fieldErrors } from "../../core/auth-rules";
import { campaignMessages, musicDetailsSchema } from "../../core/campaign-rules";
import { genres } from "../../core/genres";
import {
  campaignDurations,
  DEFAULT_DURATION_DAYS,
  dollarsToCents,
  formatCents,
  MIN_PRIZE_CENTS,
  PLATFORM_FEE_PERCENT,
  platformFeeCents,
  prizePresets,
  totalChargeCents,
} from "../../core/money";
import { useAuthDialog } from "../components/auth/auth-dialog-context";
import { ErrorAlert } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { Field, Input, Select, Textarea } from "../components/ui/field";
import { ApiError, apiFetch } from "../lib/api";
import { cn } from "../lib/cn";
import { usePageMeta } from "../lib/page-meta";
import { useAccount } from "../lib/session";
import { toast } from "../lib/toast";

type Form = {
  songTitle: string;
  artistName: string;
  songLink: string;
  genre: string;
  description: string;
  prizeAmount: string;
  customAmount: string;
  duration: string;
};

const steps = ["Music Details", "Campaign Setup", "Launch Campaign"] as const;

/** The prize in cents, or an error message (SPEC.md section 5, step 2). */
function prizeCentsOf(form: Form): { cents: number } | { error: string } {
  if (!form.prizeAmount) return { error: campaignMessages.prizeRequired };
  if (form.prizeAmount !== "custom") return { cents: dollarsToCents(Number(form.prizeAmount)) };
  const dollars = Number(form.customAmount);
  if (!form.customAmount.trim() || !Number.isFinite(dollars) || dollarsToCents(dollars) < MIN_PRIZE_CENTS) {
    return { error: campaignMessages.customTooSmall };
  }
  return { cents: dollarsToCents(Math.floor(dollars)) };
}

export default function CreateCampaignPage() {
  usePageMeta("Start a campaign", "Fund a cash prize for your song and let fans compete to spread it.");
  const navigate = useNavigate();
  const { account } = useAccount();
  const { openAuth } = useAuthDialog();
  const [step, setStep] = useState(0);
  const settings = useQuery({
    queryKey: ["campaign-settings"],
    queryFn: () => apiFetch<{ songLinkHosts: string[] }>("/api/public/campaign-settings"),
    staleTime: Number.POSITIVE_INFINITY,
  });
  // The pricing page links here with ?prize=500 to start from that preset.
  const [params] = useSearchParams();
  const presetFromLink = prizePresets.find((preset) => String(preset.dollars) === params.get("prize"));
  const [form, setForm] = useState<Form>({
    songTitle: "",
    artistName: "",
    songLink: "",
    genre: "",
    description: "",
    prizeAmount: presetFromLink ? String(presetFromLink.dollars) : "",
    customAmount: "",
    duration: String(DEFAULT_DURATION_DAYS),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const set = (key: keyof Form, value: string) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  const validateStep = (index: number): boolean => {
    if (index === 0) {
      const parsed = musicDetailsSchema(settings.data?.songLinkHosts).safeParse({
        title: form.songTitle,
        artist_name: form.artistName,
        song_link: form.songLink,
      });
      if (!parsed.success) {
        const raw = fieldErrors(parsed.error);
        setErrors({ songTitle: raw.title, artistName: raw.artist_name, songLink: raw.song_link } as Record<
          string,
          string
        >);
        return false;
      }
    }
    if (index === 1) {
      const prize = prizeCentsOf(form);
      if ("error" in prize) {
        setErrors({ [form.prizeAmount === "custom" ? "customAmount" : "prizeAmount"]: prize.error });
        return false;
      }
    }
    setErrors({});
    return true;
  };

  const prize = prizeCentsOf(form);
  const prizeCents = "cents" in prize ? prize.cents : 0;
  const durationLabel = campaignDurations.find((duration) => String(duration.days) === form.duration)?.label;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (step < steps.length - 1) {
      if (validateStep(step)) setStep(step + 1);
      return;
    }
    if (!validateStep(0)) return setStep(0);
    if (!validateStep(1)) return setStep(1);
    if (!account) {
      openAuth({ mode: "signup", userType: "artist" });
      return;
    }
    setSubmitting(true);
    setBanner(undefined);
    try {
      const { campaign } = await apiFetch<{ campaign: { id: string } }>("/api/campaigns", {
        method: "POST",
        json: {
          title: form.songTitle,
          artist_name: form.artistName,
          song_link: form.songLink.trim(),
          genre: form.genre || null,
          description: form.description || null,
          prize_cents: prizeCents,
          duration_days: Number(form.duration),
        },
      });
      toast.success("Campaign created successfully!");
      window.dispatchEvent(new CustomEvent("campaignCreated", { detail: { id: campaign.id } }));
      setTimeout(() => navigate(`/campaigns/${campaign.id}/fund`), 1500);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        const fields = error.fields;
        setErrors({ songTitle: fields.title, artistName: fields.artist_name, songLink: fields.song_link } as Record<
          string,
          string
        >);
      }
      setBanner(error instanceof Error && error.message ? error.message : "Failed to create campaign");
      setSubmitting(false);
    }
  };

  return (
    <section className="container-page max-w-3xl py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">Launch a music campaign</h1>
      <p className="mt-2 text-slate-600">
        Set a prize for your song. Fans compete on verified clicks; the top promoter wins it when the timer ends.
      </p>

      <ol className="mt-8 grid grid-cols-3 gap-2" aria-label="Steps">
        {steps.map((label, index) => (
          <li key={label} aria-current={index === step ? "step" : undefined} className="flex flex-col gap-2">
            <span
              className={cn(
                "h-1.5 rounded-full",
                index <= step ? "bg-gradient-to-r from-brand-600 to-accent-600" : "bg-slate-200",
              )}
            />
            <span
              className={cn("text-xs font-semibold sm:text-sm", index === step ? "text-brand-800" : "text-slate-500")}
            >
              {index + 1}. {label}
            </span>
          </li>
        ))}
      </ol>

      {banner ? (
        <ErrorAlert className="mt-6" title="Failed to create campaign" onDismiss={() => setBanner(undefined)}>
          {banner}
        </ErrorAlert>
      ) : null}

      <Card className="mt-6">
        <CardBody>
          <form onSubmit={submit} noValidate className="flex flex-col gap-5">
            <h2 className="text-xl font-bold text-slate-900">{steps[step]}</h2>
            {step === 0 ? (
              <>
                <Field label="Song title" error={errors.songTitle}>
                  {({ id, describedBy, invalid }) => (
                    <Input
                      id={id}
                      aria-describedby={describedBy}
                      invalid={invalid}
                      value={form.songTitle}
                      onChange={(e) => set("songTitle", e.target.value)}
                    />
                  )}
                </Field>
                <Field label="Artist name" error={errors.artistName}>
                  {({ id, describedBy, invalid }) => (
                    <Input
                      id={id}
                      aria-describedby={describedBy}
                      invalid={invalid}
                      value={form.artistName}
                      onChange={(e) => set("artistName", e.target.value)}
                    />
                  )}
                </Field>
                <Field
                  label="Song link"
                  error={errors.songLink}
                  hint="A link to your song on Spotify, Apple Music, YouTube, SoundCloud, Bandcamp, Tidal, Deezer, Audiomack or Amazon Music."
                >
                  {({ id, describedBy, invalid }) => (
                    <Input
                      id={id}
                      type="url"
                      inputMode="url"
                      placeholder="https://open.spotify.com/track/..."
                      aria-describedby={describedBy}
                      invalid={invalid}
                      value={form.songLink}
                      onChange={(e) => set("songLink", e.target.value)}
                    />
                  )}
                </Field>
                <Field label="Genre (optional)">
                  {({ id }) => (
                    <Select id={id} value={form.genre} onChange={(e) => set("genre", e.target.value)}>
                      <option value="">Choose a genre</option>
                      {genres.map((genre) => (
                        <option key={genre.value} value={genre.value}>
                          {genre.label}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                <Field label="Description (optional)">
                  {({ id }) => (
                    <Textarea
                      id={id}
                      value={form.description}
                      maxLength={2000}
                      onChange={(e) => set("description", e.target.value)}
                    />
                  )}
                </Field>
              </>
            ) : null}

            {step === 1 ? (
              <>
                <fieldset>
                  <legend className="text-sm font-medium text-slate-800">Prize for the winner</legend>
                  <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
                    {[
                      ...prizePresets.map((preset) => ({
                        value: String(preset.dollars),
                        title: formatCents(preset.dollars * 100),
                        label: preset.label,
                      })),
                      { value: "custom", title: "Custom", label: "Your amount" },
                    ].map((option) => (
                      <label
                        key={option.value}
                        className={cn(
                          "flex cursor-pointer flex-col rounded-xl p-3 ring-1 transition has-focus-visible:ring-2 has-focus-visible:ring-brand-600",
                          form.prizeAmount === option.value
                            ? "bg-brand-50 ring-2 ring-brand-600"
                            : "bg-white ring-slate-200 hover:ring-slate-300",
                        )}
                      >
                        <input
                          type="radio"
                          name="prizeAmount"
                          value={option.value}
                          checked={form.prizeAmount === option.value}
                          onChange={() => set("prizeAmount", option.value)}
                          className="sr-only"
                        />
                        <span className="text-lg font-bold text-slate-900">{option.title}</span>
                        <span className="text-xs text-slate-600">{option.label}</span>
                      </label>
                    ))}
                  </div>
                  {errors.prizeAmount ? (
                    <p className="mt-2 text-sm text-red-700" role="alert">
                      {errors.prizeAmount}
                    </p>
                  ) : null}
                </fieldset>
                {form.prizeAmount === "custom" ? (
                  <Field label="Custom amount (USD)" error={errors.customAmount}>
                    {({ id, describedBy, invalid }) => (
                      <Input
                        id={id}
                        type="number"
                        min={10}
                        step={1}
                        inputMode="numeric"
                        aria-describedby={describedBy}
                        invalid={invalid}
                        value={form.customAmount}
                        onChange={(e) => set("customAmount", e.target.value)}
                      />
                    )}
                  </Field>
                ) : null}
                <Field label="Duration">
                  {({ id }) => (
                    <Select id={id} value={form.duration} onChange={(e) => set("duration", e.target.value)}>
                      {campaignDurations.map((duration) => (
                        <option key={duration.days} value={duration.days}>
                          {duration.label}
                          {duration.days === DEFAULT_DURATION_DAYS ? " (recommended)" : ""}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
              </>
            ) : null}

            {step === 2 ? (
              <dl className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
                {[
                  ["Song", form.songTitle],
                  ["Artist", form.artistName],
                  ["Song link", form.songLink],
                  ["Genre", genres.find((genre) => genre.value === form.genre)?.label ?? "Not specified"],
                  ["Duration", durationLabel ?? `${form.duration} days`],
                  ["Prize pool (paid to the winner)", formatCents(prizeCents)],
                  [`Platform fee (${PLATFORM_FEE_PERCENT}%)`, formatCents(platformFeeCents(prizeCents))],
                ].map(([label, value]) => (
                  <div key={label} className="flex items-start justify-between gap-4 px-4 py-3 text-sm">
                    <dt className="text-slate-600">{label}</dt>
                    <dd className="max-w-[60%] truncate text-right font-medium text-slate-900">{value}</dd>
                  </div>
                ))}
                <div className="flex items-center justify-between gap-4 bg-slate-50 px-4 py-3">
                  <dt className="font-semibold text-slate-900">Total cost</dt>
                  <dd className="text-xl font-extrabold text-slate-900">{formatCents(totalChargeCents(prizeCents))}</dd>
                </div>
              </dl>
            ) : null}

            <div className="flex items-center justify-between gap-3 pt-2">
              <Button variant="secondary" onClick={() => setStep(step - 1)} disabled={step === 0 || submitting}>
                <ChevronLeft className="h-4 w-4" aria-hidden /> Previous
              </Button>
              {step < steps.length - 1 ? (
                <Button type="submit">
                  Continue <ChevronRight className="h-4 w-4" aria-hidden />
                </Button>
              ) : (
                <Button type="submit" variant="accent" loading={submitting}>
                  <Rocket className="h-4 w-4" aria-hidden /> Launch Campaign
                </Button>
              )}
            </div>
            {step === 2 ? (
              <p className="flex items-center gap-2 text-xs text-slate-500">
                <Check className="h-4 w-4 text-emerald-600" aria-hidden /> You pay on the next page. Your campaign goes
                live once the payment is confirmed.
              </p>
            ) : null}
          </form>
        </CardBody>
      </Card>
    </section>
  );
}
