import { describe, expect, it } from 'vitest';
import { MAX_PREDICTION_HORIZON_DAYS } from '@atelier/contract/analytics/analytics-api';
import {
  checkPredictiveDraft,
  MAX_HORIZON_DAYS,
  predictiveSettingsOf,
  validateLtvSearch,
} from './predictive-search';

describe('validateLtvSearch', () => {
  it('keeps the range and well-formed calibration settings, and drops the rest', () => {
    expect(
      validateLtvSearch({
        from: '2010-12-10',
        to: '2011-12-09',
        calibrationEnd: '2011-06-10',
        timeUnit: 'day',
        horizonDays: 182,
      }),
    ).toEqual({
      from: '2010-12-10',
      to: '2011-12-09',
      calibrationEnd: '2011-06-10',
      timeUnit: 'day',
      horizonDays: 182,
    });
    expect(
      validateLtvSearch({ calibrationEnd: '2011-13-01', timeUnit: 'month', horizonDays: 1e9 }),
    ).toEqual({});
    expect(validateLtvSearch({ horizonDays: '90' })).toMatchObject({ horizonDays: 90 });
  });

  it('takes the longest horizon the server takes', () => {
    expect(MAX_HORIZON_DAYS).toBe(MAX_PREDICTION_HORIZON_DAYS);
  });
});

describe('predictiveSettingsOf', () => {
  it('holds out the second half of the range shown, ending on its last day', () => {
    // The demo store: a year of orders up to 2011-12-09, the range every view shows by default.
    expect(predictiveSettingsOf({}, { from: '2010-12-10', to: '2011-12-09' })).toEqual({
      calibrationEnd: '2011-06-10',
      timeUnit: 'week',
      horizonDays: 182,
    });
  });

  it('holds out at most a year of a longer range, and ends a chosen horizon on its last day', () => {
    const threeYears = { from: '2022-01-01', to: '2024-12-31' };
    expect(predictiveSettingsOf({}, threeYears)).toMatchObject({
      calibrationEnd: '2024-01-01', // 2024 has 366 days
      horizonDays: 365,
    });
    expect(predictiveSettingsOf({ horizonDays: 30, timeUnit: 'day' }, threeYears)).toEqual({
      calibrationEnd: '2024-12-01',
      timeUnit: 'day',
      horizonDays: 30,
    });
  });

  it('takes a calibration end of the address with the default holdout of the range', () => {
    expect(
      predictiveSettingsOf(
        { calibrationEnd: '2011-03-31' },
        { from: '2010-12-10', to: '2011-12-09' },
      ),
    ).toEqual({ calibrationEnd: '2011-03-31', timeUnit: 'week', horizonDays: 182 });
  });

  it('waits for the range unless the address has both the calibration end and the holdout', () => {
    expect(predictiveSettingsOf({ calibrationEnd: '2011-03-31', horizonDays: 90 }, null)).toEqual({
      calibrationEnd: '2011-03-31',
      timeUnit: 'week',
      horizonDays: 90,
    });
    expect(predictiveSettingsOf({ calibrationEnd: '2011-03-31' }, null)).toBeUndefined();
    expect(predictiveSettingsOf({ horizonDays: 90 }, null)).toBeUndefined();
  });
});

describe('checkPredictiveDraft', () => {
  it('asks for a day and a whole number of days within the server’s bounds', () => {
    expect(checkPredictiveDraft({ calibrationEnd: '2011-06-10', horizonDays: 182 })).toEqual({});
    expect(checkPredictiveDraft({ calibrationEnd: '', horizonDays: 0 })).toEqual({
      calibrationEnd: 'Enter a day.',
      horizonDays: 'Enter a whole number of days from 1 to 3,650.',
    });
    expect(checkPredictiveDraft({ calibrationEnd: '2011-06-10', horizonDays: '' })).toHaveProperty(
      'horizonDays',
    );
    expect(
      checkPredictiveDraft({ calibrationEnd: '2011-06-10', horizonDays: 3_651 }),
    ).toHaveProperty('horizonDays');
  });
});
