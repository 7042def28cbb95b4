/** The signed-in user as every handler sees it (types only, so the HTTP layer can name it without importing auth). */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  userType: "artist" | "promoter";
  emailVerified: boolean;
  /** The session this request signs in with (this device, in the settings' list). */
  sessionId: string;
};
