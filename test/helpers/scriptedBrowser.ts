import { WebOperatorError } from "../../protocol/index.js";

/**
 * A stand-in for the extension behind the engine's tool path, for unit tests that
 * isolate the engine and the Claude provider: one form page per tab, whose Submit
 * button asks for confirmation the way the gatekeeper does.
 */
export class ScriptedBrowser {
  readonly calls: Array<{ type: string; payload: Record<string, unknown> }> = [];
  private readonly tabs = new Map<number, { url: string; title: string }>([[1, { url: "about:blank", title: "user tab" }]]);
  private nextTab = 100;
  private pendingGate: { id: string; payload: Record<string, unknown> } | null = null;
  typed = "";

  callTool = async (type: string, payload: Record<string, unknown>): Promise<unknown> => {
    this.calls.push({ type, payload });
    const tabId = typeof payload.tabId === "number" ? payload.tabId : -1;
    const effects = (url: string) => ({
      effect: "unknown" as const,
      navigated: false,
      url,
      dialogs: [],
      settled: { dom: true, network: true, waitedMs: 1 },
      observation: null,
    });
    switch (type) {
      case "browser.tabs_list":
        return {
          tabs: [...this.tabs].map(([id, tab], index) => ({
            tabId: id,
            windowId: 1,
            index,
            url: tab.url,
            title: tab.title,
            active: id === 1,
            focusedWindow: true,
            status: "complete",
            pinned: false,
          })),
          visibleTabId: 1,
          totalTabs: this.tabs.size,
          truncated: false,
        };
      case "browser.tab_open": {
        const id = this.nextTab++;
        const url = typeof payload.url === "string" ? payload.url : "about:blank";
        this.tabs.set(id, { url, title: "Form" });
        return { tabId: id, windowId: 1, url, title: "Form", active: false };
      }
      case "browser.navigate": {
        const tab = this.tab(tabId);
        tab.url = String(payload.url);
        tab.title = "Form";
        return { tabId, url: tab.url, title: tab.title };
      }
      case "browser.read_page":
        return {
          tabId,
          snapshotId: "sdoc1_1",
          url: this.tab(tabId).url,
          title: "Form",
          text: `# Page Snapshot (sdoc1_1)\nURL: ${this.tab(tabId).url}\nTitle: Form\n\n- heading "Apply" [level=1]\n- form "Apply"\n  - textbox "Name" [ref=sdoc1_1_1]\n  - button "Submit" [ref=sdoc1_1_2]`,
          refCount: 2,
          truncated: false,
        };
      case "browser.click": {
        this.tab(tabId);
        if (payload.ref === "sdoc1_1_2") {
          this.pendingGate = { id: `cf_${this.calls.length}`, payload };
          throw new WebOperatorError(
            "confirmation_required",
            `browser.click needs the user's confirmation: submit (activates button "Submit", which sends a form). Ask the user, then call browser.confirm {"id": "${this.pendingGate.id}", "allow": true} to run exactly this action, or "allow": false to cancel it; unanswered it is denied after 60 s. confirmation id: ${this.pendingGate.id}`,
            {
              confirmation: {
                id: this.pendingGate.id,
                tool: "browser.click",
                category: "submit",
                categories: ["submit"],
                reason: 'submit (activates button "Submit", which sends a form)',
                target: { role: "button", name: "Submit" },
                url: this.tab(tabId).url,
                expiresAt: new Date(Date.now() + 60_000).toISOString(),
                answeredBy: "agent",
              },
            },
          );
        }
        if (payload.ref !== "sdoc1_1_1") throw new WebOperatorError("stale_ref", `Ref ${String(payload.ref)} is gone.`);
        return {
          tabId,
          ref: payload.ref,
          target: { role: "textbox", name: "Name" },
          recovered: false,
          input: "synthetic",
          ...effects(this.tab(tabId).url),
        };
      }
      case "browser.confirm": {
        const gate = this.pendingGate;
        this.pendingGate = null;
        if (gate === null || gate.id !== payload.id) throw new WebOperatorError("not_found", "no such confirmation");
        if (payload.allow !== true) return { id: gate.id, tool: "browser.click", allowed: false };
        return {
          id: gate.id,
          tool: "browser.click",
          allowed: true,
          result: {
            ref: gate.payload.ref,
            target: { role: "button", name: "Submit" },
            recovered: false,
            input: "synthetic",
            ...effects(this.tab(Number(gate.payload.tabId)).url),
            tabId: gate.payload.tabId,
          },
        };
      }
      case "browser.type":
        this.typed += String(payload.text);
        return {
          tabId,
          ref: payload.ref,
          target: { role: "textbox", name: "Name" },
          value: this.typed,
          submitted: false,
          recovered: false,
          ...effects(this.tab(tabId).url),
        };
      case "browser.press":
        return { tabId, key: payload.key, ...effects(this.tab(tabId).url) };
      case "browser.wait_for":
        await new Promise((resolve) => setTimeout(resolve, Number(payload.timeMs)));
        return { tabId, matched: true, waitedMs: Number(payload.timeMs) };
      case "browser.screenshot":
        return {
          tabId,
          mimeType: "image/png",
          data: "iVBORw0KGgo=",
          width: 1280,
          height: 720,
          scale: 0.5,
          clip: { x: 0, y: 0, width: 2560, height: 1440 },
        };
      case "browser.click_xy":
        return { tabId, x: payload.x, y: payload.y, button: "left", count: 1, target: { tag: "div" }, ...effects(this.tab(tabId).url) };
      default:
        throw new WebOperatorError("unknown_command", `ScriptedBrowser has no ${type}`);
    }
  };

  private tab(tabId: number): { url: string; title: string } {
    const tab = this.tabs.get(tabId);
    if (tab === undefined) throw new WebOperatorError("tab_not_found", `no tab ${tabId}`);
    return tab;
  }
}
