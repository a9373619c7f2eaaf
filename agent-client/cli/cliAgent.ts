/**
 * The agent every CLI command speaks for. The CLI connects once per command, and an
 * anonymous connection's tabs are released when it closes, so without one name
 * `weboperator navigate` and the `weboperator snapshot` after it would be two strangers:
 * the second could not find the first's tab. WEBOPERATOR_AGENT names another agent.
 */
export const CLI_AGENT = "cli";

export function cliAgentName(env: NodeJS.ProcessEnv): string {
  return env.WEBOPERATOR_AGENT || CLI_AGENT;
}
