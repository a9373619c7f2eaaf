import type { ContentResult } from "../../../protocol/index.js";
import type { RefRegistry } from "../refs/refRegistry.js";

const SHOW_MS = 900;

/**
 * A short-lived outline and label over the element an action targets, so a person
 * watching sees what the agent does (seed §5). It lives in a closed shadow root under an
 * aria-hidden host with pointer-events: none: invisible to snapshots and hit tests.
 */
export function highlightRef(registry: RefRegistry, rawRef: string, label: string): ContentResult<"highlight"> {
  const { element } = registry.resolve(rawRef);
  if (element.ownerDocument !== document) return { shown: false };
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return { shown: false };
  const host = document.createElement("weboperator-highlight");
  host.setAttribute("aria-hidden", "true");
  // all:initial first: the page's own CSS (say, a universal display rule) must not reach the host.
  host.style.cssText = "all:initial;position:fixed;inset:0;pointer-events:none;z-index:2147483647;";
  const root = host.attachShadow({ mode: "closed" });
  const outline = document.createElement("div");
  outline.style.cssText = `position:fixed;left:${box.left - 3}px;top:${box.top - 3}px;width:${box.width + 6}px;height:${box.height + 6}px;border:2px solid #e8590c;border-radius:4px;box-shadow:0 0 0 4px rgba(232,89,12,.25);pointer-events:none;`;
  const tag = document.createElement("div");
  tag.textContent = label;
  tag.style.cssText = `position:fixed;left:${box.left}px;top:${Math.max(0, box.top - 24)}px;background:#e8590c;color:#fff;font:12px/20px system-ui,sans-serif;padding:0 6px;border-radius:3px;pointer-events:none;white-space:nowrap;`;
  root.append(outline, tag);
  document.documentElement.append(host);
  setTimeout(() => host.remove(), SHOW_MS);
  return { shown: true };
}
