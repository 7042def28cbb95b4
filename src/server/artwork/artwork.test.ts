import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artworkApi, type SetArtworkBody } from "../../core/api/artwork";
import { campaignsApi } from "../../core/api/campaigns";
import { artworkMessages, MAX_ARTWORK_BYTES } from "../../core/artwork";
import { signUp, type TestUser } from "../testing/accounts";
import { createDraft, createLiveCampaign, validCampaignBody } from "../testing/campaigns";
import { bodyOf, callRoute, errorOf, okRoute } from "../testing/contract-call";
import { createTestApp, type TestApp } from "../testing/test-app";
import { databaseArtworkStore } from "./artwork-store";

let t: TestApp;
let artist: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  artist = await signUp(t, "artist");
});
afterAll(() => t?.close());

const image = (format: "png" | "jpeg" | "webp", width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 124, g: 58, b: 237 } } })
    .toFormat(format)
    .toBuffer();

/** Sends the bytes as the page does, with their declared type. */
const upload = (bytes: Uint8Array<ArrayBuffer>, cookie = artist.cookie, type = "image/png") =>
  callRoute(t, artworkApi.upload, { cookie, body: new Blob([bytes], { type }) });

async function uploadedKey(format: "png" | "jpeg" | "webp" = "png", width = 800): Promise<string> {
  const response = await upload(new Uint8Array(await image(format, width)), artist.cookie, `image/${format}`);
  return bodyOf(response, 201).artwork.key;
}

describe("artwork upload", () => {
  it("re-encodes a JPEG, PNG or WebP into square WebP sizes and a 1200×630 JPEG for unfurls", async () => {
    for (const format of ["png", "jpeg", "webp"] as const) {
      const key = await uploadedKey(format, 900 + ["png", "jpeg", "webp"].indexOf(format));
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      for (const [variant, type, width, height] of [
        ["320.webp", "image/webp", 320, 320],
        ["640.webp", "image/webp", 640, 640],
        ["1200.webp", "image/webp", 1200, 1200],
        ["og.jpg", "image/jpeg", 1200, 630],
      ] as const) {
        const served = await t.request(`/media/artwork/${key}/${variant}`);
        expect(served.status).toBe(200);
        expect(served.headers.get("content-type")).toBe(type);
        expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect([metadata.format, metadata.width, metadata.height]).toEqual([type.split("/")[1], width, height]);
      }
    }
  });

  it("answers a revalidation with 304 and an unknown image or size with 404", async () => {
    const key = await uploadedKey("png", 1000);
    const first = await t.request(`/media/artwork/${key}/640.webp`);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toBe(`"${key}-640.webp"`);
    expect((await t.request(`/media/artwork/${key}/640.webp`, { headers: { "If-None-Match": etag } })).status).toBe(
      304,
    );
    expect((await t.request(`/media/artwork/${key}/999.webp`)).status).toBe(404);
    expect((await t.request(`/media/artwork/${"0".repeat(32)}/640.webp`)).status).toBe(404);
    expect((await t.request("/media/artwork/../640.webp")).status).toBe(404);
  });

  it("refuses what is not an image, whatever its declared type, with a clear message", async () => {
    for (const body of [
      new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
      new TextEncoder().encode("GIF89a..."),
    ]) {
      const response = await upload(body);
      expect(response.status).toBe(400);
      expect(errorOf(response).message).toBe(artworkMessages.notAnImage);
    }
    const gif = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    const refused = await upload(new Uint8Array(gif), artist.cookie, "image/gif");
    expect(refused.status).toBe(400);
    expect(errorOf(refused).message).toBe(artworkMessages.notAnImage);
    const empty = await upload(new Uint8Array(0));
    expect(empty.status).toBe(400);
  });

  it("refuses an image with more pixels than it decodes, before decoding it", async () => {
    const huge = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const refused = await upload(new Uint8Array(huge));
    expect(refused.status).toBe(400);
    expect(errorOf(refused).message).toBe(artworkMessages.tooManyPixels);
  });

  it("refuses an image over 5 MB, and one too small to look sharp", async () => {
    const large = new Uint8Array(MAX_ARTWORK_BYTES + 1);
    large.set(await image("png"));
    const tooLarge = await upload(large);
    expect(tooLarge.status).toBe(413);
    expect(errorOf(tooLarge).message).toBe(artworkMessages.tooLarge);
    const small = await upload(new Uint8Array(await image("png", 200, 200)));
    expect(small.status).toBe(400);
    expect(errorOf(small).message).toBe(artworkMessages.tooSmall);
  });

  it("takes uploads from artists only", async () => {
    const promoter = await signUp(t, "promoter");
    expect((await upload(new Uint8Array(await image("png")), promoter.cookie)).status).toBe(403);
    expect((await upload(new Uint8Array(await image("png")), "")).status).toBe(401);
  });
});

describe("a campaign's artwork", () => {
  it("is set at creation, changed or removed by its artist only, and refused when the upload does not exist", async () => {
    const key = await uploadedKey("jpeg", 1100);
    const campaignId = await createDraft(t, artist, { artwork_key: key });
    const view = async (cookie = artist.cookie) =>
      (await okRoute(t, campaignsApi.detail, { params: { id: campaignId }, cookie })).campaign;
    expect((await view()).artwork_key).toBe(key);

    const unknown = await callRoute(t, campaignsApi.create, {
      cookie: artist.cookie,
      body: validCampaignBody({ artwork_key: "f".repeat(32) }),
    });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown).message).toBe(artworkMessages.notFound);

    const other = await signUp(t, "artist");
    const set = (body: SetArtworkBody, cookie = artist.cookie) =>
      callRoute(t, artworkApi.setForCampaign, { params: { id: campaignId }, cookie, body });
    expect((await set({ key: null }, other.cookie)).status).toBe(404);
    expect((await set({ key: "not-a-key" })).status).toBe(400);
    expect((await set({ key: null })).status).toBe(200);
    expect((await view()).artwork_key).toBeNull();
    const second = await uploadedKey("webp", 1200);
    expect((await set({ key: second })).status).toBe(200);
    expect((await view()).artwork_key).toBe(second);
  });

  it("draws a cover for a public campaign without artwork, as a PNG for unfurls; none for a draft", async () => {
    const live = await createLiveCampaign(t, artist, { title: "Drawn Cover" });
    const cover = await t.request(`/media/covers/${live}.png`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get("content-type")).toBe("image/png");
    expect(cover.headers.get("cache-control")).toBe("public, max-age=86400");
    const metadata = await sharp(Buffer.from(await cover.arrayBuffer())).metadata();
    expect([metadata.width, metadata.height]).toEqual([1200, 630]);

    const draftId = await createDraft(t, artist);
    expect((await t.request(`/media/covers/${draftId}.png`)).status).toBe(404);
    expect((await t.request("/media/covers/not-an-id.png")).status).toBe(404);
  });

  it("removes uploads no campaign uses once they are old, and keeps the ones in use", async () => {
    const store = databaseArtworkStore(t.database.db);
    const unused = await uploadedKey("png", 1300);
    const used = await uploadedKey("png", 1301);
    await createLiveCampaign(t, artist, { artwork_key: used });
    expect(await store.removeUnused(new Date(Date.now() - 60_000))).toBe(0);
    await store.removeUnused(new Date(Date.now() + 60_000));
    expect(await store.exists(unused)).toBe(false);
    expect(await store.exists(used)).toBe(true);

    // An image uploaded again is fresh again: a wizard that reuses yesterday's file keeps it.
    const again = await uploadedKey("png", 1302);
    await t.database.db.execute(
      sql`update artwork_files set created_at = now() - interval '2 days' where key = ${again}`,
    );
    expect(await uploadedKey("png", 1302)).toBe(again);
    await store.removeUnused(new Date(Date.now() - 60_000));
    expect(await store.exists(again)).toBe(true);
  });
});
