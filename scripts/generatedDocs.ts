import { renderCommandsDoc } from "./commandReference.js";
import { renderErrorsDoc } from "./errorReference.js";
import { renderAriaRoleFacts } from "./renderAriaRoleFacts.js";

/** The files rendered from protocol/ or a library's data, by path from the repository root. */
export const GENERATED_FILES: Readonly<Record<string, () => string>> = {
  "docs/commands.md": renderCommandsDoc,
  "docs/errors.md": renderErrorsDoc,
  "extension/content/accessibility/ariaRoleFacts.ts": renderAriaRoleFacts,
};
