import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { loadStaticAssets, writeCompressedForms } from "./static-assets";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A built app of one big script, one small one and an image. */
function builtApp() {
  const root = mkdtempSync(join(tmpdir(), "fanboost-assets-"));
  roots.push(root);
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "assets", "main.js"), "console.log('a script the build wrote');\n".repeat(40));
  writeFileSync(join(root, "assets", "tiny.js"), "1");
  writeFileSync(join(root, "icon.png"), Buffer.alloc(2_000, 7));
  return root;
}

const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString();

describe("the built app's compressed forms", () => {
  it("are written beside each compressible file by the build, and served from there", () => {
    const root = builtApp();
    expect(writeCompressedForms(root)).toBe(1);
    // The server reads the forms the build wrote: one it wrote as a marker is what it serves.
    writeFileSync(join(root, "assets", "main.js.br"), "written by the build");
    const assets = loadStaticAssets(root);
    expect([...assets.keys()].sort()).toEqual(["/assets/main.js", "/assets/tiny.js", "/icon.png"]);
    const main = assets.get("/assets/main.js");
    expect(text(main?.brotli)).toBe("written by the build");
    expect(text(gunzipSync(main?.gzip ?? new Uint8Array()))).toBe(text(main?.body));
    expect([assets.get("/assets/tiny.js")?.gzip, assets.get("/icon.png")?.brotli]).toEqual([undefined, undefined]);
  });

  it("are compressed at start-up when the build wrote none, or when one is older than its file", () => {
    const root = builtApp();
    expect(text(brotliDecompressSync(loadStaticAssets(root).get("/assets/main.js")?.brotli ?? new Uint8Array()))).toBe(
      text(loadStaticAssets(root).get("/assets/main.js")?.body),
    );
    writeCompressedForms(root);
    writeFileSync(join(root, "assets", "main.js.br"), "from an earlier build");
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(root, "assets", "main.js.br"), past, past);
    const main = loadStaticAssets(root).get("/assets/main.js");
    expect(text(brotliDecompressSync(main?.brotli ?? new Uint8Array()))).toBe(text(main?.body));
  });
});
