/** `node:sqlite`, loaded on first use, so that a host that never opens the index never loads it. */
import type * as Sqlite from 'node:sqlite';

let loaded: typeof Sqlite | undefined;

/**
 * The `node:sqlite` module, loaded synchronously through `process.getBuiltinModule` the first time it is asked for.
 * Node 22 emits a one-time ExperimentalWarning as it loads; whether that warning prints is the host's choice (the
 * CLI installs its own warning printer that drops it), since a library does not rewrite process-wide hooks.
 */
export function sqlite(): typeof Sqlite {
  loaded ??= process.getBuiltinModule<'node:sqlite'>('node:sqlite');
  return loaded;
}
