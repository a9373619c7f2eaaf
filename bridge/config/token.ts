import { randomBytes, timingSafeEqual, createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { tokenFilePath } from "./paths.js";

export type TokenSource = "env" | "file" | "none";

export interface ResolvedToken {
  token: string | null;
  source: TokenSource;
  file: string;
}

/** The environment wins over the file, as the seed's Auth section says. */
export function resolveToken(env: NodeJS.ProcessEnv = process.env): ResolvedToken {
  const file = tokenFilePath(env);
  const fromEnv = env.WEBOPERATOR_API_TOKEN;
  if (fromEnv !== undefined && fromEnv.length > 0) return { token: fromEnv, source: "env", file };
  const fromFile = readTokenFile(file);
  if (fromFile !== null) return { token: fromFile, source: "file", file };
  return { token: null, source: "none", file };
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
