import type { z } from "zod";
import {
  PANEL_MESSAGE_CHANNEL,
  PanelBridgeResultSchemas,
  PanelChangedSchema,
  PanelLocalResultSchemas,
  PanelRuntimeResponseSchema,
  WebOperatorError,
  type PanelBridgeRequestInput,
  type PanelChanged,
  type PanelLocalRequest,
  type PanelRuntimeRequest,
} from "../../protocol/index.js";

type BridgeResult<A extends PanelBridgeRequestInput["action"]> = z.infer<(typeof PanelBridgeResultSchemas)[A]>;
type LocalResult<A extends PanelLocalRequest["action"]> = z.infer<(typeof PanelLocalResultSchemas)[A]>;

async function send(call: PanelRuntimeRequest["call"]): Promise<unknown> {
  const message: PanelRuntimeRequest = { channel: PANEL_MESSAGE_CHANNEL, call };
  const raw: unknown = await chrome.runtime.sendMessage(message);
  const response = PanelRuntimeResponseSchema.safeParse(raw);
  if (!response.success)
    throw new WebOperatorError("internal_error", "The service worker gave the panel no readable answer; reload the panel.");
  if (!response.data.ok) throw new WebOperatorError(response.data.code, response.data.error);
  return response.data.result;
}

/** A request to the bridge, relayed by the service worker; the answer is validated against protocol/. */
export async function askBridge<R extends PanelBridgeRequestInput>(request: R): Promise<BridgeResult<R["action"]>> {
  const schema: z.ZodType = PanelBridgeResultSchemas[request.action];
  return schema.parse(await send({ to: "bridge", request })) as BridgeResult<R["action"]>;
}

/** A question the service worker answers itself (the gatekeeper's confirmations, the policy). */
export async function askExtension<R extends PanelLocalRequest>(request: R): Promise<LocalResult<R["action"]>> {
  const schema: z.ZodType = PanelLocalResultSchemas[request.action];
  return schema.parse(await send({ to: "extension", request })) as LocalResult<R["action"]>;
}

export function onPanelChanged(listener: (changed: PanelChanged["changed"]) => void): void {
  chrome.runtime.onMessage.addListener((message: unknown) => {
    const parsed = PanelChangedSchema.safeParse(message);
    if (parsed.success) listener(parsed.data.changed);
    return false;
  });
}
