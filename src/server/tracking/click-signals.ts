import { createHash, createHmac } from "node:crypto";
import { isIP } from "node:net";
import { isbot } from "isbot";

/** Link previewers that fetch a shared link to draw a card; none of them is a person clicking. */
const linkPreviewers =
  /facebookexternalhit|facebot|twitterbot|slackbot|slack-imgproxy|discordbot|whatsapp|telegrambot|linkedinbot|skypeuripreview|pinterest|redditbot|embedly|iframely|vkshare|applebot|google-pagerenderer|bitlybot|tumblr|mastodon|bluesky|cardyb|snapchat|viber|line-poker|kakaotalk|zoominfobot|microsoftpreview|teams|outlook|yahoo.*slurp|bingpreview|preview/i;

/** bot: HEAD requests, no user agent, known crawlers (isbot) and link previewers (PRODUCT.md). */
export function isBotRequest(method: string, userAgent: string | undefined): boolean {
  if (method === "HEAD") return true;
  const agent = userAgent?.trim() ?? "";
  return agent === "" || isbot(agent) || linkPreviewers.test(agent);
}

/** Keyed hash of the address: de-duplication keeps working after the raw address is cleared. */
export function createIpHasher(secret: string) {
  const key = createHash("sha256").update(`fanboost-ip-hash:${secret}`).digest();
  return (ip: string) => createHmac("sha256", key).update(ip).digest("base64url");
}

/** The address's network: /24 for IPv4, /48 for IPv6. */
export function networkOf(ip: string): string {
  if (isIP(ip) === 4) return ip.split(".").slice(0, 3).join(".");
  return ip.split(":").slice(0, 3).join(":");
}

/** Fingerprint (SPEC.md section 9): user agent, accept-language and the address's /24. */
export function fingerprintOf(userAgent: string | undefined, acceptLanguage: string | undefined, ip: string): string {
  return createHash("sha256")
    .update(`${userAgent ?? ""}\n${acceptLanguage ?? ""}\n${networkOf(ip)}`)
    .digest("base64url")
    .slice(0, 22);
}
