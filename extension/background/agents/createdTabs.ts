/** Tabs a tool result says the call created: tab_open's tabId, or an action's tab_created. */
export function createdTabs(toolName: string, result: unknown): number[] {
  if (typeof result !== "object" || result === null) return [];
  if (toolName === "browser.tab_open" && "tabId" in result && typeof result.tabId === "number") return [result.tabId];
  const created = "tab_created" in result ? result.tab_created : undefined;
  if (typeof created === "object" && created !== null && "tabId" in created && typeof created.tabId === "number") return [created.tabId];
  return [];
}
