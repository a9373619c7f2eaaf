import { describeTokenSource, readTokenFile, tokenFileMode, type ResolvedToken } from "../../bridge/config/token.js";
import { failed, passed, shellArg, type DoctorCheck } from "./doctorCheck.js";

const NAME = "token file";

export function checkTokenFile(resolved: ResolvedToken, installFix: string): DoctorCheck {
  const file = resolved.file;
  const mode = tokenFileMode(file);
  const inUse = resolved.source === "file" || resolved.source === "none";
  if (mode === null && !inUse) return passed(NAME, `${file} absent, not needed: using ${describeTokenSource(resolved)}`);
  if (mode === null) return failed(NAME, `${file} does not exist`, installFix);
  const octal = mode.toString(8).padStart(4, "0");
  // Anyone who can read the token can drive the user's logged-in browser.
  if (mode !== 0o600) return failed(NAME, `${file} has mode ${octal}; others may read the token`, `chmod 600 ${shellArg(file)}`);
  if (readTokenFile(file) === null) return failed(NAME, `${file} is empty`, `rm ${shellArg(file)} && ${installFix}`);
  return passed(NAME, `${file} (mode 0600)`);
}
