import { defineTool, type AnyTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { consoleLog } from "../../diagnostics/consoleLog.js";
import { networkLog } from "../../diagnostics/networkLog.js";
import { listDownloads } from "../../downloads/downloads.js";

/** Entries one read returns at most; older ones are counted in `dropped`. */
const MAX_ENTRIES_PER_READ = 200;

const readConsoleTool = defineTool({
  name: "browser.read_console",
  async run({ tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    return { tabId: tab.id, ...(await consoleLog.read(tab.id, MAX_ENTRIES_PER_READ)) };
  },
});

const readNetworkTool = defineTool({
  name: "browser.read_network",
  async run({ tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    return { tabId: tab.id, ...(await networkLog.read(tab.id, MAX_ENTRIES_PER_READ)) };
  },
});

const downloadsTool = defineTool({
  name: "browser.downloads",
  run: () => listDownloads(),
});

export const diagnosticsTools: AnyTool[] = [readConsoleTool, readNetworkTool, downloadsTool];
