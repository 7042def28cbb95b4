import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { campaignsApi } from "../../core/api/campaigns";
import { campaignDurations, DEFAULT_DURATION_DAYS, prizePresets } from "../../core/money";
import { useAuthDialog } from "../components/auth/auth-dialog-context";
import { AllowedCountriesField, allowedCountriesProblem } from "../components/campaigns/wizard/allowed-countries-field";
import { ArtistAccountNeeded } from "../components/campaigns/wizard/artist-account-needed";
import { ArtworkStep } from "../components/campaigns/wizard/artwork-step";
import { CampaignSetupStep } from "../components/campaigns/wizard/campaign-setup-step";
import { LaunchStep } from "../components/campaigns/wizard/launch-step";
import { MusicDetailsStep } from "../components/campaigns/wizard/music-details-step";
import { prizeCentsOf, useWizardForm, wizardSteps } from "../components/campaigns/wizard/wizard-form";
import { WizardButtons, WizardProgress } from "../components/campaigns/wizard/wizard-steps";
import { ErrorAlert } from "../components/ui/alert";
import { Card, CardBody } from "../components/ui/card";
import { ApiError } from "../lib/api";
import { usePageMeta } from "../lib/page-meta";
import { useAccount } from "../lib/session";
import { toast } from "../lib/toast";
import { useApi, useApiMutation } from "../lib/use-api";

const musicFields = ["title", "artist_name", "song_link", "genre", "description"];

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
  const [allowedCountries, setAllowedCountries] = useState<string[] | null>(null);
  const [countriesError, setCountriesError] = useState<string>();
  const create = useApiMutation(campaignsApi.create, { idempotent: true });

  const prize = prizeCentsOf(form.values);
  const prizeCents = "cents" in prize ? prize.cents : 0;

  const stepIsValid = (index: number): boolean => {
    if (index === 0) return form.validate() !== null;
    if (index === 1 && "error" in prize) {
      form.refuse({ [form.values.prizeAmount === "custom" ? "customAmount" : "prizeAmount"]: prize.error });
      return false;
    }
    if (index === 1) {
      setCountriesError(allowedCountriesProblem(allowedCountries));
      return allowedCountriesProblem(allowedCountries) === undefined;
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
          allowed_countries: allowedCountries,
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

      <WizardProgress step={step} />

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
            {step === 1 ? (
              <>
                <CampaignSetupStep form={form} />
                {settings.data ? (
                  <AllowedCountriesField
                    payoutCountries={settings.data.payoutCountries}
                    value={allowedCountries}
                    error={countriesError}
                    onChange={(next) => {
                      setAllowedCountries(next);
                      setCountriesError(undefined);
                    }}
                  />
                ) : null}
              </>
            ) : null}
            {step === 2 ? (
              <LaunchStep
                values={form.values}
                prizeCents={prizeCents}
                allowedCountries={allowedCountries}
                payoutCountries={settings.data?.payoutCountries}
              />
            ) : null}

            <WizardButtons step={step} submitting={submitting} onPrevious={() => setStep(step - 1)} />
          </form>
        </CardBody>
      </Card>
    </section>
  );
}
