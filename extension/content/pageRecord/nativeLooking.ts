import * as native from "./mainWorldIntrinsics.js";

/**
 * MAIN world: what our replacements of page natives look like from the page. A replaced
 * native that prints its source (`addEventListener.toString()`), has a prototype, or a
 * different name or length tells every page that WebOperator is installed. Replacements are
 * method-shorthand functions (no prototype, not constructible, as natives are), take the
 * original's name and length, and Function.prototype.toString answers for them, and for
 * itself, the original's text. A page can still tell through another realm's toString (a
 * fresh iframe's), which docs/security.md lists.
 */
/* eslint-disable @typescript-eslint/unbound-method -- natives are taken off their prototypes on purpose, to be called through uncurry with an explicit receiver */
const masked = new WeakMap<object, string>();
const maskedText = native.uncurry(WeakMap.prototype.get as (this: WeakMap<object, string>, key: object) => string | undefined);
const remember = native.uncurry(
  WeakMap.prototype.set as (this: WeakMap<object, string>, key: object, value: string) => WeakMap<object, string>,
);
const originalToString = Function.prototype.toString;
const sourceOf = native.uncurry(originalToString);
const defineProperty = Object.defineProperty;

export function lookNative<F extends object>(replacement: F, original: object): F {
  defineProperty(replacement, "name", { value: (original as { name: string }).name, configurable: true });
  defineProperty(replacement, "length", { value: (original as { length: number }).length, configurable: true });
  remember(masked, replacement, sourceOf(original));
  return replacement;
}

const replacements = {
  toString(this: unknown): string {
    const text = typeof this === "function" ? maskedText(masked, this) : undefined;
    return text ?? sourceOf(this);
  },
};
defineProperty(Function.prototype, "toString", {
  value: lookNative(replacements.toString, originalToString),
  writable: true,
  enumerable: false,
  configurable: true,
});
