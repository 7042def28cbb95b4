import type { Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eligibilityMessages } from "../../core/eligibility";
import { serveApp } from "../serve-app";
import { signUp, type TestUser } from "../testing/accounts";
import { createLiveCampaign } from "../testing/campaigns";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app";

/**
 * `POST /api/campaigns/:id/join` as API clients sent it before eligibility existed: no body at all, however the
 * client frames that nothing. It is a join with no eligibility statement: the promoter's statement on file is used,
 * and without one the join is refused as one sent with `{}` is. Bodies that are there and wrong are still refused.
 * Over a real connection: only there can a request carry neither a length nor a chunked body.
 */

let t: TestApp;
let server: Server;
let campaignId: string;
beforeAll(async () => {
  t = await createTestApp();
  server = await serveApp(t.app, { port: 0, hostname: "127.0.0.1" });
  campaignId = await createLiveCampaign(t, await signUp(t, "artist"));
});
afterAll(async () => {
  if (server) await new Promise((resolve) => server.close(resolve));
  await t?.close();
});

/** Sends `head` lines and `body` byte for byte; the answer's status and JSON body. */
function post(promoter: TestUser, head: string[], body = "") {
  const port = (server.address() as AddressInfo).port;
  const request = [
    `POST /api/campaigns/${campaignId}/join HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    `Origin: ${TEST_ORIGIN}`,
    `Cookie: ${promoter.cookie}`,
    "Connection: close",
    ...head,
    "",
    body,
  ].join("\r\n");
  return new Promise<{ status: number; body: { error?: { message: string; fields?: Record<string, string> } } }>(
    (resolve, reject) => {
      let answer = "";
      const socket = connect(port, "127.0.0.1", () => socket.write(request));
      socket.on("data", (chunk) => {
        answer += chunk;
      });
      socket.on("error", reject);
      socket.on("close", () => {
        const text = answer.slice(answer.indexOf("\r\n\r\n") + 4);
        const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
        resolve({ status: Number(answer.split(" ")[1]), body: JSON.parse(json) });
      });
    },
  );
}

const noBodies: Record<string, { head: string[]; body?: string }> = {
  "neither length nor type": { head: [] },
  "a length of 0": { head: ["Content-Length: 0"] },
  "an empty chunked body": { head: ["Transfer-Encoding: chunked"], body: "0\r\n\r\n" },
  "JSON of length 0": { head: ["Content-Type: application/json", "Content-Length: 0"] },
  "empty chunked JSON": { head: ["Content-Type: application/json", "Transfer-Encoding: chunked"], body: "0\r\n\r\n" },
};

describe("a join with no body", () => {
  it("joins with the eligibility already stated, however the nothing is sent", async () => {
    for (const [name, request] of Object.entries(noBodies)) {
      const promoter = await signUp(t, "promoter");
      const joined = await post(promoter, request.head, request.body);
      expect({ name, status: joined.status }).toEqual({ name, status: 201 });
      const again = await post(promoter, request.head, request.body);
      expect({ name, status: again.status }).toEqual({ name, status: 200 });
    }
  });

  it("is refused without a statement on file, as an empty object is", async () => {
    for (const [name, request] of Object.entries({
      ...noBodies,
      "an empty object": { head: ["Content-Type: application/json", "Content-Length: 2"], body: "{}" },
    })) {
      const promoter = await signUp(t, "promoter", {}, { eligible: false });
      const refused = await post(promoter, request.head, request.body);
      expect({ name, status: refused.status, fields: refused.body.error?.fields }).toEqual({
        name,
        status: 403,
        fields: { eligibility: eligibilityMessages.needed },
      });
    }
  });

  it("still refuses a body that is there and wrong", async () => {
    const promoter = await signUp(t, "promoter");
    const text = await post(promoter, ["Content-Type: text/plain", "Content-Length: 2"], "hi");
    expect([text.status, text.body.error?.message]).toEqual([415, "Send the request body as JSON"]);
    const chunkedText = await post(promoter, ["Transfer-Encoding: chunked"], "2\r\nhi\r\n0\r\n\r\n");
    expect([chunkedText.status, chunkedText.body.error?.message]).toEqual([415, "Send the request body as JSON"]);
    const malformed = await post(promoter, ["Content-Type: application/json", "Content-Length: 2"], "{x");
    expect([malformed.status, malformed.body.error?.message]).toEqual([400, "Malformed JSON in request body"]);
    const blank = await post(promoter, ["Content-Type: application/json", "Content-Length: 1"], " ");
    expect(blank.status).toBe(400);
    const wrong = JSON.stringify({ eligibility: 5 });
    const typed = await post(promoter, ["Content-Type: application/json", `Content-Length: ${wrong.length}`], wrong);
    expect([typed.status, typed.body.error?.fields]).toEqual([400, { eligibility: expect.any(String) }]);
  });
});
