import { tokensMatch } from "./config/token.js";
import { WebOperatorError } from "../protocol/index.js";

export interface AuthPolicy {
  token: string | null;
  allowUnauthenticated: boolean;
  tokenFile: string;
}

export function authPolicyFromEnv(token: string | null, tokenFile: string, env: NodeJS.ProcessEnv): AuthPolicy {
  return { token, allowUnauthenticated: env.WEBOPERATOR_ALLOW_UNAUTHENTICATED_BRIDGE === "1", tokenFile };
}

export function authRequired(policy: AuthPolicy): boolean {
  return policy.token !== null || !policy.allowUnauthenticated;
}

/** Throws `unauthorized` with a message that says how to supply the token. */
export function authorize(policy: AuthPolicy, presented: string | undefined): void {
  if (policy.token === null) {
    if (policy.allowUnauthenticated) return;
    throw new WebOperatorError(
      "unauthorized",
      "The bridge has no token configured, so it refuses every request. Run `weboperator install` to create " +
        `${policy.tokenFile}, then restart the browser; or set WEBOPERATOR_API_TOKEN for the browser; or, for ` +
        "development only, WEBOPERATOR_ALLOW_UNAUTHENTICATED_BRIDGE=1.",
    );
  }
  if (!tokensMatch(policy.token, presented)) {
    const what = presented === undefined ? "has no token" : "has a wrong token";
    throw new WebOperatorError(
      "unauthorized",
      `This request ${what}. Put the bridge's token in the request's "token" field: it is ` +
        `WEBOPERATOR_API_TOKEN if set for the browser, else the contents of ${policy.tokenFile}. ` +
        "The weboperator CLI and client library read it for you.",
    );
  }
}
