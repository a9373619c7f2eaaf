import { ToolRegistry } from "../toolRegistry.js";
import { navigateTool } from "./navigate.js";
import { snapshotTool } from "./snapshot.js";
import { clickTool } from "./click.js";
import { typeTool } from "./type.js";
import { pressTool } from "./press.js";
import { scrollTool } from "./scroll.js";
import { screenshotTool } from "./screenshot.js";
import { extractTool } from "./extract.js";
import { fetchUrlTool } from "./fetchUrl.js";
import { downloadTool } from "./download.js";
import { pdfTool } from "./pdf.js";
import { perceptionTools } from "./perception/index.js";
import { tabsTools } from "./tabs/index.js";
import { interactionTools } from "./interaction/index.js";
import { gatekeeperTools } from "./gatekeeper/index.js";
import { diagnosticsTools } from "./diagnostics/index.js";
import { deepTools } from "./deep/index.js";
import { pointerTools } from "./pointer/index.js";
import { setToolCatalog } from "./interaction/listTools.js";

export function createToolRegistry(): ToolRegistry {
  const registry = new ToolRegistry().register(
    navigateTool,
    snapshotTool,
    clickTool,
    typeTool,
    pressTool,
    scrollTool,
    screenshotTool,
    extractTool,
    fetchUrlTool,
    downloadTool,
    pdfTool,
    ...perceptionTools,
    ...tabsTools,
    ...interactionTools,
    ...gatekeeperTools,
    ...diagnosticsTools,
    ...deepTools,
    ...pointerTools,
  );
  registry.assertComplete();
  setToolCatalog(() => registry.describe());
  return registry;
}
