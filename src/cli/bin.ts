#!/usr/bin/env node
/** Entry point of the `dsh-session-ref` bin: inspect, preview and debug session references against a DSH home. */
import { processIo } from './output-channel.ts';
import { main } from './program.ts';

const io = processIo();
// Node's default warning printer is replaced by one that drops only the ExperimentalWarning `node:sqlite` raises
// when the session query engine loads it, and prints every other warning as Node does, escaped on a TTY.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name === 'ExperimentalWarning' && /\bSQLite\b/.test(warning.message)) return;
  const code = (warning as { code?: unknown }).code;
  io.err.line(`(node:${process.pid}) ${typeof code === 'string' ? `[${code}] ` : ''}${warning.name}: ${warning.message}`);
});
process.exitCode = await main(process.argv.slice(2), io);
