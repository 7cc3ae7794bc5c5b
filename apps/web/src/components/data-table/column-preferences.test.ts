import { describe, expect, it } from 'vitest';
import { fitPreferences } from './column-preferences';

const columns = ['createdAt', 'id', 'status', 'total'];

describe('column preferences', () => {
  it('read nothing stored as the default', () => {
    expect(fitPreferences(undefined, columns, ['id'])).toEqual({ order: columns, hidden: new Set(['id']) });
    expect(fitPreferences({ order: 'nope' }, columns, [])).toEqual({ order: columns, hidden: new Set() });
  });

  it('keep the stored order and hidden columns, dropping unknown ones and adding new ones in place', () => {
    const stored = { order: ['total', 'gone', 'createdAt', 'id'], hidden: ['id', 'gone'] };
    expect(fitPreferences(stored, columns, [])).toEqual({
      order: ['total', 'createdAt', 'status', 'id'],
      hidden: new Set(['id']),
    });
  });

  it('never hide every column', () => {
    expect(fitPreferences({ order: columns, hidden: columns }, columns, [])).toEqual({
      order: columns,
      hidden: new Set(),
    });
  });
});
