import { createHash } from "node:crypto";

/** A Content-Security-Policy source that allows exactly this inline script or style: `'sha256-…'`. */
export const cspHash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
