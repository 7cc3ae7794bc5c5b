import { describe, expect, it } from 'vitest';
import { chosenRange, insightsUrl } from './insights-url';

const TODAY = '2026-03-01';

describe('the data insights range', () => {
  const read = (query: string) => chosenRange(insightsUrl.parse(new URLSearchParams(query)), TODAY);

  it('reads a preset of the URL as days of the merchant, the last 30 days by default', () => {
    expect(read('')).toEqual({
      choice: 'last30Days',
      range: { from: '2026-01-31', to: TODAY },
      problem: null,
      granularity: undefined,
    });
    expect(read('preset=yearToDate').range).toEqual({ from: '2026-01-01', to: TODAY });
    expect(read('preset=lastMonth&granularity=week')).toEqual({
      choice: 'lastMonth',
      range: { from: '2026-02-01', to: '2026-02-28' },
      problem: null,
      granularity: 'week',
    });
  });

  it('takes a custom range from the URL, with the granularity chosen, and names what cannot be shown', () => {
    expect(read('from=2026-02-01&to=2026-02-10&granularity=day')).toEqual({
      choice: 'custom',
      range: { from: '2026-02-01', to: '2026-02-10' },
      problem: null,
      granularity: 'day',
    });
    expect(read('from=2026-02-10&to=2026-02-01').problem).toBe('insights.range_end_before_start');
    expect(read('from=2026-02-10&to=2026-03-02').problem).toBe('insights.range_in_future');
  });
});
