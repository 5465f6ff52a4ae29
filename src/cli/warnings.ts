/** Keeps Node's one-time "SQLite is an experimental feature" warning off the CLI's stderr; every other warning still prints. */

/** True for the ExperimentalWarning Node emits when `node:sqlite` is first loaded. */
export function isSqliteExperimentalWarning(warning: Error): boolean {
  return warning.name === 'ExperimentalWarning' && /\bSQLite\b/.test(warning.message);
}

/**
 * Replaces Node's default `warning` printer with one that drops only the SQLite ExperimentalWarning (the session
 * query engine loads `node:sqlite`) and prints every other warning the way Node does, through `print` (the CLI's
 * stderr channel, which escapes control characters on a TTY). Call before any host boots.
 */
export function filterSqliteWarning(print: (line: string) => void): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    if (isSqliteExperimentalWarning(warning)) return;
    const code = (warning as { code?: unknown }).code;
    print(`(node:${process.pid}) ${typeof code === 'string' ? `[${code}] ` : ''}${warning.name}: ${warning.message}`);
  });
}
