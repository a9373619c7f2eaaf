import type { AnyTool } from "../../toolRegistry.js";
import { tabsListTool } from "./tabsList.js";
import { tabOpenTool } from "./tabOpen.js";
import { goBackTool, goForwardTool } from "./historyMove.js";
import { reloadTool } from "./reload.js";
import { tabFocusTool } from "./tabFocus.js";
import { tabCloseTool } from "./tabClose.js";
import { bookmarksSearchTool, historySearchTool, topSitesTool } from "./browserData.js";
import { sessionRestoreTool, sessionsRecentlyClosedTool } from "./sessions.js";
import { tabGroupUpdateTool, tabGroupsListTool, tabsGroupTool } from "./tabGroups.js";

export const tabsTools: AnyTool[] = [
  tabsListTool,
  tabOpenTool,
  goBackTool,
  goForwardTool,
  reloadTool,
  tabFocusTool,
  tabCloseTool,
  historySearchTool,
  bookmarksSearchTool,
  topSitesTool,
  sessionsRecentlyClosedTool,
  sessionRestoreTool,
  tabGroupsListTool,
  tabsGroupTool,
  tabGroupUpdateTool,
];
