import { Check, ChevronLeft, ChevronRight, Rocket } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { campaignsApi } from "../../core/api/campaigns";
import { campaignDurations, DEFAULT_DURATION_DAYS, prizePresets } from "../../core/money";
import { useAuthDialog } from "../components/auth/auth-dialog-context";
import { ArtworkPicker } from "../components/campaigns/artwork-picker";
import { CampaignCover, type CoverCampaign } from "../components/campaigns/campaign-cover";
import { CampaignSetupStep } from "../components/campaigns/wizard/campaign-setup-step";
import { LaunchStep } from "../components/campaigns/wizard/launch-step";
import { MusicDetailsStep } from "../components/campaigns/wizard/music-details-step";
import { prizeCentsOf, useWizardForm, wizardSteps } from "../components/campaigns/wizard/wizard-form";
import { ErrorAlert } from "../components/ui/alert";
import { Button, buttonStyles } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { ApiError } from "../lib/api";
import { cn } from "../lib/cn";
import { usePageMeta } from "../lib/page-meta";
import { signOutFromApp, useAccount } from "../lib/session";
import { toast } from "../lib/toast";
import { useApi, useApiMutation } from "../lib/use-api";

const musicFields = ["title", "artist_name", "song_link", "genre", "description"];

/** A promoter is told before filling anything in: campaigns come from artist accounts (the server refuses others). */
function ArtistAccountNeeded() {
  return (
    <section className="container-page max-w-3xl py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">Launch a music campaign</h1>
      <Card className="mt-6">
        <CardBody className="flex flex-col items-start gap-4">
          <h2 className="text-xl font-bold text-slate-900">Campaigns are created from an artist account</h2>
          <p className="text-slate-600">
            You're signed in as a promoter. To fund a prize for your own music, sign out and create an artist account
            (with another email address). As a promoter you can join live campaigns and compete for their prizes.
          </p>
          <div className="flex flex-wrap gap-2">
            <Link to="/join-campaign" className={buttonStyles("accent")}>
              Browse Campaigns
            </Link>
            <Link to="/auth/signout" state={signOutFromApp} className={buttonStyles("secondary")}>
              Sign Out
            </Link>
          </div>
        </CardBody>
      </Card>
    </section>
  );
}

/** The cover, on the first step: an upload needs the artist's account, so a visitor is asked to sign up first. */
function ArtworkStep({
  canUpload,
  onSignIn,
  cover,
  onChange,
}: {
  canUpload: boolean;
  onSignIn: () => void;
  cover: CoverCampaign;
  onChange: (key: string | null) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-slate-800">Cover artwork (optional)</legend>
      {canUpload ? (
        <ArtworkPicker campaign={cover} onChange={onChange} />
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="h-32 w-32 shrink-0 overflow-hidden rounded-xl ring-1 ring-slate-200">
            <CampaignCover campaign={cover} sizes="128px" className="h-full w-full" />
          </div>
          <p className="text-sm text-slate-600">
            Your cover is drawn from the title and genre.{" "}
            <button type="button" className="font-semibold text-brand-700 underline" onClick={onSignIn}>
              Sign up as an artist
            </button>{" "}
            to upload your own artwork.
          </p>
        </div>
      )}
    </fieldset>
  );
}

/** SPEC.md's create-campaign wizard: Music Details, Campaign Setup, Launch Campaign. */
export default function CreateCampaignPage() {
  usePageMeta("Start a campaign", "Fund a cash prize for your song and let fans compete to spread it.");
  const navigate = useNavigate();
  const { account } = useAccount();
  const { openAuth } = useAuthDialog();
  const [step, setStep] = useState(0);
  const settings = useApi(campaignsApi.settings, {}, { staleTime: Number.POSITIVE_INFINITY });
  // The pricing page links here with ?prize=500 or ?duration=14 to start from that preset or duration.
  const [params] = useSearchParams();
  const presetFromLink = prizePresets.find((preset) => String(preset.dollars) === params.get("prize"));
  const durationFromLink = campaignDurations.find((duration) => String(duration.days) === params.get("duration"));
  const form = useWizardForm(settings.data?.songLinkHosts, {
    prize: presetFromLink ? String(presetFromLink.dollars) : "",
    durationDays: durationFromLink?.days ?? DEFAULT_DURATION_DAYS,
  });
  const [banner, setBanner] = useState<string>();
  const [artworkKey, setArtworkKey] = useState<string | null>(null);
  const create = useApiMutation(campaignsApi.create, { idempotent: true });

  const prize = prizeCentsOf(form.values);
  const prizeCents = "cents" in prize ? prize.cents : 0;

  const stepIsValid = (index: number): boolean => {
    if (index === 0) return form.validate() !== null;
    if (index === 1 && "error" in prize) {
      form.refuse({ [form.values.prizeAmount === "custom" ? "customAmount" : "prizeAmount"]: prize.error });
      return false;
    }
    return true;
  };

  const submit = form.onSubmit(async () => {
    if (step < wizardSteps.length - 1) {
      if (stepIsValid(step)) setStep(step + 1);
      return;
    }
    if (!stepIsValid(0)) return setStep(0);
    if (!stepIsValid(1)) return setStep(1);
    if (!account) {
      openAuth({ mode: "signup", userType: "artist" });
      return;
    }
    setBanner(undefined);
    const { values } = form;
    try {
      const { campaign } = await create.mutateAsync({
        body: {
          title: values.songTitle,
          artist_name: values.artistName,
          song_link: values.songLink.trim(),
          genre: values.genre || null,
          description: values.description || null,
          prize_cents: prizeCents,
          duration_days: Number(values.duration),
          artwork_key: artworkKey,
        },
      });
      toast.success("Campaign created successfully!");
      window.dispatchEvent(new CustomEvent("campaignCreated", { detail: { id: campaign.id } }));
      setTimeout(() => navigate(`/campaigns/${campaign.id}/fund`), 1500);
    } catch (error) {
      form.showServerErrors(error);
      // The song's fields are on the first step: show them there.
      const fields = error instanceof ApiError ? Object.keys(error.fields ?? {}) : [];
      if (fields.some((field) => musicFields.includes(field))) setStep(0);
      setBanner(error instanceof Error && error.message ? error.message : "Failed to create campaign");
    }
  });

  const submitting = create.isPending || create.isSuccess;
  if (account && account.user.user_type !== "artist") return <ArtistAccountNeeded />;
  return (
    <section className="container-page max-w-3xl py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">Launch a music campaign</h1>
      <p className="mt-2 text-slate-600">
        Set a prize for your song. Fans compete on verified clicks; the top promoter wins it when the timer ends.
      </p>

      <ol className="mt-8 grid grid-cols-3 gap-2" aria-label="Steps">
        {wizardSteps.map((label, index) => (
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
          <form ref={form.formRef} onSubmit={submit} noValidate className="flex flex-col gap-5">
            <h2 className="text-xl font-bold text-slate-900">{wizardSteps[step]}</h2>
            {step === 0 ? (
              <>
                <MusicDetailsStep form={form} />
                <ArtworkStep
                  canUpload={account?.user.user_type === "artist"}
                  onSignIn={() => openAuth({ mode: "signup", userType: "artist" })}
                  cover={{
                    title: form.values.songTitle.trim() || "Your song",
                    artist_name: form.values.artistName.trim(),
                    genre: form.values.genre || null,
                    artwork_key: artworkKey,
                  }}
                  onChange={setArtworkKey}
                />
              </>
            ) : null}
            {step === 1 ? <CampaignSetupStep form={form} /> : null}
            {step === 2 ? <LaunchStep values={form.values} prizeCents={prizeCents} /> : null}

            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:items-center sm:justify-between">
              <Button variant="secondary" onClick={() => setStep(step - 1)} disabled={step === 0 || submitting}>
                <ChevronLeft className="h-4 w-4" aria-hidden /> Previous
              </Button>
              {step < wizardSteps.length - 1 ? (
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
