import type { WidgetTask } from "../widgetTask.js";

interface CardState {
  number: string;
  expiry: string;
  cvc: string;
  country: string;
  paid: boolean;
}

function isCard(state: unknown): state is CardState {
  return typeof state === "object" && state !== null && "number" in state && "country" in state;
}

/** Hosted card fields in a cross-origin frame: each field takes its text in one call, judged on what the frame itself holds. */
export const task: WidgetTask = {
  widget: "card-frame",
  library: "a payment provider's hosted card fields (cross-origin iframe)",
  sentence: "Enter the card 4242 4242 4242 4242, expiry 12/29, CVC 123, country Netherlands, but do not pay yet.",
  async run(agent) {
    await agent.look();
    await agent.type(await agent.find("textbox", "Card number"), "4242424242424242");
    await agent.type(await agent.find("textbox", /^Expiry/), "1229");
    await agent.type(await agent.find("textbox", "CVC"), "123");
    await agent.select(await agent.find("combobox", "Country"), "Netherlands");
  },
  done(state) {
    return (
      isCard(state) &&
      state.number === "4242424242424242" &&
      state.expiry === "12/29" &&
      state.cvc === "123" &&
      state.country === "NL" &&
      !state.paid
    );
  },
};
