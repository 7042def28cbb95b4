import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOutbox } from "../mail/outbox";
import { inFreshClockWindow } from "../testing/clock-window";
import { startSmtpStandIn } from "../testing/smtp-stand-in";
import { createTestApp, type TestApp } from "../testing/test-app";
import { listContactMessages } from "./contact-messages";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const valid = {
  name: "Sam",
  email: "Sam@Example.com",
  type: "artist",
  subject: "Hello",
  message: "How do prizes work?",
};

describe("contact form", () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["name", { name: " " }, "Name is required"],
    ["email", { email: "" }, "Email is required"],
    ["email format", { email: "sam-at-example" }, "Please enter a valid email address"],
    ["subject", { subject: "" }, "Subject is required"],
    ["message", { message: "" }, "Message is required"],
    ["inquiry type", { type: "spam" }, "Please choose an inquiry type"],
    ["message with a NUL byte", { message: "hi\u0000" }, "Message contains characters that are not allowed"],
    ["name with a NUL byte", { name: "Sam\u0000" }, "Name contains characters that are not allowed"],
    [
      "subject with a line break",
      { subject: "Hi\nBcc: x@example.com" },
      "Subject contains characters that are not allowed",
    ],
    ["message over 5,000 characters", { message: "m".repeat(5001) }, "Message must be at most 5,000 characters"],
  ];
  for (const [name, overrides, message] of cases) {
    it(`refuses a missing or bad ${name}`, async () => {
      const response = await t.request("/api/contact", { method: "POST", json: { ...valid, ...overrides } });
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe(message);
    });
  }

  it("stores a valid message and confirms it to the sender", async () => {
    const response = await t.request("/api/contact", { method: "POST", json: valid });
    expect(response.status).toBe(201);
    const { id, confirmation_emailed } = await response.json();
    // The dev outbox keeps the confirmation for admins: the sender is not told it was emailed.
    expect(confirmation_emailed).toBe(false);
    const [stored] = await listContactMessages(t.database.db);
    expect(stored).toMatchObject({ id, name: "Sam", email: "sam@example.com", type: "artist", subject: "Hello" });
    const [mail] = await listOutbox(t.database.db, "sam@example.com");
    expect(mail?.subject).toBe("We received your message");
  });

  it("tells the sender a confirmation was emailed when a mail server is configured", async () => {
    const smtp = await startSmtpStandIn();
    const withMail = await createTestApp({ env: { SMTP_URL: `smtp://mailer:secret@127.0.0.1:${smtp.port}` } });
    try {
      const response = await withMail.request("/api/contact", { method: "POST", json: valid });
      expect(response.status).toBe(201);
      expect((await response.json()).confirmation_emailed).toBe(true);
    } finally {
      await withMail.close();
      await smtp.close();
    }
  });

  it("confirms without quoting anything the sender wrote, a few times a day per address at most", async () => {
    const target = "someone-else@example.com";
    const spam = {
      ...valid,
      email: target,
      name: "Win $$$ at spam.example",
      subject: "Cheap pills",
      message: "Visit spam.example now",
    };
    await inFreshClockWindow(24 * 60 * 60_000);
    for (let sent = 0; sent < 5; sent++) {
      expect((await t.request("/api/contact", { method: "POST", json: spam })).status).toBe(201);
    }
    const mails = await listOutbox(t.database.db, target);
    expect(mails).toHaveLength(3);
    for (const mail of mails) {
      expect(mail.subject).toBe("We received your message");
      expect(`${mail.subject} ${mail.text}`).not.toMatch(/spam|pills|\$\$\$/i);
      expect(mail.text).toContain("Artist support");
    }
    expect((await listContactMessages(t.database.db)).filter((message) => message.email === target)).toHaveLength(5);
  });

  it("limits one address to 5 messages an hour", async () => {
    const ip = "198.51.100.9";
    await inFreshClockWindow(60 * 60_000);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await t.request("/api/contact", { method: "POST", json: valid, ip })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await t.request("/api/contact", { method: "POST", json: valid, ip: "198.51.100.10" })).status).toBe(201);
  });
});
