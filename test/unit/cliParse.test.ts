import { describe, expect, it } from "vitest";
import { parseCommandLine } from "../../agent-client/cli/parseCommandLine.js";
import { UsageError } from "../../agent-client/cli/usageError.js";

function request(argv: string[]) {
  const parsed = parseCommandLine(argv);
  if (parsed.kind !== "verb" && parsed.kind !== "raw") throw new Error(`expected a request, got ${parsed.kind}`);
  return parsed.request;
}

describe("browser verbs", () => {
  it.each<[string[], { type: string; payload: Record<string, unknown> }]>([
    [["health"], { type: "bridge.health", payload: {} }],
    [["snapshot"], { type: "browser.snapshot", payload: {} }],
    [["snapshot", "--max-chars", "20000"], { type: "browser.snapshot", payload: { maxChars: 20000 } }],
    [["navigate", "https://example.com"], { type: "browser.navigate", payload: { url: "https://example.com" } }],
    [["click", "@sab1_1_3"], { type: "browser.click", payload: { ref: "@sab1_1_3" } }],
    [["type", "e4", "hello"], { type: "browser.type", payload: { ref: "e4", text: "hello" } }],
    [
      ["type", "e4", "more", "--append", "--submit"],
      { type: "browser.type", payload: { ref: "e4", text: "more", mode: "append", submit: true } },
    ],
    [
      ["type", "e4", "x", "--mode", "append", "--submit=false"],
      { type: "browser.type", payload: { ref: "e4", text: "x", mode: "append", submit: false } },
    ],
    [["read-page", "--mode", "interactive", "--depth", "3"], { type: "browser.read_page", payload: { mode: "interactive", depth: 3 } }],
    [["read_page"], { type: "browser.read_page", payload: {} }],
    [["press-key", "Tab"], { type: "browser.press", payload: { key: "Tab" } }],
    [["find", "checkout", "--role", "button"], { type: "browser.find_in_page", payload: { query: "checkout", role: "button" } }],
    [
      ["select-option", "e7", "--labels", "Large", "--labels", "Small"],
      { type: "browser.select_option", payload: { ref: "e7", labels: ["Large", "Small"] } },
    ],
    [["tabs-group", "--tab-ids", "11,12"], { type: "browser.tabs_group", payload: { tabIds: [11, 12] } }],
    [
      ["drag", "--from", '{"ref":"e1"}', "--to", '{"x":4,"y":5}'],
      { type: "browser.drag", payload: { from: { ref: "e1" }, to: { x: 4, y: 5 } } },
    ],
    [["click-xy", "100", "60", "--count", "2"], { type: "browser.click_xy", payload: { x: 100, y: 60, count: 2 } }],
    [["confirm", "cf_1", "--deny"], { type: "browser.confirm", payload: { id: "cf_1", allow: false } }],
    [["confirm", "cf_1"], { type: "browser.confirm", payload: { id: "cf_1", allow: true } }],
    [["tasks", "confirm", "task_0123456789ab"], { type: "tasks.confirm", payload: { id: "task_0123456789ab", allow: true } }],
    [["tasks", "confirm", "task_0123456789ab", "--deny"], { type: "tasks.confirm", payload: { id: "task_0123456789ab", allow: false } }],
    [["tab-focus", "--tab", "9"], { type: "browser.tab_focus", payload: { tabId: 9 } }],
    [["tasks", "get", "t_1"], { type: "tasks.get", payload: { id: "t_1" } }],
    [["type", "e4", "--", "-42"], { type: "browser.type", payload: { ref: "e4", text: "-42" } }],
    [["press", "Enter"], { type: "browser.press", payload: { key: "Enter" } }],
    [["press", "Tab", "e9"], { type: "browser.press", payload: { key: "Tab", ref: "e9" } }],
    [["scroll", "down"], { type: "browser.scroll", payload: { direction: "down" } }],
    [["scroll", "UP", "300", "--ref", "e2"], { type: "browser.scroll", payload: { direction: "up", amount: 300, ref: "e2" } }],
    [["screenshot"], { type: "browser.screenshot", payload: {} }],
    [["extract"], { type: "browser.extract", payload: {} }],
    [["extract", "--ref", "e5", "--from", "8000"], { type: "browser.extract", payload: { ref: "e5", fromChar: 8000 } }],
  ])("%j", (argv, expected) => {
    expect(request(argv)).toEqual(expected);
  });

  it("takes global options anywhere and adds tabId and timeoutMs", () => {
    const parsed = parseCommandLine(["--tab", "7", "click", "e1", "--timeout=5000", "--json", "--socket", "/tmp/s.sock", "--token", "t"]);
    expect(parsed).toMatchObject({
      kind: "verb",
      json: true,
      request: { type: "browser.click", payload: { ref: "e1", tabId: 7 }, timeoutMs: 5000 },
      connection: { socket: "/tmp/s.sock", token: "t" },
    });
  });

  it("keeps the screenshot file name", () => {
    expect(parseCommandLine(["screenshot", "-o", "page.png"])).toMatchObject({ kind: "verb", outputFile: "page.png" });
    expect(parseCommandLine(["screenshot", "--output=x.png"])).toMatchObject({ outputFile: "x.png" });
  });
});

describe("raw JSON requests", () => {
  it("passes the request through and applies --tab and --timeout", () => {
    expect(request(['{"type":"bridge.health"}'])).toEqual({ type: "bridge.health" });
    expect(request(['{"type":"browser.snapshot","payload":{"maxChars":1000}}', "--tab", "3", "--timeout", "900"])).toEqual({
      type: "browser.snapshot",
      payload: { maxChars: 1000, tabId: 3 },
      timeoutMs: 900,
    });
  });

  it("leaves unknown command types for the bridge to judge", () => {
    expect(request(['{"type":"future.thing","payload":{"x":1}}'])).toEqual({ type: "future.thing", payload: { x: 1 } });
  });

  it("keeps id and token when given", () => {
    expect(request(['{"id":"a","type":"bridge.health","token":"k"}'])).toEqual({ id: "a", type: "bridge.health", token: "k" });
  });
});

describe("setup commands", () => {
  it("parses setup, and install as its older name", () => {
    expect(parseCommandLine(["setup", "--browser", "brave"])).toMatchObject({ kind: "install", verb: "setup", browser: "brave" });
    expect(parseCommandLine(["install", "--user-data-dir", "/p", "--socket", "/s", "--config-dir", "/c"])).toEqual({
      kind: "install",
      verb: "install",
      userDataDir: "/p",
      socket: "/s",
      configDir: "/c",
    });
  });

  it("defaults launch to headless only without a display", () => {
    expect(parseCommandLine(["launch"], {})).toMatchObject({ kind: "launch", headless: true });
    expect(parseCommandLine(["launch"], { DISPLAY: ":0" })).toMatchObject({ headless: false });
    expect(parseCommandLine(["launch"], { WAYLAND_DISPLAY: "wayland-0" })).toMatchObject({ headless: false });
    expect(parseCommandLine(["launch", "--headless"], { DISPLAY: ":0" })).toMatchObject({ headless: true });
    expect(parseCommandLine(["launch", "--headed"], {})).toMatchObject({ headless: false });
    expect(parseCommandLine(["launch", "--browser", "/c", "--user-data-dir", "/p"], {})).toMatchObject({
      browser: "/c",
      userDataDir: "/p",
    });
  });

  it("parses doctor", () => {
    expect(parseCommandLine(["doctor", "--user-data-dir", "/p"])).toMatchObject({ kind: "doctor", userDataDir: "/p" });
  });

  it("answers help in every spelling", () => {
    expect(parseCommandLine([])).toEqual({ kind: "help", topic: undefined });
    expect(parseCommandLine(["help"])).toEqual({ kind: "help", topic: undefined });
    expect(parseCommandLine(["-h"])).toMatchObject({ kind: "help" });
    expect(parseCommandLine(["click", "--help"])).toEqual({ kind: "help", topic: "click" });
  });
});

describe("usage errors", () => {
  it.each([
    [["frobnicate"], /unknown command/],
    [["click"], /wrong number of arguments for click/],
    [["click", "a", "b"], /wrong number of arguments/],
    [["navigate"], /wrong number/],
    [["type", "e1"], /wrong number/],
    [["scroll", "sideways"], /payload.direction: Invalid option/],
    [["scroll", "down", "lots"], /AMOUNT must be a number/],
    [["scroll", "down", "0"], /payload.amount/],
    [["snapshot", "--max-chars", "ten"], /--max-chars must be a number/],
    [["snapshot", "--max-chars", "10"], /payload.maxChars/],
    [["click", "e1", "--append"], /--append is not an option of click/],
    [["click", "e1", "--tab", "-1"], /--tab needs a value|whole number/],
    [["click", "e1", "--tab"], /--tab needs a value/],
    [["click", "e1", "--timeout", "0"], /--timeout must be between/],
    [["click", "e1", "--json=yes"], /--json takes no value/],
    [["click", "e1", "--bogus"], /--bogus is not an option of click/],
    [["click", ""], /payload.ref/],
    [["{not json"], /not valid JSON/],
    [['{"payload":{}}'], /request.type/],
    [['{"type":"bridge.health"}', "extra"], /unexpected argument/],
    [['{"type":"bridge.health"}', "--max-chars", "9"], /not an option of a JSON request/],
    [["health", "--tab", "1"], /--tab is not an option of health/],
    [["install", "now"], /takes no arguments/],
    [["setup", "--tab", "1"], /not an option of setup/],
    [["uninstall", "--browser", "chrome"], /not an option of uninstall/],
    [["install", "--tab", "1"], /not an option of install/],
    [["launch", "--headless", "--headed"], /contradict/],
  ])("%j", (argv, message) => {
    expect(() => parseCommandLine(argv)).toThrow(UsageError);
    expect(() => parseCommandLine(argv)).toThrow(message);
  });
});

describe("what parseArgs cannot be told", () => {
  it("reads a negative number as text, before and after the verb's own words", () => {
    expect(request(["type", "e4", "-12.5"])).toMatchObject({ payload: { text: "-12.5" } });
    expect(request(["type", "--json", "e4", "-3"])).toMatchObject({ payload: { ref: "e4", text: "-3" } });
  });

  it("takes a short option alone or with =value, a switch with =true or =false, and text after --", () => {
    expect(parseCommandLine(["screenshot", "-o=page.png"])).toMatchObject({ kind: "verb", outputFile: "page.png" });
    expect(request(["type", "e4", "x", "--submit=true"])).toMatchObject({ payload: { submit: true } });
    expect(request(["type", "e4", "--", "--submit"])).toMatchObject({ payload: { text: "--submit" } });
    expect(() => parseCommandLine(["screenshot", "-ho"])).toThrow(/-ho is not an option of screenshot/);
    expect(() => parseCommandLine(["screenshot", "-opage.png"])).toThrow(/-opage.png is not an option of screenshot/);
  });
});

describe("raw JSON requests", () => {
  it("go to the bridge as written, so the bridge's own bad_request comes back as JSON", () => {
    expect(parseCommandLine(['{"type":"browser.click","payload":{}}'])).toMatchObject({
      kind: "raw",
      request: { type: "browser.click", payload: {} },
    });
  });
});
