/**
 * Credential-like values never reach an agent or a model (diagnostics, download and tab URLs): URL query and fragment
 * parameters with secret-sounding names, userinfo, credential headers, bearer tokens and
 * JWTs inside free text. Redaction happens before truncation so a cut cannot expose half
 * a secret's name and all of its value.
 */
export const REDACTED = "[redacted]";
export const MAX_ENTRY_CHARS = 500;

const SECRET_PARAM =
  /^(token|access_token|id_token|refresh_token|auth|auth_token|authorization|api_?key|apikey|key|secret|client_secret|password|passwd|pwd|pass|session|session_?id|sid|sig|signature|code|credential|x-amz-signature|x-amz-credential|x-amz-security-token|x-goog-signature|x-goog-credential)$/i;
const SECRET_PARAM_PART = /(token|secret|password|passwd|session|signature|api_?key|credential)/i;
const AUTH_SCHEME = /^(bearer|basic|token|digest)$/i;
const SECRET_HEADER =
  /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|x-auth-token|x-csrf-token|x-xsrf-token|x-amz-security-token)$/i;

export function isSecretParam(name: string): boolean {
  return SECRET_PARAM.test(name) || SECRET_PARAM_PART.test(name);
}

/** A URL with secret parameter values and userinfo replaced; non-URLs go through redactText. */
export function redactUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return redactText(raw);
  }
  if (url.username !== "" || url.password !== "") {
    url.username = REDACTED;
    url.password = "";
  }
  url.search = redactParams(url.search.slice(1));
  if (url.hash.includes("=")) url.hash = redactParams(url.hash.slice(1));
  return url.href;
}

export function redactHeader(name: string, value: string): string {
  if (SECRET_HEADER.test(name)) return `${name}: ${REDACTED}`;
  return `${name}: ${truncate(redactText(value), 200)}`;
}

/** Free text (console messages): bearer/basic tokens, JWTs, key=value secrets, and URLs. */
export function redactText(text: string): string {
  return text
    .replace(/\b(bearer|basic|token)\s+[A-Za-z0-9._~+/=-]{8,}/gi, (_match, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, REDACTED)
    .replace(/\bhttps?:\/\/[^\s"'<>`]+/gi, (url) => redactUrl(url))
    .replace(
      /(["']?)([A-Za-z0-9_.-]{2,40})\1(\s*[:=]\s*)(["']?)([^\s"'&,;}]{1,})\4/g,
      (match, quote: string, name: string, sep: string, valueQuote: string, value: string) =>
        // "Authorization: Bearer …": the scheme word stays, the token after it was redacted above.
        isSecretParam(name) && value !== REDACTED && !AUTH_SCHEME.test(value)
          ? `${quote}${name}${quote}${sep}${valueQuote}${REDACTED}${valueQuote}`
          : match,
    );
}

export function truncate(text: string, max = MAX_ENTRY_CHARS): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function redactParams(query: string): string {
  if (query === "") return "";
  return query
    .split("&")
    .map((pair) => {
      const at = pair.indexOf("=");
      if (at < 0) return pair;
      const name = safeDecode(pair.slice(0, at));
      return isSecretParam(name) ? `${pair.slice(0, at)}=${REDACTED}` : pair;
    })
    .join("&");
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    return part;
  }
}
