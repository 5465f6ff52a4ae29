/** Wallet recovery phrases (BIP39 mnemonics): their shape, and the names they go by. */

/** Names of a wallet's recovery phrase. */
export const SEED_NAME_RE = /mnemonic|seed|phrase|recovery/i;
/** A BIP39 phrase's shape: 12, 15, 18, 21 or 24 lowercase words of three to eight letters, one blank between. */
const SEED_PHRASE_RE = /^[a-z]{3,8}(?: [a-z]{3,8}){11}(?:(?: [a-z]{3,8}){3}){0,4}$/;

/** Whether `raw` has a recovery phrase's shape, its words not all the same (`word word …`). */
export function isSeedPhrase(raw: string): boolean {
  return SEED_PHRASE_RE.test(raw) && new Set(raw.split(' ')).size >= 8;
}
