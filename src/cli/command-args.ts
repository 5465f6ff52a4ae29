/** What the command line names: the DSH home and the working directory to read it for, and the usage error raised after parsing. */
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** A usage problem found after parsing (exit status 2), such as `--message` beyond the transcript's end. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * The DSH home to read: `option` (from `--home`), else `$DSH_HOME`, else `~/.dsh`, made absolute. An empty
 * `--home` is a usage error rather than a silent fall back to another home; an empty `$DSH_HOME` counts as unset.
 * @param option - the `--home` value, if given.
 * @param env - the environment to read `DSH_HOME` from.
 */
export function resolveHome(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (option === '') throw new UsageError('--home: expected a directory, got an empty string');
  if (option !== undefined) return resolve(option);
  const fromEnv = env.DSH_HOME;
  if (fromEnv !== undefined && fromEnv !== '') return resolve(fromEnv);
  return join(homedir(), '.dsh');
}

/**
 * The working directory the citing session claims: `option` (from `--cwd`), else the current directory, made
 * absolute with its symlinks resolved, as a host records a session's cwd, so a linked path still ranks its own
 * workspace first. A path that does not exist is kept as written.
 */
export function resolveCwd(option: string | undefined): string {
  const path = resolve(option ?? process.cwd());
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
