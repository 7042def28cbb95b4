import { API_KEY_REQUEST_RETENTION_DAYS } from "../../core/api-keys";
import { WEBHOOK_LOG_RETENTION_DAYS } from "../../core/webhooks";
import type { LegalSection } from "../components/marketing/legal-document";

export const privacyUpdated = "2026-11-26";

export const privacyIntro =
  "This policy explains what FanBoost keeps about you, why, for how long, and how to have it corrected or deleted. We keep only what running campaigns, counting clicks fairly and paying winners needs.";

export const privacySections: readonly LegalSection[] = [
  {
    id: "what-we-keep",
    heading: "What we keep",
    paragraphs: ["Depending on how you use FanBoost, we keep:"],
    list: [
      {
        lead: "Account data",
        text: "your email address, name, account type, artist name or social handle if you give one, and your password in securely hashed form (we never see it).",
      },
      {
        lead: "Eligibility",
        text: "the country you live in (and, in the United States, the state), the age you confirmed reaching there, and when you said so: campaigns are open to people of age in the countries their rules name.",
      },
      {
        lead: "Campaign records",
        text: "the songs, prizes, durations, tracking links, click counts, ranks and winners of the campaigns you start or join.",
      },
      {
        lead: "Payment and payout records",
        text: "amounts, dates, statuses and the reference numbers Stripe gives us for payments, refunds and payouts.",
      },
      {
        lead: "Click events",
        text: "for every visit to a tracking link: the time, the visitor's IP address, the browser's user agent, the country (reported by our network provider, or looked up from the IP address in DB-IP's IP-to-Country Lite database on our own server), the referring page, the visitor's network (the address without its last part) and the network operator (its autonomous system, looked up on our own server in the RouteViews and DB-IP data of ip-location-db, CC BY 4.0), a device fingerprint derived from the user agent, browser language and network, whether the click counted and under which version of our click rules, why our automated-traffic checks looked at it (for example a burst of visits from one address, or a data centre's network), and whether and when the page confirmed that a browser displayed it.",
      },
      {
        lead: "Messages",
        text: "what you send us through the contact form, and the emails we send you.",
      },
    ],
  },
  {
    id: "why",
    heading: "Why we use it",
    paragraphs: [
      "To run your account and campaigns; to count each visitor once and keep out bots and fraud, so that prizes go to the promoters who earned them; to pay winners and refund artists; to answer your messages; and to meet our legal and accounting obligations. We do not sell your data and do not use it for advertising.",
    ],
  },
  {
    id: "retention",
    heading: "How long we keep it",
    paragraphs: [
      "Raw IP addresses in click events are cleared after 30 days. After that we keep only a keyed hash of the address: it lets us go on counting each visitor once per campaign, but cannot be turned back into the address.",
      "Account data is kept while your account is open. When you ask us to delete your account, we delete your account data within 30 days, except the payment and payout records that tax and accounting law requires us to keep.",
      `If you use API keys, each request made with them (its route, our answer and the address it came from) is kept for ${API_KEY_REQUEST_RETENTION_DAYS} days, to show you a key's use and to look into misuse. Webhook deliveries and your server's answers stay in your delivery log for ${WEBHOOK_LOG_RETENTION_DAYS} days after they are delivered or given up.`,
    ],
  },
  {
    id: "payments",
    heading: "Payments",
    paragraphs: [
      "Card payments, refunds and payouts are handled by Stripe. You enter your card and bank details in Stripe's own forms and Stripe holds them under its privacy policy; FanBoost never receives or stores card numbers or bank account numbers. To pay you, Stripe also runs the identity checks the law requires. When your prizes in a calendar year reach the amount the law asks us to report, Stripe collects your tax information (a W-9 or W-8BEN form) before we pay you; FanBoost keeps only whether it was given, never your tax identification number.",
    ],
  },
  {
    id: "emails",
    heading: "Emails",
    paragraphs: [
      "We email you about your account and your campaigns only: password resets, confirmations of the messages you send us, when a campaign you started ends, when you win a prize and when a payout is on its way. We send no marketing emails. Emails are delivered through our email provider, which receives your address for that purpose only.",
    ],
  },
  {
    id: "cookies",
    heading: "Cookies",
    paragraphs: [
      "We set one cookie: the session cookie that keeps you signed in, removed when you sign out. Your browser also remembers whether you are signed in, in its local storage, so pages can show the right buttons straight away. We use no advertising, analytics or third-party tracking cookies.",
    ],
  },
  {
    id: "sharing",
    heading: "What is public",
    paragraphs: [
      "Campaign pages and leaderboards show campaign details, promoter handles, click counts and winners. They never show email addresses or IP addresses. Apart from Stripe and our email provider, we share data only when the law requires it.",
    ],
  },
  {
    id: "your-rights",
    heading: "Your rights and deleting your data",
    paragraphs: [
      "You can ask for a copy of your data, ask us to correct it, or ask us to delete your account and its data, through the Contact page. We delete your account data within 30 days of your request. Depending on where you live you may have further rights, including to object to processing or to complain to a data protection authority.",
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
      "When we change this policy, the date at the top changes with it. For any privacy question or request, write to us through the Contact page.",
    ],
  },
];
