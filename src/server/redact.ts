/** Takes out anything in a message that could be a credential: a URL's user and password, a key. */
export function redact(message: string): string {
  return message
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, "$1•••@")
    .replace(/\b(sk|rk|pk)_(test|live)_\w+/g, "$1_$2_•••")
    .replace(/\bwhsec_\w+/g, "whsec_•••");
}
