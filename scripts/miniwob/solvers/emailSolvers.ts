import { SolverError, type AgentView, type SnapshotLine } from "../agentView.js";
import { readInstruction } from "../instruction.js";
import type { Solver } from "../solver.js";

/**
 * MiniWoB's inbox prints each email as its row, then sender, subject and preview, then two
 * unnamed icons: trash, then star (their only name is a CSS background, so our snapshot can
 * print no more than a ref for them; a person tells them apart by position the same way).
 */
function iconsAfter(view: AgentView, sender: SnapshotLine): { trash: SnapshotLine; star: SnapshotLine } {
  const after = view.lines.slice(view.lines.indexOf(sender) + 1);
  const [trash, star] = after.filter((line) => line.ref !== null && line.name === "").slice(0, 2);
  if (trash === undefined || star === undefined) throw new SolverError("not_in_snapshot", `no trash and star icons after "${sender.name}"`);
  return { trash, star };
}

/** The first email from `sender`; when the inbox holds several, the instruction does not say which, so this is a guess. */
function senderLine(view: AgentView, sender: string): SnapshotLine {
  const theirs = view.lines.filter((line) => line.ref !== null && line.name === sender);
  if (theirs.length > 1) view.guess(`the inbox holds ${theirs.length} emails from ${sender}; the first was taken`);
  return view.find((line) => theirs.includes(line), `an email from ${sender}`);
}

/** Opens the email, presses Reply or Forward, fills the form and presses the form's send icon. */
async function compose(
  view: AgentView,
  sender: string,
  action: "Reply" | "Forward",
  fill: (view: AgentView) => Promise<void>,
): Promise<void> {
  await view.click(senderLine(view, sender));
  await view.snapshot();
  await view.click(view.find((line) => line.ref !== null && line.name === action, `the ${action} button`));
  await view.snapshot();
  await fill(view);
  // The bar above the form holds two unnamed icons: close, then send.
  const bar = view.lines.filter((line) => line.ref !== null && line.name === "" && line.role === "generic");
  const send = bar[1];
  if (send === undefined) throw new SolverError("not_in_snapshot", "no send icon above the form");
  await view.click(send);
}

interface EmailGoal {
  sender: string;
  action: "reply" | "forward" | "delete" | "important";
  text: string;
}

/** The goal, from the instruction's templates ("Find the email by X and ...", "Send to Y the email you got from X."). */
function goalOf(instruction: string): EmailGoal {
  const patterns: [RegExp, EmailGoal["action"], "sender-first" | "text-first"][] = [
    [/email by (.+?) and reply to them with the text "(.*)"/, "reply", "sender-first"],
    [/email by (.+?) and forward that email to (.+?)\.$/, "forward", "sender-first"],
    [/email by (.+?) and click the trash icon/, "delete", "sender-first"],
    [/email by (.+?) and click the star icon/, "important", "sender-first"],
  ];
  for (const [pattern, action, order] of patterns) {
    const match = pattern.exec(instruction);
    if (match === null) continue;
    const [first = "", second = ""] = [match[1], match[2]];
    return order === "sender-first" ? { sender: first, action, text: second } : { sender: second, action, text: first };
  }
  return forwardInOtherWords(instruction);
}

/** Words that start the natural-language phrasings ("Send X the email from Y.") and name nobody. */
const NOT_NAMES = new Set(["Find", "Locate", "Look", "Forward", "Send", "Go", "Please", "The", "Give", "I", "Navigate", "Search", "Get"]);

/**
 * The forward asked for in other words: the instruction names two people; the sender is the one
 * after "by"/"from" or before "sent"/"wants his", and the other receives it.
 */
function forwardInOtherWords(instruction: string): EmailGoal {
  const people = [...instruction.matchAll(/\b[A-Z][a-z]+\b/g)].map((match) => match[0]).filter((word) => !NOT_NAMES.has(word));
  const sender = /(?:by|from) ([A-Z][a-z]+)/.exec(instruction)?.[1] ?? /([A-Z][a-z]+) (?:sent|wants his)/.exec(instruction)?.[1];
  const receiver = people.find((person) => person !== sender);
  if (sender === undefined || receiver === undefined || people.length !== 2) {
    throw new SolverError("instruction_unparsed", `no email goal in ${JSON.stringify(instruction)}`);
  }
  return { sender, action: "forward", text: receiver };
}

const inbox: Solver = async (view) => {
  const goal = goalOf(await readInstruction(view));
  if (goal.action === "delete") return view.click(iconsAfter(view, senderLine(view, goal.sender)).trash);
  if (goal.action === "important") return view.click(iconsAfter(view, senderLine(view, goal.sender)).star);
  if (goal.action === "reply") {
    return compose(view, goal.sender, "Reply", (form) =>
      form.type(
        form.find((line) => line.role === "textbox", "the reply text"),
        goal.text,
      ),
    );
  }
  return compose(view, goal.sender, "Forward", (form) =>
    form.type(
      form.find((line) => line.role === "textbox", "the forward's to field"),
      goal.text,
    ),
  );
};

export const EMAIL_SOLVERS: Record<string, Solver> = {
  "email-inbox": inbox,
  "email-inbox-reply": inbox,
  "email-inbox-forward": inbox,
  "email-inbox-star-reply": inbox,
  "email-inbox-noscroll": inbox,
  "email-inbox-forward-nl": inbox,
};
