import { handlerKeyBit, handlerPropertyBit, handlerTypesOf } from "../../shared/handlerTypes.js";
import { cdpTry, type CdpTarget } from "./cdpTarget.js";

/**
 * The handler types a framework keeps on one node, read through CDP's own view of its
 * properties: the handler bags and handler properties the content script's MAIN-world scan
 * reads (frameworkHandlerScan.ts), seen here without running page code (getters are listed,
 * not called). React 17+ and Svelte 5 delegate to their root, so DOMDebugger's listeners of
 * the node itself say nothing. jQuery's delegated selectors are left to the DOM snapshot.
 */
export async function frameworkHandlerTypes(target: CdpTarget, objectId: string): Promise<string[]> {
  const own = await cdpTry(target, "Runtime.getProperties", { objectId, ownProperties: true });
  let mask = 0;
  for (const property of own?.result ?? []) {
    const value = property.value;
    if (value === undefined || !(property.enumerable || property.symbol !== undefined)) continue;
    if (value.type === "function") mask |= handlerPropertyBit(property.name);
    // A plain object only: class instances (React's fibers, a Vue 2 component) are not read.
    else if (value.type === "object" && value.subtype === undefined && value.className === "Object" && value.objectId !== undefined)
      mask |= await bagMask(target, value.objectId);
  }
  return handlerTypesOf(mask);
}

async function bagMask(target: CdpTarget, objectId: string): Promise<number> {
  const bag = await cdpTry(target, "Runtime.getProperties", { objectId, ownProperties: true });
  let mask = 0;
  for (const property of bag?.result ?? []) if (property.value?.type === "function") mask |= handlerKeyBit(property.name);
  return mask;
}
