import { describe, expect, it } from 'vitest';
import { DEFAULT_SQLITE_FILE, describePostgresUrl, parseDatabaseUrl } from './database-url.js';

describe('parseDatabaseUrl', () => {
  it('defaults to the SQLite file under ./data when unset or blank', () => {
    expect(DEFAULT_SQLITE_FILE).toBe('./data/portal.sqlite');
    expect(parseDatabaseUrl(undefined)).toEqual({ kind: 'sqlite', file: './data/portal.sqlite' });
    expect(parseDatabaseUrl('  ')).toEqual({ kind: 'sqlite', file: './data/portal.sqlite' });
  });

  it('reads sqlite:PATH, relative or absolute', () => {
    expect(parseDatabaseUrl('sqlite:data/other.sqlite')).toEqual({
      kind: 'sqlite',
      file: 'data/other.sqlite',
    });
    expect(parseDatabaseUrl('sqlite:/var/lib/portal.sqlite')).toEqual({
      kind: 'sqlite',
      file: '/var/lib/portal.sqlite',
    });
    expect(parseDatabaseUrl('sqlite:///var/lib/portal.sqlite')).toEqual({
      kind: 'sqlite',
      file: '/var/lib/portal.sqlite',
    });
  });

  it('reads postgres:// and postgresql:// URLs as given', () => {
    const url = 'postgres://portal:secret@db.internal:6432/portal?sslmode=require';
    expect(parseDatabaseUrl(url)).toEqual({ kind: 'postgres', url });
    expect(parseDatabaseUrl('postgresql://postgres@127.0.0.1/portal')).toEqual({
      kind: 'postgres',
      url: 'postgresql://postgres@127.0.0.1/portal',
    });
  });

  it.each([
    ['sqlite:', /names no SQLite file/],
    ['mysql://root:secret@localhost/portal', /unsupported scheme "mysql:"/],
    ['./data/portal.sqlite', /has no scheme/],
    ['postgres://[::1', /not a valid PostgreSQL URL/],
  ])('rejects %j with a clear message', (value, message) => {
    expect(() => parseDatabaseUrl(value)).toThrow(message);
    expect(() => parseDatabaseUrl(value)).toThrow(/Use sqlite:PATH, postgres:\/\/… or postgresql:\/\/…/);
  });

  it('never repeats a password from a rejected value', () => {
    expect(() => parseDatabaseUrl('mysql://root:hunter2@localhost/portal')).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') as unknown }),
    );
  });
});

describe('describePostgresUrl', () => {
  it('names host, port and database without the credentials', () => {
    expect(describePostgresUrl('postgres://portal:hunter2@db.internal/portal')).toBe(
      'db.internal:5432/portal',
    );
    expect(describePostgresUrl('postgresql://u@127.0.0.1:6432/x')).toBe('127.0.0.1:6432/x');
  });
});
