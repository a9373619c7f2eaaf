import type { ContentResult } from "../../../protocol/contentReplies.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import { resolveTarget, scrollIntoView } from "./actionTarget.js";
import * as dom from "../dom/intrinsics.js";

export function scrollToRef(registry: RefRegistry, rawRef: string): ContentResult<"scroll_to"> {
  const target = resolveTarget(registry, rawRef);
  scrollIntoView(target.element);
  const box = dom.getBoundingClientRect(target.element);
  const view = dom.defaultView(dom.ownerDocument(target.element)) ?? window;
  const inViewport = box.bottom > 0 && box.right > 0 && box.top < view.innerHeight && box.left < view.innerWidth && box.width > 0;
  return { ref: target.ref, target: target.target, recovered: target.recovered, inViewport };
}
