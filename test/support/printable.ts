/** What an error message may not hold raw, and a text that holds all of it: C0 (NUL included), DEL, C1, line and paragraph separators, and bidi controls. */

/** Any character that must never stand raw in a message. */
export const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** NUL, an ESC sequence, C1 characters, a bidi override and isolate, and a newline. */
export const HOSTILE_TEXT = '\u0000\u001b[31m\u0085\u009b\u202e\u2066\n';
