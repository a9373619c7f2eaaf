import { afterAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import { crc32, zipArchive, type ZipEntry } from "../../scripts/packaging/zipArchive.js";
import { storeManifest, storeZipEntries } from "../../scripts/packaging/storeZip.js";
import { readPackageVersion } from "../../bridge/version.js";
import { projectRoot } from "../../bridge/install/projectLayout.js";

interface ReadEntry {
  path: string;
  crc: number;
  data: Buffer;
}

/** Reads an archive back through its central directory, as unzip and the store do, checking each entry's CRC as it goes. */
function readZip(zip: Buffer): ReadEntry[] {
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end)).toBe(0x06054b50);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ReadEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const path = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    expect(method).toBe(8);
    entries.push({ path, crc, data: inflateRawSync(zip.subarray(dataStart, dataStart + compressed)) });
    at += 46 + nameLength;
  }
  return entries;
}

describe("zipArchive", () => {
  it("computes the CRC-32 check value of the standard", () => {
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
  });

  it("writes every entry so that reading the central directory gives back its path, bytes and CRC", () => {
    const entries: ZipEntry[] = [
      { path: "manifest.json", data: Buffer.from('{"name":"x"}\n') },
      { path: "assets/é.js", data: Buffer.from("console.log(1);\n".repeat(500)) },
      { path: "empty.txt", data: Buffer.alloc(0) },
    ];
    const read = readZip(zipArchive(entries));
    expect(read.map((entry) => entry.path)).toEqual(entries.map((entry) => entry.path));
    for (const [index, entry] of read.entries()) {
      expect(entry.data.equals(entries[index]?.data ?? Buffer.alloc(1))).toBe(true);
      expect(entry.crc).toBe(crc32(entry.data));
    }
  });

  it("gives the same bytes for the same files", () => {
    const entries = [{ path: "a.txt", data: Buffer.from("a") }];
    expect(zipArchive(entries).equals(zipArchive(entries))).toBe(true);
  });
});

describe("the Chrome Web Store zip", () => {
  const dir = mkdtempSync(join(tmpdir(), "wo-store-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("drops only `key` from the manifest", () => {
    expect(storeManifest({ name: "WebOperator", key: "MIIB", version: "1.2.3" })).toEqual({ name: "WebOperator", version: "1.2.3" });
  });

  it("holds every file of the built folder but dot-folders, sorted, with the manifest as the store takes it", () => {
    mkdirSync(join(dir, "assets"));
    mkdirSync(join(dir, ".vite"));
    writeFileSync(join(dir, "manifest.json"), JSON.stringify({ name: "WebOperator", version: "1.0.0", key: "MIIB" }));
    writeFileSync(join(dir, "assets", "worker.js"), "1");
    writeFileSync(join(dir, ".vite", "manifest.json"), "{}");
    const entries = storeZipEntries(dir);
    expect(entries.map((entry) => entry.path)).toEqual(["assets/worker.js", "manifest.json"]);
    expect(JSON.parse(entries[1]?.data.toString("utf8") ?? "")).toEqual({ name: "WebOperator", version: "1.0.0" });
  });

  it("the extension's version is the package's, so doctor can compare the loaded extension with the installed bridge", () => {
    const manifest = JSON.parse(readFileSync(join(projectRoot(), "manifest.json"), "utf8")) as { version: string };
    expect(manifest.version).toBe(readPackageVersion());
  });
});
