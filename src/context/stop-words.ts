/** The words a retention query does not count: function words, and the words people use to ask about a session rather than about its subject. */

/**
 * Case-folded English words that carry no subject: articles, pronouns, auxiliaries, prepositions,
 * question words, and the vocabulary of asking about another session ("continue", "summarize",
 * "goal", "earlier"). A query made only of these gives focused retention nothing to look for.
 */
const ENGLISH = `
a about above after again against all almost also although always am among an and another any anyone anything are around as
ask asked at away back be became because been before being below between both but by can cannot could did do does doing done
down during each either else etc even ever every few for from further get gets getting give given go goes going gone got had
has have having he her here hers herself him himself his how however i if in into is it its itself just keep kept know let
like made make many may me might mine more most much must my myself need no nor not now of off often on once one only onto or
other others our ours ourselves out over own per please quite rather really right said same say says see seem seen shall she
should show since so some something still such sure take tell than that the their theirs them themselves then there these
they thing things think this those though through thus to told too toward under until up upon us use used using very via want
was way we well were what whatever when where whether which while who whom whose why will with within without would yes yet
you your yours yourself yourselves
continue continued continuing resume resuming carry pick proceed work working worked session sessions conversation chat thread
discussion earlier previous previously last latest recent recently summary summarize summarise recap remind remember mention
mentioned discuss discussed talk talked explain describe look check find help goal goals aim purpose objective
`;

/** Case-folded CJK character pairs that carry no subject: question words, pronouns, and asking about a session. */
const CJK_PAIRS = `
什么 怎么 为什 如何 哪些 哪个 这个 那个 这些 那些 我们 你们 他们 一个 可以 是否 没有 已经 请问 之前 上次 继续 会话 对话 目标 总结
なに どう これ それ あれ この その 続け
무엇 어떻 이것 그것 계속
`;

function words(list: string): Set<string> {
  return new Set(list.split(/\s+/).filter((word) => word !== ''));
}

/** Every stop word and stop pair, case-folded. */
export const STOP_WORDS: ReadonlySet<string> = (() => {
  const all = words(ENGLISH);
  for (const entry of words(CJK_PAIRS)) {
    // Pairs only: a longer entry contributes each of its adjacent pairs.
    let previous: string | undefined;
    for (const char of entry) {
      if (previous !== undefined) all.add(previous + char);
      previous = char;
    }
  }
  return all;
})();
