import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('127.0.0.1');
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

  it('reads the platform team e-mail, defaulting to the local team address', () => {
    expect(loadConfig({}).PLATFORM_TEAM_EMAIL).toBe('team@atelier.local');
    expect(loadConfig({ PLATFORM_TEAM_EMAIL: 'Sourcing@Example.com' }).PLATFORM_TEAM_EMAIL).toBe(
      'sourcing@example.com',
    );
    expect(() => loadConfig({ PLATFORM_TEAM_EMAIL: 'not-an-address' })).toThrow(ConfigError);
  });

  it('reads BILLING_PLAN_PRICES as JSON over the default prices, refusing bad JSON or plans', () => {
    expect(loadConfig({}).BILLING_PLAN_PRICES.TIER_2).toEqual({ MONTH: 4_900, YEAR: 49_000 });
    const prices = loadConfig({
      BILLING_PLAN_PRICES: '{"TIER_3":{"MONTH":25000,"YEAR":250000}}',
    }).BILLING_PLAN_PRICES;
    expect(prices.TIER_3).toEqual({ MONTH: 25_000, YEAR: 250_000 });
    expect(prices.TIER_2_5).toEqual({ MONTH: 9_900, YEAR: 99_000 });
    for (const bad of [
      '{nope',
      '{"TIER_9":{"MONTH":1,"YEAR":1}}',
      '{"TIER_2":{"MONTH":-1,"YEAR":0}}',
    ]) {
      expect(() => loadConfig({ BILLING_PLAN_PRICES: bad })).toThrow(/BILLING_PLAN_PRICES/);
    }
  });

  it('resolves a relative DATA_DIR from where npm was run, not from the workspace', () => {
    expect(loadConfig({ DATA_DIR: './.data', INIT_CWD: '/srv/atelier' }).dataDir).toBe(
      '/srv/atelier/.data',
    );
  });
});
