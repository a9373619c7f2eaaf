import { homedir } from "node:os";
import { join } from "node:path";
import { configDir } from "../config/paths.js";

/**
 * The one folder agents may upload from. Never the downloads folder: a page could make
 * the browser download a file and then have the agent upload it somewhere else.
 */
export function uploadFolder(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.WEBOPERATOR_UPLOAD_DIR;
  return configured && configured.length > 0 ? configured : join(configDir(env), "uploads");
}

export function downloadFolders(env: NodeJS.ProcessEnv = process.env): string[] {
  const folders = [join(homedir(), "Downloads")];
  if (env.XDG_DOWNLOAD_DIR) folders.push(env.XDG_DOWNLOAD_DIR);
  return folders;
}
