/** Huge titles through the Remote face: five 1 MB titles make a small answer, and citing one of them through its mention succeeds. */
import { describe, expect, it } from 'vitest';
import SessionProjectionRegistry from '@deepseek-ai/dsh-session-projection';
import SessionTitleService from '@deepseek-ai/dsh-session-title';
import { MAX_LABEL_CODE_POINTS } from '../../src/mentions/label-text.ts';
import type { SessionReferenceSource } from '../../src/types.ts';
import { createTargetAgent, runTurn, writeSession } from '../support/host.ts';
import { bootRemoteHost, expectCandidates, invoke, useRemoteHosts } from '../support/remote-host.ts';

useRemoteHosts();

const MIB = 1 << 20;
const HUGE = ['huge-1', 'huge-2', 'huge-3', 'huge-4', 'huge-5'];

describe('five 1 MB titles', () => {
  it('make a bounded Remote answer, and citing one through its mention succeeds', async () => {
    const host = await bootRemoteHost();
    for (const [i, id] of HUGE.entries()) {
      const title = `Huge ${i} ` + `${'word '.repeat(19)}\n`.repeat(Math.ceil(MIB / 100));
      await writeSession(host, {
        id,
        cwd: '/w/a',
        createdAt: 10_000 + i,
        items: [{ kind: 'user', text: `about ${id}` }],
        title,
        live: true,
      });
    }
    await host.ctx.plugin(SessionProjectionRegistry);
    await host.ctx.plugin(SessionTitleService, { fallbackMaxWords: 8, fallbackMaxBytes: 120, maxTitleBytes: 240 });

    const value = await invoke(host, { agentId: 'target', query: '' });
    expect(JSON.stringify(value).length).toBeLessThan(16 * 1024);
    const candidates = expectCandidates(value, [...HUGE].reverse().concat(['alpha', 'gamma', 'beta']));
    for (const candidate of candidates.slice(0, HUGE.length)) {
      expect(Array.from(candidate.label)).toHaveLength(MAX_LABEL_CODE_POINTS);
      expect(candidate.label).toMatch(/^Huge \d word word .*…$/);
      expect(candidate.label).not.toContain('\n');
    }

    const citer = createTargetAgent(host, { id: 'citer', cwd: '/w/a' });
    const turn = await runTurn(citer, `summarise ${candidates[0]!.mention}`);
    expect(turn.reason).toEqual({ kind: 'completed' });
    const context = turn.events.filter((event) => event.type === 'user/message')[1]!.data;
    expect((context.source as SessionReferenceSource).references[0]).toMatchObject({ sessionId: 'huge-5', label: candidates[0]!.label });
  });
});
