import { COMMANDS, WebOperatorError, describeZodError, type UploadGrant } from "../../protocol/index.js";
import { noteAgentTab, requesterOf } from "../agentIdentity.js";
import type { AgentSession } from "../commandContext.js";
import type { RouterContext } from "../requestRouter.js";

/**
 * A task's upload of its own attachments: the one request the bridge sends with an
 * uploadGrant, which lets the extension run it without allowUploads. runCommand never sets
 * the grant, so nothing an agent sends on the socket can carry it; the task's session sets it
 * only on files it read from its own attachment store. Everything else (pause switch, payload
 * and result validation, the agent's tab) is checked as runCommand checks it.
 */
export async function forwardAttachmentUpload(
  payload: Record<string, unknown>,
  timeoutMs: number,
  session: AgentSession,
  context: RouterContext,
  grant: UploadGrant,
): Promise<unknown> {
  const type = "browser.upload_file";
  const spec = COMMANDS[type];
  const parsed = spec.payload.safeParse(payload);
  if (!parsed.success || parsed.data.files === undefined) {
    throw new WebOperatorError(
      "internal_error",
      `A task's attachment upload must carry the attachments' bytes: ${parsed.success ? "no files" : describeZodError(parsed.error, "payload")}.`,
    );
  }
  context.pause?.assertAllows(type, spec);
  const agent = session.agent;
  const result = await context.extension.call({
    type,
    payload: parsed.data,
    timeoutMs,
    agent: agent.identity,
    requester: requesterOf(agent.identity),
    ...(agent.lastTabId === undefined ? {} : { defaultTabId: agent.lastTabId }),
    uploadGrant: grant,
  });
  const checked = spec.result.safeParse(result);
  if (!checked.success) {
    throw new WebOperatorError(
      "internal_error",
      `The extension returned a malformed ${type} result: ${describeZodError(checked.error, "result")}.`,
    );
  }
  agent.lastTabId = checked.data.tabId;
  noteAgentTab(agent, checked.data.tabId);
  return checked.data;
}
