import type { PanelAgent, Requester } from "../../protocol/index.js";

/** How the panel names whoever acts: the agent's name once it has one, else the bridge's id. */
export function agentLabel(who: PanelAgent | Requester | null): string {
  if (who === null) return "unknown agent";
  if (who.name !== null) return who.name;
  return "kind" in who && who.kind === "task" ? `task ${who.id}` : who.id;
}
