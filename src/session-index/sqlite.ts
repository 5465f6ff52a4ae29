/** `node:sqlite`, loaded on first use without the one ExperimentalWarning Node 22 prints for it. */
import type * as Sqlite from 'node:sqlite';

let loaded: typeof Sqlite | undefined;

/** Whether a warning is Node's one-time notice that SQLite is experimental. */
function isSqliteNotice(warning: string | Error, rest: readonly unknown[]): boolean {
  const message = typeof warning === 'string' ? warning : warning.message;
  const first = rest[0];
  const type = typeof first === 'string' ? first : (first as { type?: unknown } | undefined)?.type;
  const name = typeof warning === 'string' ? type : warning.name;
  return name === 'ExperimentalWarning' && message.includes('SQLite');
}

/**
 * The `node:sqlite` module, loaded synchronously the first time it is asked for. Node 22 emits a
 * one-time ExperimentalWarning as it loads, and dsh prints every warning on the user's stderr, so a
 * plain headless run would show two lines about a detail of this plugin. The host offers no way to
 * silence one warning, so for that one synchronous load only, that one warning is dropped; every
 * other warning passes, and `process.emitWarning` is restored before this returns.
 */
export function sqlite(): typeof Sqlite {
  if (loaded !== undefined) return loaded;
  const original = Object.getOwnPropertyDescriptor(process, 'emitWarning');
  const emit = process.emitWarning.bind(process) as (warning: string | Error, ...rest: unknown[]) => void;
  process.emitWarning = (warning: string | Error, ...rest: unknown[]): void => {
    if (!isSqliteNotice(warning, rest)) emit(warning, ...rest);
  };
  try {
    loaded = process.getBuiltinModule<'node:sqlite'>('node:sqlite');
  } finally {
    if (original === undefined) Reflect.deleteProperty(process, 'emitWarning');
    else Object.defineProperty(process, 'emitWarning', original);
  }
  return loaded;
}
