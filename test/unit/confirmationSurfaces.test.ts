import { describe, expect, it } from "vitest";
import { confirmationText } from "../../agent-client/cli/confirmationText.js";
import { toolErrorOf } from "../../agent-client/mcp/toolError.js";
import {
  ErrorResponseSchema,
  ExtensionResponseSchema,
  WebOperatorError,
  unmarkPageStrings,
  type ConfirmationRequest,
} from "../../protocol/index.js";
import { insideBoundary } from "../helpers/pageData.js";

const confirmation: ConfirmationRequest = {
  id: "cf_0123456789ab",
  tool: "browser.click",
  category: "purchase",
  categories: ["purchase", "submit"],
  reason: 'purchase (activates button "Place order", which sends its form); submit (activates button "Place order", which sends its form)',
  target: { role: "button", name: "Place order" },
  url: "https://shop.test/cart",
  expiresAt: "2026-12-01T10:00:00.000Z",
  answeredBy: "agent",
};

describe("the confirmation field on every surface", () => {
  it("is declared on the socket's and the native link's error frames, and nowhere required", () => {
    expect(ErrorResponseSchema.parse({ id: 1, code: "confirmation_required", error: "…", confirmation })).toMatchObject({ confirmation });
    expect(ErrorResponseSchema.parse({ id: 1, code: "timeout", error: "…" })).not.toHaveProperty("confirmation");
    expect(
      ErrorResponseSchema.safeParse({
        id: 1,
        code: "confirmation_required",
        error: "…",
        confirmation: { ...confirmation, category: "shopping" },
      }).success,
    ).toBe(false);
    expect(
      ExtensionResponseSchema.parse({ kind: "response", id: "r1", ok: false, code: "confirmation_required", error: "…", confirmation }),
    ).toMatchObject({ confirmation });
  });

  it("travels on WebOperatorError only when set", () => {
    expect(new WebOperatorError("confirmation_required", "…", { confirmation }).details).toEqual({ confirmation });
    expect(new WebOperatorError("timeout", "…").details).toEqual({});
  });

  it("is printed by the CLI with the command that answers it", () => {
    const text = confirmationText(confirmation);
    expect(text).toContain('confirmation cf_0123456789ab: purchase, submit on button "Place order"');
    expect(text).toContain("answer:  weboperator confirm cf_0123456789ab   (or: weboperator confirm cf_0123456789ab --deny)");
    expect(confirmationText({ ...confirmation, target: null })).toMatch(/^confirmation cf_0123456789ab: purchase, submit\n/);
  });

  it("names the side panel, not a command that will be refused, when only the user answers", () => {
    const text = confirmationText({ ...confirmation, answeredBy: "user" });
    expect(text).toContain("answer:  the person at the browser answers: Allow or Deny in the WebOperator side panel");
    expect(text).not.toContain("weboperator confirm cf_");
  });

  /** The MCP tool error's text for a held action. */
  const heldText = (held: typeof confirmation): string => {
    const content = toolErrorOf("confirmation_required", "needs confirmation", { confirmation: held }, true).content[0];
    return content?.type === "text" ? content.text : "";
  };

  it("is told by the MCP tool error in our words, with only its page part marked, and carried whole as structured content", () => {
    const result = toolErrorOf("confirmation_required", "needs confirmation", { confirmation }, true);
    expect(result.isError).toBe(true);
    expect(unmarkPageStrings(result.structuredContent)).toEqual({
      code: "confirmation_required",
      error: "needs confirmation",
      confirmation,
    });
    const text = result.content[0]?.type === "text" ? result.content[0].text : "";
    const { inside, outside } = insideBoundary(text);
    expect(outside).toContain(
      "error [confirmation_required]: click is held for the user's confirmation (purchase, submit), id cf_0123456789ab",
    );
    expect(outside).toContain('call confirm {"id":"cf_0123456789ab","allow":true}');
    expect(outside).not.toContain("Place order");
    // The reason names the target already, so the target is said once.
    expect(inside).toContain('reason: purchase (activates button "Place order"');
    expect(inside).not.toContain("target:");
    expect(insideBoundary(heldText({ ...confirmation, reason: "purchase" })).inside).toContain('target: button "Place order"');
    expect(inside).toContain(`url: ${confirmation.url}`);
    const userText = heldText({ ...confirmation, answeredBy: "user" });
    expect(insideBoundary(userText).outside).toContain("WebOperator side panel");
    expect(userText).not.toContain("call confirm");
    expect(toolErrorOf("timeout", "slow").structuredContent).toEqual({ code: "timeout", error: "slow" });
  });
});
