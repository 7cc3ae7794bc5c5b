import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.js';

function opened(capacity?: number) {
  const database = new SqliteDatabase(':memory:');
  database.exec('create table t (n integer)');
  database.exec('insert into t values (1), (2), (3)');
  return { database, cached: withStatementCache(database, capacity) };
}

describe('the SQLite statement cache', () => {
  it('hands out the statement it prepared for the same text, with the values of each call', () => {
    const { cached } = opened();
    const first = cached.prepare('select n from t where n >= ?');
    const second = cached.prepare('select n from t where n >= ?');
    expect(second).toBe(first);
    expect(second.all([2])).toEqual([{ n: 2 }, { n: 3 }]);
    expect(first.all([3])).toEqual([{ n: 3 }]);
  });

  it('keeps at most its capacity, the least recently used leaving first', () => {
    const { cached } = opened(2);
    const a = cached.prepare('select 1');
    const b = cached.prepare('select 2');
    expect(cached.prepare('select 1')).toBe(a);
    cached.prepare('select 3');
    // "select 2" was the least recently used: it was dropped, "select 1" was kept.
    expect(cached.prepare('select 1')).toBe(a);
    expect(cached.prepare('select 2')).not.toBe(b);
  });

  it('gives a statement of its own while the kept one is still being iterated', () => {
    const { cached } = opened();
    const text = 'select n from t order by n';
    const iterating = cached.prepare(text).iterate([]);
    expect(iterating.next().value).toEqual({ n: 1 });
    const other = cached.prepare(text);
    expect(other.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect([...iterating]).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it('closes the connection it wraps', () => {
    const { database, cached } = opened();
    cached.close();
    expect(database.open).toBe(false);
  });
});
