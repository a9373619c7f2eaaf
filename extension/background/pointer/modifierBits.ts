import { WebOperatorError } from "../../../protocol/index.js";
import { MODIFIER_BITS, parseKeyChord, type ModifierName } from "../keyDefinitions.js";

/**
 * The CDP modifier bit field for names such as ["shift"], ["ctrl", "alt"] or the chord
 * form ["ctrl+shift"] that Claude's toolset uses; the same aliases browser.press accepts.
 */
export function modifierBits(names: readonly string[] | undefined): number {
  let bits = 0;
  for (const part of (names ?? []).flatMap((name) => name.split("+"))) {
    const key = parseKeyChord(part.trim()).key.key;
    if (!isModifier(key)) {
      throw new WebOperatorError("bad_request", `"${part}" is not a modifier; use shift, ctrl, alt or meta (cmd).`);
    }
    bits |= MODIFIER_BITS[key];
  }
  return bits;
}

function isModifier(key: string): key is ModifierName {
  return Object.hasOwn(MODIFIER_BITS, key);
}
