import type { ContactMessageInput } from "../contact-rules.js";
import { post } from "./contract.js";

export const contactApi = {
  /** `confirmation_emailed`: a confirmation went to the sender (only when the site has a mail server). */
  send: post<{ ok: true; id: string; confirmation_emailed: boolean }, ContactMessageInput>()("/api/contact"),
} as const;
