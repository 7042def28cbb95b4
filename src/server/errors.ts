/** Typed failures of domain functions. The HTTP layer maps each code to a status; the message is user-facing. */
export const domainErrorStatus = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payment_required: 402,
  rate_limited: 429,
  /** The payment provider refused or failed. */
  provider_error: 502,
  unavailable: 503,
  /** A format the endpoint does not offer, where its specification says 501 (oEmbed). */
  not_implemented: 501,
} as const;

export type DomainErrorCode = keyof typeof domainErrorStatus;

export class DomainError extends Error {
  override name = "DomainError";
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
  }
}
