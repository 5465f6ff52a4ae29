/** Kubernetes `Secret` manifests: every `data` value (base64) and `stringData` value of a Secret, in YAML documents or JSON objects, is a secret by declaration. */
import type { ScanState } from './classify.ts';
import { isPlaceholderValue } from './placeholders.ts';
import { RANK_NAMED } from './kind-record.ts';

const KIND = 'kubernetes-secret';
const DOCUMENT_SECRET_RE = /^[ \t]*kind:[ \t]*["']?Secret["']?[ \t]*$/m;
const BLOCK_RE = /^([ \t]*)(data|stringData):[ \t]*$/;
const ENTRY_RE = /^([ \t]+)["']?([A-Za-z0-9_.-]{1,253})["']?:[ \t]*(["']?)([^\s"'#]+)\3[ \t]*(?:#.*)?$/;
const BASE64_RE = /^[A-Za-z0-9+/]+={0,2}$/;
const JSON_SECRET_RE = /"kind"\s*:\s*"Secret"/;
const JSON_BLOCK_RE = /"(data|stringData)"\s*:\s*\{/g;
const JSON_ENTRY_RE = /\s*"([A-Za-z0-9_.-]{1,253})"\s*:\s*"([^"\\]{0,65536})"\s*(,|\})/y;

/** Keys that name where, not a secret (`DB_HOST`, `DB_PORT`, `database`): their values are kept when they hold no credential (a user name is half of one). */
const PUBLIC_KEY_RE = /(?:^|[_.-])(?:host|hostname|port|name|database|db|dbname|region|namespace|sslmode)$/i;

function accept(key: string, value: string, base64: boolean): boolean {
  if (base64 ? value.length < 4 || !BASE64_RE.test(value) : value.length < 1 || isPlaceholderValue(value)) return false;
  if (!PUBLIC_KEY_RE.test(key) || value.length > 88) return true;
  let plain = value;
  try {
    if (base64) plain = atob(value);
  } catch {
    return true;
  }
  return !/^[\w.-]{1,64}$/.test(plain);
}

/** The entries of the YAML `data:` / `stringData:` blocks of every document that declares `kind: Secret`. */
function yamlSecrets(text: string, state: ScanState): void {
  let documentStart = 0;
  while (documentStart < text.length) {
    const separator = text.indexOf('\n---', documentStart);
    const documentEnd = separator < 0 ? text.length : separator + 1;
    const document = text.slice(documentStart, documentEnd);
    if (DOCUMENT_SECRET_RE.test(document)) yamlBlocks(document, documentStart, state);
    documentStart = separator < 0 ? text.length : separator + 4;
  }
}

function yamlBlocks(document: string, offset: number, state: ScanState): void {
  let block: { indent: number; base64: boolean } | null = null;
  let lineStart = 0;
  while (lineStart <= document.length) {
    const newline = document.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? document.length : newline;
    const line = document.slice(lineStart, lineEnd).replace(/\r$/, '');
    const opened = BLOCK_RE.exec(line);
    if (opened !== null) {
      block = { indent: (opened[1] ?? '').length, base64: opened[2] === 'data' };
    } else if (block !== null && line.trim() !== '') {
      const entry = ENTRY_RE.exec(line);
      if (entry === null || (entry[1] ?? '').length <= block.indent) {
        block = null;
      } else {
        const value = entry[4] ?? '';
        const at = lineStart + line.lastIndexOf(value);
        if (accept(entry[2] ?? '', value, block.base64))
          state.found.push({ start: offset + at, end: offset + at + value.length, kind: KIND, rank: RANK_NAMED });
      }
    }
    if (newline < 0) break;
    lineStart = newline + 1;
  }
}

/** The entries of `"data": {…}` / `"stringData": {…}` objects in a text that declares `"kind": "Secret"`. */
function jsonSecrets(text: string, state: ScanState): void {
  JSON_BLOCK_RE.lastIndex = 0;
  let block: RegExpExecArray | null;
  while ((block = JSON_BLOCK_RE.exec(text)) !== null) {
    const base64 = block[1] === 'data';
    JSON_ENTRY_RE.lastIndex = JSON_BLOCK_RE.lastIndex;
    let entry: RegExpExecArray | null;
    while ((entry = JSON_ENTRY_RE.exec(text)) !== null) {
      const value = entry[2] ?? '';
      const end = JSON_ENTRY_RE.lastIndex - entry[0].length + entry[0].lastIndexOf('"');
      if (accept(entry[1] ?? '', value, base64)) state.found.push({ start: end - value.length, end, kind: KIND, rank: RANK_NAMED });
      if (entry[3] === '}') break;
    }
    JSON_BLOCK_RE.lastIndex = Math.max(JSON_BLOCK_RE.lastIndex, JSON_ENTRY_RE.lastIndex);
  }
}

/** Adds the values of every Secret's data to the findings (the scan saw a `kind: Secret`). */
export function kubernetesSecrets(text: string, state: ScanState): void {
  yamlSecrets(text, state);
  if (JSON_SECRET_RE.test(text)) jsonSecrets(text, state);
}
