#!/usr/bin/env node
/** Entry point of the `dsh-session-ref` bin: inspect, preview and debug session references against a DSH home. */
import { processIo } from './output-channel.ts';
import { main } from './program.ts';
import { filterSqliteWarning } from './warnings.ts';

const io = processIo();
filterSqliteWarning((line) => io.err.line(line));
process.exitCode = await main(process.argv.slice(2), io);
