/**
 * A seeded pseudo-random source (mulberry32): the same seed gives the same sequence on every machine,
 * so the demo data, ids included, is the same from run to run. Not for anything secret.
 */
export class SeededRandom {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** The next 32-bit unsigned integer. */
  nextUint32(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    return this.nextUint32() / 2 ** 32;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with the given probability. */
  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(0, items.length - 1)];
    if (item === undefined) throw new Error('Cannot pick from an empty list');
    return item;
  }

  /** `count` distinct items in random order (a partial Fisher-Yates shuffle of a copy). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const taken = Math.min(count, copy.length);
    for (let i = 0; i < taken; i++) {
      const j = this.int(i, copy.length - 1);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, taken);
  }

  bytes(length: number): Uint8Array {
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i += 4) {
      const word = this.nextUint32();
      for (let k = 0; k < 4 && i + k < length; k++) bytes[i + k] = (word >>> (8 * k)) & 0xff;
    }
    return bytes;
  }

  /** A version-4-shaped UUID drawn from this sequence. */
  uuid(): string {
    const b = this.bytes(16);
    b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
    b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
    const hex = Array.from(b, (byte) => byte.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}
