import { describe, expect, it } from 'vitest';
import { featureFlagBulkEvaluationPath, featureFlagEvaluationPath, isFlagOn } from './feature-flags.js';
import { MERCHANT_PORTAL_FLAG_TAG } from './enums.js';

describe('isFlagOn', () => {
  it('is on only for the string "true"', () => {
    expect(isFlagOn('true')).toBe(true);
    for (const value of ['TRUE', 'True', '1', 'false', '', undefined]) expect(isFlagOn(value)).toBe(false);
  });
});

describe('paths', () => {
  it('encodes the flag name and the tag', () => {
    expect(featureFlagEvaluationPath('a b')).toBe('/api/featureflag/evaluation/flag/a%20b');
    expect(featureFlagBulkEvaluationPath(MERCHANT_PORTAL_FLAG_TAG)).toBe(
      '/api/featureflag/evaluation/bulk?tag=merchant-portal-frontend',
    );
  });
});
