// Runs every bench/*.bench.ts in name order, one child process at a time, with this process's node
// binary and `--experimental-strip-types --expose-gc`, streaming each child's output.
//
// Run: npm run bench            (all benches)
//      npm run bench -- prepare  (only files whose name contains one of the arguments)
// Exits non-zero when any bench fails; the remaining benches still run.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const filters = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();

if (files.length === 0) {
  console.error(`no bench/*.bench.ts${filters.length > 0 ? ` matching ${filters.join(', ')}` : ''}`);
  process.exit(1);
}

function run(file: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--experimental-strip-types', '--expose-gc', join(dir, file)], {
      cwd: join(dir, '..'),
      stdio: 'inherit',
    });
    child.on('error', (error) => {
      console.error(`${file}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code) => {
      resolve(code ?? 1);
    });
  });
}

const failed: string[] = [];
const started = performance.now();
for (const file of files) {
  console.log(`\n# ${file}\n`);
  const t0 = performance.now();
  const code = await run(file);
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  if (code === 0) console.log(`\n(${file}: ${seconds} s)`);
  else {
    console.log(`\n(${file}: FAILED with exit code ${code} after ${seconds} s)`);
    failed.push(file);
  }
}
console.log(`\n${files.length - failed.length}/${files.length} benches passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (failed.length > 0) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
