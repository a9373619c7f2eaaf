import { describe, expect, it } from "vitest";
import {
  handlerBitTable,
  handlerKeyBit,
  handlerPropertyBit,
  handlerTypesOf,
  typesWorthSaying,
} from "../../extension/shared/handlerTypes.js";

const bits = handlerBitTable();
const maskOf = (...types: string[]): number => types.reduce((mask, type) => mask | (bits[type] ?? 0), 0);

describe("handler types read from framework bookkeeping", () => {
  it("reads the keys of the frameworks' handler bags as DOM event types", () => {
    const cases: Array<[string, string[]]> = [
      ["onClick", ["click"]],
      ["onContextMenu", ["contextmenu"]],
      ["onDoubleClick", ["dblclick"]],
      ["onMouseDownCapture", ["mousedown"]],
      ["onKeydown", ["keydown"]],
      ["onClickCaptureOnce", ["click"]],
      ["clickfalse", ["click"]],
      ["pointerdowntrue", ["pointerdown"]],
      ["contextmenu", ["contextmenu"]],
    ];
    for (const [key, types] of cases) expect(handlerTypesOf(handlerKeyBit(key)), key).toEqual(types);
  });

  it("ignores props and keys that are not handlers", () => {
    for (const key of ["onfocus", "onChange", "children", "className", "on", "onX", "value", "capture", "true", ""])
      expect(handlerKeyBit(key), key).toBe(0);
  });

  it("reads handler properties only behind underscores or dollars", () => {
    expect(handlerTypesOf(handlerPropertyBit("__click"))).toEqual(["click"]);
    expect(handlerTypesOf(handlerPropertyBit("$$contextmenu"))).toEqual(["contextmenu"]);
    expect(handlerPropertyBit("click")).toBe(0);
    expect(handlerPropertyBit("__value")).toBe(0);
  });

  it("says a right-click or double-click always, key types only for a handler-only target with no click", () => {
    expect(typesWorthSaying(maskOf("click", "contextmenu"), true)).toEqual(["contextmenu"]);
    expect(typesWorthSaying(maskOf("click", "dblclick"), false)).toEqual(["dblclick"]);
    expect(typesWorthSaying(maskOf("keydown"), true)).toEqual(["keydown"]);
    expect(typesWorthSaying(maskOf("keydown"), false)).toEqual([]);
    expect(typesWorthSaying(maskOf("keydown", "click"), true)).toEqual([]);
    expect(typesWorthSaying(maskOf("mousedown"), true)).toEqual([]);
  });
});
