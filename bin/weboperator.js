#!/usr/bin/env node
// Plain JS so the command works without a TypeScript loader; the CLI itself lives in dist/.
import { existsSync } from "node:fs";

const cliUrl = new URL("../dist/node/agent-client/cli.js", import.meta.url);

if (!existsSync(cliUrl)) {
  process.stderr.write("weboperator is not built: run `npm run build` first\n");
  process.exit(2);
}

const { main } = await import(cliUrl.href);
process.exitCode = await main(process.argv.slice(2));
