import { formatCents } from "../../core/money.js";
import type { MailMessage } from "../mail/mailer.js";
import { composeEmail } from "../mail/templates/email-layout.js";

/** The emails of a campaign's launch: the payment receipt and "your campaign is live". */

export type LaunchedCampaign = {
  id: string;
  title: string;
  artistEmail: string;
  prizeCents: number;
  feeCents: number;
  publishedAt: Date;
  endsAt: Date;
};

/** The card as the provider reported it, when it did. */
export type PaidCard = { brand: string; last4: string } | null;

const day = (at: Date) => at.toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });

export function receiptMail(campaign: LaunchedCampaign, card: PaidCard, publicUrl: string): Promise<MailMessage> {
  const total = formatCents(campaign.prizeCents + campaign.feeCents);
  return composeEmail({
    to: campaign.artistEmail,
    inApp: true,
    subject: `Receipt: ${total} for "${campaign.title}"`,
    preview: `Prize ${formatCents(campaign.prizeCents)}, fee ${formatCents(campaign.feeCents)}.`,
    heading: "Payment received",
    paragraphs: [
      `Thank you: your payment for the FanBoost campaign "${campaign.title}" went through.`,
      `The campaign runs from ${day(campaign.publishedAt)} to ${day(campaign.endsAt)} (UTC).`,
    ],
    list: [
      `Prize: ${formatCents(campaign.prizeCents)}`,
      `Platform fee (5%): ${formatCents(campaign.feeCents)}`,
      `Total charged: ${total}`,
      card ? `Paid with ${card.brand} ending in ${card.last4}` : "Paid by card",
    ],
    action: { label: "See your campaigns", url: `${publicUrl}/artist-dashboard` },
    footer: "Your receipt from FanBoost. Keep it for your records.",
  });
}

export function campaignLiveMail(campaign: LaunchedCampaign, publicUrl: string): Promise<MailMessage> {
  const link = `${publicUrl}/campaigns/${campaign.id}`;
  return composeEmail({
    to: campaign.artistEmail,
    inApp: true,
    subject: `"${campaign.title}" is live`,
    preview: "Share it so promoters can join.",
    heading: `"${campaign.title}" is live`,
    paragraphs: [
      `Promoters can now join and compete for your ${formatCents(campaign.prizeCents)} prize until ${day(campaign.endsAt)} (UTC).`,
      "Share your campaign's page where fans and promoters will see it: every verified click of a promoter's link counts toward the prize. The page has its QR code and an image to post.",
    ],
    action: { label: "Share your campaign", url: link },
    footer: "You received this email because you launched a FanBoost campaign.",
  });
}

/** To each promoter of a campaign an admin cancelled (non-essential: it carries its unsubscribe link). */
export function campaignCancelledMail(input: {
  to: string;
  title: string;
  artistName: string;
  handle: string;
  publicUrl: string;
  unsubscribe: string;
}): Promise<MailMessage> {
  return composeEmail({
    to: input.to,
    inApp: true,
    subject: `"${input.title}" was cancelled`,
    preview: "Nobody wins this one, and your link no longer counts visits.",
    heading: `"${input.title}" was cancelled`,
    paragraphs: [
      `@${input.handle}, "${input.title}" by ${input.artistName} has been cancelled, so it has no winner and its prize goes back to the artist.`,
      "Your link for it no longer counts visits. New campaigns start every week: join another and keep sharing.",
    ],
    action: { label: "Find a campaign", url: `${input.publicUrl}/join-campaign` },
    footer: "You received this email because you joined this FanBoost campaign.",
    unsubscribe: input.unsubscribe,
  });
}
