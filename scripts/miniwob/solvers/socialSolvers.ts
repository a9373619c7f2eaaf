import { lineText, SolverError, type AgentView, type SnapshotLine } from "../agentView.js";
import { pick, readInstruction } from "../instruction.js";
import type { Solver } from "../solver.js";

interface Post {
  user: string;
  /** The post's four unnamed icons, in the order the page draws them. */
  icons: SnapshotLine[];
}

/**
 * MiniWoB's feed prints each post as "Name @user 3h ago", its body, then four icons whose only
 * name is a CSS image (so our snapshot prints a bare ref): reply, retweet, like, then "more" on
 * social-media or share on the others. A person reads them by position, as this does.
 */
function postsOf(view: AgentView): Post[] {
  const posts: Post[] = [];
  for (const [index, line] of view.lines.entries()) {
    const user = line.role === "text" ? /(@\w+)/.exec(lineText(line))?.[1] : undefined;
    if (user === undefined || index === 0) continue;
    const icons = view.lines
      .slice(index + 1)
      .filter((next) => next.ref !== null)
      .slice(0, 4);
    if (icons.length < 4 || icons.some((icon) => icon.name !== ""))
      throw new SolverError("not_in_snapshot", `no four icons under the post by ${user}`);
    posts.push({ user, icons });
  }
  return posts;
}

const ICON_INDEX: Record<string, number> = { Reply: 0, Retweet: 1, Like: 2, Share: 3 };

function iconIndex(action: string): number {
  const index = ICON_INDEX[action];
  if (index === undefined) throw new SolverError("instruction_unparsed", `no icon for "${action}"`);
  return index;
}

async function clickOnPosts(view: AgentView, action: string, user: string, count: number | "all"): Promise<void> {
  const theirs = postsOf(view).filter((post) => post.user === user);
  for (const post of count === "all" ? theirs : theirs.slice(0, count)) await view.click(post.icons[iconIndex(action)] as SnapshotLine);
  await view.click(view.find((line) => line.role === "button" && line.name === "Submit", "Submit"));
}

export const SOCIAL_SOLVERS: Record<string, Solver> = {
  "social-media": async (view) => {
    const instruction = await readInstruction(view);
    const user = pick(instruction, /For the user (@\w+)/, "user");
    const action = pick(instruction, /click on the "(.*)" button/, "action");
    const post = postsOf(view).find((each) => each.user === user);
    if (post === undefined) throw new SolverError("not_in_snapshot", `no post by ${user}`);
    if (action in ICON_INDEX && action !== "Share") return view.click(post.icons[iconIndex(action)] as SnapshotLine);
    // The rest are in the post's "more" menu, the fourth icon.
    await view.click(post.icons[3] as SnapshotLine);
    // Its entries print their text after the role: "listitem: Mute @user".
    await view.click(await view.waitForLine((line) => line.ref !== null && lineText(line).startsWith(action), `menu entry "${action}"`));
  },
  "social-media-all": async (view) => {
    const instruction = await readInstruction(view);
    await clickOnPosts(
      view,
      pick(instruction, /Click the "(.*)" button/, "action"),
      pick(instruction, /all posts by (@\w+)/, "user"),
      "all",
    );
  },
  "social-media-some": async (view) => {
    const instruction = await readInstruction(view);
    const count = Number(pick(instruction, /button on (\d+) posts? by/, "count"));
    await clickOnPosts(view, pick(instruction, /Click the "(.*)" button/, "action"), pick(instruction, /posts? by (@\w+)/, "user"), count);
  },
};
