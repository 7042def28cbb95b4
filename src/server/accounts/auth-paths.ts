import type { ClientRoute } from "../../core/routes.js";

/** Where the emailed verification and email-change links land once the server has checked them. */
export const EMAIL_VERIFIED_PATH = "/auth/email-verified" satisfies ClientRoute;

/** Where the emailed reset link lands (the app's reset form). */
export const RESET_PASSWORD_PATH = "/auth/reset-password" satisfies ClientRoute;
