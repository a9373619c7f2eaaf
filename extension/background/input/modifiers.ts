import type { Modifier } from "../../../protocol/primitives.js";

/** CDP's `modifiers` bit field (Input.dispatchMouseEvent and dispatchKeyEvent). */
export const MODIFIER_BITS: Readonly<Record<Modifier, number>> = { Alt: 1, Control: 2, Meta: 4, Shift: 8 };

/** The one modifier function: canonical names (protocol's ModifiersSchema already read the spellings) to CDP bits. */
export function modifierBits(modifiers: readonly Modifier[] | undefined): number {
  return (modifiers ?? []).reduce((bits, name) => bits | MODIFIER_BITS[name], 0);
}

export function isModifier(key: string): key is Modifier {
  return Object.hasOwn(MODIFIER_BITS, key);
}
