import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./.data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PREVIEW_ACCOUNT_LIST).toEqual([]);
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues.join('\n');
    expect(issues).toContain('PORT');
    expect(issues).toContain('LOG_LEVEL');
    expect(issues).toContain('DATABASE_URL');
  });

  it('reads the preview account list as comma-separated store ids', () => {
    expect(loadConfig({ PREVIEW_ACCOUNT_LIST: 'sto_a, sto_b,,' }).PREVIEW_ACCOUNT_LIST).toEqual([
      'sto_a',
      'sto_b',
    ]);
  });
});
