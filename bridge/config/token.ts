import { randomBytes, timingSafeEqual, createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { tokenFilePath } from "./paths.js";

export type TokenSource = "explicit" | "env" | "file" | "none";

export interface ResolvedToken {
  token: string | null;
  source: TokenSource;
  file: string;
}

/**
 * The one place a token is chosen, for the bridge, the client, the CLI, `launch` and
 * `doctor` alike: an explicit token (`--token`, a client option) wins, then
 * WEBOPERATOR_API_TOKEN, then the token file, the order docs/protocol.md gives under Auth. The
 * bridge Chrome starts inherits Chrome's environment, so a caller that resolved the
 * token any other way would present a different token than the bridge expects.
 */
export function resolveToken(env: NodeJS.ProcessEnv = process.env, explicit?: string | null): ResolvedToken {
  const file = tokenFilePath(env);
  if (explicit !== undefined) return { token: explicit, source: "explicit", file };
  const fromEnv = env.WEBOPERATOR_API_TOKEN;
  if (fromEnv !== undefined && fromEnv.length > 0) return { token: fromEnv, source: "env", file };
  const fromFile = readTokenFile(file);
  if (fromFile !== null) return { token: fromFile, source: "file", file };
  return { token: null, source: "none", file };
}

/** How a person would name where the token came from, for messages and `doctor`. */
export function describeTokenSource(resolved: ResolvedToken): string {
  switch (resolved.source) {
    case "explicit":
      return "the token given on the command line";
    case "env":
      return "WEBOPERATOR_API_TOKEN";
    case "file":
      return `the token file ${resolved.file}`;
    case "none":
      return `no token (WEBOPERATOR_API_TOKEN unset, ${resolved.file} missing or empty)`;
  }
}

export function readTokenFile(file: string): string | null {
  try {
    const text = readFileSync(file, "utf8").trim();
    return text.length > 0 ? text : null;
  } catch {
    return null;
  }
}

/** Creates the token file (mode 0600, directory 0700) unless one already exists. */
export function ensureTokenFile(file: string): { token: string; created: boolean } {
  const existing = readTokenFile(file);
  if (existing !== null) {
    chmodSync(file, 0o600);
    return { token: existing, created: false };
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const token = randomBytes(32).toString("base64url");
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { token, created: true };
}

export function tokenFileMode(file: string): number | null {
  if (!existsSync(file)) return null;
  return statSync(file).mode & 0o777;
}

/**
 * Constant-time comparison. Both sides are hashed first so neither the length nor the
 * content of the expected token leaks through timing.
 */
export function tokensMatch(expected: string, presented: string | undefined): boolean {
  if (presented === undefined) return false;
  const a = createHash("sha256").update(expected, "utf8").digest();
  const b = createHash("sha256").update(presented, "utf8").digest();
  return timingSafeEqual(a, b);
}
