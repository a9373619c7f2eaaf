export interface PickedFile {
  name: string;
  mimeType: string;
  size: number;
  base64: string;
}

/** Reads a picked file for the bridge, or says in words why it cannot be attached. */
export async function readPickedFile(file: File, maxBytes: number): Promise<PickedFile | { problem: string }> {
  if (file.size > maxBytes) {
    return { problem: `${file.name} is too large: ${megabytes(file.size)} MB, and attachments may be at most ${megabytes(maxBytes)} MB.` };
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    return {
      problem: `${file.name} could not be read (${error instanceof Error ? error.message : String(error)}). Check that it still exists and that you may read it.`,
    };
  }
  return { name: file.name, mimeType: file.type, size: file.size, base64: toBase64(bytes) };
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/** btoa takes a binary string; built in slices so a 10 MB file does not overflow the call stack. */
function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}
