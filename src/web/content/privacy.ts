import type { LegalSection } from "../components/marketing/legal-document";

export const privacyIntro =
  "This policy explains what FanBoost keeps about you, why, for how long, and how to have it corrected or deleted. We keep only what running campaigns, counting clicks fairly and paying winners needs.";

export const privacySections: readonly LegalSection[] = [
  {
    id: "what-we-keep",
    heading: "What we keep",
    paragraphs: ["Depending on how you use FanBoost, we keep:"],
    list: [
      "Account details: your email address, name, account type, artist name or social handle if you give one, and a securely hashed password.",
      "Campaigns and their results: songs, prizes, durations, tracking links, click counts, ranks and winners.",
      "Click records: for every visit to a tracking link, the time, the visitor's IP address, the browser's user agent, the referring page, the country reported by our network provider, a device fingerprint made from the user agent, language and network, and whether the click counted.",
      "Payments and payouts: amounts, statuses and the identifiers Stripe gives us. Card numbers and bank details are entered with and held by Stripe, never stored by FanBoost.",
      "Messages you send us through the contact form, and the emails we send you.",
    ],
  },
  {
    id: "why",
    heading: "Why we use it",
    paragraphs: [
      "To run your account and campaigns; to count each visitor once and keep out bots and fraud, so that prizes go to the promoters who earned them; to pay winners and refund artists; to answer your messages; and to meet our legal obligations. We do not sell your data and do not use it for advertising.",
    ],
  },
  {
    id: "retention",
    heading: "How long we keep it",
    paragraphs: [
      "Raw IP addresses in click records are cleared after 30 days. After that we keep only a keyed hash of the address, which lets us keep counting each visitor once per campaign but cannot be turned back into the address.",
      "Account data is kept while your account is open. When you ask us to delete your account, we delete your account data within 30 days, except the payment and payout records that tax and accounting law requires us to keep.",
    ],
  },
  {
    id: "sharing",
    heading: "Who we share it with",
    paragraphs: [
      "Stripe processes card payments, payouts and the identity checks payouts require, under its own privacy policy. Our email provider delivers the messages we send. Public pages show campaign details, promoter handles and click counts on leaderboards; they never show email addresses or IP addresses.",
    ],
  },
  {
    id: "cookies",
    heading: "Cookies and storage",
    paragraphs: [
      "We use one cookie to keep you signed in, and your browser's local storage to remember display preferences such as whether you are signed in. We use no advertising or third-party tracking cookies.",
    ],
  },
  {
    id: "your-rights",
    heading: "Your choices and rights",
    paragraphs: [
      "You can ask for a copy of your data, ask us to correct it, or ask us to delete it, through the Contact page. Depending on where you live you may have further rights, including to object to processing or to complain to a data protection authority.",
    ],
  },
  {
    id: "young-users",
    heading: "Young users",
    paragraphs: [
      "FanBoost is for people 18 and over, and for 13 to 17 year olds with a parent's or guardian's consent. We do not knowingly keep data about children under 13; if you believe we do, contact us and we will delete it.",
    ],
  },
  {
    id: "contact",
    heading: "Changes and contact",
    paragraphs: [
      "We will show the date of the latest version of this policy above. For any privacy question or request, write to us through the Contact page.",
    ],
  },
];
