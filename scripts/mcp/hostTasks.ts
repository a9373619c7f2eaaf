import type { TaskPlay } from "./agentModel.js";
import { dollars } from "./shopLayout.js";
import { PRODUCTS, SHIPPING_CENTS } from "./shopPages.js";
import type { ShopState } from "./shopSite.js";
import { CONTACT_TOPICS } from "./supportPages.js";
import { PLANS, TEAM_SIZES } from "./signupPages.js";

/** One multi-page task of bench:host: what the person asks, how the agent plays it, and how the site's server proves it happened. */
export interface HostTask {
  name: string;
  title: string;
  prompt(url: string): string;
  play(url: string): TaskPlay;
  /** What is wrong with the run, judged from the site's state and the agent's final answer; undefined when it is right. */
  check(state: ShopState, answer: string): string | undefined;
}

const MUG = PRODUCTS.find((product) => product.slug === "enamel-camp-mug")!;
const MUG_TOTAL = dollars(MUG.cents * 2 + SHIPPING_CENTS);

const buy: HostTask = {
  name: "buy",
  title: "buy: search, open a product, set quantity 2, add to cart, open the cart, read the total",
  prompt: (url) => `On ${url}, put two ${MUG.name}s in the cart (search for "mug"), then open the cart and tell me the total.`,
  play: (url) => (agent) => {
    agent.open(url);
    agent.search("searchbox", "Search products", "mug");
    agent.click("link", MUG.name);
    agent.fill([{ role: "spinbutton", name: "Quantity", value: "2" }], ["button", "Add to cart"]);
    agent.click("link", /^Cart \(\d+\)$/);
    return `The cart total is ${agent.read(/Total: (\$\d+\.\d\d)/)}.`;
  },
  check(state, answer) {
    const carts = [...state.carts.values()].map((cart) => JSON.stringify([...cart]));
    if (!carts.includes(JSON.stringify([[MUG.slug, 2]]))) return `no cart holds exactly 2 × ${MUG.slug}: ${carts.join(", ")}`;
    return answer.includes(MUG_TOTAL) ? undefined : `the answer does not say the total ${MUG_TOTAL}`;
  },
};

const SIGNUP = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  plan: PLANS[1],
  company: "Analytical Engines Ltd",
  teamSize: TEAM_SIZES[1],
} as const;

const signup: HostTask = {
  name: "signup",
  title: "signup wizard: three step pages with Next, then Create account with a terms checkbox, read the code",
  prompt: (url) =>
    `Sign me up on ${url}: ${SIGNUP.name}, ${SIGNUP.email}, the ${SIGNUP.plan.label} plan with product news, company ${SIGNUP.company}, team of 2 to 10. Accept the terms and tell me the confirmation code.`,
  play: (url) => (agent) => {
    agent.open(url);
    agent.click("link", "Sign up");
    agent.fill(
      [
        { role: "textbox", name: "Full name", value: SIGNUP.name },
        { role: "textbox", name: "Email", value: SIGNUP.email },
      ],
      ["button", "Next"],
    );
    agent.fill(
      [
        { role: "combobox", name: "Plan", value: SIGNUP.plan.label },
        { role: "checkbox", name: "Email me product news", value: true },
      ],
      ["button", "Next"],
    );
    agent.fill(
      [
        { role: "textbox", name: "Company", value: SIGNUP.company },
        { role: "radio", name: SIGNUP.teamSize.label, value: true },
      ],
      ["button", "Next"],
    );
    agent.fill([{ role: "checkbox", name: "I agree to the Terms of Service", value: true }], ["button", "Create account"]);
    return `Your confirmation code is ${agent.read(/(NW-\d{6})/)}.`;
  },
  check(state, answer) {
    const account = state.accounts.at(-1);
    if (state.accounts.length !== 1 || account === undefined) return `${state.accounts.length} accounts were created, not 1`;
    const expected = {
      name: SIGNUP.name,
      email: SIGNUP.email,
      plan: SIGNUP.plan.value,
      news: true,
      company: SIGNUP.company,
      teamSize: SIGNUP.teamSize.value,
      terms: true,
    };
    const { code, ...made } = account;
    if (JSON.stringify(made, Object.keys(expected).sort()) !== JSON.stringify(expected, Object.keys(expected).sort()))
      return `the account is ${JSON.stringify(made)}, not ${JSON.stringify(expected)}`;
    return answer.includes(code) ? undefined : `the answer does not say the code ${code}`;
  },
};

const RETURN_DAYS = "45";

const read: HostTask = {
  name: "read",
  title: "read: help center, follow a link, read one number",
  prompt: (url) => `Using the help center on ${url}, how many days do I have to return an item?`,
  play: (url) => (agent) => {
    agent.open(url);
    agent.click("link", "Help center");
    agent.click("link", "Returns and refunds");
    return `You can return an item within ${agent.read(/within (\d+) days of delivery/)} days of delivery.`;
  },
  check(state, answer) {
    if (!state.pagesServed.includes("GET /help/returns")) return "the returns article was never served";
    return answer.includes(`${RETURN_DAYS} days`) ? undefined : `the answer does not say ${RETURN_DAYS} days`;
  },
};

const MESSAGE = {
  topic: CONTACT_TOPICS[1],
  email: "ada@example.com",
  order: "10427",
  message: "The strap of my dry bag tore on the first trip. Can I send it back?",
} as const;

const contact: HostTask = {
  name: "contact",
  title: "contact: follow Contact us, fill topic, email, order and message, send, read the ticket number",
  prompt: (url) =>
    `On ${url}, write to support about order ${MESSAGE.order} (topic ${MESSAGE.topic}, from ${MESSAGE.email}): "${MESSAGE.message}" Tell me the ticket number.`,
  play: (url) => (agent) => {
    agent.open(url);
    agent.click("link", "Contact us");
    agent.fill(
      [
        { role: "combobox", name: "Topic", value: MESSAGE.topic },
        { role: "textbox", name: "Your email", value: MESSAGE.email },
        { role: "textbox", name: "Order number", value: MESSAGE.order },
        { role: "textbox", name: "Message", value: MESSAGE.message },
      ],
      ["button", "Send message"],
    );
    return `Your ticket number is ${agent.read(/(T-\d{5})/)}.`;
  },
  check(state, answer) {
    const sent = state.messages.at(-1);
    if (state.messages.length !== 1 || sent === undefined) return `${state.messages.length} messages were sent, not 1`;
    const { ticket, ...fields } = sent;
    if (JSON.stringify(fields) !== JSON.stringify(MESSAGE))
      return `the message is ${JSON.stringify(fields)}, not ${JSON.stringify(MESSAGE)}`;
    return answer.includes(ticket) ? undefined : `the answer does not say the ticket ${ticket}`;
  },
};

export const HOST_TASKS: readonly HostTask[] = [buy, signup, read, contact];
