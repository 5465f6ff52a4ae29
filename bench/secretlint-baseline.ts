/** secretlint's recommended preset alone, as a redactor for the corpus comparison: every reported range becomes a marker. Loaded only when installed. */
import type { Redactor } from './corpus-score.ts';

/** A redactor built on secretlint's recommended preset, or undefined when secretlint is not installed. */
export async function secretlintRedactor(): Promise<Redactor | undefined> {
  let core: typeof import('@secretlint/core');
  let preset: typeof import('@secretlint/secretlint-rule-preset-recommend');
  let profiler: typeof import('@secretlint/profiler');
  try {
    [core, preset, profiler] = await Promise.all([
      import('@secretlint/core'),
      import('@secretlint/secretlint-rule-preset-recommend'),
      import('@secretlint/profiler'),
    ]);
  } catch {
    return undefined;
  }
  profiler.secretLintProfiler.setEnabled(false);
  const config = { rules: preset.rules.map((rule) => ({ id: rule.meta.id, rule, options: {} })) };
  return async (texts) => {
    const out: string[] = [];
    for (const text of texts) {
      const result = await core.lintSource({
        source: { content: text, filePath: 'session-text.txt', ext: '.txt', contentType: 'text' },
        options: { config, noPhysicFilePath: true },
      });
      const ranges = result.messages.map((m) => [m.range[0], m.range[1]] as [number, number]).sort((a, b) => a[0] - b[0]);
      const parts: string[] = [];
      let from = 0;
      for (const [start, end] of ranges) {
        if (end <= from) continue;
        parts.push(text.slice(from, Math.max(from, start)), '[REDACTED secret]');
        from = end;
      }
      parts.push(text.slice(from));
      out.push(parts.join(''));
    }
    return out;
  };
}
