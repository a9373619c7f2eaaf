import { WebOperatorError } from "../../../protocol/errors.js";
import type { ContentResult } from "../../../protocol/contentReplies.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import { assertEnabled, resolveTarget, scrollIntoView } from "./actionTarget.js";
import * as dom from "../dom/intrinsics.js";

interface FileContent {
  name: string;
  mimeType: string;
  base64: string;
}

/**
 * Fills an <input type=file> the way a drop does: Files in a DataTransfer, assigned to
 * input.files, then input and change events. Works on visually hidden inputs behind
 * styled "Choose file" buttons, which is how most sites build them.
 */
export function setFiles(registry: RefRegistry, rawRef: string, files: FileContent[]): ContentResult<"set_files"> {
  const target = resolveTarget(registry, rawRef);
  const input = fileInputFor(target.element);
  if (input === null) {
    throw new WebOperatorError(
      "not_actionable",
      `${target.ref} (${target.described}) is not a file input, nor a label or button for one; pick the file input's ref from browser.snapshot.`,
    );
  }
  scrollIntoView(target.element);
  assertEnabled(target);
  if (files.length > 1 && !input.multiple) {
    throw new WebOperatorError("bad_request", `${target.described} accepts one file, but ${files.length} were given.`);
  }
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(new File([decodeBase64(file.base64)], file.name, { type: file.mimeType }));
  input.files = transfer.files;
  input.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
  const assigned = [...(input.files ?? [])].map((file) => ({ name: file.name, size: file.size, mimeType: file.type }));
  return { ref: target.ref, target: target.target, recovered: target.recovered, files: assigned };
}

function fileInputFor(element: Element): HTMLInputElement | null {
  if (dom.localName(element) === "input" && (element as HTMLInputElement).type === "file") return element as HTMLInputElement;
  if (dom.localName(element) === "label") {
    const control = (element as HTMLLabelElement).control;
    if (control !== null && dom.localName(control) === "input" && (control as HTMLInputElement).type === "file")
      return control as HTMLInputElement;
  }
  const nested = dom.querySelector(element, 'input[type="file"]');
  return nested as HTMLInputElement | null;
}

function decodeBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
