/**
 * Where each element with a ref was, in its frame's viewport, when a snapshot last printed
 * it. An action's stability check starts from this sample: a target that has not moved
 * since the agent saw it needs no waiting for frames (see stableBox.ts).
 */
const boxes = new WeakMap<Element, DOMRectReadOnly>();

export function rememberSnapshotBox(element: Element, box: DOMRectReadOnly): void {
  boxes.set(element, box);
}

export function snapshotBox(element: Element): DOMRectReadOnly | undefined {
  return boxes.get(element);
}
