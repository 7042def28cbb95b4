import type { ContactMessageInput } from "../contact-rules.js";
import { post } from "./contract.js";

export const contactApi = {
  send: post<{ ok: true; id: string }, ContactMessageInput>()("/api/contact"),
} as const;
