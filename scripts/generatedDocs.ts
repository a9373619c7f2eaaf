import { renderCommandsDoc } from "./commandReference.js";
import { renderErrorsDoc } from "./errorReference.js";

/** The pages of docs/ that are rendered from protocol/, by path from the repository root. */
export const GENERATED_DOCS: Readonly<Record<string, () => string>> = {
  "docs/commands.md": renderCommandsDoc,
  "docs/errors.md": renderErrorsDoc,
};
