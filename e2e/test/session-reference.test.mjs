// The real dsh 0.1.0-rc.8 CLI with this working tree's dsh-session-reference:
// headless turns that cite other sessions, the failures a user can cause, and
// the Remote candidates endpoint of `dsh web` over HTTP. The model is a local
// fake (helpers/fake-model.mjs); every dsh runs in a throwaway home.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  apiCall,
  assertHostNode,
  E2E_DIR,
  killAll,
  makeSandbox,
  mentionOf,
  remoteCall,
  ROOT_DIR,
  runHeadless,
  startWeb,
} from '../helpers/dsh.mjs';
import { startFakeModel, textOf } from '../helpers/fake-model.mjs';
import { checkInstalledIsOurs } from '../helpers/installed.mjs';
import { agentRequests, loggedText, loggedTitle, referencedJson } from '../helpers/run-reading.mjs';
import { listSessionLogs, readLogFile } from '../helpers/session-log.mjs';

/**
 * @import { TestContext } from 'node:test'
 * @import { ApiResult, Sandbox, Web } from '../helpers/dsh.mjs'
 * @import { FakeModel, RecordedRequest } from '../helpers/fake-model.mjs'
 * @import { LogLine, SessionLog } from '../helpers/session-log.mjs'
 * @typedef {SessionLog & { task: string }} Source
 * @typedef {{ sessionId: string, label: string, cwd?: string, conversation: unknown }} SnapshotEntry
 *   One session in a `<referenced-sessions>` snapshot, as far as the tests read it.
 * @typedef {{ sessionId: string, label: string, cwd?: string, sameWorkspace: boolean, createdAt: number, mention: string, match?: { in: string, snippet: string } }} Candidate
 *   An entry of the candidates endpoint's list, as the tests expect it (the assertions check it).
 */

const CANDIDATE_KEYS = new Set(['sessionId', 'label', 'cwd', 'sameWorkspace', 'createdAt', 'mention']);

/** @type {Sandbox | undefined} */
let suiteSandbox;
/** @type {FakeModel | undefined} */
let suiteModel;
let failed = false;
/**
 * The two sessions the later turns cite, from the first two runs.
 * @type {{ apples?: Source, bananas?: Source }}
 */
const sources = {};

/** The sandbox and the fake model that `before` started. */
function fixtures() {
  if (suiteSandbox === undefined || suiteModel === undefined) throw new Error('the suite did not start (see its `before` hook)');
  return { sandbox: suiteSandbox, model: suiteModel };
}

/**
 * The session a run created: the one log that was not there before.
 * @param {SessionLog[]} before
 */
function newSession(before) {
  const known = new Set(before.map((s) => s.id));
  const created = listSessionLogs(fixtures().sandbox.home).filter((s) => !known.has(s.id));
  assert.equal(created.length, 1, `expected one new session log, found ${String(created.length)}`);
  const [session] = created;
  assert.ok(session);
  return session;
}

before(async () => {
  assertHostNode();
  suiteSandbox = makeSandbox();
  suiteModel = await startFakeModel({ maxRequests: 40, lifetimeMs: 300_000 });
});

after(async () => {
  await killAll();
  await suiteModel?.close();
  suiteSandbox?.cleanup({ keep: failed });
});

test("the installed dsh-session-reference is this working tree's build", () => {
  assert.deepEqual(checkInstalledIsOurs({ e2eDir: E2E_DIR, rootDir: ROOT_DIR }), []);
});

describe('headless turns', () => {
  test('two sessions in two working directories', async (t) => {
    try {
      const { sandbox, model } = fixtures();
      /** @type {['apples' | 'bananas', string, string][]} */
      const runs = [
        ['apples', 'ws-apples', 'first session about apples and pears'],
        ['bananas', 'ws-bananas', 'second session about bananas'],
      ];
      for (const [key, dir, task] of runs) {
        const before = listSessionLogs(sandbox.home);
        const cwd = sandbox.cwd(dir);
        const run = await runHeadless({ sandbox, cwd, task, modelUrl: model.url });
        t.diagnostic(`${key}: exit ${String(run.code)} in ${String(run.ms)} ms`);
        assert.equal(run.stderr, '', 'nothing on stderr');
        assert.equal(run.code, 0);
        assert.equal(run.stdout.trim(), 'OK from the fake model.');
        const session = newSession(before);
        assert.equal(session.cwd, cwd);
        sources[key] = { ...session, task };
      }
    } catch (error) {
      failed = true;
      throw error;
    }
  });

  test('a third turn cites one of them with a canonical mention', async (t) => {
    try {
      const { sandbox, model } = fixtures();
      assert.ok(sources.apples, 'needs the sessions of the first test');
      const label = 'Apples [fruit] session';
      const cwd = sandbox.cwd('ws-compare');
      const task = `compare this with ${mentionOf(sources.apples.id, label)} please`;
      const readable = `compare this with @${label} please`;
      const before = listSessionLogs(sandbox.home);
      const seen = model.requests.length;
      const run = await runHeadless({ sandbox, cwd, task, modelUrl: model.url });
      t.diagnostic(`exit ${String(run.code)} in ${String(run.ms)} ms`);
      assert.equal(run.stderr, '', 'nothing on stderr at boot or after');
      assert.equal(run.code, 0);

      // What the model got: the readable message, then the context message.
      const [request] = agentRequests(model.requests.slice(seen));
      assert.ok(request, 'the turn sent an agent request');
      const messages = (request.body.messages ?? []).filter((m) => m.role !== 'system');
      const at = messages.findIndex((m) => m.role === 'user' && textOf(m.content) === readable);
      assert.ok(
        at >= 0,
        `the model got the readable message; user messages were:\n${messages.map((m) => textOf(m.content).slice(0, 80)).join('\n')}`,
      );
      assert.ok(!JSON.stringify(request.body).includes('dsh-session:'), 'no raw mention reaches the model');
      const context = messages[at + 1];
      assert.equal(context?.role, 'user');
      const contextText = textOf(context.content);
      assert.ok(contextText.startsWith('## Referenced sessions\n'), contextText.slice(0, 80));
      const snapshot = /** @type {SnapshotEntry[]} */ (referencedJson(contextText));
      assert.equal(snapshot.length, 1);
      assert.equal(snapshot[0]?.sessionId, sources.apples.id);
      assert.equal(snapshot[0].label, label);
      assert.equal(snapshot[0].cwd, sources.apples.cwd);
      assert.deepEqual(snapshot[0].conversation, [
        { role: 'user', text: sources.apples.task },
        { role: 'assistant', text: 'OK from the fake model.' },
      ]);
      assert.ok(!contextText.includes('bananas'), 'the other session is not cited');

      // The target session's log holds both messages, in that order.
      const target = newSession(before);
      const events = readLogFile(target.path);
      const users = events.filter((e) => e.type === 'user/message');
      const mine = users.findIndex((e) => e.data?.source?.kind === 'user');
      assert.ok(mine >= 0, 'the readable message is logged');
      assert.equal(loggedText(users[mine]), readable);
      assert.equal(users[mine + 1]?.data?.source?.kind, 'session-reference');
      assert.equal(loggedText(users[mine + 1]), contextText);
      assert.equal(users[mine + 1]?.data?.source?.references?.[0]?.sessionId, sources.apples.id);
    } catch (error) {
      failed = true;
      throw error;
    }
  });
});

describe('turns that cannot cite', () => {
  /**
   * Run one turn that must fail before anything reaches the model or the log.
   * Returns what the user saw on stderr.
   * @param {TestContext} t
   * @param {string} dir
   * @param {string} task
   */
  async function expectRefused(t, dir, task) {
    const { sandbox, model } = fixtures();
    const before = listSessionLogs(sandbox.home);
    const seen = model.requests.length;
    const run = await runHeadless({ sandbox, cwd: sandbox.cwd(dir), task, modelUrl: model.url });
    t.diagnostic(`exit ${String(run.code)} in ${String(run.ms)} ms; the user sees: ${JSON.stringify(run.stderr.trim())}`);
    assert.notEqual(run.code, 0, 'non-zero exit');
    assert.equal(model.requests.length, seen, 'no model request (no turn, no title)');
    const target = newSession(before);
    const logged = readLogFile(target.path).filter((e) => e.type === 'user/message');
    assert.deepEqual(logged, [], 'the turn ended before its messages were logged');
    return run.stderr;
  }

  test('a malformed mention', async (t) => {
    try {
      const stderr = await expectRefused(t, 'ws-malformed', 'look at @[x](dsh-session:%%%) now');
      assert.match(stderr, /dsh-session:%%%/);
      assert.match(stderr, /invalid session reference URI/);
    } catch (error) {
      failed = true;
      throw error;
    }
  });

  test('a session id that does not exist', async (t) => {
    try {
      const ghost = 'session-00000000-0000-4000-8000-00000000dead';
      const stderr = await expectRefused(t, 'ws-missing', `what did ${mentionOf(ghost, 'Ghost')} say?`);
      assert.ok(stderr.includes(ghost), 'the message names the missing session');
      assert.match(stderr, /not found|could not read|read failed/i);
    } catch (error) {
      failed = true;
      throw error;
    }
  });

  test('four references (the most is three)', async (t) => {
    try {
      assert.ok(sources.apples && sources.bananas, 'needs the sessions of the first test');
      const ids = [
        sources.apples.id,
        sources.bananas.id,
        'session-00000000-0000-4000-8000-0000000000c3',
        'session-00000000-0000-4000-8000-0000000000c4',
      ];
      const task = `merge ${ids.map((id, i) => mentionOf(id, `S${String(i + 1)}`)).join(' ')}`;
      const stderr = await expectRefused(t, 'ws-four', task);
      assert.match(stderr, /at most 3|too many/i);
    } catch (error) {
      failed = true;
      throw error;
    }
  });
});

describe('dsh web: the sessionReferenceResolver/candidates Remote endpoint', () => {
  /**
   * Create a session in `cwd` as the web client does; returns its id.
   * @param {Web} web
   * @param {string} cwd
   */
  async function createSession(web, cwd) {
    const created = /** @type {ApiResult<{ sessionId: string }>} */ (await apiCall(web.url, 'session.create', { cwd }));
    assert.equal(created.ok, true, JSON.stringify(created));
    return created.value.sessionId;
  }

  /**
   * @param {Web} web
   * @param {string} agentId
   * @param {string} query
   */
  async function candidates(web, agentId, query) {
    return /** @type {ApiResult<Candidate[]>} */ (await remoteCall(web.url, 'sessionReferenceResolver/candidates', { agentId, query }));
  }

  /** Sessions whose own log records a title, with that title. */
  function titledSessions() {
    return listSessionLogs(fixtures().sandbox.home)
      .map((s) => ({ ...s, title: loggedTitle(s.path) }))
      .filter((s) => s.title !== undefined);
  }

  /**
   * The titled sessions whose candidate label is not their title yet, retried until `waitMs` has passed.
   * @param {Web} web
   * @param {string} agentId
   * @param {number} waitMs
   */
  async function labelsAfter(web, agentId, waitMs) {
    const deadline = Date.now() + waitMs;
    const titled = titledSessions();
    /** @type {string[]} */
    let wrong = [];
    do {
      const result = await candidates(web, agentId, '');
      assert.equal(result.ok, true, JSON.stringify(result));
      const byId = new Map(result.value.map((c) => [c.sessionId, c.label]));
      wrong = titled
        .filter((s) => byId.get(s.id) !== s.title)
        .map((s) => `${s.id}: ${JSON.stringify(byId.get(s.id))} ≠ ${JSON.stringify(s.title)}`);
      if (wrong.length === 0) return [];
      if (Date.now() < deadline) await sleep(250);
    } while (Date.now() < deadline);
    return wrong;
  }

  test('the result is the candidate list with mentions', async (t) => {
    /** @type {Web | undefined} */
    let web;
    try {
      const { sandbox, model } = fixtures();
      assert.ok(sources.apples && sources.bananas, 'needs the sessions of the first test');
      const cwd = sandbox.cwd('ws-compare');
      web = await startWeb({ sandbox, cwd, modelUrl: model.url });
      t.diagnostic(`dsh web at ${web.url} after ${String(web.bootMs)} ms`);
      const agentId = await createSession(web, cwd);
      const result = await candidates(web, agentId, '');
      assert.equal(web.stderr, '', 'nothing on stderr at boot');
      assert.equal(result.ok, true, JSON.stringify(result));
      const list = result.value;
      assert.ok(Array.isArray(list));

      const logs = listSessionLogs(sandbox.home);
      const others = logs.filter((s) => s.id !== agentId);
      assert.deepEqual(new Set(list.map((c) => c.sessionId)), new Set(others.map((s) => s.id)), "every other session, not the agent's own");
      for (const c of list) {
        for (const key of Object.keys(c)) assert.ok(CANDIDATE_KEYS.has(key), `unexpected key ${key}`);
        assert.equal(typeof c.sessionId, 'string');
        assert.equal(typeof c.label, 'string');
        assert.equal(typeof c.sameWorkspace, 'boolean');
        assert.equal(typeof c.createdAt, 'number');
        const log = logs.find((s) => s.id === c.sessionId);
        assert.ok(log, `a log for ${c.sessionId}`);
        assert.equal(c.cwd, log.cwd);
        assert.equal(c.createdAt, log.createdAt);
        assert.equal(c.sameWorkspace, c.cwd === cwd);
        assert.equal(c.mention, mentionOf(c.sessionId, c.label));
      }
      const firstOther = list.findIndex((c) => !c.sameWorkspace);
      if (firstOther >= 0)
        assert.ok(
          list.slice(firstOther).every((c) => !c.sameWorkspace),
          'same-workspace sessions come first',
        );

      // The query filters (here on the working directory).
      const filtered = await candidates(web, agentId, 'ws-bananas');
      assert.equal(filtered.ok, true);
      assert.deepEqual(
        filtered.value.map((c) => c.sessionId),
        [sources.bananas.id],
      );

      // An unknown agent is the gateway's failure, not a list.
      const unknown = await candidates(web, 'session-00000000-0000-4000-8000-00000000beef', '');
      assert.equal(unknown.ok, false);
      t.diagnostic(`unknown agent: ${JSON.stringify(unknown.error)}`);
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      await web?.stop();
    }
  });

  test('on a home written by headless runs, the first call shows every title, with or without the index, and finds body words', async (t) => {
    /** @type {Web | undefined} */
    let web;
    try {
      const { sandbox, model } = fixtures();
      const cwd = sandbox.cwd('ws-compare');
      assert.ok(titledSessions().length >= 2, 'the headless runs recorded titles');
      const index = join(sandbox.home, 'storages', 'session-reference-index.sqlite');
      assert.ok(existsSync(index), "the headless runs kept the session index in the home's storage area");

      // Without the index (a home written before this package kept one): titles at the first call.
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${index}${suffix}`, { force: true });
      web = await startWeb({ sandbox, cwd, modelUrl: model.url });
      const agentId = await createSession(web, cwd);
      assert.deepEqual(await labelsAfter(web, agentId, 0), [], 'every titled session has its title at the first call');
      assert.equal(web.stderr, '', 'nothing on stderr (node:sqlite loads without its experimental warning)');

      // A word said only in a session's body, then a prefix of it, in the real dsh web.
      const apples = sources.apples;
      assert.ok(apples, 'needs the sessions of the first test');
      for (const query of ['pears', 'pea']) {
        const result = await candidates(web, agentId, query);
        assert.equal(result.ok, true, JSON.stringify(result));
        /** @type {Candidate | undefined} */
        const hit = result.value.find((c) => c.sessionId === apples.id);
        assert.ok(hit, `${JSON.stringify(query)} finds the apples session: ${JSON.stringify(result.value)}`);
        assert.equal(hit.match?.in, 'body');
        assert.ok(hit.match.snippet.includes('pears'), hit.match.snippet);
        assert.ok(Array.from(hit.match.snippet).length <= 160, 'at most 160 code points, as the package counts them');
        t.diagnostic(`${JSON.stringify(query)} → ${JSON.stringify(hit.match)}`);
      }
      await web.stop();

      // With the index the first boot built: every title at the second boot's first call.
      web = await startWeb({ sandbox, cwd, modelUrl: model.url });
      const second = await createSession(web, cwd);
      assert.deepEqual(await labelsAfter(web, second, 0), [], 'a second boot labels them all at its first call');
      assert.equal(web.stderr, '', 'nothing on stderr at the second boot');
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      await web?.stop();
    }
  });
});
