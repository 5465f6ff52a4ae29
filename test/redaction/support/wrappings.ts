/** The ways the redaction tests put an example into a session text: as is, inside a JSON tool result, in a code fence, in a quote. */

/** How an example is put into a session text, and how its secret is then written there. */
export interface Wrapping {
  wrap: (text: string) => string;
  escape: (secret: string) => string;
}

const same = (value: string): string => value;

/** The wrappings, the first leaving the text as it is. */
export const WRAPPINGS: readonly Wrapping[] = [
  { wrap: same, escape: same },
  // A tool result serialised as JSON: newlines and quotes become escapes.
  { wrap: (text) => JSON.stringify({ role: 'tool', output: text }), escape: (secret) => JSON.stringify(secret).slice(1, -1) },
  { wrap: (text) => `\`\`\`\n${text}\n\`\`\``, escape: same },
  { wrap: (text) => `> ${text}\n`, escape: same },
];
