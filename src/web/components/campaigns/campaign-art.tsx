import { Music2 } from "lucide-react";

const palettes = [
  ["#7c3aed", "#db2777"],
  ["#2563eb", "#7c3aed"],
  ["#db2777", "#f97316"],
  ["#0d9488", "#2563eb"],
  ["#9333ea", "#f59e0b"],
  ["#be185d", "#4c1d95"],
];

function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) >>> 0;
  return value;
}

/** Cover art drawn from the campaign id: every campaign gets its own gradient, no image upload needed. */
export function CampaignArt({ id, title, artist }: { id: string; title: string; artist: string }) {
  const [from, to] = palettes[hash(id) % palettes.length] ?? ["#7c3aed", "#db2777"];
  const angle = hash(`${id}a`) % 360;
  return (
    <div
      role="img"
      aria-label={`Cover art for ${title} by ${artist}`}
      className="relative flex h-36 items-end overflow-hidden rounded-t-2xl p-4"
      style={{ background: `linear-gradient(${angle}deg, ${from}, ${to})` }}
    >
      <Music2 className="absolute -top-4 -right-4 h-32 w-32 text-white/15" aria-hidden />
      <div className="absolute inset-0 bg-gradient-to-t from-black/40 to-transparent" aria-hidden />
    </div>
  );
}
