import { Code2, ExternalLink } from "lucide-react";
import { useState } from "react";
import { type EmbedTheme, embedCode, embedFrameCode, embedPagePath } from "../../../core/embeds";
import { copyWithToast } from "../../lib/clipboard";
import { Button, buttonStyles } from "../ui/button";
import { Field, Select, Textarea } from "../ui/field";

const themeOptions: ReadonlyArray<{ value: EmbedTheme; label: string }> = [
  { value: "auto", label: "Match the visitor's system" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
];
const kinds = [
  { value: "script", label: "Script (sizes itself to the board)" },
  { value: "iframe", label: "Iframe only (for sites that take no scripts)" },
] as const;
type Kind = (typeof kinds)[number]["value"];

/** The code that puts the campaign's live leaderboard on the artist's own site, with its look and a preview. */
export function EmbedCode({ campaign }: { campaign: { id: string; title: string } }) {
  const [theme, setTheme] = useState<EmbedTheme>("auto");
  const [kind, setKind] = useState<Kind>("script");
  const origin = window.location.origin;
  const code = kind === "script" ? embedCode(origin, campaign, theme) : embedFrameCode(origin, campaign, theme);
  const copy = () =>
    copyWithToast(code, {
      copied: "Embed code copied to clipboard!",
      failed: "Failed to copy: select the code and copy it",
    });
  return (
    <section className="flex flex-col gap-3 border-t border-slate-200 pt-4" aria-labelledby="embed-heading">
      <div>
        <h3 id="embed-heading" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <Code2 className="h-4 w-4" aria-hidden /> Embed the live leaderboard
        </h3>
        <p className="text-sm text-slate-600">
          Paste this on your website to show the board, the countdown and a Join button. It updates as clicks come in.
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Look">
          {({ id }) => (
            <Select
              id={id}
              value={theme}
              options={themeOptions}
              onChange={(event) => setTheme(event.target.value as EmbedTheme)}
            />
          )}
        </Field>
        <Field label="Kind of code">
          {({ id }) => (
            <Select id={id} value={kind} options={kinds} onChange={(event) => setKind(event.target.value as Kind)} />
          )}
        </Field>
      </div>
      <Field label="Embed code">
        {({ id }) => (
          <Textarea
            id={id}
            readOnly
            value={code}
            className="font-mono text-xs"
            onFocus={(event) => event.target.select()}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={copy}>
          <Code2 className="h-4 w-4" aria-hidden /> Copy embed code
        </Button>
        <a
          href={embedPagePath(campaign.id, theme)}
          target="_blank"
          rel="noopener"
          className={buttonStyles("secondary", "sm")}
        >
          <ExternalLink className="h-4 w-4" aria-hidden /> Preview the board
        </a>
      </div>
    </section>
  );
}
