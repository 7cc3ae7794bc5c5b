import { describe, expect, it } from 'vitest';
import { fitPreferences, linkedPreferences, shownColumns } from './column-preferences';

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

  it('keep an optional column added since the choice hidden, and show a new default one', () => {
    const stored = { order: ['createdAt', 'status'], hidden: [] };
    expect(fitPreferences(stored, columns, ['id'])).toEqual({
      order: ['createdAt', 'id', 'status', 'total'],
      hidden: new Set(['id']),
    });
  });

  it('read a link as the columns shown, in its order, the others hidden at their place', () => {
    const linked = linkedPreferences(['total', 'gone', 'createdAt'], columns);
    expect(linked).toEqual({
      order: ['total', 'id', 'status', 'createdAt'],
      hidden: new Set(['id', 'status']),
    });
    expect(shownColumns(linked ?? { order: [], hidden: new Set() })).toEqual(['total', 'createdAt']);
    expect(linkedPreferences(['gone'], columns)).toBeUndefined();
    expect(linkedPreferences([], columns)).toBeUndefined();
  });
});
