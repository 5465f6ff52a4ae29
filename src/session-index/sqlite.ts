/** `node:sqlite`, loaded on first use without the ExperimentalWarning Node 22 prints for it. */
import type * as Sqlite from 'node:sqlite';

let loaded: typeof Sqlite | undefined;

/**
 * The `node:sqlite` module. Node 22 emits a one-time ExperimentalWarning when the module is first
 * loaded; a host that prints nothing on stderr would print it, so that one warning is dropped while
 * the module loads (synchronously, through `process.getBuiltinModule`). Every other warning passes.
 */
export function sqlite(): typeof Sqlite {
  if (loaded !== undefined) return loaded;
  const emit = process.emitWarning.bind(process) as (...args: unknown[]) => void;
  const original = Object.getOwnPropertyDescriptor(process, 'emitWarning');
  process.emitWarning = (warning: string | Error, ...rest: unknown[]): void => {
    const message = typeof warning === 'string' ? warning : warning.message;
    const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: unknown } | undefined)?.type;
    const name = typeof warning === 'string' ? type : warning.name;
    if (name === 'ExperimentalWarning' && message.includes('SQLite')) return;
    emit(warning, ...rest);
  };
  try {
    loaded = process.getBuiltinModule<'node:sqlite'>('node:sqlite');
  } finally {
    if (original === undefined) delete (process as { emitWarning?: unknown }).emitWarning;
    else Object.defineProperty(process, 'emitWarning', original);
  }
  return loaded;
}
