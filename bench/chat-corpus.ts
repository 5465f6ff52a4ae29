/** Deterministic chat text for the index benches: English prose with skewed word frequencies, some code lines, some CJK, about 400 bytes a message. */
import { rng } from './rng.ts';

const COMMON =
  'the of and to a in is it you that he was for on are with as his they be at one have this from or had by hot word but what some we can out other were all there when up use your how said an each she which do their time if will way about many then them write would like so these her long make thing see him two has look more day could go come did number sound no most people my over know water than call first who may down side been now find any new work part take get place made live where after back little only round man year came show every good me give our under name very through just form sentence great think say help low line differ turn cause much mean before move right boy old too same tell does set three want air well also play small end put home read hand port large spell add even land here must big high such follow act why ask men change went light kind off need house picture try us again animal point mother world near build self earth father head stand own page should country found answer school grow study still learn plant cover food sun four between state keep eye never last let thought city tree cross farm hard start might story saw far sea draw left late run while press close night real life few north open seem together next white children begin got walk example ease paper group always music those both mark often letter until mile river car feet care second book carry took science eat room friend began idea fish mountain stop once base hear horse cut sure watch color face wood main enough plain girl usual young ready above ever red list though feel talk bird soon body dog family direct pose leave song measure door product black short numeral class wind question happen complete ship area half rock order fire south problem piece told knew pass since top whole king space heard best hour better true during hundred five remember step early hold west ground interest reach fast verb sing listen six table travel less morning ten simple several vowel toward war lay against pattern slow center love person money serve appear road map rain rule govern pull cold notice voice unit power town fine certain fly fall lead cry dark machine note wait plan figure star box noun field rest correct able pound done beauty drive stood contain front teach week final gave green quick develop ocean warm free minute strong special mind behind clear tail produce fact street inch multiply nothing course stay wheel full force blue object decide surface deep moon island foot system busy test record boat common gold possible plane dry wonder laugh thousand ago ran check game shape miss brought heat snow tire bring yes distant fill east paint language among'.split(
    ' ',
  );

const TECH =
  'function const return async await promise error stack trace build deploy pipeline cache config schema parser bundle module import export interface type class method test vitest mock spy assert expect refactor rename migrate database query index table column row transaction commit rollback branch merge rebase conflict review lint format typecheck compile runtime memory leak heap snapshot profile benchmark latency throughput timeout retry backoff queue worker thread process signal abort cancel stream buffer encoding utf8 json yaml markdown readme changelog release version semver dependency package lockfile registry token session transcript retention budget window context prompt model completion embedding vector search ranking snippet tokenizer trigram prefix substring endpoint request response header status payload webhook callback listener event emitter fiber scope plugin service inject provide dispose effect'.split(
    ' ',
  );

const CODE = [
  'const result = await client.fetch(url, { signal });',
  'if (error instanceof TypeError) throw new Error(`bad input: ${value}`);',
  'for (const [key, value] of Object.entries(config)) map.set(key, value);',
  'export function parseHeader(line: string): Header | undefined {',
  'db.prepare("SELECT id, title FROM sessions WHERE created_at > ?").all(since);',
  'return items.filter((item) => item.enabled).map((item) => item.id);',
  'git rebase -i HEAD~3 && npm run typecheck && npm test',
  'def handle(request): return Response(status=404, body="not found")',
  'SELECT count(*) FROM events GROUP BY session_id HAVING count(*) > 20;',
  'let buffer = Buffer.alloc(4096); fd.read(buffer, 0, buffer.length, offset);',
];

/** A word said in exactly three sessions of every home (13 %, 57 % and 91 % of the way from the oldest). */
export const RARE_WORD = 'zanzibarite';

function cjkAlphabet(): string[] {
  const random = rng(99);
  return Array.from({ length: 600 }, () => String.fromCodePoint(0x4e00 + Math.floor(random() * 0x5000)));
}
const CJK = cjkAlphabet();

/** Skewed pick: early entries far more often, as word frequencies are. */
function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(list.length * Math.pow(random(), 2.2))]!;
}

function sentence(random: () => number): string {
  const words = Array.from({ length: 6 + Math.floor(random() * 14) }, () => (random() < 0.25 ? pick(random, TECH) : pick(random, COMMON)));
  const text = words.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}${random() < 0.8 ? '.' : '?'}`;
}

function cjkSentence(random: () => number): string {
  return `${Array.from({ length: 12 + Math.floor(random() * 30) }, () => pick(random, CJK)).join('')}。`;
}

/** One message of about `bytes` UTF-8 bytes: one in ten mostly CJK, one sentence in ten a code line. */
export function chatMessage(random: () => number, bytes = 400): string {
  const parts: string[] = [];
  let size = 0;
  const cjk = random() < 0.1;
  while (size < bytes) {
    const roll = random();
    const part = cjk && roll < 0.7 ? cjkSentence(random) : roll < 0.1 ? CODE[Math.floor(random() * CODE.length)]! : sentence(random);
    parts.push(part);
    size += Buffer.byteLength(part) + 1;
  }
  return parts.join(' ');
}

/** One session of the benches' homes. */
export interface ChatSession {
  readonly id: string;
  readonly cwd?: string;
  readonly createdAt: number;
  readonly title: string;
  /** Alternating user and assistant texts. */
  readonly messages: readonly string[];
}

/** `count` sessions of `perSession` messages, oldest first; {@link RARE_WORD} is said in three of them. */
export function chatSessions(count: number, perSession = 20, seed = 1): ChatSession[] {
  const random = rng(seed);
  const rare = new Set([Math.floor(count * 0.13), Math.floor(count * 0.57), Math.floor(count * 0.91)]);
  return Array.from({ length: count }, (_, i) => {
    const messages = Array.from({ length: perSession }, () => chatMessage(random));
    if (rare.has(i)) messages[7] = `${messages[7]!.slice(0, 120)} ${RARE_WORD} ${messages[7]!.slice(120)}`;
    const id = `bench-${String(i).padStart(5, '0')}`;
    const createdAt = 1_700_000_000_000 + i * 60_000;
    const title = sentence(random).slice(0, 60);
    return i % 10 === 9
      ? { id, createdAt, title, messages }
      : { id, cwd: `/home/dev/proj-${String(i % 20).padStart(2, '0')}`, createdAt, title, messages };
  });
}

/** UTF-8 bytes of every message of `sessions`. */
export function textBytes(sessions: readonly ChatSession[]): number {
  let bytes = 0;
  for (const session of sessions) for (const message of session.messages) bytes += Buffer.byteLength(message);
  return bytes;
}
