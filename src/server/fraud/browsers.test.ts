import { describe, expect, it } from "vitest";
import { agentClaim, inAppBrowserOf } from "./browsers";
import { isBotUserAgent } from "./click-signals";
import { honestBrowsers, inAppBrowserRequests, linkPreviewerAgents } from "./sample-requests";

const agentOf = (request: { headers: Record<string, string> }) => request.headers["User-Agent"] as string;

describe("who opened the link", () => {
  it("takes every app's in-app browser for a person, and names the app", () => {
    for (const request of inAppBrowserRequests) {
      expect(isBotUserAgent(agentOf(request)), request.name).toBe(false);
      expect(inAppBrowserOf(agentOf(request)), request.name).toBe(request.name);
    }
  });

  it("takes every chat and social app's link previewer for a preview, never a person", () => {
    for (const request of linkPreviewerAgents) expect(isBotUserAgent(agentOf(request)), request.name).toBe(true);
  });

  it("reads browsers' families, versions, engines and devices from their agents", () => {
    expect(honestBrowsers.map((request) => [request.name, agentClaim(agentOf(request))])).toEqual([
      [
        "Chrome on Windows",
        expect.objectContaining({ family: "Chrome", version: 156, engine: "Blink", device: "desktop" }),
      ],
      [
        "Chrome on Android",
        expect.objectContaining({ family: "Chrome", version: 156, engine: "Blink", device: "mobile" }),
      ],
      [
        "Safari on iPhone",
        expect.objectContaining({ family: "Safari", version: 19, engine: "WebKit", device: "mobile" }),
      ],
      [
        "Firefox on macOS",
        expect.objectContaining({ family: "Firefox", version: 146, engine: "Gecko", device: "desktop" }),
      ],
      [
        "Edge on Windows",
        expect.objectContaining({ family: "Edge", version: 156, engine: "Blink", device: "desktop" }),
      ],
    ]);
    for (const request of honestBrowsers) expect(isBotUserAgent(agentOf(request)), request.name).toBe(false);
    expect(agentClaim(agentOf(inAppBrowserRequests[1] as { headers: Record<string, string> }))).toMatchObject({
      inApp: "Facebook",
      webView: true,
    });
    // No agent at all claims nothing (the parser refuses an empty one).
    expect(agentClaim("")).toEqual({
      family: "Other",
      version: null,
      engine: "Other",
      device: "other",
      inApp: null,
      webView: false,
    });
  });
});
