// The architecture's one rule at run time: a pure src module, once emitted, imports only other pure modules, Node built-ins and the package's own dependencies, never a host package.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, matchesGlob, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { HOST_WIRING } from '../eslint.config.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DEPENDENCIES = new Set(
  Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

const isWiring = (file: string): boolean => HOST_WIRING.some((glob) => matchesGlob(relative(ROOT, file), glob));

it("emits pure modules that import only each other, Node built-ins and the package's own dependencies, never a host package", () => {
  const pure = sourceFiles(join(ROOT, 'src')).filter((file) => !isWiring(file));
  expect(pure.length).toBeGreaterThan(15);
  const violations: string[] = [];
  for (const file of pure) {
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2023, verbatimModuleSyntax: true },
      fileName: file.replace(/\.ts$/, '.mts'),
    });
    const specifiers = [...outputText.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier);
        if (isWiring(target)) violations.push(`${relative(ROOT, file)} imports the wiring file ${specifier} at run time`);
      } else if (!specifier.startsWith('node:') && !DEPENDENCIES.has(specifier)) {
        violations.push(`${relative(ROOT, file)} imports ${specifier}`);
      }
    }
  }
  expect(violations).toEqual([]);
});
