import { ExternalLink, Play } from "lucide-react";
import { useState } from "react";
import { songEmbed, songServiceName } from "../../../core/song-embeds";
import { Button, buttonStyles } from "../ui/button";

/**
 * The song: the music service's player, loaded only when the visitor presses Play (no third-party request before
 * that), or a Listen button where the service offers no player for the link.
 */
export function SongPlayer({ songLink, title, artist }: { songLink: string; title: string; artist: string }) {
  const [playing, setPlaying] = useState(false);
  const embed = songEmbed(songLink);
  const service = songServiceName(songLink);
  const listen = (
    <a href={songLink} target="_blank" rel="noopener noreferrer" className={buttonStyles("secondary")}>
      <ExternalLink className="h-4 w-4" aria-hidden /> Listen{service ? ` on ${service}` : ""}
    </a>
  );
  if (!embed) return <div className="flex flex-wrap gap-3">{listen}</div>;
  if (!playing) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="accent" onClick={() => setPlaying(true)}>
          <Play className="h-4 w-4" aria-hidden /> Play
        </Button>
        {listen}
        <p className="basis-full text-xs text-slate-500">Play loads {embed.service}'s player on this page.</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <iframe
        src={embed.url}
        title={`${title} by ${artist} on ${embed.service}`}
        className={embed.video ? "aspect-video w-full rounded-xl" : "w-full rounded-xl"}
        style={embed.video ? undefined : { height: embed.height }}
        allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture"
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
      />
      <div>{listen}</div>
    </div>
  );
}
