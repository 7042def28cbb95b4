import { describe, expect, it } from "vitest";
import { campaignEndedMail, winnerMail } from "../../payouts/payout-mail";
import { composeEmail } from "./email-layout";

describe("emails from the layout", () => {
  it("escapes every user-supplied value in the HTML part", async () => {
    const title = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
    const mail = await winnerMail({
      to: "fan@example.com",
      title,
      artistName: `<b>Band</b> & "Friends"`,
      share: { handle: "<i>fan</i>", clicks: 3, amountCents: 250_00 },
      winnerCount: 1,
      publicUrl: "https://fanboost.example",
      emailVerified: true,
    });
    expect(mail.html).toBeDefined();
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).not.toContain("<b>Band</b>");
    expect(mail.html).not.toContain("<i>fan</i>");
    expect(mail.html).toContain("&lt;script&gt;");
    // The text part is text: the values as written.
    expect(mail.text).toContain(title);
  });

  it("gives a plain-text part with the action's link on its own line, and an HTML part with its button", async () => {
    const mail = await composeEmail({
      to: "someone@example.com",
      subject: "Subject",
      preview: "Preview",
      heading: "Heading",
      paragraphs: ["First paragraph."],
      list: ["One", "Two"],
      action: { label: "Open it", url: "https://fanboost.example/earnings?x=1&y=2" },
    });
    expect(mail.text).toContain(
      "First paragraph.\n\n- One\n- Two\n\nOpen it:\nhttps://fanboost.example/earnings?x=1&y=2\n",
    );
    expect(mail.text.match(/https?:\/\/\S+/)?.[0]).toBe("https://fanboost.example/earnings?x=1&y=2");
    expect(mail.html).toContain('href="https://fanboost.example/earnings?x=1&amp;y=2"');
    expect(mail.html).toContain("Open it");
    expect(mail.html).toContain("FanBoost");
  });

  it("lists the winners of a campaign in the artist's result", async () => {
    const mail = await campaignEndedMail({
      to: "artist@example.com",
      title: "Song",
      winners: [{ handle: "fan", clicks: 3, amountCents: 250_00 }],
      prizeCents: 250_00,
      publicUrl: "https://fanboost.example",
    });
    expect(mail.text).toContain("@fan: 3 verified clicks, $250");
  });
});
