/** A value shown bounded in a violation message: its JSON, cut at `max` characters with its full length noted. */
export const show = (value: unknown, max = 160): string => {
  const text = (JSON.stringify(value) as string | undefined) ?? String(value);
  return text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text;
};
