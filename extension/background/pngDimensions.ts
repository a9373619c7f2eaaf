/** Reads width and height from a base64 PNG's IHDR chunk without decoding the image. */
export function pngDimensions(base64: string): { width: number; height: number } | null {
  const head = atob(base64.slice(0, 44));
  if (head.length < 24 || head.slice(1, 4) !== "PNG") return null;
  const readUint32 = (offset: number): number =>
    ((head.charCodeAt(offset) << 24) |
      (head.charCodeAt(offset + 1) << 16) |
      (head.charCodeAt(offset + 2) << 8) |
      head.charCodeAt(offset + 3)) >>>
    0;
  return { width: readUint32(16), height: readUint32(20) };
}
