/** Marks a whole text holds or not (a tool's name, a mail's encoding header), searched once per text however many tokens ask. */

/**
 * A test of whether a text holds a match of `pattern`, remembering its last answer: the scan asks once per token, and the
 * text is searched only when it changes.
 */
export function textMark(pattern: RegExp): (text: string) => boolean {
  let lastText = '';
  let lastAnswer = false;
  return (text) => {
    if (text !== lastText) {
      lastText = text;
      lastAnswer = pattern.test(text);
    }
    return lastAnswer;
  };
}
