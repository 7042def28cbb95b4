import { describe, expect, it } from "vitest";
import type { EmbedBoard } from "./api/embeds";
import { embedBoardMarkup, embedTimeLeft } from "./embed-board";
import { embedCode, embedFrameCode } from "./embeds";

const now = Date.parse("2026-11-26T12:00:00Z");
const board = (changes: Partial<EmbedBoard> = {}): EmbedBoard => ({
  campaign: {
    id: "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f",
    title: "Paper Planes",
    artist_name: "Nova <Lights>",
    prize_cents: 25_050,
    status: "active",
    ends_at: "2026-11-28T13:30:05Z",
    cover: null,
    url: "https://fans.example/campaigns/6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f",
  },
  promoters: 3,
  entries: [
    { rank: 1, handle: "ana", clicks: 12, tied: true },
    { rank: 1, handle: "bo", clicks: 12, tied: true },
    { rank: null, handle: "cy", clicks: 0, tied: false },
  ],
  result: null,
  ...changes,
});

describe("embedded board markup", () => {
  it("gives medals to ranked promoters only, escapes what people typed, and counts down", () => {
    const html = embedBoardMarkup(board(), now);
    expect(html.match(/aria-label="First place"/g)).toHaveLength(2);
    expect(html).toContain("Not ranked yet");
    expect(html).toContain("by Nova &lt;Lights&gt;");
    expect(html).toContain("Tied for the prize");
    expect(html).toContain("Join and win $250.50");
    expect(embedTimeLeft(board(), now)).toBe("2d 1h 30m 5s");
    expect(html).toContain("Live leaderboard");
  });

  it("says when nobody joined, when clicks are paused, and who won once it ended", () => {
    expect(embedBoardMarkup(board({ entries: [] }), now)).toContain("No promoters yet. Be the first to join!");
    const paused = board();
    paused.campaign.status = "paused";
    expect(embedBoardMarkup(paused, now)).toContain("Paused: clicks don't count for now");
    const ended = board({
      result: { state: "provisional", winners: [{ handle: "ana", amount_cents: 12_525 }], not_eligible: [] },
    });
    const html = embedBoardMarkup(ended, now);
    expect(html).toContain("Results under review");
    expect(html).toContain("Winner · $125.25");
    expect(html).not.toContain("Tied for the prize");
    expect(embedTimeLeft(ended, now)).toBe("Ended");
    expect(
      embedBoardMarkup(board({ entries: [], result: { state: "final", winners: [], not_eligible: [] } }), now),
    ).toContain("No Winner");
  });

  it("notes a promoter the rules passed over, above the winner, instead of leaving them unexplained", () => {
    const html = embedBoardMarkup(
      board({
        entries: [
          { rank: null, handle: "ana", clicks: 12, tied: false },
          { rank: 1, handle: "bo", clicks: 9, tied: false },
        ],
        result: { state: "final", winners: [{ handle: "bo", amount_cents: 25_050 }], not_eligible: ["ana"] },
      }),
      now,
    );
    expect(html).toContain("@ana<small>Not eligible for this prize (official rules)</small>");
    expect(html).toContain('aria-label="First place">1</span><span class="who">@bo<small>Winner · $250.50');
  });

  it("writes embed code that escapes the title and names the theme only when one is chosen", () => {
    const campaign = { id: "abc", title: `"Loud" & <clear>` };
    expect(embedCode("https://fans.example", campaign, "auto")).toBe(
      `<div data-fanboost-campaign="abc"><a href="https://fans.example/campaigns/abc">&quot;Loud&quot; &amp; &lt;clear&gt; on FanBoost</a></div>\n<script async src="https://fans.example/embed.js"></script>`,
    );
    expect(embedCode("https://fans.example", campaign, "dark")).toContain('data-theme="dark"');
    expect(embedFrameCode("https://fans.example", campaign, "light")).toContain(
      'src="https://fans.example/embed/campaigns/abc?theme=light"',
    );
  });
});
