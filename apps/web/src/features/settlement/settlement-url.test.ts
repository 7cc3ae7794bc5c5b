import { describe, expect, it } from 'vitest';
import { chosenRange, settlementUrl } from './settlement-url';

const TODAY = '2026-03-01';

describe('the settlement report range', () => {
  const read = (query: string) => chosenRange(settlementUrl.parse(new URLSearchParams(query)), TODAY);

  it('reads a preset of the URL as days of the merchant, the last 7 days by default', () => {
    expect(read('')).toEqual({
      choice: 'last7Days',
      range: { from: '2026-02-23', to: TODAY },
      problem: null,
    });
    expect(read('preset=lastMonth').range).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    // A preset the report does not offer is no preset of it.
    expect(read('preset=last12Months').choice).toBe('last7Days');
  });

  it('takes a custom range from the URL and names what the server would refuse', () => {
    expect(read('from=2026-02-01&to=2026-02-10').problem).toBeNull();
    expect(read('from=2026-02-10&to=2026-02-01').problem).toBe('settlement.range_reversed');
    expect(read('from=2026-02-10&to=2026-03-02').problem).toBe('settlement.range_in_future');
    expect(read('from=2025-11-01&to=2026-02-28').problem).toBe('settlement.range_too_long');
  });
});
