import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * Where MiniWoB++'s pages are: the folder holding `core/` and `miniwob/`. They are not part of
 * this repository (MIT-licensed, Farama Foundation), so the bench is told where a checkout is.
 */
export function miniwobDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.MINIWOB_DIR;
  if (dir === undefined || dir === "") throw new MiniwobMissingError("MINIWOB_DIR is not set");
  const root = resolve(dir);
  for (const part of ["core/core.js", "miniwob"]) {
    if (!existsSync(join(root, part))) throw new MiniwobMissingError(`${join(root, part)} does not exist`);
  }
  return root;
}

export class MiniwobMissingError extends Error {
  readonly code = "miniwob_missing";
  constructor(why: string) {
    super(
      `${why}. The MiniWoB++ pages are not part of this repository: ` +
        "`git clone https://github.com/Farama-Foundation/miniwob-plusplus` and run again with " +
        "MINIWOB_DIR=<that checkout>/miniwob/html (the folder holding core/ and miniwob/).",
    );
    this.name = "MiniwobMissingError";
  }
}
