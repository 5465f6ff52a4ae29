/** Error messages stay bounded and printable: quoted host text (an id, a label, a host error's message) is cut to 200 characters with its length shown, and its controls escaped. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT, bootHostileHost, settle, typedError, withReplaced } from './support/hostile-host.ts';
import type { HostileHost } from './support/hostile-host.ts';
import { HOSTILE_TEXT, UNPRINTABLE } from './support/printable.ts';

let hostile: HostileHost;

beforeAll(async () => {
  hostile = await bootHostileHost();
});

afterAll(async () => {
  await hostile.dispose();
});

function prepareCiting(sessionId: string) {
  return settle(() => hostile.resolver.prepare(AGENT, [{ type: 'text', text: 'x' }], [{ sessionId }]));
}

describe('a long or unprintable session id in a message', () => {
  it('a 10,000-character id of a missing session: READ_FAILED with the id cut to 200 characters and its length shown', async () => {
    const id = `${'i'.repeat(9_990)}0123456789`;
    const error = typedError(await prepareCiting(id));
    expect(error.code).toBe('SESSION_REFERENCE_READ_FAILED');
    expect(error.message.length).toBeLessThanOrEqual(1_000);
    expect(error.message).toContain(`"${'i'.repeat(200)}"… (10000 characters)`);
    expect(error.message).not.toContain('0123456789');
  });

  it('NUL, ESC, C1 and bidi controls in an id are escaped in the message, the host error included', async () => {
    const error = typedError(await prepareCiting(`id${HOSTILE_TEXT}end`));
    expect(error.code).toBe('SESSION_REFERENCE_READ_FAILED');
    expect(error.message).not.toMatch(UNPRINTABLE);
    expect(error.message).toContain('\\u0000');
    expect(error.message).toContain('\\u202e');
  });

  it('a self-reference with an unprintable id says so without the raw characters', async () => {
    const agent = { ...AGENT, id: `me${HOSTILE_TEXT}` };
    const error = typedError(await settle(() => hostile.resolver.prepare(agent, [], [{ sessionId: agent.id }])));
    expect(error.code).toBe('SESSION_REFERENCE_SELF_REFERENCE');
    expect(error.message).not.toMatch(UNPRINTABLE);
    expect(error.message).toContain('\\u001b');
  });

  it('a label that is not a string names its session id, cut and escaped', async () => {
    const error = typedError(
      await settle(() => hostile.resolver.prepare(AGENT, [], [{ sessionId: `${'s'.repeat(5_000)}${HOSTILE_TEXT}`, label: 5 as never }])),
    );
    expect(error.code).toBe('SESSION_REFERENCE_INVALID_REFERENCE');
    expect(error.message).toContain(`"${'s'.repeat(200)}"… (5011 characters)`);
    expect(error.message.length).toBeLessThanOrEqual(500);
  });
});

describe("a host error's message in READ_FAILED", () => {
  it.each([
    ['10,000 characters long', 'e'.repeat(10_000), /"?e{200}"?… \(10000 characters\)/],
    ['full of control and bidi characters', `disk${HOSTILE_TEXT}fire`, /disk\\u0000\\u001b\[31m\\u0085\\u009b\\u202e\\u2066\\nfire/],
  ])('a read rejecting with an error whose message is %s: the message bounded and escaped', async (_name, message, shown) => {
    const settled = await withReplaced(
      hostile.host.ctx.sessionQuery,
      'readSurface',
      () => Promise.reject(new Error(message)),
      () => prepareCiting('src'),
    );
    const error = typedError(settled);
    expect(error.code).toBe('SESSION_REFERENCE_READ_FAILED');
    expect(error.message).toMatch(shown);
    expect(error.message).not.toMatch(UNPRINTABLE);
    expect(error.message.length).toBeLessThanOrEqual(1_000);
  });

  it('a listing rejecting with a 10,000-character message: READ_FAILED, bounded', async () => {
    const settled = await withReplaced(
      hostile.host.ctx.sessionQuery,
      'listSessions',
      () => Promise.reject(new Error(`${HOSTILE_TEXT}${'l'.repeat(10_000)}`)),
      () => settle(() => hostile.resolver.listCandidates(AGENT, 'fresh query', 5)),
    );
    const error = typedError(settled);
    expect(error.code).toBe('SESSION_REFERENCE_READ_FAILED');
    expect(error.message).not.toMatch(UNPRINTABLE);
    expect(error.message).toContain('(10011 characters)');
    expect(error.message.length).toBeLessThanOrEqual(1_000);
  });
});
