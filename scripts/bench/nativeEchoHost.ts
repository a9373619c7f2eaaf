import { renameSync, writeFileSync } from "node:fs";

/**
 * The bare native-messaging floor's host: none of WebOperator's code. Chrome starts it
 * when the echo extension connects; it sends messages of each size, the extension posts
 * each straight back, and it writes every round trip (ms) to the result file, then exits.
 * Usage (from the launcher Chrome runs): node nativeEchoHost.js RESULT_FILE COUNT SIZE...
 */
const [resultFile, countText, ...sizeTexts] = process.argv.slice(2);
const count = Number(countText);
const sizes = sizeTexts.map(Number);
const WARMUP = 30;

let buffered = Buffer.alloc(0);
let waiting: (() => void) | null = null;

process.stdin.on("data", (chunk: Buffer) => {
  buffered = Buffer.concat([buffered, chunk]);
  for (;;) {
    if (buffered.length < 4) return;
    const length = buffered.readUInt32LE(0);
    if (buffered.length < 4 + length) return;
    JSON.parse(buffered.subarray(4, 4 + length).toString("utf8"));
    buffered = buffered.subarray(4 + length);
    const done = waiting;
    waiting = null;
    done?.();
  }
});

function roundTrip(message: unknown): Promise<number> {
  const started = performance.now();
  const body = Buffer.from(JSON.stringify(message), "utf8");
  const header = Buffer.alloc(4);
  header.writeUInt32LE(body.length, 0);
  return new Promise((resolve) => {
    waiting = () => resolve(performance.now() - started);
    process.stdout.write(Buffer.concat([header, body]));
  });
}

async function main(): Promise<void> {
  if (resultFile === undefined || !Number.isInteger(count) || sizes.some((size) => !Number.isInteger(size)))
    throw new Error("usage: nativeEchoHost RESULT_FILE COUNT SIZE...");
  const results: Record<string, number[]> = {};
  for (const size of sizes) {
    const message = { kind: "echo", pad: "x".repeat(size) };
    for (let index = 0; index < WARMUP; index++) await roundTrip(message);
    const samples: number[] = [];
    for (let index = 0; index < count; index++) samples.push(await roundTrip(message));
    results[String(size)] = samples;
  }
  // Renamed into place: the bench polls for the file and must never read half of it.
  writeFileSync(`${resultFile}.part`, JSON.stringify(results));
  renameSync(`${resultFile}.part`, resultFile);
  process.exit(0);
}

void main();
