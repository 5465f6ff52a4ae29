/** `demo`: writes a small realistic DSH home through the real host packages, then shows candidates and a preview on it. */
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { formatSessionReferenceMention } from '../mentions/uri.ts';
import { runCandidates } from './candidates-command.ts';
import { runPreview } from './preview-command.ts';
import { DEMO_IDS, DEMO_PROJECTS, writeDemoHome } from './demo-home.ts';
import { heading, shellQuote } from './text-layout.ts';
import type { Io } from './output-channel.ts';

/** Per-source budget the demo previews with: small, so the large session is visibly truncated. */
const DEMO_MAX_BYTES = 1600;

/** Options of {@link runDemo}. */
export interface DemoOptions {
  /** Directory for the demo home; must be absent or empty. Default: a fresh temp directory. */
  dir?: string;
  /** Remove the demo home at the end. */
  clean: boolean;
}

async function demoHome(dir: string | undefined): Promise<string> {
  if (dir === undefined) return mkdtemp(join(tmpdir(), 'dsh-session-ref-demo-'));
  const home = resolve(dir);
  await mkdir(home, { recursive: true });
  if ((await readdir(home)).length > 0) throw new Error(`demo: ${home} is not empty; give an empty or new directory`);
  return home;
}

/**
 * `demo`: builds a demo home (a temp dir unless `--dir`), then runs `candidates` and `preview` on it as a newcomer
 * would, printing the `@` menu, the model-visible context with its warning and framing, the omission notice and
 * where the truncated transcript was saved. Needs no network, no model and no key; never reads `~/.dsh`.
 */
export async function runDemo(io: Io, options: DemoOptions): Promise<string> {
  const { out } = io;
  const c = out.c;
  const home = await demoHome(options.dir);
  try {
    const sessions = await writeDemoHome(home);
    out.line(c.bold('dsh-session-ref demo'));
    out.line(`A throwaway DSH home was written through the real host packages at ${c.cyan(home)}:`);
    out.line(`${sessions.length} titled sessions in two projects, one compacted, one carrying injection-looking text, one large.`);
    out.line();

    const cwd = DEMO_PROJECTS.atlas;
    out.lines(heading('1. The @ menu', c, `what a host offers an agent working in ${cwd}`));
    out.line(c.dim(`$ dsh-session-ref candidates --home ${shellQuote(home)} --cwd ${cwd}`));
    await runCandidates(io, { home, cwd, query: '', json: false });
    out.line();

    const byId = new Map(sessions.map((s) => [s.id, s]));
    const cite = (id: string): string => formatSessionReferenceMention({ sessionId: id, label: byId.get(id)!.title });
    const text =
      `Why does ${cite(DEMO_IDS.checkout)} keep failing, and does it block ${cite(DEMO_IDS.billing)}? ` +
      `Also check ${cite(DEMO_IDS.harborDeploy)} before we deploy.`;
    out.lines(heading('2. A preview', c, `a message citing three sessions, each given ${DEMO_MAX_BYTES} bytes`));
    out.line(c.dim(`$ dsh-session-ref preview --home ${shellQuote(home)} --cwd ${cwd} --max-bytes ${DEMO_MAX_BYTES} ${shellQuote(text)}`));
    out.line();
    await runPreview(io, { home, cwd, text, maxBytes: DEMO_MAX_BYTES, spill: true, json: false });
    out.line();
    out.lines(heading('What to notice', c));
    out.line('- The message keeps readable @labels; the snapshot follows it as a second user message.');
    out.line('- The warning and the <referenced-sessions> framing mark it as untrusted background. The pasted');
    out.line('  "ignore previous instructions" and the fake closing tag stay inside the JSON: every < is \\u003c.');
    out.line('- "Billing migration plan" was compacted: its checkpoint summary stands in for the older turns.');
    out.line('- "Flaky checkout test" did not fit: the omission notice counts what was left out and points to');
    out.line("  the full transcript saved under the home's spill/ directory.");
    out.line();
    if (options.clean) {
      await rm(home, { recursive: true, force: true });
      out.line(c.dim(`The demo home was removed (--clean).`));
    } else {
      out.line(c.dim(`The demo home stays at ${home} so you can try the commands on it; remove it with rm -rf ${shellQuote(home)}.`));
    }
    return home;
  } catch (error) {
    if (options.clean) await rm(home, { recursive: true, force: true });
    throw error;
  }
}
