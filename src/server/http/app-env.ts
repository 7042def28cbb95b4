import type { Logger } from "../logger.js";
import type { SessionUser } from "./session-user.js";

/** Per-request values every handler can read with `c.get(...)`. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    /** Set by the session lookup: undefined until looked up, null when signed out. */
    user: SessionUser | null | undefined;
    /** The client address (socket, or a trusted proxy's X-Forwarded-For). */
    clientIp: string | undefined;
    /** Per-response CSP nonce for the server-rendered pages' inline script. */
    secureHeadersNonce?: string;
  };
};
