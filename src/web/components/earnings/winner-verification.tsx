import { CheckCircle2, Circle, ShieldCheck } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link } from "react-router";
import { type Candidacies, type Candidacy, payoutsApi } from "../../../core/api/payouts";
import {
  countryList,
  eligibilityProblems,
  minimumAge,
  minimumAgeByState,
  usStates,
  verificationMessages,
} from "../../../core/eligibility";
import { formatCents } from "../../../core/money";
import { ApiError } from "../../lib/api";
import { usePayoutAccount } from "../../lib/payouts";
import { toast } from "../../lib/toast";
import { useApi, useApiMutation } from "../../lib/use-api";
import { exclusionLabels, holdLabels } from "../../lib/vocabulary-labels";
import { countryOptions, stateOptions } from "../account/eligibility-form";
import { ErrorAlert } from "../ui/alert";
import { Button, buttonStyles } from "../ui/button";
import { Card, CardBody } from "../ui/card";
import { Field, Select } from "../ui/field";
import { CheckboxField, TextField } from "../ui/text-field";

type Problems = Partial<Record<"country" | "state" | "age_confirmed" | "legal_name" | "own_account", string>>;

/** The candidate's statement (PRODUCT.md Winner verification): where they live, their age and the account's owner. */
function VerificationForm({ candidacy, start }: { candidacy: Candidacy; start: Candidacies["residence"] }) {
  const [country, setCountry] = useState(start?.country ?? "");
  const [state, setState] = useState(start?.state ?? "");
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [legalName, setLegalName] = useState("");
  const [ownAccount, setOwnAccount] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [outcome, setOutcome] = useState<string | null>(null);
  const verify = useApiMutation(payoutsApi.verify, {
    invalidates: [payoutsApi.candidacies, payoutsApi.earnings],
    onSuccess: (result) => {
      if (result.outcome === "verified") toast.success(result.message);
      else setOutcome(result.message);
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      setProblems(fields);
      if (Object.keys(fields).length === 0) {
        setOutcome(error instanceof ApiError && error.status !== 0 ? error.message : "Could not verify. Try again.");
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const found: Problems = {
      ...eligibilityProblems({ country, state, ageConfirmed }),
      ...(legalName.trim() ? {} : { legal_name: verificationMessages.legalNameRequired }),
      ...(ownAccount ? {} : { own_account: verificationMessages.ownAccount }),
    };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    verify.mutate({
      params: { campaignId: candidacy.campaign_id },
      body: {
        country,
        state: country === "US" ? state : null,
        age_confirmed: true,
        legal_name: legalName.trim(),
        own_account: true,
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4"
      noValidate
      aria-label={`Verify for "${candidacy.campaign_title}"`}
    >
      <p className="text-sm text-slate-600">
        The campaign is open to people who live in {countryList(candidacy.allowed_countries)}. Tell us where you live
        now and the legal name your payout account is in. If you no longer qualify, the prize passes to the next
        eligible promoter.
      </p>
      <Field label="Country you live in now" error={problems.country}>
        {({ id, describedBy, invalid }) => (
          <Select
            id={id}
            aria-describedby={describedBy}
            invalid={invalid}
            value={country}
            autoComplete="country"
            options={countryOptions}
            onChange={(event) => {
              setCountry(event.target.value);
              setAgeConfirmed(false);
            }}
          >
            <option value="">Choose your country</option>
          </Select>
        )}
      </Field>
      {country === "US" ? (
        <Field
          label="State"
          error={problems.state}
          hint={`The age to win is ${Object.entries(minimumAgeByState)
            .map(([code, age]) => `${age} in ${usStates[code]}`)
            .join(", ")}, 18 elsewhere.`}
        >
          {({ id, describedBy, invalid }) => (
            <Select
              id={id}
              aria-describedby={describedBy}
              invalid={invalid}
              value={state}
              options={stateOptions}
              onChange={(event) => {
                setState(event.target.value);
                setAgeConfirmed(false);
              }}
            >
              <option value="">Choose your state</option>
            </Select>
          )}
        </Field>
      ) : null}
      <CheckboxField
        label={`I am at least ${minimumAge(country, state)} years old`}
        checked={ageConfirmed}
        error={problems.age_confirmed}
        onChange={(event) => setAgeConfirmed(event.target.checked)}
      />
      <TextField
        label="Your legal name"
        hint="As your payout account has it."
        autoComplete="name"
        maxLength={120}
        value={legalName}
        error={problems.legal_name}
        onChange={(event) => setLegalName(event.target.value)}
      />
      <CheckboxField
        label="My payout account is in my own name, in the country I live in"
        checked={ownAccount}
        error={problems.own_account}
        onChange={(event) => setOwnAccount(event.target.checked)}
      />
      {outcome ? <ErrorAlert title="Not verified">{outcome}</ErrorAlert> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={verify.isPending}>
          <ShieldCheck className="h-4 w-4" aria-hidden /> Verify
        </Button>
      </div>
    </form>
  );
}

function Step({ done, children }: { done: boolean; children: ReactNode }) {
  const Icon = done ? CheckCircle2 : Circle;
  return (
    <li className="flex items-start gap-2 text-sm">
      <Icon
        className={done ? "mt-0.5 h-4 w-4 shrink-0 text-emerald-600" : "mt-0.5 h-4 w-4 shrink-0 text-slate-400"}
        aria-hidden
      />
      <span className={done ? "text-slate-600" : "text-slate-900"}>{children}</span>
    </li>
  );
}

function CandidacyCard({ candidacy, data }: { candidacy: Candidacy; data: Candidacies }) {
  // The payout setup's popup refreshes the account's own status: the card follows it at once.
  const account = usePayoutAccount(true);
  const accountReady = account.data
    ? account.data.details_submitted && account.data.payouts_enabled
    : data.payout_account.ready;
  return (
    <Card className="ring-amber-200">
      <CardBody className="flex flex-col gap-4">
        <div>
          <p className="text-xs font-semibold tracking-wide text-amber-800 uppercase">Verifying the winner</p>
          <h2 className="text-lg font-bold text-slate-900">
            You're the top promoter of "{candidacy.campaign_title}": {formatCents(candidacy.amount_cents)}
          </h2>
          <p className="mt-1 text-sm text-slate-600">Every prize is verified before it is paid. What happens next:</p>
        </div>
        <ol className="flex flex-col gap-2">
          <Step done={candidacy.review_until === null}>
            {candidacy.review_until
              ? `The result is under review until ${new Date(candidacy.review_until).toLocaleString()}.`
              : "The review window is over."}
          </Step>
          <Step done={accountReady}>
            {accountReady
              ? "Your payout account is ready."
              : "Set up your payout account (Set Up Payouts on this page)."}
          </Step>
          <Step done={candidacy.verified}>
            {candidacy.verified ? "You verified your eligibility." : "Verify your eligibility below."}
          </Step>
          <Step done={candidacy.approved}>
            {candidacy.approved
              ? "FanBoost approved the result."
              : "FanBoost approves the result with its evidence; you hear from us when it has."}
          </Step>
        </ol>
        {candidacy.other_holds.length > 0 ? (
          <p className="text-sm text-amber-800">
            Also waiting: {candidacy.other_holds.map((hold) => holdLabels[hold]).join("; ")}.
          </p>
        ) : null}
        {candidacy.verified ? null : accountReady ? (
          <VerificationForm candidacy={candidacy} start={data.residence} />
        ) : (
          <p className="text-sm text-slate-700">{verificationMessages.accountNeeded}</p>
        )}
      </CardBody>
    </Card>
  );
}

/**
 * The promoter's prizes that wait for verification and approval (PRODUCT.md Winner verification), each with what
 * happens next and the verification form, and the prizes they were passed over for with why. Nothing when none.
 */
export function WinnerVerification() {
  const candidacies = useApi(payoutsApi.candidacies, {}, { refetchInterval: 30_000 });
  const data = candidacies.data;
  if (!data || (data.candidacies.length === 0 && data.passed_over.length === 0)) return null;
  return (
    <section aria-label="Prizes being verified" className="flex flex-col gap-4">
      {data.candidacies.map((candidacy) => (
        <CandidacyCard key={candidacy.payout_id} candidacy={candidacy} data={data} />
      ))}
      {data.passed_over.map((passed) => (
        <Card key={passed.campaign_id}>
          <CardBody className="flex flex-col gap-1 text-sm">
            <p className="font-semibold text-slate-900">
              "{passed.campaign_title}": {exclusionLabels[passed.reason]}
            </p>
            {passed.note ? <p className="text-slate-700">{passed.note}</p> : null}
            <p className="text-xs text-slate-500">
              The prize passed to the next eligible promoter on {new Date(passed.decided_at).toLocaleDateString()}. If
              you think this is a mistake, write to us through the Contact page.
            </p>
          </CardBody>
        </Card>
      ))}
    </section>
  );
}

/** The dashboard's pointer to the Earnings page while a prize of the promoter is being verified. */
export function VerifyingNotice() {
  const candidacies = useApi(payoutsApi.candidacies, {}, { refetchInterval: 30_000 });
  const waiting = candidacies.data?.candidacies ?? [];
  if (waiting.length === 0) return null;
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200">
      <ShieldCheck className="h-5 w-5 text-amber-700" aria-hidden />
      <p className="min-w-0 flex-1 text-sm text-amber-900">
        <span className="font-semibold">Verifying the winner:</span>{" "}
        {waiting
          .map((candidacy) => `"${candidacy.campaign_title}" (${formatCents(candidacy.amount_cents)})`)
          .join(", ")}
        . {waiting.some((candidacy) => !candidacy.verified) ? "Verify your eligibility" : "See where it stands"} on your
        Earnings page.
      </p>
      <Link to="/earnings" className={buttonStyles("secondary", "sm")}>
        Open Earnings
      </Link>
    </div>
  );
}
