import {
  BarChart3,
  CircleDollarSign,
  Link2,
  ListMusic,
  Megaphone,
  MousePointerClick,
  Music2,
  Rocket,
  Share2,
  Trophy,
  UserPlus,
  Wallet,
} from "lucide-react";
import {
  campaignDurations,
  dollarsToCents,
  formatCents,
  MIN_PAYOUT_CENTS,
  MIN_PRIZE_CENTS,
  PLATFORM_FEE_PERCENT,
  prizePresets,
} from "../../core/money";
import { prizeAmounts } from "../../core/pricing";
import type { Step } from "../components/marketing/steps";

const presetRange = `${formatCents(dollarsToCents(prizePresets[0].dollars))} to ${formatCents(dollarsToCents(prizePresets[prizePresets.length - 1]?.dollars ?? 0))}`;
const durationRange = `${campaignDurations[0].days} to ${campaignDurations[campaignDurations.length - 1]?.days} days`;

/** The six steps of each side, for the How It Works page. */
export const artistSteps: readonly Step[] = [
  {
    title: "Add your song",
    text: "Paste a link to your track on Spotify, Apple Music, YouTube, SoundCloud, Bandcamp or another music service, and pick its genre.",
    icon: Music2,
  },
  {
    title: "Set a prize",
    text: `Choose a preset from ${presetRange} or any amount from ${formatCents(MIN_PRIZE_CENTS)}, and how long the campaign runs: ${durationRange}.`,
    icon: CircleDollarSign,
  },
  {
    title: "Fund and launch",
    text: `Pay the prize plus a ${PLATFORM_FEE_PERCENT}% platform fee by card. The campaign goes live the moment the payment is confirmed.`,
    icon: Rocket,
  },
  {
    title: "Fans join and share",
    text: "Promoters join your campaign, each with a personal short link to your song, and share it wherever your future fans are.",
    icon: Megaphone,
  },
  {
    title: "Watch it live",
    text: "Every verified click moves the live leaderboard. Bots, link previews and repeat visits from one address don't count.",
    icon: BarChart3,
  },
  {
    title: "The top promoter is paid",
    text: "When the timer ends, the promoter with the most verified clicks receives the whole prize; a tie splits it equally. If nobody brought a click, your prize is refunded.",
    icon: Trophy,
  },
];

export const promoterSteps: readonly Step[] = [
  {
    title: "Create your account",
    text: "Sign up free as a promoter. All you need is an email address and a love of new music.",
    icon: UserPlus,
  },
  {
    title: "Pick a campaign",
    text: "Browse live campaigns by genre, prize and time left, and join the songs you'd happily recommend.",
    icon: ListMusic,
  },
  {
    title: "Claim your promo link",
    text: "Joining gives you a personal short link and a QR code. Every visitor it brings is credited to you.",
    icon: Link2,
  },
  {
    title: "Share it",
    text: "Post it in group chats, on social media, in your newsletter or on flyers. Real listeners count; clicking your own link doesn't.",
    icon: Share2,
  },
  {
    title: "Climb the leaderboard",
    text: "Watch your rank update live as verified clicks come in, and see where you stand against the other promoters.",
    icon: MousePointerClick,
  },
  {
    title: "Win the prize",
    text: `Finish on top and the prize is yours, paid to your bank through Stripe. Request a payout from ${formatCents(MIN_PAYOUT_CENTS)}, or wait for Friday's payout run.`,
    icon: Wallet,
  },
];

const examplePrize = prizeAmounts(250);

/** The illustrative campaign told on the How It Works page (labelled as an example there). */
export const exampleCampaign = {
  prize: formatCents(examplePrize.prizeCents),
  story: `Maya funds a ${formatCents(examplePrize.prizeCents)} prize for her new single and a one-week campaign. Thirty fans join; the leader shares her link in three college group chats and on a gig flyer with its QR code. By Sunday the leaderboard shows 1,400 verified clicks across all promoters, and on Friday the top promoter is paid the whole ${formatCents(examplePrize.prizeCents)}.`,
  facts: [
    { label: "Prize", value: formatCents(examplePrize.prizeCents) },
    { label: "Artist paid", value: formatCents(examplePrize.totalCents) },
    { label: "Promoters", value: "30" },
    { label: "Verified clicks", value: "1,400" },
  ],
};
