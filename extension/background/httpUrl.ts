import { WebOperatorError } from "../../protocol/index.js";

/**
 * The one check for URLs an agent asks the browser to open (navigate, tab_open): absolute,
 * and http or https only, so an agent can never reach file:, javascript:, chrome: or data:.
 */
export function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebOperatorError(
      "bad_request",
      `"${shortenUrl(raw)}" is not an absolute URL. Include the scheme, e.g. https://${shortenUrl(raw)}.`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new WebOperatorError("navigation_refused", `Only http and https URLs may be opened; "${url.protocol}" was refused.`);
  }
  return url;
}

/** Error messages quote URLs, and a URL can be megabytes long. */
export function shortenUrl(url: string): string {
  return url.length > 200 ? `${url.slice(0, 200)}…` : url;
}
