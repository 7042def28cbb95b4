import { campaignMessages, musicDetailsSchema } from "../../../../core/campaign-rules";
import { amountMessages, dollarsToCents, MIN_PRIZE_CENTS } from "../../../../core/money";
import { useZodForm } from "../../../lib/use-zod-form";

/** SPEC.md's create form: songTitle, artistName, songLink, genre, prizeAmount (preset or 'custom'), ... */
export type WizardValues = {
  songTitle: string;
  artistName: string;
  songLink: string;
  genre: string;
  description: string;
  prizeAmount: string;
  customAmount: string;
  duration: string;
};

export const wizardSteps = ["Music Details", "Campaign Setup", "Launch Campaign"] as const;

/**
 * The wizard's form: step 1 is checked with the server's own music-details schema (`songLinkHosts` from the server,
 * once loaded); server field errors land on the fields they name.
 */
export function useWizardForm(
  songLinkHosts: readonly string[] | undefined,
  initial: { prize: string; durationDays: number },
) {
  return useZodForm({
    schema: musicDetailsSchema(songLinkHosts),
    initial: {
      songTitle: "",
      artistName: "",
      songLink: "",
      genre: "",
      description: "",
      prizeAmount: initial.prize,
      customAmount: "",
      duration: String(initial.durationDays),
    } satisfies WizardValues,
    toInput: (values) => ({ title: values.songTitle, artist_name: values.artistName, song_link: values.songLink }),
    fieldOf: {
      title: "songTitle",
      artist_name: "artistName",
      song_link: "songLink",
      description: "description",
      prize_cents: "prizeAmount",
      duration_days: "duration",
    },
  });
}

export type WizardForm = ReturnType<typeof useWizardForm>;

/**
 * The prize in cents, or SPEC.md's message for step 2: a missing or too small custom amount, or one that is not a whole
 * number of dollars (the field's step is 1).
 */
export function prizeCentsOf(values: WizardValues): { cents: number } | { error: string } {
  if (!values.prizeAmount) return { error: campaignMessages.prizeRequired };
  if (values.prizeAmount !== "custom") return { cents: dollarsToCents(Number(values.prizeAmount)) };
  const text = values.customAmount.trim();
  if (!text) return { error: campaignMessages.customTooSmall };
  const dollars = Number(text);
  if (!Number.isInteger(dollars)) return { error: amountMessages.invalid };
  if (dollarsToCents(dollars) < MIN_PRIZE_CENTS) return { error: campaignMessages.customTooSmall };
  return { cents: dollarsToCents(dollars) };
}
