import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbedBoard, embedsApi } from "../../core/api/embeds";
import { signUp } from "../testing/accounts";
import { createDraft, createLiveCampaign, joinAs } from "../testing/campaigns";
import { okRoute } from "../testing/contract-call";
import { makeAdmin } from "../testing/payouts";
import { openStream } from "../testing/sse";
import { createTestApp, type TestApp } from "../testing/test-app";

const browserUa = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const click = (code: string, ip: string) => t.request(`/t/${code}`, { ip, headers: { "User-Agent": browserUa } });
const boardData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="board">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "") as EmbedBoard;

/** A live campaign with three promoters: two with counted clicks, one without. */
async function rankedCampaign(overrides: Record<string, unknown> = {}) {
  const artist = await signUp(t, "artist");
  const campaignId = await createLiveCampaign(t, artist, overrides);
  const codes: string[] = [];
  for (let index = 0; index < 3; index++) codes.push(await joinAs(t, await signUp(t, "promoter"), campaignId));
  const [first, second] = codes as [string, string];
  await click(first, "198.51.100.1");
  await click(first, "203.0.113.1");
  await click(second, "192.0.2.1");
  return { artist, campaignId, codes };
}

describe("embedded board", () => {
  it("shows a public campaign's real entrants, a medal only after a counted click, and may be framed by any site", async () => {
    const { campaignId } = await rankedCampaign({ title: `Night <b>Drive</b> & "Co"` });
    const page = await t.request(`/embed/campaigns/${campaignId}?theme=dark`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(page.headers.get("x-frame-options")).toBeNull();
    const html = await page.text();
    expect(html).toContain('<html lang="en" data-theme="dark">');
    expect(html).toContain("Night &lt;b&gt;Drive&lt;/b&gt; &amp; &quot;Co&quot;");
    expect(html).not.toContain("<b>Drive</b>");
    const board = boardData(html);
    expect(board.entries.map((entry) => [entry.rank, entry.clicks])).toEqual([
      [1, 2],
      [2, 1],
      [null, 0],
    ]);
    expect(board.promoters).toBe(3);
    expect(html.match(/class="rank m\d"/g)).toEqual(['class="rank m1"', 'class="rank m2"']);
    expect(html).toContain("Not ranked yet");
    expect(html).toContain(`href="${t.config.publicUrl}/campaigns/${campaignId}"`);
    expect(html).toContain('id="countdown" role="timer"');

    // Any site may load the embed's script; every other page stays unframeable, and its files this site's own.
    expect((await t.request("/embed.js")).headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    for (const path of ["/", `/campaigns/${campaignId}`, `/api/embed/campaigns/${campaignId}`, "/embedded"]) {
      const other = await t.request(path);
      expect(other.headers.get("x-frame-options")).toBe("DENY");
      expect(other.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(other.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    }
    // An unknown theme is the automatic one, not an error.
    expect(await (await t.request(`/embed/campaigns/${campaignId}?theme=neon`)).text()).toContain('data-theme="auto"');
  });

  it("shows nothing for a draft, a hidden or a cancelled campaign, whoever asks", async () => {
    const artist = await signUp(t, "artist");
    const admin = await signUp(t, "artist");
    await makeAdmin(t, admin);
    const draftId = await createDraft(t, artist);
    const hiddenId = await createLiveCampaign(t, artist);
    const cancelledId = await createLiveCampaign(t, artist);
    expect(
      (await t.request(`/api/admin/campaigns/${hiddenId}/hide`, { method: "POST", cookie: admin.cookie, json: {} }))
        .status,
    ).toBe(200);
    expect(
      (await t.request(`/api/admin/campaigns/${cancelledId}`, { method: "DELETE", cookie: admin.cookie })).status,
    ).toBe(200);
    for (const id of [draftId, hiddenId, cancelledId, "not-a-campaign", "00000000-0000-4000-8000-000000000000"]) {
      for (const cookie of [undefined, artist.cookie, admin.cookie]) {
        const page = await t.request(`/embed/campaigns/${id}`, { cookie });
        expect(page.status).toBe(404);
        expect(await page.text()).toContain('<main id="fb"></main>');
        expect((await t.request(`/api/embed/campaigns/${id}`, { cookie })).status).toBe(404);
        const stream = await t.request(`/api/embed/campaigns/${id}/stream`, { cookie });
        expect(stream.status).toBe(404);
        const url = encodeURIComponent(`${t.config.publicUrl}/campaigns/${id}`);
        expect((await t.request(`/api/oembed?url=${url}`, { cookie })).status).toBe(404);
      }
    }
  });

  it("streams the board again after a counted click", async () => {
    const { campaignId, codes } = await rankedCampaign();
    const events = await openStream(t, embedsApi.boardStream, { params: { id: campaignId } });
    expect(events.status).toBe(200);
    expect((await events.next(2000))?.entries[0]?.clicks).toBe(2);
    await click(codes[2] as string, "198.51.100.77");
    await click(codes[2] as string, "203.0.113.77");
    await click(codes[2] as string, "192.0.2.77");
    const moved = await events.nextWhere((board) => board.entries[0]?.clicks === 3, 3000);
    expect(moved?.entries[0]?.clicks).toBe(3);
    await events.cancel();
    const board = await okRoute(t, embedsApi.board, { params: { id: campaignId } });
    expect(board.entries.map((entry) => entry.rank)).toEqual([1, 2, 3]);
  });

  it("streams the result as soon as the scheduler decides it, and again when its review is over", async () => {
    const { campaignId } = await rankedCampaign();
    const events = await openStream(t, embedsApi.boardStream, { params: { id: campaignId } });
    expect((await events.next(2000))?.result).toBeNull();
    await t.database.db.execute(
      sql`update campaigns set ends_at = now() - interval '1 second' where id = ${campaignId}`,
    );
    const finalize = t.app.jobs.find((job) => job.name === "finalize-ended-campaigns");
    await finalize?.run();
    const ended = await events.nextWhere((board) => board.result !== null, 3000);
    expect(ended?.result?.state).toBe("provisional");
    expect(ended?.result?.winners.map((winner) => winner.amount_cents)).toEqual([ended?.campaign.prize_cents]);
    // And again when the review ends: the winner is then verified before the prize is paid.
    await t.database.db.execute(
      sql`update campaigns set review_until = now() - interval '1 second' where id = ${campaignId}`,
    );
    await t.app.jobs.find((job) => job.name === "announce-final-results")?.run();
    const verifying = await events.nextWhere((board) => board.result?.state === "verifying", 3000);
    await events.cancel();
    expect(verifying?.result?.state).toBe("verifying");
  });
});

describe("oEmbed", () => {
  it("answers a public campaign's link with its board's frame, within the consumer's size", async () => {
    const { campaignId } = await rankedCampaign({ title: "Paper Planes" });
    const url = `${t.config.publicUrl}/campaigns/${campaignId}`;
    const answer = await t.request(`/api/oembed?url=${encodeURIComponent(url)}&format=json&maxwidth=320`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    const body = await answer.json();
    expect(body).toMatchObject({ version: "1.0", type: "rich", title: "Paper Planes", provider_name: "FanBoost" });
    expect(body.width).toBe(320);
    expect(body.html).toContain(`src="${t.config.publicUrl}/embed/campaigns/${campaignId}"`);
    expect(body.html).toContain('width="320"');
    // The embed page's own address, with a trailing slash, is the same campaign.
    const embedUrl = encodeURIComponent(`${t.config.publicUrl}/embed/campaigns/${campaignId}/`);
    expect((await t.request(`/api/oembed?url=${embedUrl}`)).status).toBe(200);
  });

  it("refuses what it cannot answer with a clear message", async () => {
    const { campaignId } = await rankedCampaign();
    const url = encodeURIComponent(`${t.config.publicUrl}/campaigns/${campaignId}`);
    const cases: Array<[string, number, string]> = [
      ["/api/oembed", 400, "Give the address of a FanBoost campaign page in url"],
      [`/api/oembed?url=${url}&format=xml`, 501, "Only format=json is offered"],
      [
        `/api/oembed?url=${url}&maxwidth=wide`,
        400,
        "maxwidth and maxheight must be whole numbers of pixels, at least 1",
      ],
      [`/api/oembed?url=${url}&maxheight=0`, 400, "maxwidth and maxheight must be whole numbers of pixels, at least 1"],
      [
        `/api/oembed?url=${encodeURIComponent(`https://elsewhere.example/campaigns/${campaignId}`)}`,
        404,
        "No public campaign has that address",
      ],
      [`/api/oembed?url=not%20a%20url`, 404, "No public campaign has that address"],
    ];
    for (const [path, status, message] of cases) {
      const answer = await t.request(path);
      expect(answer.status, path).toBe(status);
      expect((await answer.json()).error.message).toBe(message);
    }
  });
});
