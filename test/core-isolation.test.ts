// `./core` at run time: its emitted modules load and work in a project with no package installed at all, not even a peer.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as core from '../src/core/index.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
let project: string;

/** Emits `src/core` file by file with the build's own compiler options, as `lib/core` is emitted (every module is isolated). */
async function emitCore(outDir: string): Promise<Map<string, string>> {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.build.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(String(d.messageText)); } });
  if (config === undefined) throw new Error('tsconfig.build.json did not parse');
  const emitted = new Map<string, string>();
  for (const name of await readdir(join(ROOT, 'src/core'))) {
    if (!name.endsWith('.ts')) continue;
    const source = await readFile(join(ROOT, 'src/core', name), 'utf8');
    // `.mts`: transpileModule cannot see the package's "type": "module", which makes these files ES modules.
    const { outputText } = ts.transpileModule(source, { compilerOptions: config.options, fileName: name.replace(/\.ts$/, '.mts') });
    const file = name.replace(/\.ts$/, '.js');
    emitted.set(file, outputText);
    await writeFile(join(outDir, file), outputText);
  }
  return emitted;
}

beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), 'dsh-sref-core-only-'));
  await mkdir(join(project, 'core'));
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'core-only', type: 'module', private: true }));
});
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

/** The package's own runtime dependencies: installed with it, unlike the host peers. */
const DEPENDENCIES = new Set(Object.keys((JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> }).dependencies));

it('emits modules that import only each other, Node built-ins and the package\'s own dependencies, never a host package', async () => {
  const emitted = await emitCore(join(project, 'core'));
  expect(emitted.size).toBeGreaterThan(5);
  let imports = 0;
  for (const [file, text] of emitted) {
    const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
    const foreign = specifiers.filter((s) => !s.startsWith('./') && !s.startsWith('node:') && !DEPENDENCIES.has(s));
    expect(specifiers.filter((s) => s.startsWith('@deepseek-ai/')), `${file} imports a host package`).toEqual([]);
    expect(foreign, `${file} imports ${foreign.join(', ')}`).toEqual([]);
    for (const s of specifiers.filter((x) => x.startsWith('./'))) expect(emitted.has(s.slice(2)), `${file} imports missing ${s}`).toBe(true);
    imports += specifiers.length;
  }
  expect(imports).toBeGreaterThan(emitted.size);
});

it('loads with Node in a project with no node_modules and exports what the in-repo core exports', async () => {
  await emitCore(join(project, 'core'));
  const script = [
    "const core = await import('./core/index.js');",
    "const uri = core.encodeSessionReferenceUri('alpha');",
    "const parsed = core.parseSessionReferenceText(`see ${core.formatSessionReferenceMention({ sessionId: 'alpha', label: 'A' })}`);",
    'console.log(JSON.stringify({ names: Object.keys(core).sort(), uri, parsed, max: core.MAX_REFERENCES }));',
  ].join('\n');
  const out = execFileSync(process.execPath, ['--input-type=module', '--eval', script], { cwd: project, encoding: 'utf8', env: { PATH: '', NODE_PATH: '' } });
  const result = JSON.parse(out) as { names: string[]; uri: string; parsed: unknown; max: number };
  expect(result.names).toEqual(Object.keys(core).sort());
  expect(result.uri).toBe(core.encodeSessionReferenceUri('alpha'));
  expect(result.parsed).toEqual({ text: 'see @A', references: [{ sessionId: 'alpha', label: 'A' }] });
  expect(result.max).toBe(3);
  await expect(readdir(join(project, 'node_modules'))).rejects.toThrow();
});
