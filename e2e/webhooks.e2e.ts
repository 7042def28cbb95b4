import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { signUpViaApi } from "./api";
import { journeys, screenshot, seriousViolations, visible } from "./fixtures";

// The artist's server below listens on loopback: a development set-up that opts in to local receivers.
const it = journeys({ env: { WEBHOOK_LOCAL_RECEIVERS: "true" } });

/** The artist's own server, on loopback: it records each request and answers `answer` (204, or 500 when broken). */
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
let answer = 204;
const receiver = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => {
    body += chunk;
  });
  request.on("end", () => {
    received.push({ headers: request.headers, body });
    response.writeHead(answer).end();
  });
});
beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve)));
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

describe("webhooks journey", () => {
  it("an artist adds an endpoint, sends a test event its server verifies, reads the log, replays, rotates, disables and deletes", async ({
    server,
    openPage,
  }) => {
    const { page, context } = await openPage("webhooks", {
      cookies: await signUpViaApi(server, "artist"),
      bypassCSP: true,
    });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/fanboost`;
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Webhooks" });
    await visible(page, "No endpoints yet.");
    await section.getByLabel("Endpoint URL").fill(url);
    await section.getByRole("button", { name: "Add Endpoint" }).click();
    await visible(page, "Choose at least one event");
    await section.getByLabel(/A promoter joins one of your campaigns/).check();
    await section.getByRole("button", { name: "Add Endpoint" }).click();
    await visible(page, "Endpoint added");

    await section.getByRole("button", { name: "Show Secret" }).click();
    await section.getByRole("button", { name: "Copy Secret" }).click();
    await visible(page, "Signing secret copied to clipboard");
    const secret = await page.evaluate(() => navigator.clipboard.readText());
    expect(secret).toMatch(/^whsec_/);

    await section.getByRole("button", { name: "Send Test Event" }).click();
    await visible(page, "Test event queued: it is sent within seconds");
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const [test] = received;
    const event = new Webhook(secret).verify(test?.body ?? "", (test?.headers ?? {}) as Record<string, string>);
    expect(event).toMatchObject({ type: "webhook.test" });

    await section.getByRole("button", { name: "Delivery Log" }).click();
    await expect
      .poll(() => section.getByText("delivered", { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await visible(page, "204 in");
    // The toasts fade in and out: axe reads the page once they are gone.
    await expect.poll(() => page.locator("[data-toast]").count(), { timeout: 15_000 }).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "settings-webhooks");
    await section.getByRole("button", { name: "Replay" }).click();
    await visible(page, "Replay queued: it is sent within seconds");
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
    expect(received[1]?.headers["webhook-id"]).toBe(test?.headers["webhook-id"]);

    await section.getByRole("button", { name: "Rotate Secret" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Rotate Secret" }).click();
    await visible(page, "New secret made: the old one still signs for 24 hours");

    // The artist's server breaks: after 15 failed deliveries in a row the endpoint is disabled, until enabled again.
    answer = 500;
    for (let event = 0; event < 15; event++) {
      await section.getByRole("button", { name: "Send Test Event" }).click();
      await expect.poll(() => section.getByRole("button", { name: "Send Test Event" }).isEnabled()).toBe(true);
    }
    await expect
      .poll(
        async () => {
          await page.reload();
          await section.getByText(url).waitFor();
          return section.getByText("Disabled", { exact: true }).isVisible();
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toBe(true);
    await visible(page, "15 failed deliveries in a row; the last: answered 500");
    await screenshot(page, "settings-webhook-disabled");
    answer = 204;
    await section.getByRole("button", { name: "Enable" }).click();
    await visible(page, "Endpoint enabled");
    await expect.poll(() => section.getByText("Active", { exact: true }).isVisible()).toBe(true);

    // Deleted with its delivery log open: the log closes with it and is not asked for again.
    await section.getByRole("button", { name: "Delivery Log" }).click();
    await visible(page, "webhook.test");
    const refused: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) refused.push(`${response.url()} answered ${response.status()}`);
    });
    page.on("console", (message) => {
      if (message.type() === "error") refused.push(message.text());
    });
    await section.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete Endpoint" }).click();
    await visible(page, "Endpoint deleted");
    await visible(page, "No endpoints yet.");
    expect(refused).toEqual([]);
  });
});
