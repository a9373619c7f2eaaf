import { WebOperatorError } from "../../../../protocol/index.js";
import type { TaskProvider } from "../../taskTypes.js";
import { BrowserUseProvider } from "./browserUseProvider.js";
import { ChatCompletionsClient } from "./chatCompletionsClient.js";

/** The model when neither tasks.start {model} nor OPENAI_MODEL names one. */
export const DEFAULT_BROWSER_USE_MODEL = "gpt-4o-mini";

/** The browser-use provider from the bridge's environment and provider settings file: OPENAI_BASE_URL is required, OPENAI_API_KEY optional (local servers). */
export function browserUseProviderFrom(env: NodeJS.ProcessEnv): { provider: TaskProvider; defaultModel: string } {
  const baseURL = env.OPENAI_BASE_URL;
  if (baseURL === undefined || baseURL.length === 0) {
    throw new WebOperatorError(
      "provider_not_configured",
      "The browser-use provider needs an OpenAI-compatible endpoint: set OPENAI_BASE_URL (e.g. http://127.0.0.1:11434/v1 for a local server, https://api.openai.com/v1 with OPENAI_API_KEY) with `weboperator config set OPENAI_BASE_URL URL` or in the side panel's Settings, then start the task again; no browser restart is needed. The environment the browser starts with also works, and wins.",
    );
  }
  if (!/^https?:\/\/[^/\s]+/.test(baseURL)) {
    throw new WebOperatorError(
      "provider_not_configured",
      `OPENAI_BASE_URL must be an http(s) URL such as http://127.0.0.1:11434/v1, not "${baseURL}".`,
    );
  }
  const apiKey = env.OPENAI_API_KEY !== undefined && env.OPENAI_API_KEY.length > 0 ? env.OPENAI_API_KEY : undefined;
  const model = env.OPENAI_MODEL !== undefined && env.OPENAI_MODEL.length > 0 ? env.OPENAI_MODEL : DEFAULT_BROWSER_USE_MODEL;
  return { provider: new BrowserUseProvider(new ChatCompletionsClient({ baseURL, apiKey })), defaultModel: model };
}
