import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookiesFrom, signUp, uniqueEmail } from "../src/server/testing/accounts";
import { type Cluster, instanceNames, loopbackAddress, servedBy, startCluster } from "./cluster";

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(async () => {
  await cluster?.expectEachEmailSentOnce();
  await cluster?.stop();
});

describe("accounts across instances", () => {
  it("a sign-up and a sign-in on one instance are a session on the other", async () => {
    const artist = await signUp(cluster, "artist");
    await cluster.steerTo("app1");
    const signIn = await cluster.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: artist.email, password: artist.password },
    });
    expect(signIn.status).toBe(200);
    expect(servedBy(signIn)).toBe("app1");
    const cookie = cookiesFrom(signIn);

    const answeredBy = new Set<string | null>();
    for (let request = 0; request < 4; request++) {
      const me = await cluster.request("/api/me", { cookie });
      answeredBy.add(servedBy(me));
      expect(await me.json()).toMatchObject({ role: "artist", user: { email: artist.email, email_verified: true } });
    }
    expect([...answeredBy].sort()).toEqual([...instanceNames]);
  });

  it("an address gets 10 sign-in attempts a minute from both instances together, not from each", async () => {
    const ip = loopbackAddress();
    const answers: Array<{ status: number; by: string | null }> = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      // Another account each time, so the per-account hold (5 failures) does not answer first.
      const response = await cluster.request("/api/auth/sign-in/email", {
        method: "POST",
        ip,
        json: { email: uniqueEmail("guess"), password: "wrong password!" },
      });
      answers.push({ status: response.status, by: servedBy(response) });
    }
    expect(answers.map((answer) => answer.status)).toEqual([...Array(10).fill(401), 429, 429]);
    expect(new Set(answers.map((answer) => answer.by)).size).toBe(2);
  });
});
