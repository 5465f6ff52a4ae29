// JSON as `unknown`: `JSON.parse` returns `any`, which the type checker and the
// linter would let flow anywhere unchecked. A caller narrows the value or names
// the shape it expects with a JSDoc cast, where the reader can see it.

import { readFileSync } from 'node:fs';

/**
 * `JSON.parse`, typed `unknown`.
 * @param {string} text
 * @returns {unknown}
 */
export function parseJson(text) {
  return JSON.parse(text);
}

/**
 * A JSON file, typed `unknown`.
 * @param {string} path
 * @returns {unknown}
 */
export function readJson(path) {
  return parseJson(readFileSync(path, 'utf8'));
}

/**
 * Whether `value` is a non-null object, to read its fields as `unknown`.
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
export function isRecord(value) {
  return typeof value === 'object' && value !== null;
}
