/** Words a token is read whole for, the commands whose arguments follow them: `ConvertTo-SecureString`, `add_user`, `change_password`, Sentinel's `auth-pass`. */
import type { ScanState } from './classify.ts';
import { userPasswordSubcommand } from './commands.ts';
import { sentinelAuthPass } from './redis.ts';
import { secureStringArgument } from './windows-commands.ts';

/** The token [start, end) read whole, told apart by its length and two characters before any is compared. */
export function wholeTokens(text: string, start: number, end: number, state: ScanState): void {
  const length = end - start;
  const first = text.charCodeAt(start) | 32;
  if (length === 22 && first === 99 && text.charCodeAt(start + 9) === 45) secureStringArgument(text, start, end, state);
  else if (
    (length === 8 && first === 97 && text.charCodeAt(start + 3) === 95) ||
    (length === 15 && first === 99 && text.charCodeAt(start + 6) === 95)
  )
    userPasswordSubcommand(text, start, end, state);
  else if (length === 9 && first === 97 && text.startsWith('auth-pass', start)) sentinelAuthPass(text, start, end, state);
}
