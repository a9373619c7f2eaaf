import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { COMMANDS, ErrorCodeSchema } from "../../protocol/index.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

/** The README is the front door: a command or error code it does not name does not exist for users. */
describe("README coverage", () => {
  it.each(Object.keys(COMMANDS))("documents the command %s", (command) => {
    const short = command.replace(/^browser\./, "");
    expect(readme.includes(`\`${command}\``) || readme.includes(`\`${short}\``)).toBe(true);
  });

  it.each(ErrorCodeSchema.options)("documents the error code %s in the error table", (code) => {
    expect(readme).toMatch(new RegExp(`^\\| \`${code}\` \\|`, "m"));
  });
});
