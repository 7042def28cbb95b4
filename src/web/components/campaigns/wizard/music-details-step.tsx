import { genres } from "../../../../core/genres";
import { Field, Select } from "../../ui/field";
import { TextAreaField, TextField } from "../../ui/text-field";
import type { WizardForm } from "./wizard-form";

/** Step 1: the song. */
export function MusicDetailsStep({ form }: { form: WizardForm }) {
  return (
    <>
      <TextField label="Song title" {...form.field("songTitle")} />
      <TextField label="Artist name" {...form.field("artistName")} />
      <TextField
        label="Song link"
        hint="A link to your song on Spotify, Apple Music, YouTube, SoundCloud, Bandcamp, Tidal, Deezer, Audiomack or Amazon Music."
        type="url"
        inputMode="url"
        placeholder="https://open.spotify.com/track/..."
        {...form.field("songLink")}
      />
      <Field label="Genre (optional)">
        {({ id }) => (
          <Select
            id={id}
            value={form.values.genre}
            onChange={(e) => form.set("genre", e.target.value)}
            options={genres}
          >
            <option value="">Choose a genre</option>
          </Select>
        )}
      </Field>
      <TextAreaField label="Description (optional)" maxLength={2000} {...form.field("description")} />
    </>
  );
}
