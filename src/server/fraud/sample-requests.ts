/**
 * Real requests as browsers, apps' in-app browsers and link previewers send them to a link opened from another site:
 * their user agents and the headers that go with them (client hints, Fetch Metadata, language, referrer). The fraud
 * engine's tests send them, and so do the seed's labelled demo visits. Versions are of late 2026; what matters is
 * which headers each kind sends.
 */

export type AgentRequest = { name: string; headers: Record<string, string> };

const navigation = {
  "Sec-Fetch-Site": "cross-site",
  "Sec-Fetch-Mode": "navigate",
  "Sec-Fetch-User": "?1",
  "Sec-Fetch-Dest": "document",
  "Accept-Language": "en-US,en;q=0.9",
};

/** Desktop and phone browsers opening a link a person tapped on another site. */
export const honestBrowsers: AgentRequest[] = [
  {
    name: "Chrome on Windows",
    headers: {
      "User-Agent":
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
      "Sec-CH-UA": '"Chromium";v="156", "Google Chrome";v="156", "Not.A/Brand";v="99"',
      "Sec-CH-UA-Mobile": "?0",
      "Sec-CH-UA-Platform": '"Windows"',
      Referer: "https://www.instagram.com/",
      ...navigation,
    },
  },
  {
    name: "Chrome on Android",
    headers: {
      "User-Agent":
        "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
      "Sec-CH-UA": '"Chromium";v="156", "Google Chrome";v="156", "Not.A/Brand";v="99"',
      "Sec-CH-UA-Mobile": "?1",
      "Sec-CH-UA-Platform": '"Android"',
      Referer: "https://t.co/",
      ...navigation,
    },
  },
  {
    name: "Safari on iPhone",
    headers: {
      "User-Agent":
        "Mozilla/5.0 (iPhone; CPU iPhone OS 19_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.1 Mobile/15E148 Safari/604.1",
      Referer: "https://www.tiktok.com/",
      ...navigation,
    },
  },
  {
    name: "Firefox on macOS",
    headers: {
      "User-Agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:146.0) Gecko/20100101 Firefox/146.0",
      Referer: "https://www.reddit.com/",
      ...navigation,
    },
  },
  {
    name: "Edge on Windows",
    headers: {
      "User-Agent":
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Edg/156.0.0.0",
      "Sec-CH-UA": '"Chromium";v="156", "Microsoft Edge";v="156", "Not.A/Brand";v="99"',
      "Sec-CH-UA-Mobile": "?0",
      "Sec-CH-UA-Platform": '"Windows"',
      ...navigation,
    },
  },
];

/**
 * Apps' in-app browsers, as each opens a link tapped in the app: the app's token on the system browser's agent. An
 * app's own page has no referrer and no initiator site (`Sec-Fetch-Site: none`), and an Android WebView sends no
 * client hints.
 */
const inApp = (name: string, userAgent: string): AgentRequest => ({
  name,
  headers: {
    "User-Agent": userAgent,
    "Sec-Fetch-Site": "none",
    "Sec-Fetch-Mode": "navigate",
    "Sec-Fetch-User": "?1",
    "Sec-Fetch-Dest": "document",
    "Accept-Language": "en-US,en;q=0.9",
  },
});
const ios =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 19_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const android =
  "Mozilla/5.0 (Linux; Android 15; SM-S931B Build/AP3A.240905.015; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/156.0.7631.110 Mobile Safari/537.36";

export const inAppBrowserRequests: AgentRequest[] = [
  inApp(
    "Instagram",
    `${ios} Instagram 402.0.0.28.106 (iPhone17,1; iOS 19_1; en_US; en; scale=3.00; 1179x2556; 760123456)`,
  ),
  inApp("Facebook", `${android} [FB_IAB/FB4A;FBAV/536.0.0.44.73;]`),
  inApp(
    "TikTok",
    `${ios} musical_ly_42.2.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US ByteFullLocale/en-US isDarkMode/0 WKWebView/1 RevealType/Dialog BytedanceWebview/d8a21c6`,
  ),
  inApp("X", `${ios} Twitter for iPhone/11.30`),
  inApp("Snapchat", `${ios} Snapchat/13.62.0.41 (like Safari/8621.1.15.10.7, panda)`),
  inApp("Pinterest", `${android} [Pinterest/Android]`),
  inApp("LINE", `${ios} Safari Line/15.16.0`),
  inApp("KakaoTalk", `${ios} KAKAOTALK 25.9.0`),
  inApp("Reddit", `${ios} Reddit/Version 2026.40.0/Build 613020/iOS Version 19.1`),
  inApp("Discord", `${android} Discord/300.14`),
  inApp("Teams", `${ios} Teams/8.5.2`),
  inApp("Outlook", `${ios} Outlook-iOS/762.4640109.prod.iphone (4.2546.1)`),
  inApp("WeChat", `${ios} MicroMessenger/8.0.60(0x18003c2e) NetType/WIFI Language/en`),
  inApp("Telegram", `${android} Telegram-Android/12.1.1 (Samsung SM-S931B; Android 15; SDK 35; HIGH)`),
];

/** The link previewers of chat and social apps: they fetch a shared link to draw its card, no person clicks. */
export const linkPreviewerAgents: AgentRequest[] = [
  ["Slack", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"],
  ["Discord", "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)"],
  ["Telegram", "TelegramBot (like TwitterBot)"],
  ["X", "Twitterbot/1.0"],
  ["Facebook", "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"],
  [
    "iMessage",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0",
  ],
  ["WhatsApp", "WhatsApp/2.24.21.84 A"],
  ["Skype", "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com"],
  ["LinkedIn", "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)"],
].map(([name, userAgent]) => ({ name: name as string, headers: { "User-Agent": userAgent as string } }));

/**
 * Visits in the order people make them: the fans of several links tap in no order, so each link's clicks come at
 * irregular moments (sent link by link, they would come as regularly as a tool's, and read so). A shuffle that is the
 * same on every run: a linear congruential generator drives Fisher-Yates.
 */
export function inPeoplesOrder<T>(visits: readonly T[]): T[] {
  const out = [...visits];
  let state = 1;
  for (let index = out.length - 1; index > 0; index--) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const other = state % (index + 1);
    [out[index], out[other]] = [out[other] as T, out[index] as T];
  }
  return out;
}
