/** What a hostile host may reject with: values of every kind, including ones that cannot become a string, and a hang. */
import fc from 'fast-check';
import type { HostBehaviour } from './hostile-host.ts';

/** Values a host might reject with, including ones that cannot become a string. */
export function hostileValues(): unknown[] {
  const throwingToString = {
    toString: () => {
      throw new Error('toString refused');
    },
  };
  const throwingMessage = Object.defineProperty(new Error('x'), 'message', {
    get: () => {
      throw new Error('message refused');
    },
  });
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  return [
    null,
    undefined,
    0,
    '',
    'plain \u001b]0;pwned\u0007 string',
    Symbol('hostile'),
    Object.create(null),
    throwingToString,
    throwingMessage,
    revoked.proxy,
    new Error('ordinary'),
    Object.assign(new Error('coded'), { code: 'E_HOST' }),
    [1, 2, 3],
    () => 'fn',
    10n,
  ];
}

const HOSTILE = hostileValues();

/** A rejection with one of the hostile values, or a hang; by index, since fast-check inspects generated values and a revoked proxy refuses that. */
export const behaviourIndexes = (): fc.Arbitrary<number> => fc.integer({ min: 0, max: HOSTILE.length });

/** The behaviour at `index` of {@link behaviourIndexes}. */
export function behaviourAt(index: number): HostBehaviour {
  return index === HOSTILE.length ? { kind: 'hang' } : { kind: 'reject', value: HOSTILE[index] };
}
