import type { Logger } from "../logger.js";

/** Per-request values every handler can read with `c.get(...)`. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
  };
};
