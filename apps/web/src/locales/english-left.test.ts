import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No screen writes a text of its own (docs/decisions/044): JSX text and the attributes people read or
 * hear (placeholder, title, alt, aria-label, label) come from the catalogues: a component with such a
 * text fails.
 */
const src = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const READ_ATTRIBUTES = new Set(['placeholder', 'title', 'alt', 'aria-label', 'label']);

const sourceFiles = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return name === 'test' || name === 'locales' ? [] : sourceFiles(file);
    return /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) ? [file] : [];
  });

const hasWords = (text: string) => /\p{L}{2,}/u.test(text);

/** The texts a file writes in JSX, each with its line. */
const textsOf = (file: string): string[] => {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) found.push(`${line(node)}: ${node.text.trim()}`);
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const value = node.initializer;
      const literal = ts.isStringLiteral(value)
        ? value
        : ts.isJsxExpression(value) && value.expression && ts.isStringLiteralLike(value.expression)
          ? value.expression
          : undefined;
      if (literal && hasWords(literal.text))
        found.push(`${line(node)}: ${node.name.getText(source)}="${literal.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

describe('texts written in the screens', () => {
  it('are all in the catalogues', () => {
    const withTexts: string[] = [];
    for (const file of sourceFiles(src)) {
      const texts = textsOf(file);
      if (texts.length > 0) withTexts.push(`${path.relative(src, file)}\n  ${texts.join('\n  ')}`);
    }
    expect(withTexts).toEqual([]);
  });
});
