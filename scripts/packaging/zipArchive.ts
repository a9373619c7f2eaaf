import { deflateRawSync } from "node:zlib";

/** One file of an archive: its path inside it (forward slashes) and its bytes. */
export interface ZipEntry {
  path: string;
  data: Buffer;
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, index) => {
  let crc = index;
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});

/** The CRC-32 a zip records of every file (ISO 3309, as zlib computes it); zlib.crc32 is missing from Node 20's early releases. */
export function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

// 1980-01-01 00:00, the earliest DOS date: the same files always give the same archive.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
// Bit 11: names are UTF-8.
const UTF8_FLAG = 0x0800;
const DEFLATE = 8;
const VERSION_NEEDED = 20;
// Made by Unix (3), spec 2.0, so the external attributes below are read as file modes.
const VERSION_MADE_BY = (3 << 8) | 20;
const REGULAR_FILE_MODE = 0o100644;

function localHeader(name: Buffer, crc: number, compressed: number, size: number): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION_NEEDED, 4);
  header.writeUInt16LE(UTF8_FLAG, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(DOS_TIME, 10);
  header.writeUInt16LE(DOS_DATE, 12);
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(compressed, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, name]);
}

function centralHeader(name: Buffer, crc: number, compressed: number, size: number, offset: number): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(VERSION_MADE_BY, 4);
  header.writeUInt16LE(VERSION_NEEDED, 6);
  header.writeUInt16LE(UTF8_FLAG, 8);
  header.writeUInt16LE(DEFLATE, 10);
  header.writeUInt16LE(DOS_TIME, 12);
  header.writeUInt16LE(DOS_DATE, 14);
  header.writeUInt32LE(crc, 16);
  header.writeUInt32LE(compressed, 20);
  header.writeUInt32LE(size, 24);
  header.writeUInt16LE(name.length, 28);
  // Extra field, comment, disk number and internal attributes stay 0.
  header.writeUInt32LE(REGULAR_FILE_MODE * 0x10000, 38);
  header.writeUInt32LE(offset, 42);
  return Buffer.concat([header, name]);
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

export class ZipLimitError extends Error {
  readonly code = "zip_too_large";
}

/**
 * A zip of the entries, each deflated (PKWARE APPNOTE 6.3: local headers and data, then the
 * central directory). Without Zip64, so below 4 GiB and 65,535 files, far above an extension.
 */
export function zipArchive(entries: readonly ZipEntry[]): Buffer {
  if (entries.length > 0xffff) throw new ZipLimitError(`${entries.length} files: a zip without Zip64 holds 65,535`);
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.path, "utf8");
    const crc = crc32(entry.data);
    const compressed = deflateRawSync(entry.data, { level: 9 });
    const local = localHeader(name, crc, compressed.length, entry.data.length);
    central.push(centralHeader(name, crc, compressed.length, entry.data.length, offset));
    parts.push(local, compressed);
    offset += local.length + compressed.length;
  }
  if (offset > 0xffffffff) throw new ZipLimitError(`${offset} bytes: a zip without Zip64 holds 4 GiB`);
  const directory = Buffer.concat(central);
  return Buffer.concat([...parts, directory, endOfCentralDirectory(entries.length, directory.length, offset)]);
}
