/** The one config schema: its defaults, each key refusing what it cannot hold with INVALID_CONFIG at load, and null meaning the default. */
import { describe, expect, it } from 'vitest';
import { automaticReferenceBytes } from '../src/context/budget.ts';
import { ConfigSchema, loadConfig } from '../src/config.ts';
import type { Config, ResolvedConfig } from '../src/config.ts';
import { SessionReferenceError } from '../src/errors.ts';

const resolveConfig = (config: unknown): ResolvedConfig => loadConfig(config as Config);

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof SessionReferenceError ? error.code : `other:${(error as Error).name}`;
  }
  return undefined;
}

describe('config', () => {
  it('applies the documented defaults', () => {
    expect(resolveConfig({})).toEqual({
      maxReferences: 3,
      candidateLimit: 50,
      maxReferenceBytes: undefined,
      referenceContextFraction: 0.2,
      candidateCacheTtlMs: 2000,
      titleBackfill: 'background',
      sessionIndexPath: undefined,
      firstTitlesWaitMs: 250,
      redactSecrets: true,
      retention: 'focused',
    });
    expect(resolveConfig(undefined).maxReferences).toBe(3);
  });

  it('accepts the edges of every range', () => {
    expect(resolveConfig({ maxReferences: 1 }).maxReferences).toBe(1);
    expect(resolveConfig({ maxReferences: 3 }).maxReferences).toBe(3);
    expect(resolveConfig({ candidateLimit: 1 }).candidateLimit).toBe(1);
    expect(resolveConfig({ maxReferenceBytes: 1 }).maxReferenceBytes).toBe(1);
    expect(resolveConfig({ referenceContextFraction: 0 }).referenceContextFraction).toBe(0);
    expect(resolveConfig({ referenceContextFraction: 1 }).referenceContextFraction).toBe(1);
  });

  it.each([
    { maxReferences: 0 },
    { maxReferences: 4 },
    { maxReferences: 2.5 },
    { maxReferences: '2' },
    { candidateLimit: 0 },
    { candidateLimit: 1.5 },
    { maxReferenceBytes: 0 },
    { maxReferenceBytes: -5 },
    { maxReferenceBytes: 2 ** 60 },
    { maxReferenceBytes: Number.NaN },
    { referenceContextFraction: Number.NaN },
    { referenceContextFraction: Number.POSITIVE_INFINITY },
    { referenceContextFraction: -0.1 },
    { referenceContextFraction: 1.01 },
    { referenceContextFraction: '0.2' },
    { candidateCacheTtlMs: -1 },
  ])('rejects %j with SESSION_REFERENCE_INVALID_CONFIG', (config) => {
    expect(code(() => resolveConfig(config))).toBe('SESSION_REFERENCE_INVALID_CONFIG');
  });

  it('rejects a non-object config; a null config is absent, like a null field', () => {
    expect(resolveConfig(null)).toEqual(resolveConfig({}));
    expect(code(() => resolveConfig(3))).toBe('SESSION_REFERENCE_INVALID_CONFIG');
    expect(code(() => resolveConfig([]))).toBe('SESSION_REFERENCE_INVALID_CONFIG');
  });

  it('names the field and the bad value in the message', () => {
    expect(() => resolveConfig({ maxReferences: 9 })).toThrow(/maxReferences.*9/);
  });

  it('the schema itself rejects out-of-range values at load', () => {
    expect(() => ConfigSchema({ maxReferences: 4 })).toThrow();
    expect(() => ConfigSchema({ referenceContextFraction: 2 })).toThrow();
    expect(ConfigSchema({})).toMatchObject({ maxReferences: 3, candidateLimit: 50, referenceContextFraction: 0.2 });
  });

  it('computes the automatic budget of the documented vectors', () => {
    expect(automaticReferenceBytes(200_001, 0.2)).toBe(160_000);
    expect(automaticReferenceBytes(200_001, 0.1)).toBe(80_000);
    expect(automaticReferenceBytes(200_001, 0)).toBe(65_536);
    expect(automaticReferenceBytes(8_000, 0.2)).toBe(65_536);
    expect(automaticReferenceBytes(128_000, 0.2)).toBe(102_400);
  });
});

describe('null in config', () => {
  const FIELDS = [
    'maxReferences',
    'candidateLimit',
    'maxReferenceBytes',
    'referenceContextFraction',
    'candidateCacheTtlMs',
    'titleBackfill',
    'sessionIndexPath',
    'firstTitlesWaitMs',
    'redactSecrets',
    'retention',
  ] as const;

  it.each(FIELDS)('%s: null counts as absent, for every field alike', (field) => {
    expect(resolveConfig({ [field]: null })).toEqual(resolveConfig({}));
  });

  it('all fields null at once load the defaults, through the schema too', () => {
    const allNull = Object.fromEntries(FIELDS.map((field) => [field, null]));
    expect(resolveConfig(allNull)).toEqual(resolveConfig({}));
    expect(resolveConfig(ConfigSchema(allNull))).toEqual(resolveConfig({}));
  });

  it.each([
    { titleBackfill: 'sometimes' },
    { firstTitlesWaitMs: -1 },
    { firstTitlesWaitMs: 1.5 },
    { firstTitlesWaitMs: Number.NaN },
    { sessionIndexPath: '' },
    { sessionIndexPath: 42 },
    { redactSecrets: 'yes' },
    { redactSecrets: 0 },
    { retention: 'oldest' },
  ])('rejects %j with SESSION_REFERENCE_INVALID_CONFIG', (config) => {
    expect(code(() => resolveConfig(config))).toBe('SESSION_REFERENCE_INVALID_CONFIG');
  });
});
