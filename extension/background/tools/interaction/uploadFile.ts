import { WebOperatorError } from "../../../../protocol/index.js";
import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { callContent } from "../../contentClient.js";
import { runWriteAction } from "../../actions/writeAction.js";
import { actionLabel } from "../../actions/actionLabel.js";
import { showActionHighlight } from "../../visualization/actionOverlay.js";

/**
 * The extension cannot read the disk: the bridge resolves `paths` inside the upload folder
 * and sends their bytes as `files`. A request that still carries paths here did not come
 * through a bridge that checked them, so it is refused.
 */
export const uploadFileTool = defineTool({
  name: "browser.upload_file",
  async run({ ref, paths, files, tabId }, context) {
    if (paths !== undefined || files === undefined) {
      throw new WebOperatorError(
        "upload_refused",
        "Upload paths must be resolved by the bridge; send the request through the WebOperator socket.",
      );
    }
    const tab = await resolveTab(tabId, context.defaultTabId);
    const highlight = await callContent(tab.id, { op: "highlight", ref }).catch(() => null);
    showActionHighlight(tab, highlight?.box, actionLabel(context, "upload"));
    const { value, effects } = await runWriteAction(tab.id, context, async () => ({
      value: await callContent(tab.id, { op: "set_files", ref, files }),
      navigationStarted: false,
    }));
    return { tabId: tab.id, ...value, ...effects };
  },
});
