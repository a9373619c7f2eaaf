import type { CommandType } from "./commands.js";
import type { CapabilityGroup } from "./capabilityGroupNames.js";

/**
 * Each command's capability group, and its summary: one or two sentences saying what it does
 * and when to use it. MCP hosts pay for every tool's description on every turn, so the MCP
 * tools carry these; the full `description` stays for browser.tools, the CLI and docs/commands.md.
 */
export interface ToolProfile {
  group: CapabilityGroup;
  summary: string;
}

export const TOOL_PROFILES: Readonly<Record<CommandType, ToolProfile>> = {
  "bridge.health": { group: "bridge", summary: "Bridge and extension status. Use it when tools fail with extension_disconnected." },
  "bridge.hello": {
    group: "bridge",
    summary: "Names the agent this connection speaks for; connections with one name share tabs and a tab group.",
  },
  "browser.navigate": {
    group: "core",
    summary: "Opens a URL in your tab (a tab of your own on the first call). Then call snapshot to see the page.",
  },
  "browser.snapshot": { group: "core", summary: "The page as an accessibility tree with refs. Call it to see the page; act on its refs." },
  "browser.click": { group: "core", summary: "Clicks the element `ref` names. Answers what changed on the page." },
  "browser.type": {
    group: "core",
    summary: "Replaces (or with mode append, extends) a field's text; submit presses Enter. Answers what changed.",
  },
  "browser.press": { group: "core", summary: "Presses a key or chord (Enter, Escape, ArrowDown, ctrl+a) on `ref` or the focused element." },
  "browser.scroll": {
    group: "core",
    summary: "Scrolls the page or `ref` up, down, left or right by `amount` pixels (default most of a screen).",
  },
  "browser.screenshot": {
    group: "core",
    summary: "A PNG of the viewport, the full page or `ref`'s box. Use it when layout or images matter.",
  },
  "browser.extract": {
    group: "core",
    summary: "The page's (or `ref`'s) text or markdown, 8,000 chars at a time (continue with fromChar). Use it to read content.",
  },
  "browser.read_page": { group: "read", summary: "A shaped snapshot: only interactive elements, a depth limit, or one ref's subtree." },
  "browser.find_in_page": {
    group: "read",
    summary: "Up to 20 elements whose role, name or text match `query`, with refs. Use it on long pages.",
  },
  "browser.get_selection": { group: "read", summary: "The text the user selected on the page." },
  "browser.fetch_url": {
    group: "read",
    summary: "GETs a URL without your cookies and answers its text (the policy's hosts apply). Use it for APIs, feeds and plain files.",
  },
  "browser.read_page_deep": {
    group: "deep",
    summary: "The CDP accessibility tree of every frame and closed shadow root, with deep refs. Use it when snapshot misses content.",
  },
  "browser.click_deep": { group: "deep", summary: "A trusted click on a deep ref from read_page_deep." },
  "browser.tools": {
    group: "bridge",
    summary: "Every browser tool with its level, effects, description and input schema; `caps` lists only those groups.",
  },
  "browser.click_trusted": {
    group: "input",
    summary: "Like click, always with trusted CDP input. Use it when a page ignores synthetic clicks.",
  },
  "browser.hover": { group: "core", summary: "Moves the pointer onto `ref`, so hover menus and tooltips open." },
  "browser.focus": { group: "input", summary: "Focuses `ref` without clicking it." },
  "browser.type_trusted": { group: "input", summary: "Types into `ref` with trusted CDP text insertion. Use it when type does not stick." },
  "browser.select_option": { group: "core", summary: "Selects options of a <select> or listbox `ref` by values or visible labels." },
  "browser.scroll_to": { group: "input", summary: "Scrolls `ref` into view." },
  "browser.wait_for": {
    group: "core",
    summary: "Waits until `text` appears or `textGone` goes (or for timeMs). Use it after actions that load content.",
  },
  "browser.batch_actions": {
    group: "input",
    summary: "Up to four click/type/select_option steps in one call, stopping at the first failure or navigation.",
  },
  "browser.run_javascript": {
    group: "devtools",
    summary: "Evaluates JavaScript in the page and answers the JSON result, if the user's policy allows it.",
  },
  "browser.upload_file": {
    group: "core",
    summary: "Puts files from the upload folder into the file input `ref`, if the user's policy allows uploads.",
  },
  "browser.zoom": { group: "input", summary: "A PNG of a viewport region at up to 4x. Use it to read small print." },
  "browser.click_xy": { group: "input", summary: "A trusted click at viewport pixels (x, y). Use it only when no ref names the target." },
  "browser.mouse_move": { group: "input", summary: "Moves the pointer to (x, y), carrying held buttons." },
  "browser.mouse_down": { group: "input", summary: "Presses a mouse button at (x, y) or where the pointer is." },
  "browser.mouse_up": { group: "input", summary: "Releases a held mouse button." },
  "browser.drag": { group: "core", summary: "Drags from a ref or point to a ref or point (drag and drop, sliders, reordering)." },
  "browser.scroll_xy": { group: "input", summary: "A mouse wheel at (x, y). Use it for canvases and maps." },
  "browser.hold_key": { group: "input", summary: "Holds a key or chord down for durationMs, then releases it." },
  "browser.tabs_list": { group: "core", summary: "The open tabs with their ids, URLs and titles." },
  "browser.tab_open": { group: "core", summary: "Opens a URL in a new background tab (active: true to show it)." },
  "browser.go_back": { group: "core", summary: "One step back in the tab's history." },
  "browser.go_forward": { group: "core", summary: "One step forward in the tab's history." },
  "browser.reload": { group: "input", summary: "Reload the tab's document." },
  "browser.tab_focus": { group: "core", summary: "Brings a tab to the front, where the user sees it." },
  "browser.tab_close": { group: "core", summary: "Closes a tab." },
  "browser.history_search": { group: "browserdata", summary: "Searches the browser history." },
  "browser.bookmarks_search": { group: "browserdata", summary: "Searches the bookmarks." },
  "browser.top_sites": { group: "browserdata", summary: "The most visited sites." },
  "browser.sessions_recently_closed": { group: "browserdata", summary: "Recently closed tabs and windows." },
  "browser.session_restore": { group: "browserdata", summary: "Reopens a closed tab or window (the latest without sessionId)." },
  "browser.tab_groups_list": { group: "browserdata", summary: "The tab groups and their tabs." },
  "browser.tabs_group": { group: "browserdata", summary: "Puts tabs into a new group or an existing one." },
  "browser.tab_group_update": { group: "browserdata", summary: "Renames, recolours, collapses or expands a tab group." },
  "browser.policy_get": {
    group: "policy",
    summary: "The effective gatekeeper policy: allowed and blocked hosts, JavaScript, uploads, confirmations.",
  },
  "browser.policy_set": {
    group: "policy",
    summary: "Tightens the gatekeeper policy until the browser restarts (it can never be loosened from here).",
  },
  "browser.confirm": {
    group: "core",
    summary: "Answers a confirmation_required error by its id: allow runs the held-back action, allow false cancels it.",
  },
  "browser.read_console": {
    group: "devtools",
    summary: "Console messages and uncaught errors since the last read. Use it to debug a page.",
  },
  "browser.read_network": { group: "devtools", summary: "Network requests since the last read. Use it to debug a page." },
  "browser.downloads": { group: "devtools", summary: "The browser's downloads and their state." },
  "browser.pdf": {
    group: "browserdata",
    summary: "Prints the tab to a PDF in the user's downloads folder and answers its path. Use it to keep or hand on a page as printed.",
  },
  "browser.download": {
    group: "browserdata",
    summary: "Downloads a URL into the user's downloads folder and answers its path and size (the policy's hosts apply).",
  },
  "tasks.list": { group: "tasks", summary: "Stored tasks, newest first." },
  "tasks.get": { group: "tasks", summary: "One task with its steps, answer and pending confirmation." },
  "tasks.start": {
    group: "tasks",
    summary: "Delegates a goal to WebOperator's own browsing agent, which works in a tab of its own; follow it with tasks_wait.",
  },
  "tasks.stop": { group: "tasks", summary: "Stops a task." },
  "tasks.pause": { group: "tasks", summary: "Pauses a running task after its current step." },
  "tasks.resume": { group: "tasks", summary: "Resumes a paused or interrupted task." },
  "tasks.confirm": { group: "tasks", summary: "Allows or denies the confirmation a task waits on." },
  "tasks.respond": { group: "tasks", summary: "Answers a task's question to the person, or says their browser step is done." },
  "tasks.artifact": { group: "tasks", summary: "The content of a file a task created (create_artifact); page-derived, untrusted." },
  "tasks.wait": { group: "tasks", summary: "Waits until a task ends and answers its summary." },
  "tasks.subscribe": { group: "tasks", summary: "Chooses which tasks' events this connection receives." },
  "tasks.providers": { group: "tasks", summary: "Which model providers tasks can use now, and where their settings come from." },
  "skills.list": { group: "tasks", summary: "Skills learnt from finished tasks." },
  "skills.get": { group: "tasks", summary: "One skill with the steps it replays." },
  "browseruse.state": { group: "browseruse", summary: "The Browser-Use state object of the tab (page_content, element_index)." },
  "browseruse.act": { group: "browseruse", summary: "One Browser-Use action by element index; answers the new state." },
  "body.capability": {
    group: "body",
    summary: "The &body.browser capability contract: its five operations, their types, and what it takes and feeds.",
  },
  "body.declare": {
    group: "body",
    summary: "Declares your governance (authorized domains, credential forms, escalation below a confidence); enforced on every call.",
  },
  "body.perceive": { group: "body", summary: "The &body.browser observation of the tab, with @eN refs." },
  "body.encode_state": { group: "body", summary: "The &body.browser state hash of the page." },
  "body.affordances": { group: "body", summary: "The typed &body.browser actions valid now." },
  "body.act": { group: "body", summary: "One typed &body.browser action on a ref or a semantic locator." },
  "body.replay": { group: "body", summary: "Replays an InteractionTrace, re-perceiving before every step." },
};
