import { WebOperatorError } from "../../../protocol/index.js";
import type { ProviderFactory } from "../taskTypes.js";
import { browserUseProviderFrom } from "./browserUse/browserUseConfig.js";
import { ClaudeProvider, DEFAULT_CLAUDE_MODEL } from "./claude/claudeProvider.js";

/** The providers tasks.start knows; each checks its own configuration up front. */
export const providerFor: ProviderFactory = (name, env) => {
  if (name === "claude") {
    const apiKey = env.ANTHROPIC_API_KEY;
    if (apiKey === undefined || apiKey.length === 0) {
      throw new WebOperatorError(
        "provider_not_configured",
        "The claude provider needs an API key: set ANTHROPIC_API_KEY with `weboperator config set ANTHROPIC_API_KEY -` (reads it from stdin) or in the side panel's Settings, optionally ANTHROPIC_BASE_URL, then start the task again; no browser restart is needed. The environment the browser starts with also works, and wins.",
      );
    }
    const baseURL = env.ANTHROPIC_BASE_URL !== undefined && env.ANTHROPIC_BASE_URL.length > 0 ? env.ANTHROPIC_BASE_URL : undefined;
    return { provider: new ClaudeProvider({ apiKey, baseURL }), defaultModel: env.WEBOPERATOR_TASK_MODEL ?? DEFAULT_CLAUDE_MODEL };
  }
  if (name === "browser-use") return browserUseProviderFrom(env);
  if (name === "replay") {
    throw new WebOperatorError(
      "bad_request",
      'The replay provider runs a stored skill with no model: give tasks.start {skill: "<id>"} (skills.list shows them).',
    );
  }
  throw new WebOperatorError("bad_request", `Unknown provider "${String(name)}"; the known ones are "claude", "browser-use" and "replay".`);
};
