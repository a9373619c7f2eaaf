import { describe, expect, it } from "vitest";
import { weboperatorDialect } from "../../scripts/mcp/weboperatorDialect.js";
import { playwrightDialect } from "../../scripts/mcp/playwrightDialect.js";
import { devtoolsDialect } from "../../scripts/mcp/devtoolsDialect.js";
import { NextMove, PageView, ScriptedAgent } from "../../scripts/mcp/scriptedAgent.js";
import type { AgentDialect, ToolCall } from "../../scripts/mcp/agentDialect.js";
import type { ResultSeen } from "../../scripts/mcp/scriptedModel.js";

// Answers as each server printed them in a bench:host run (URLs and ids shortened).
const OURS_SNAPSHOT = `snapshot [tabId=5]: refCount=3 source=dom
<<<page-data aa>>>
# Page Snapshot (s1)
URL: http://127.0.0.1:9/product/mug
- banner
  - link "Cart (0)" [ref=s1_1_8]
- main
  - spinbutton "Quantity" [value="1"] [ref=s1_1_9]
  - button "Add to cart" [ref=s1_1_10]
  - checkbox "Gift wrap" [ref=s1_1_11]
<<<end page-data aa>>>`;

const OURS_DIFF = `confirm done [tabId=5]: id=cf_1 tool=browser.click allowed=true; button [ref=s1_1_10] input=synthetic
Effect: page_changed
<<<page-data bb>>>
target: "Add to cart"
changes:
- link "Cart (0)" [ref=s1_1_8]
+ link "Cart (2)" [ref=s1_1_8]
+ status: Added 2 to your cart.
<<<end page-data bb>>>`;

const OURS_NAVIGATED = `click done [tabId=5]: link [ref=s1_1_8] input=synthetic
Effect: navigated
The tab went to a new document: its old refs are gone; call snapshot to see it.
<<<page-data cc>>>
target: "Cart (2)"
url: http://127.0.0.1:9/cart (navigated)
<<<end page-data cc>>>`;

/** The first look the contract promises: the new-document line, then snapshot lines inside the page-data marking. */
const OURS_FIRST_LOOK = `click done [tabId=5]: link [ref=s1_1_3] input=synthetic
Effect: navigated
The tab went to a new document: http://127.0.0.1:9/help
<<<page-data dd>>>
- main
  - link "Returns and refunds" [ref=s2_1_10]
  - text: Returns within 45 days of delivery
<<<end page-data dd>>>`;

const OURS_HELD = `error [confirmation_required] (stage: precheck): click is held for the user's confirmation (submit), id cf_289e, denied if unanswered by 2026-12-06T07:16:03.134Z. Ask the user, then call confirm {"id":"cf_289e","allow":true} to run exactly this action, or "allow":false to cancel it.
<<<page-data ee>>>
reason: submit (activates button "Add to cart", which sends a form to http://127.0.0.1:9/cart/add)
url: http://127.0.0.1:9/product/mug
<<<end page-data ee>>>`;

const PLAYWRIGHT_SNAPSHOT = `### Page
- Page URL: http://127.0.0.1:9/search?q=mug
- Page Title: Search: mug
### Snapshot
\`\`\`yaml
- generic [active] [ref=f1e1]:
  - main [ref=f1e20]:
    - heading "Results for mug" [level=1] [ref=f1e21]
    - link "Enamel Camp Mug" [ref=f1e27] [cursor=pointer]:
      - /url: /product/enamel-camp-mug
\`\`\``;

const PLAYWRIGHT_CLICKED = `### Ran Playwright code
\`\`\`js
await page.getByRole('link', { name: 'Enamel Camp Mug' }).click();
\`\`\`
### Page
- Page URL: http://127.0.0.1:9/product/enamel-camp-mug
- Page Title: Enamel Camp Mug
### Snapshot
- [Snapshot](../weboperator-bench-playwright-mcp/page-2026-12-06T07-09-57-222Z.yml)`;

const DEVTOOLS_CLICKED = `Successfully clicked on the element
Page navigated to http://127.0.0.1:9/help.
## Latest page snapshot
uid=2_0 RootWebArea "Help center" url="http://127.0.0.1:9/help"
  uid=2_21 main
    uid=2_26 link "Returns and refunds" url="http://127.0.0.1:9/help/returns"
    uid=2_27 checkbox "I agree to the Terms of Service"
`;

const seen = (tool: string, text: string, isError = false): ResultSeen => ({ tool, input: {}, text, isError, content: text });

/** The call the agent makes next after `history`, or its final answer. */
function nextMove(dialect: AgentDialect, history: ResultSeen[], play: (agent: ScriptedAgent) => string): ToolCall | string {
  try {
    return play(new ScriptedAgent(dialect, history));
  } catch (error) {
    if (error instanceof NextMove) return error.call;
    throw error;
  }
}

describe("the scripted agent's ref reading, one dialect each", () => {
  it("reads weboperator's snapshot lines, and a diff's later line wins over the one it replaces", () => {
    const ours = weboperatorDialect(new Set());
    expect(ours.find(OURS_SNAPSHOT, "spinbutton", "Quantity")).toEqual({ ref: "s1_1_9", role: "spinbutton", name: "Quantity" });
    expect(ours.find(`${OURS_SNAPSHOT}\n${OURS_DIFF}`, "link", /^Cart \(\d+\)$/)?.name).toBe("Cart (2)");
    expect(ours.find(OURS_SNAPSHOT, "button", "Reserve")).toBeUndefined();
  });

  it("reads Playwright MCP's yaml lines and chrome-devtools-mcp's uid lines", () => {
    expect(playwrightDialect(new Set()).find(PLAYWRIGHT_SNAPSHOT, "link", "Enamel Camp Mug")?.ref).toBe("f1e27");
    expect(devtoolsDialect(new Set()).find(DEVTOOLS_CLICKED, "checkbox", "I agree to the Terms of Service")?.ref).toBe("2_27");
    expect(devtoolsDialect(new Set()).find(DEVTOOLS_CLICKED, "link", "Payment methods")).toBeUndefined();
  });

  it("finds the confirmation id in weboperator's held answer, and nothing to confirm elsewhere", () => {
    expect(weboperatorDialect(new Set()).confirmation(OURS_HELD)).toEqual({ tool: "confirm", input: { id: "cf_289e", allow: true } });
    expect(weboperatorDialect(new Set()).confirmation(OURS_DIFF)).toBeUndefined();
  });
});

describe("the staleness rule", () => {
  it("keeps the view through an in-page change, with the change's lines added", () => {
    const view = new PageView(weboperatorDialect(new Set()));
    view.see(OURS_SNAPSHOT, true);
    view.see(OURS_DIFF);
    expect(view.current()).toContain('link "Cart (2)" [ref=s1_1_8]');
    expect(view.current()).toContain("Add to cart");
  });

  it("drops the view when the tab went to a new document without a view of it", () => {
    const view = new PageView(weboperatorDialect(new Set()));
    view.see(OURS_SNAPSHOT, true);
    view.see(OURS_NAVIGATED);
    expect(view.current()).toBeUndefined();
  });

  it("takes the new document's first look as the view when the answer carries one", () => {
    const view = new PageView(weboperatorDialect(new Set()));
    view.see(OURS_SNAPSHOT, true);
    view.see(OURS_FIRST_LOOK);
    expect(view.current()).toContain("Returns and refunds");
    expect(view.current()).not.toContain("Add to cart");
  });

  it("sees a Playwright MCP snapshot linked to a file as no view, and a new Page URL as a new document", () => {
    const view = new PageView(playwrightDialect(new Set()));
    view.see(PLAYWRIGHT_SNAPSHOT, true);
    expect(view.current()).toContain("Enamel Camp Mug");
    view.see(PLAYWRIGHT_CLICKED);
    expect(view.current()).toBeUndefined();
  });

  it("takes chrome-devtools-mcp's included snapshot as the new document's view", () => {
    const view = new PageView(devtoolsDialect(new Set()));
    view.see(DEVTOOLS_CLICKED);
    expect(view.current()).toContain("Returns and refunds");
  });
});

describe("the scripted agent adapts to what the server answers", () => {
  const readReturns = (agent: ScriptedAgent): string => {
    agent.open("http://127.0.0.1:9/");
    agent.click("link", "Cart (0)");
    agent.click("link", "Returns and refunds");
    return agent.read(/within (\d+) days/);
  };

  it("spends a snapshot turn after a navigation that answers without the page", () => {
    const history = [
      seen("navigate", "navigate [tabId=5]:\nurl: http://127.0.0.1:9/"),
      seen("snapshot", OURS_SNAPSHOT),
      seen("click", OURS_NAVIGATED),
    ];
    expect(nextMove(weboperatorDialect(new Set()), history, readReturns)).toEqual({ tool: "snapshot", input: {} });
  });

  it("spends none when the navigation's answer carries the new page", () => {
    const history = [
      seen("navigate", "navigate [tabId=5]:\nurl: http://127.0.0.1:9/"),
      seen("snapshot", OURS_SNAPSHOT),
      seen("click", OURS_FIRST_LOOK),
    ];
    expect(nextMove(weboperatorDialect(new Set()), history, readReturns)).toEqual({ tool: "click", input: { ref: "s2_1_10" } });
  });

  it("answers a held write with confirm, then goes on from the confirmation's answer", () => {
    const addToCart = (agent: ScriptedAgent): string => {
      agent.open("http://127.0.0.1:9/product/mug");
      agent.click("button", "Add to cart");
      agent.click("link", /^Cart/);
      return "done";
    };
    const opened = [seen("navigate", "url: http://127.0.0.1:9/product/mug"), seen("snapshot", OURS_SNAPSHOT)];
    const held = [...opened, seen("click", OURS_HELD, true)];
    expect(nextMove(weboperatorDialect(new Set()), held, addToCart)).toEqual({ tool: "confirm", input: { id: "cf_289e", allow: true } });
    expect(nextMove(weboperatorDialect(new Set()), [...held, seen("confirm", OURS_DIFF)], addToCart)).toEqual({
      tool: "click",
      input: { ref: "s1_1_8" },
    });
  });

  it("fills a form in one call when the host offers weboperator's fill_form, and field by field when not", () => {
    const fill = (agent: ScriptedAgent): string => {
      agent.open("http://127.0.0.1:9/product/mug");
      agent.fill([
        { role: "spinbutton", name: "Quantity", value: "2" },
        { role: "checkbox", name: "Gift wrap", value: true },
      ]);
      return "done";
    };
    const history = [seen("navigate", "url: http://127.0.0.1:9/product/mug"), seen("snapshot", OURS_SNAPSHOT)];
    expect(nextMove(weboperatorDialect(new Set(["fill_form"])), history, fill)).toEqual({
      tool: "fill_form",
      input: {
        fields: [
          { ref: "s1_1_9", value: "2" },
          { ref: "s1_1_11", value: true },
        ],
      },
    });
    expect(nextMove(weboperatorDialect(new Set()), history, fill)).toEqual({ tool: "type", input: { ref: "s1_1_9", text: "2" } });
  });

  it("looks again and retries once when a server no longer knows a ref from the view", () => {
    const click = (agent: ScriptedAgent): string => {
      agent.open("http://127.0.0.1:9/search?q=mug");
      agent.click("link", "Enamel Camp Mug");
      return "done";
    };
    const failed = [
      seen("browser_navigate", "- Page URL: http://127.0.0.1:9/search?q=mug"),
      seen("browser_snapshot", PLAYWRIGHT_SNAPSHOT),
      seen("browser_click", "### Error\nError: Ref f1e27 not found in the current page snapshot. Try capturing new snapshot.", true),
    ];
    expect(nextMove(playwrightDialect(new Set()), failed, click)).toEqual({ tool: "browser_snapshot", input: {} });
    expect(nextMove(playwrightDialect(new Set()), [...failed, seen("browser_snapshot", PLAYWRIGHT_SNAPSHOT)], click)).toMatchObject({
      tool: "browser_click",
      input: { target: "f1e27" },
    });
  });
});
