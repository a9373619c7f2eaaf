export type DropPosition = "before" | "on" | "after";

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a drop point lies from its target's edge: a quarter of the target, as a person aims beside an item. */
const BESIDE_FRACTION = 0.25;

export function boxCentre(box: Box): { x: number; y: number } {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Where to release so the drop lands `position` the target. "on": its centre, which sortables
 * read as taking the target's place. "before"/"after": along the drag's main axis, a quarter of
 * the target inside its near edge, or a quarter beyond its far edge (over its neighbour), so the
 * slot the pointer ends in is the one beside the target whichever way the drag comes from:
 * sortables that insert by which item is under the pointer (SortableJS) and those that pick the
 * item closest to the dragged one's centre (dnd-kit's closestCenter) read it alike.
 */
export function dropPoint(box: Box, from: { x: number; y: number }, position: DropPosition): { x: number; y: number } {
  const middle = boxCentre(box);
  if (position === "on") return middle;
  const vertical = Math.abs(middle.y - from.y) >= Math.abs(middle.x - from.x);
  const size = vertical ? box.height : box.width;
  const start = vertical ? box.y : box.x;
  const comesFromBefore = (vertical ? from.y : from.x) < (vertical ? middle.y : middle.x);
  const offset = size * BESIDE_FRACTION;
  // From before the target, "before" is just short of its near edge; from after it, just inside its near edge. Likewise for "after".
  const along =
    position === "before"
      ? comesFromBefore
        ? start - offset
        : start + offset
      : comesFromBefore
        ? start + size - offset
        : start + size + offset;
  return vertical ? { x: middle.x, y: along } : { x: along, y: middle.y };
}
