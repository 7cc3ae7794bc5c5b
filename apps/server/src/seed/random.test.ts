import { describe, expect, it } from 'vitest';
import { SeededRandom } from './random.js';

describe('SeededRandom', () => {
  it('repeats its sequence for the same seed and differs for another', () => {
    const draw = (seed: number) => {
      const random = new SeededRandom(seed);
      return Array.from({ length: 5 }, () => random.nextUint32());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('matches the published mulberry32 sequence', () => {
    // First outputs of mulberry32(1), as computed by the reference implementation.
    const random = new SeededRandom(1);
    expect(random.next()).toBeCloseTo(0.6270739405881613, 15);
    expect(random.next()).toBeCloseTo(0.002735721180215478, 15);
  });

  it('makes version-4-shaped UUIDs', () => {
    const random = new SeededRandom(7);
    const ids = Array.from({ length: 50 }, () => random.uuid());
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(50);
  });

  it('draws integers within bounds and distinct samples', () => {
    const random = new SeededRandom(3);
    const values = Array.from({ length: 1_000 }, () => random.int(1, 6));
    expect(Math.min(...values)).toBe(1);
    expect(Math.max(...values)).toBe(6);
    const sample = random.sample([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 4);
    expect(new Set(sample).size).toBe(4);
    expect(() => random.pick([])).toThrow();
  });
});
