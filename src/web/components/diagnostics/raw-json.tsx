import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "../ui/button";

/** The Copy JSON button of SPEC.md's diagnostics pages: 'Copied!' for 2 s. */
export function CopyJsonButton({ json, label = "Copy JSON" }: { json: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(json).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <Button size="sm" variant="secondary" onClick={copy}>
      {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
      {copied ? "Copied!" : label}
    </Button>
  );
}

/**
 * A raw answer as the pages show it, scrolling inside its box rather than widening the page; a named region that
 * takes focus, so a keyboard can scroll it.
 */
export function RawJson({ json, label }: { json: string; label: string }) {
  return (
    <section aria-label={label} className="min-w-0">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard to scroll it. */}
      <pre tabIndex={0} className="max-h-72 overflow-auto rounded-xl bg-slate-900 p-3 text-xs text-slate-100">
        {json}
      </pre>
    </section>
  );
}
