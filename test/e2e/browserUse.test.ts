import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import type { WebOperatorClient } from "../../agent-client/client.js";
import type { CommandPayloadInput, CommandResult } from "../../protocol/index.js";
import { startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { setUserPolicy } from "../helpers/userPolicy.js";

type State = CommandResult<"browseruse.state">;
type Answer = CommandResult<"browseruse.act">;

/** The key of the first descriptor that matches, as the seed tells agents to look elements up. */
function indexOf(state: State, match: (descriptor: State["element_index"][string]) => boolean): number {
  const entry = Object.entries(state.element_index).find(([, descriptor]) => match(descriptor));
  if (!entry) throw new Error(`no matching element in ${JSON.stringify(state.element_index, null, 1)}`);
  return Number(entry[0]);
}

describe("the Browser-Use protocol on the socket (browseruse.state / browseruse.act)", () => {
  let session: WebOperatorSession;
  let agent: WebOperatorClient;
  const state = (payload: CommandPayloadInput<"browseruse.state"> = {}): Promise<State> => agent.request("browseruse.state", payload);
  const act = (payload: CommandPayloadInput<"browseruse.act">): Promise<Answer> => agent.request("browseruse.act", payload);
  const open = async (): Promise<State> => {
    await agent.request("browser.navigate", { url: session.pages.url("/browser-use.html") });
    return state();
  };
  const refOf = async (name: string): Promise<string> => {
    const ref = (await agent.request("browser.snapshot", { elements: true })).elements?.find((each) => each.attributes.name === name)?.ref;
    if (ref === undefined) throw new Error(`no ref for the field ${name}`);
    return ref;
  };
  /**
   * Changes the page without issuing a state, as its own scripts or the person may: a failed
   * action must still answer the state it was sent against, not a new reading of the page.
   */
  const changeUnseen = async (): Promise<void> => {
    await agent.request("browser.type", { ref: await refOf("email"), text: "unseen@example.com" });
  };

  beforeAll(async () => {
    session = await startWebOperatorSession();
    await setUserPolicy(session, { confirm: { purchase: false, account: false, credentials: false, submit: false } });
    agent = await session.connect();
  });
  afterAll(async () => {
    await session?.close();
  });

  it("indexes a role=listbox and an <a> without href that has a click handler, as the protocol's interactive elements", async () => {
    const html =
      '<title>Widgets</title><div role="listbox" aria-label="Sizes" tabindex="-1"><span>Small</span> <span>Large</span></div>' +
      '<p><a id="more">Show more</a> <a id="less">Show less</a> <a>Plain anchor</a></p>' +
      '<script>document.getElementById("more").onclick = () => {}; document.getElementById("less").addEventListener("click", () => {});</script>';
    await agent.request("browser.navigate", { url: session.pages.url(`/page?html=${encodeURIComponent(html)}`) });
    const widgets = await state();
    expect(widgets.element_index[String(indexOf(widgets, (each) => each.role === "listbox"))]).toMatchObject({
      tag: "div",
      role: "listbox",
      "aria-label": "Sizes",
    });
    for (const text of ["Show more", "Show less"]) {
      expect(
        widgets.element_index[String(indexOf(widgets, (each) => each.tag === "a" && each.text_content === text))]?.attributes.href,
      ).toBeNull();
    }
    // An anchor with neither href nor handler is no target.
    expect(Object.values(widgets.element_index).some((each) => each.text_content === "Plain anchor")).toBe(false);
  });

  it("answers the seed's State Object: viewport elements with the seed's descriptor fields, and a stable state_hash", async () => {
    const first = await open();
    expect(Object.keys(first).sort()).toEqual(["element_index", "page_content", "state_hash", "tabId", "url"]);
    expect(first.url).toBe(session.pages.url("/browser-use.html"));
    expect(Object.keys(first.element_index).every((key) => /^[1-9]\d*$/.test(key))).toBe(true);
    const email = first.element_index[String(indexOf(first, (each) => each.attributes.name === "email"))];
    expect(email).toEqual({
      tag: "input",
      role: "textbox",
      "aria-label": "Email Address",
      text_content: null,
      attributes: { name: "email", value: "", placeholder: "Enter your email", type: "email", href: null, checked: null },
    });
    expect(first.element_index[String(indexOf(first, (each) => each.text_content === "Sign In"))]).toMatchObject({
      tag: "button",
      role: "button",
      attributes: { type: "submit" },
    });
    expect(first.element_index[String(indexOf(first, (each) => each.tag === "a"))]?.attributes.href).toBe(
      session.pages.url("/browser-use-next.html"),
    );
    // <option>s and a control's <label> are indexed too (seed: interactive element definition).
    expect(indexOf(first, (each) => each.tag === "option" && each.text_content === "Large")).toBeGreaterThan(0);
    expect(indexOf(first, (each) => each.tag === "label" && each.text_content === "Remember me")).toBeGreaterThan(0);
    // Only the viewport: the button 3,000 px down is not indexed, and its ref is not printed.
    expect(Object.values(first.element_index).some((each) => each.text_content === "Far button")).toBe(false);
    expect(first.page_content).not.toContain("[ref=");
    expect(first.page_content).toContain(`[index=${indexOf(first, (each) => each.text_content === "Sign In")}]`);
    expect(first.state_hash).toBe(
      createHash("sha256")
        .update(JSON.stringify([first.url, first.page_content]))
        .digest("hex"),
    );
    const again = await state();
    expect(again.state_hash).toBe(first.state_hash);
    expect(again.element_index).toEqual(first.element_index);
  });

  it("includes a base64 PNG screenshot on request, outside the hash", async () => {
    const plain = await open();
    const shot = await state({ screenshot: true });
    expect(
      Buffer.from(shot.screenshot ?? "", "base64")
        .subarray(1, 4)
        .toString("latin1"),
    ).toBe("PNG");
    expect(shot.state_hash).toBe(plain.state_hash);
  });

  it("click_element clicks, through a <label> too, and answers the settled new state", async () => {
    const before = await open();
    const checked = await act({
      action: "click_element",
      element_index: indexOf(before, (each) => each.tag === "label" && each.text_content === "Remember me"),
      state_hash: before.state_hash,
    });
    expect(checked.error).toBeUndefined();
    expect(checked.element_index[String(indexOf(checked, (each) => each.attributes.name === "remember"))]?.attributes.checked).toBe(true);
    expect(checked.state_hash).not.toBe(before.state_hash);
    const submitted = await act({ action: "click_element", element_index: indexOf(checked, (each) => each.text_content === "Sign In") });
    expect(submitted.page_content).toMatch(/Signed in\s+size m remember yes/);
  });

  it("input_text appends by default and replaces with overwrite", async () => {
    const before = await open();
    const email = indexOf(before, (each) => each.attributes.name === "email");
    const typed = await act({ action: "input_text", element_index: email, text: "ada@example.com", overwrite: true });
    expect(typed.element_index[String(email)]?.attributes.value).toBe("ada@example.com");
    const appended = await act({ action: "input_text", element_index: email, text: ".uk" });
    expect(appended.element_index[String(email)]?.attributes.value).toBe("ada@example.com.uk");
    const replaced = await act({
      action: "input_text",
      element_index: email,
      text: "grace@example.com",
      overwrite: true,
      state_hash: appended.state_hash,
    });
    expect(replaced.element_index[String(email)]?.attributes.value).toBe("grace@example.com");
  });

  it("select_option selects the <option> named by option_index", async () => {
    const before = await open();
    const select = indexOf(before, (each) => each.tag === "select");
    const large = indexOf(before, (each) => each.tag === "option" && each.text_content === "Large");
    const after = await act({ action: "select_option", element_index: select, option_index: large });
    expect(after.error).toBeUndefined();
    expect(after.element_index[String(select)]?.attributes.value).toBe("l");
    expect(after.page_content).toContain('combobox "Size" [value="Large"]');
  });

  it("scroll moves by pixels and the viewport's elements are indexed anew", async () => {
    const before = await open();
    const after = await act({ action: "scroll", direction: "down", pixels: 3000 });
    expect(after.error).toBeUndefined();
    expect(after.state_hash).not.toBe(before.state_hash);
    const far = indexOf(after, (each) => each.text_content === "Far button");
    const clicked = await act({ action: "click_element", element_index: far });
    expect(clicked.page_content).toContain("Far clicked");
  });

  it("navigate loads an absolute URL; finish_task and fail_task end the task with the current state", async () => {
    await open();
    const next = await act({ action: "navigate", url: session.pages.url("/browser-use-next.html") });
    expect(next.error).toBeUndefined();
    expect(next.url).toBe(session.pages.url("/browser-use-next.html"));
    expect(Object.values(next.element_index)).toContainEqual(expect.objectContaining({ tag: "button", text_content: "Done" }));
    const finished = await act({ action: "finish_task", message: "Reached the next page." });
    expect(finished.task).toEqual({ status: "finished", message: "Reached the next page." });
    expect(finished.state_hash).toBe(next.state_hash);
    const failed = await act({ action: "fail_task", message: "No way on." });
    expect(failed.task).toEqual({ status: "failed", message: "No way on." });
  });

  it("INVALID_ELEMENT_INDEX: an index not in the current state, answered with the unchanged state", async () => {
    const before = await open();
    await changeUnseen();
    const answer = await act({ action: "click_element", element_index: 99, state_hash: before.state_hash });
    expect(answer.error).toEqual({
      code: "INVALID_ELEMENT_INDEX",
      message: "Element with index 99 not found in the current element index.",
      failed_action: { action: "click_element", element_index: 99 },
    });
    expect(answer.state_hash).toBe(before.state_hash);
    expect(answer.element_index).toEqual(before.element_index);
  });

  it("INVALID_ELEMENT_INDEX for an older state_hash: the index is never applied to what now has that number", async () => {
    const old = await open();
    const email = indexOf(old, (each) => each.attributes.name === "email");
    const signIn = indexOf(old, (each) => each.text_content === "Sign In");
    const newer = await act({ action: "input_text", element_index: email, text: "x@example.com", state_hash: old.state_hash });
    expect(newer.state_hash).not.toBe(old.state_hash);
    const stale = await act({ action: "click_element", element_index: signIn, state_hash: old.state_hash });
    expect(stale.error?.code).toBe("INVALID_ELEMENT_INDEX");
    expect(stale.error?.message).toContain("not the latest state");
    expect(stale.page_content).toContain("status: Waiting");
    expect(stale.state_hash).toBe(newer.state_hash);
    expect(stale.element_index).toEqual(newer.element_index);
    // A second connection is another agent: it may not act in this agent's tab at all.
    const other = await session.connect();
    expect(await session.errorCode("browseruse.act", { action: "click_element", element_index: signIn, tabId: newer.tabId }, other)).toBe(
      "tab_owned_by_other_agent",
    );
  });

  it("ELEMENT_NOT_INTERACTIVE: a disabled button, a disabled option, text into an <option>", async () => {
    const before = await open();
    await changeUnseen();
    const unchanged = (answer: Answer): void => {
      expect(answer.state_hash).toBe(before.state_hash);
      expect(answer.element_index).toEqual(before.element_index);
    };
    const locked = await act({
      action: "click_element",
      element_index: indexOf(before, (each) => each.text_content === "Locked"),
      state_hash: before.state_hash,
    });
    expect(locked.error?.code).toBe("ELEMENT_NOT_INTERACTIVE");
    expect(locked.error?.message).toContain("disabled");
    unchanged(locked);
    const select = indexOf(before, (each) => each.tag === "select");
    const extraLarge = indexOf(before, (each) => each.tag === "option" && each.text_content === "Extra large");
    const disabledOption = await act({
      action: "select_option",
      element_index: select,
      option_index: extraLarge,
      state_hash: before.state_hash,
    });
    expect(disabledOption.error?.code).toBe("ELEMENT_NOT_INTERACTIVE");
    unchanged(disabledOption);
    const notAnOption = indexOf(before, (each) => each.text_content === "Sign In");
    const button = await act({ action: "select_option", element_index: select, option_index: notAnOption, state_hash: before.state_hash });
    expect(button.error?.code).toBe("ELEMENT_NOT_INTERACTIVE");
    unchanged(button);
    const small = indexOf(before, (each) => each.tag === "option" && each.text_content === "Small");
    const intoOption = await act({ action: "input_text", element_index: small, text: "x", state_hash: before.state_hash });
    expect(intoOption.error?.code).toBe("ELEMENT_NOT_INTERACTIVE");
    unchanged(intoOption);
  });

  it("ACTION_VALIDATION_FAILED: unknown actions, missing or extra parameters, relative URLs", async () => {
    const before = await open();
    await changeUnseen();
    for (const action of [
      { action: "teleport" },
      { action: "input_text", element_index: 1 },
      { action: "click_element", element_index: "1" },
      { action: "scroll", direction: "sideways" },
      { action: "navigate", url: "/relative" },
      { action: "click_element", element_index: 1, force: true },
    ]) {
      const answer = await act(action);
      expect(answer.error?.code, JSON.stringify(action)).toBe("ACTION_VALIDATION_FAILED");
      expect(answer.error?.failed_action).toEqual(action);
      expect(answer.state_hash).toBe(before.state_hash);
      expect(answer.element_index).toEqual(before.element_index);
    }
  });

  // A failed load commits Chrome's error page over the page the state described. Going back brings
  // that same document out of the back/forward cache, but Chrome's back skips the entries of pages
  // that never had a user activation, which the adapter's own (synthetic) input does not give.
  it("NAVIGATION_FAILED on a page the person has used: back from the error page to the same document, the unchanged state, its values and indexes", async () => {
    const opened = await open();
    // A trusted click, as a person's, is a user activation: Chrome's back no longer skips the page.
    await agent.request("browser.click_trusted", { ref: await refOf("email") });
    const email = indexOf(opened, (each) => each.attributes.name === "email");
    const typed = await act({ action: "input_text", element_index: email, text: "ada@example.com", state_hash: opened.state_hash });
    const answer = await act({ action: "navigate", url: "http://127.0.0.1:9/unreachable", state_hash: typed.state_hash });
    expect(answer.error?.code).toBe("NAVIGATION_FAILED");
    expect(answer.error?.failed_action).toEqual({ action: "navigate", url: "http://127.0.0.1:9/unreachable" });
    expect(answer.error?.message).not.toMatch(/loaded again/);
    expect(answer.state_hash).toBe(typed.state_hash);
    expect(answer.element_index).toEqual(typed.element_index);
    expect(answer.url).toBe(typed.url);
    // The old index still names the same field of the same document, with its value.
    const appended = await act({ action: "input_text", element_index: email, text: ".uk", state_hash: answer.state_hash });
    expect(appended.error).toBeUndefined();
    expect(appended.element_index[String(email)]?.attributes.value).toBe("ada@example.com.uk");
  });

  it("NAVIGATION_FAILED on a page without a user activation: loaded again, and the answer says its values and indexes are new", async () => {
    const opened = await open();
    const email = indexOf(opened, (each) => each.attributes.name === "email");
    const typed = await act({ action: "input_text", element_index: email, text: "ada@example.com", state_hash: opened.state_hash });
    const answer = await act({ action: "navigate", url: "http://127.0.0.1:9/unreachable", state_hash: typed.state_hash });
    expect(answer.error?.code).toBe("NAVIGATION_FAILED");
    expect(answer.error?.failed_action).toEqual({ action: "navigate", url: "http://127.0.0.1:9/unreachable" });
    expect(answer.error?.message).toMatch(/ERR_UNSAFE_PORT/);
    expect(answer.error?.message).toMatch(/loaded again.*typed.*lost.*element indexes changed/s);
    expect(answer.url).toBe(typed.url);
    expect(answer.state_hash).not.toBe(typed.state_hash);
    expect(answer.element_index[String(indexOf(answer, (each) => each.attributes.name === "email"))]?.attributes.value).toBe("");
    // The answer is the issued state: its own indexes act.
    const retyped = await act({
      action: "input_text",
      element_index: indexOf(answer, (each) => each.attributes.name === "email"),
      text: "grace@example.com",
      state_hash: answer.state_hash,
    });
    expect(retyped.error).toBeUndefined();
    expect(retyped.element_index[String(indexOf(retyped, (each) => each.attributes.name === "email"))]?.attributes.value).toBe(
      "grace@example.com",
    );
  });
});
