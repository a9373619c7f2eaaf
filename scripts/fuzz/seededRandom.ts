/**
 * A small seeded generator (mulberry32), so every fuzz run can be replayed from its seed
 * and the CI form is the same sequence each time.
 */
export class SeededRandom {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[this.int(0, items.length - 1)] as T;
  }

  bytes(length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let index = 0; index < length; index++) out[index] = this.int(0, 255);
    return out;
  }

  /** Text that stresses parsers: ASCII, quotes, controls, astral characters, lone surrogates. */
  text(maxLength: number): string {
    const alphabet = ["a", "Z", "0", " ", '"', "\\", "\n", "\u0000", "é", "😀", "\ud800", "<", "&", "'", "{", "]"];
    let out = "";
    const length = this.int(0, maxLength);
    for (let index = 0; index < length; index++) out += this.pick(alphabet);
    return out;
  }
}
