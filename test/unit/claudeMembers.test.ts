import { describe, expect, it } from "vitest";
import { WebOperatorError, type BrowserCommandType, type TaskStartPayload } from "../../protocol/index.js";
import { TaskBrowser } from "../../bridge/tasks/providers/claude/taskBrowser.js";
import { WebOperatorToolset } from "../../bridge/tasks/providers/claude/webOperatorToolset.js";
import type { StepOutcome, TaskContext } from "../../bridge/tasks/taskTypes.js";

const effects = {
  effect: "unknown" as const,
  navigated: false,
  url: "http://127.0.0.1/form",
  dialogs: [],
  settled: { dom: true, network: true, waitedMs: 1 },
  observation: null,
};
const target = { role: "textbox", name: "Name" };
const CANNED: Partial<Record<BrowserCommandType, (payload: Record<string, unknown>) => unknown>> = {
  "browser.tabs_list": () => ({
    tabs: [100, 101, 1].map((tabId, index) => ({
      tabId,
      windowId: 1,
      index,
      url: `http://127.0.0.1/${tabId}`,
      title: `T${tabId}`,
      active: tabId === 1,
      focusedWindow: true,
      status: "complete",
      pinned: false,
    })),
    visibleTabId: 1,
    totalTabs: 3,
    truncated: false,
  }),
  "browser.read_page": (payload) => ({
    tabId: payload.tabId,
    snapshotId: "sdoc_1",
    url: "u",
    title: "t",
    text: '# Page Snapshot (sdoc_1)\n- textbox "Name" [ref=sdoc_1_1]\n- checkbox "Gift" [checked] [ref=sdoc_1_2]\n- combobox "Size" [ref=sdoc_1_3]\n- button "CV file" [ref=sdoc_1_4]',
    refCount: 4,
    truncated: false,
  }),
  "browser.screenshot": (payload) => ({
    tabId: payload.tabId,
    mimeType: "image/png",
    data: "iVBORw0KGgo=",
    width: 1280,
    height: 720,
    scale: 0.5,
    clip: { x: 0, y: 0, width: 2560, height: 1440 },
  }),
  "browser.zoom": (payload) => ({
    tabId: payload.tabId,
    mimeType: "image/png",
    data: "iVBORw0KGgo=",
    width: 100,
    height: 100,
    scale: 2,
    clip: { x: 0, y: 0, width: 50, height: 50 },
  }),
  "browser.navigate": (payload) => ({ tabId: payload.tabId, url: payload.url, title: "t" }),
  "browser.go_back": (payload) => ({ tabId: payload.tabId, url: "http://127.0.0.1/prev", title: "p", moved: true }),
  "browser.reload": (payload) => ({ tabId: payload.tabId, url: "http://127.0.0.1/100", title: "t" }),
  "browser.go_forward": (payload) => ({ tabId: payload.tabId, url: "http://127.0.0.1/next", title: "n", moved: true }),
  "browser.click": (payload) => ({ tabId: payload.tabId, ref: payload.ref, target, recovered: false, input: "synthetic", ...effects }),
  "browser.click_xy": (payload) => ({
    tabId: payload.tabId,
    x: payload.x,
    y: payload.y,
    button: payload.button,
    count: payload.count,
    target: { tag: "div" },
    ...effects,
  }),
  "browser.hover": (payload) => ({ tabId: payload.tabId, ref: payload.ref, target, recovered: false, ...effects }),
  "browser.mouse_move": (payload) => ({ tabId: payload.tabId, x: payload.x, y: payload.y, buttonsHeld: [], target: { tag: "div" } }),
  "browser.mouse_down": (payload) => ({ tabId: payload.tabId, x: payload.x, y: payload.y, buttonsHeld: ["left"], target: { tag: "div" } }),
  "browser.mouse_up": (payload) => ({ tabId: payload.tabId, x: payload.x, y: payload.y, buttonsHeld: [], target: { tag: "div" } }),
  "browser.drag": (payload) => ({
    tabId: payload.tabId,
    from: payload.from,
    to: payload.to,
    mode: "pointer",
    source: { tag: "div" },
    target: { tag: "div" },
    ...effects,
  }),
  "browser.scroll_xy": (payload) => ({ tabId: payload.tabId, x: payload.x, y: payload.y, deltaX: 0, deltaY: 300, target: { tag: "div" } }),
  "browser.scroll_to": (payload) => ({ tabId: payload.tabId, ref: payload.ref, target, recovered: false, inViewport: true }),
  "browser.type": (payload) => ({
    tabId: payload.tabId,
    ref: payload.ref,
    target,
    value: payload.text,
    submitted: false,
    recovered: false,
    ...effects,
  }),
  "browser.press": (payload) => ({ tabId: payload.tabId, key: payload.key, ...effects }),
  "browser.hold_key": (payload) => ({ tabId: payload.tabId, key: payload.key, heldMs: payload.durationMs, url: "u" }),
  "browser.select_option": (payload) => ({
    tabId: payload.tabId,
    ref: payload.ref,
    target,
    recovered: false,
    selected: [{ value: "l", label: "Large" }],
    ...effects,
  }),
  "browser.find_in_page": (payload) => ({
    tabId: payload.tabId,
    snapshotId: "sdoc_1",
    url: "u",
    text: '- button "CV file" [ref=sdoc_1_4]',
    matchCount: 1,
    truncated: false,
    untrusted: { source: "page", tabId: payload.tabId, url: "u" },
  }),
  "browser.extract": (payload) => ({
    tabId: payload.tabId,
    url: "u",
    text: "Hello page",
    fromChar: 0,
    totalChars: 10,
    truncated: false,
    format: "markdown",
    source: "readability",
    untrusted: { source: "page", tabId: payload.tabId, url: "u" },
  }),
  "browser.wait_for": (payload) => ({ tabId: payload.tabId, matched: true, waitedMs: payload.timeMs }),
  "browser.upload_file": (payload) => ({
    tabId: payload.tabId,
    ref: payload.ref,
    target,
    recovered: false,
    files: [{ name: "cv.txt", size: 3, mimeType: "text/plain" }],
    ...effects,
  }),
  "browser.read_console": (payload) => ({
    tabId: payload.tabId,
    entries: [{ level: "error", source: "javascript", text: "boom", timestamp: 1 }],
    dropped: 0,
  }),
  "browser.read_network": (payload) => ({
    tabId: payload.tabId,
    entries: [
      {
        method: "GET",
        url: "http://127.0.0.1/a",
        type: "xmlhttprequest",
        status: 200,
        mimeType: "application/json",
        fromCache: false,
        requestHeaders: {},
        responseHeaders: {},
        timestamp: 1,
        durationMs: 5,
      },
    ],
    dropped: 0,
    inFlight: 0,
  }),
  "browser.run_javascript": (payload) => ({ tabId: payload.tabId, result: "42", truncated: false }),
  "browser.tab_open": () => ({ tabId: 101, windowId: 1, url: "about:blank", title: "", active: false }),
  "browser.tab_close": (payload) => ({ closed: true, closedTabId: payload.tabId }),
};

function fakeTask() {
  const calls: Array<{ type: string; payload: Record<string, unknown> }> = [];
  const tabs = [100];
  let active = 100;
  const options = {
    goal: "g",
    autoConfirm: false,
    attachments: [],
    timeoutMs: 60_000,
    maxSteps: 100,
    provider: "claude",
    vision: false,
    confirmationTimeoutMs: 60_000,
    allowJavaScript: true,
  } as TaskStartPayload;
  const task: TaskContext = {
    id: "t",
    goal: "g",
    model: "m",
    options,
    signal: new AbortController().signal,
    attachments: [{ id: "cv", name: "cv.txt", mimeType: "text/plain", size: 3 }],
    storedConversation: null,
    tabs: {
      list: () => [...tabs],
      activeTab: () => active,
      adopt: (tabId, makeActive) => {
        if (!tabs.includes(tabId)) tabs.push(tabId);
        if (makeActive) active = tabId;
      },
      activate: (tabId) => {
        active = tabId;
      },
      release: (tabId) => {
        tabs.splice(tabs.indexOf(tabId), 1);
        active = tabs[0] ?? 100;
      },
    },
    currentAction: null,
    step: async <T>(_action: string, _input: unknown, run: () => Promise<StepOutcome<T>>) => (await run()).value,
    askPerson: (request) => Promise.resolve(request.type === "question" ? { text: "scripted answer" } : { done: true }),
    timedWait: () => Promise.resolve({ resumedAt: "2026-01-01T00:00:00.000Z" }),
    timeLeftMs: () => 60_000,
    memory: { read: () => null, write: () => undefined, keys: () => [] },
    createArtifact: (artifact) =>
      Promise.resolve({
        name: artifact.name,
        kind: artifact.kind ?? "artifact",
        mimeType: artifact.mimeType,
        size: artifact.content.length,
        createdAt: "2026-01-01T00:00:00.000Z",
      }),
    loadSkill: (name) => {
      throw new WebOperatorError("not_found", name);
    },
    browser: async (type, payload) => {
      const record = { ...(payload as Record<string, unknown>) };
      if (type !== "browser.tabs_list") calls.push({ type, payload: record });
      const answer = CANNED[type];
      if (answer === undefined) throw new WebOperatorError("unknown_command", type);
      return answer(record) as never;
    },
    readAttachment: async (id) => {
      if (id !== "cv") throw new WebOperatorError("upload_refused", `"${id}" is not an attachment of this task`);
      return { name: "cv.txt", mimeType: "text/plain", base64: "QWRh" };
    },
    saveConversation: () => undefined,
    recordModelCall: () => undefined,
    addUsage: () => undefined,
  };
  return { task, calls };
}

let counter = 0;
async function runMember(toolset: WebOperatorToolset, name: string, input: unknown) {
  return toolset.toolResult({ type: "tool_use", id: `toolu_${++counter}`, name, input, toolset_name: "browser" } as never);
}

const ref = (n: number) => ({ type: "ref", ref: `ref_${n}` });
const point = { type: "coordinate", x: 100, y: 60 };
/** After a screenshot at scale 0.5, image point (100, 60) is viewport point (200, 120). */
const viewport = { x: 200, y: 120 };

const MEMBERS: Array<[string, unknown, Array<[BrowserCommandType, Record<string, unknown>]>]> = [
  ["screenshot", {}, [["browser.screenshot", { tabId: 100, maxWidth: 1280, maxHeight: 880 }]]],
  ["zoom", { region: [0, 0, 50, 25] }, [["browser.zoom", { tabId: 100, x: 0, y: 0, width: 100, height: 50 }]]],
  ["left_click", { target: ref(1) }, [["browser.click", { tabId: 100, ref: "sdoc_1_1" }]]],
  ["right_click", { target: point }, [["browser.click_xy", { tabId: 100, ...viewport, button: "right", count: 1 }]]],
  ["middle_click", { target: ref(1) }, [["browser.click", { tabId: 100, ref: "sdoc_1_1", button: "middle" }]]],
  [
    "double_click",
    { target: point, modifiers: "shift" },
    [["browser.click_xy", { tabId: 100, ...viewport, button: "left", count: 2, modifiers: ["Shift"] }]],
  ],
  ["triple_click", { target: ref(1) }, [["browser.click", { tabId: 100, ref: "sdoc_1_1", count: 3 }]]],
  ["hover", { target: ref(1) }, [["browser.hover", { tabId: 100, ref: "sdoc_1_1" }]]],
  [
    "left_click_drag",
    { from: point, target: { type: "coordinate", x: 150, y: 60 } },
    [["browser.drag", { tabId: 100, from: viewport, to: { x: 300, y: 120 } }]],
  ],
  ["left_mouse_down", { target: point }, [["browser.mouse_down", { tabId: 100, ...viewport, button: "left" }]]],
  ["left_mouse_up", { target: point }, [["browser.mouse_up", { tabId: 100, ...viewport, button: "left" }]]],
  ["mouse_move", { target: point }, [["browser.mouse_move", { tabId: 100, ...viewport }]]],
  [
    "scroll",
    { target: point, scroll_direction: "down", scroll_amount: 2 },
    [["browser.scroll_xy", { tabId: 100, ...viewport, direction: "down", amount: 200 }]],
  ],
  ["scroll_to", { target: ref(1) }, [["browser.scroll_to", { tabId: 100, ref: "sdoc_1_1" }]]],
  ["type", { text: "Ada" }, [["browser.type", { tabId: 100, ref: "sdoc_1_1", text: "Ada", mode: "append" }]]],
  [
    "key",
    { text: "ctrl+a Backspace", repeat: 2 },
    [
      ["browser.press", { key: "ctrl+a" }],
      ["browser.press", { key: "Backspace" }],
      ["browser.press", { key: "ctrl+a" }],
      ["browser.press", { key: "Backspace" }],
    ],
  ],
  ["hold_key", { text: "Shift", duration: 0.5 }, [["browser.hold_key", { tabId: 100, key: "Shift", durationMs: 500 }]]],
  ["form_input", { target: ref(3), value: "Large" }, [["browser.select_option", { tabId: 100, ref: "sdoc_1_3", labels: ["Large"] }]]],
  [
    "read_page",
    { filter: "interactive", depth: 4 },
    [["browser.read_page", { tabId: 100, mode: "interactive", depth: 4, maxChars: 50_000 }]],
  ],
  ["find", { query: "cv upload" }, [["browser.find_in_page", { tabId: 100, query: "cv upload" }]]],
  ["get_page_text", {}, [["browser.extract", { tabId: 100, format: "markdown", fromChar: 0 }]]],
  ["wait", { duration: 0.25 }, [["browser.wait_for", { tabId: 100, timeMs: 250 }]]],
  [
    "file_upload",
    { target: ref(4), document_ids: ["cv"] },
    [["browser.upload_file", { tabId: 100, ref: "sdoc_1_4", attachments: ["cv"] }]],
  ],
  ["read_console", {}, [["browser.read_console", { tabId: 100 }]]],
  ["read_network", {}, [["browser.read_network", { tabId: 100 }]]],
  ["javascript_exec", { text: "6*7" }, [["browser.run_javascript", { tabId: 100, code: "6*7" }]]],
  ["new_tab", {}, [["browser.tab_open", { newWindow: true }]]],
  ["list_tabs", {}, []],
  ["switch_tab", { tab_id: "tab-100" }, []],
  ["close_tab", { tab_id: "tab-101" }, [["browser.tab_close", { tabId: 101 }]]],
  // Last: a navigation retires the tab's refs.
  ["navigate", { url: "example.com/docs" }, [["browser.navigate", { url: "https://example.com/docs", tabId: 100 }]]],
];

describe("Claude browser_toolset_20260801 members on WebOperator tools", () => {
  it("covers all 31 members", () => {
    expect(new Set(MEMBERS.map(([name]) => name)).size).toBe(31);
  });

  it("maps each member onto our browser.* tools, in the task's tab, with refs and coordinates translated", async () => {
    const { task, calls } = fakeTask();
    const toolset = WebOperatorToolset.forTask(new TaskBrowser(task));
    await runMember(toolset, "read_page", {});
    await runMember(toolset, "screenshot", {});
    for (const [name, input, expected] of MEMBERS) {
      calls.length = 0;
      // `type` goes into the field the model last clicked.
      if (name === "type") await runMember(toolset, "left_click", { target: ref(1) }).then(() => (calls.length = 0));
      const result = await runMember(toolset, name, input);
      expect(result.is_error, `${name}: ${JSON.stringify(result.content)}`).not.toBe(true);
      expect(
        calls.map((entry) => entry.type),
        name,
      ).toEqual(expected.map(([type]) => type));
      expected.forEach(([, payload], index) => expect(calls[index]?.payload, name).toMatchObject(payload));
    }
  });

  it("prints read_page refs as [ref_N], keeps numbers until the tab navigates, and refuses unknown ones", async () => {
    const { task } = fakeTask();
    const toolset = WebOperatorToolset.forTask(new TaskBrowser(task));
    const first = await runMember(toolset, "read_page", {});
    expect(JSON.stringify(first.content)).toContain('textbox \\"Name\\" [ref_1]');
    // The page's text reaches the model inside page-data markers whose nonce is this result's own.
    const nonce = /<<<page-data ([0-9a-f]{16})>>>/.exec(JSON.stringify(first.content))?.[1];
    expect(JSON.stringify(first.content)).toContain(`<<<end page-data ${nonce}>>>`);
    const again = await runMember(toolset, "read_page", {});
    expect(JSON.stringify(again.content)).toContain('combobox \\"Size\\" [ref_3]');
    const unknown = await runMember(toolset, "left_click", { target: ref(9) });
    expect(unknown.is_error).toBe(true);
    expect(JSON.stringify(unknown.content)).toContain("ref_9 is stale or not found on the current page");
    await runMember(toolset, "navigate", { url: "https://example.com/" });
    const stale = await runMember(toolset, "left_click", { target: ref(1) });
    expect(stale.is_error).toBe(true);
  });

  it("resolves back, forward and reload", async () => {
    const { task, calls } = fakeTask();
    const toolset = WebOperatorToolset.forTask(new TaskBrowser(task));
    for (const url of ["back", "forward", "reload"]) expect((await runMember(toolset, "navigate", { url })).is_error).not.toBe(true);
    // Chrome's reload: never a navigation to the URL as reported, which may be cut short.
    expect(calls.map((entry) => entry.type)).toEqual(["browser.go_back", "browser.go_forward", "browser.reload"]);
    expect(calls[2]?.payload).toEqual({ tabId: 100 });
  });

  it("types at the current focus: into the clicked field, but after a key press wherever the page's focus went", async () => {
    const { task, calls } = fakeTask();
    const toolset = WebOperatorToolset.forTask(new TaskBrowser(task));
    await runMember(toolset, "read_page", {});
    await runMember(toolset, "left_click", { target: ref(1) });
    calls.length = 0;
    await runMember(toolset, "type", { text: "Ada" });
    await runMember(toolset, "key", { text: "Tab" });
    await runMember(toolset, "type", { text: "L a\n" });
    expect(calls.map(({ type, payload }) => `${type} ${String(payload.ref ?? payload.key)}`)).toEqual([
      "browser.type sdoc_1_1",
      "browser.press Tab",
      "browser.press L",
      "browser.press Space",
      "browser.press a",
      "browser.press Enter",
    ]);
    const long = await runMember(toolset, "type", { text: "x".repeat(501) });
    expect(JSON.stringify(long.content)).toMatch(/at most 500 characters at a time/);
  });

  it("reads the network as method, URL, status, MIME type and timing, one line per request", async () => {
    const { task } = fakeTask();
    const toolset = WebOperatorToolset.forTask(new TaskBrowser(task));
    const read = await runMember(toolset, "read_network", {});
    expect(JSON.stringify(read.content)).toContain("GET http://127.0.0.1/a 200 application/json 5ms [xmlhttprequest]");
  });

  it("answers tab management with the inventory as written: only the active tab marked, a new tab's tab_opened", async () => {
    const { task } = fakeTask();
    const toolset = WebOperatorToolset.forTask(new TaskBrowser(task));
    const opened = await runMember(toolset, "new_tab", {});
    expect(opened.content).toEqual([
      {
        type: "browser_state",
        tabs: [
          { tab_id: "tab-100", title: "T100", url: "http://127.0.0.1/100" },
          { tab_id: "tab-101", title: "T101", url: "http://127.0.0.1/101", active: true },
        ],
        state_changes: [{ type: "tab_opened", tab_id: "tab-101" }],
      },
    ]);
    const listed = await runMember(toolset, "list_tabs", {});
    expect(listed.content).toEqual([
      {
        type: "browser_state",
        tabs: [
          { tab_id: "tab-100", title: "T100", url: "http://127.0.0.1/100" },
          { tab_id: "tab-101", title: "T101", url: "http://127.0.0.1/101", active: true },
        ],
      },
    ]);
  });

  it("refuses other schemes, paths for uploads, foreign tabs and bad inputs with error results", async () => {
    const { task, calls } = fakeTask();
    const toolset = WebOperatorToolset.forTask(new TaskBrowser(task));
    await runMember(toolset, "read_page", {});
    calls.length = 0;
    for (const [name, input] of [
      ["navigate", { url: "javascript:alert(1)" }],
      ["navigate", { url: "file:///etc/passwd" }],
      ["file_upload", { target: ref(4), paths: ["/etc/passwd"] }],
      ["file_upload", { target: ref(4), document_ids: ["other"] }],
      ["switch_tab", { tab_id: "tab-1" }],
      ["scroll", { target: point, scroll_direction: "sideways" }],
      ["wait", { duration: 99 }],
    ] as const) {
      const result = await runMember(toolset, name, input);
      expect(result.is_error, `${name} ${JSON.stringify(input)}`).toBe(true);
    }
    expect(calls).toEqual([]);
  });
});
