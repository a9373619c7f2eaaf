/** The longest wait a server's Retry-After may ask of a running task; a longer one fails the call at once. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * A Retry-After header's wait in milliseconds: delay-seconds ("30") or an HTTP-date
 * ("Wed, 21 Oct 2026 07:28:00 GMT", a date already past waits 0). Undefined when the
 * header is absent or neither form, so the caller's own backoff applies.
 */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Every HTTP-date form names its month; Date.parse alone would take "-5" for a year.
  const at = /[A-Za-z]{3}/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
