import { describe, expect, it } from 'vitest';
import { analyticsEndpoints } from './analytics-api';
import { EVENT_REPORT_CALL, isEmptyEventContent } from './event-report';

describe('EVENT_REPORT_CALL', () => {
  it('is the report endpoint of the contract', () => {
    expect(EVENT_REPORT_CALL).toEqual({
      method: analyticsEndpoints.reportEvent.method,
      path: analyticsEndpoints.reportEvent.path,
    });
  });
});

describe('isEmptyEventContent', () => {
  it.each([null, undefined, '', '   ', {}, []])('finds %j empty', (content) => {
    expect(isEmptyEventContent(content)).toBe(true);
  });

  it.each([0, false, 'x', { path: '/analytics' }, [1], { key: null }])(
    'finds %j not empty',
    (content) => {
      expect(isEmptyEventContent(content)).toBe(false);
    },
  );
});
