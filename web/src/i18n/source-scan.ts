import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Static checks over web/src for the i18n rules of the house, used by i18n-lint.test.ts:
 * no hard-coded visible text in JSX, and every message id used in code exists in the catalogs.
 * Test files, test helpers, generated code and the development-only QA tools of `dev/` (left
 * out of production builds; for the team, not residents) are skipped. A line may opt out with a
 * comment containing "i18n-ignore" on it or on the line above (for text that is not language,
 * e.g. a brand name); use it sparingly.
 */

export interface Finding {
  file: string;
  line: number;
  text: string;
}

const SKIP = [
  /\.test\.tsx?$/,
  /\.stories\.tsx?$/,
  /\.gen\.ts$/,
  /\.d\.ts$/,
  /(^|\/)testing\//,
  /(^|\/)dev\//,
];

export function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) {
        const rel = relative(root, path).split('\\').join('/');
        if (!SKIP.some((rule) => rule.test(rel))) files.push(path);
      }
    }
  };
  walk(root);
  return files.sort();
}

/** Text that reads as language: it has a letter. Punctuation, digits and symbols are fine. */
export function hasLetters(text: string): boolean {
  return /\p{L}/u.test(text);
}

/** JSX props that show text to people (or to assistive technology). */
const VISIBLE_PROP =
  /^(alt|title|placeholder|label|hint|error|text|note|caption|heading|description|message|prefix|aria-label|aria-description|aria-roledescription|aria-valuetext|aria-placeholder)$|(Label|Text|Title|Message|Description|Hint|Prefix|Alt|Caption|Heading)$/;

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

function ignored(source: ts.SourceFile, node: ts.Node): boolean {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  const lines = source.text.split('\n');
  return [lines[line], lines[line - 1]].some((text) => text?.includes('i18n-ignore'));
}

function finding(root: string, source: ts.SourceFile, node: ts.Node, text: string): Finding {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  return { file: relative(root, source.fileName), line: line + 1, text: text.trim() };
}

function isStringy(node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
}

/** String literals an expression can evaluate to: 'a', cond ? 'a' : 'b', x ?? 'a', `a${b}`... */
function shownStrings(node: ts.Expression): ts.Node[] {
  if (isStringy(node)) return [node];
  if (ts.isTemplateExpression(node)) return [node];
  if (ts.isParenthesizedExpression(node)) return shownStrings(node.expression);
  if (ts.isConditionalExpression(node)) {
    return [...shownStrings(node.whenTrue), ...shownStrings(node.whenFalse)];
  }
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (
      op === ts.SyntaxKind.BarBarToken ||
      op === ts.SyntaxKind.QuestionQuestionToken ||
      op === ts.SyntaxKind.AmpersandAmpersandToken
    ) {
      return op === ts.SyntaxKind.AmpersandAmpersandToken
        ? shownStrings(node.right)
        : [...shownStrings(node.left), ...shownStrings(node.right)];
    }
    if (op === ts.SyntaxKind.PlusToken)
      return [...shownStrings(node.left), ...shownStrings(node.right)];
  }
  return [];
}

function literalText(node: ts.Node, source: ts.SourceFile): string {
  if (isStringy(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  }
  return node.getText(source);
}

/**
 * Hard-coded visible text in JSX: text nodes, visible props, string children. A string that is a
 * message id of the catalog (e.g. a `title` prop holding an id) is not text.
 */
export function findLiteralText(
  root: string,
  files: string[],
  catalog: Record<string, string> = {},
): Finding[] {
  const found: Finding[] = [];
  for (const file of files.filter((f) => f.endsWith('.tsx'))) {
    const source = parse(file);
    const report = (node: ts.Node, text: string) => {
      if (!hasLetters(text) || text in catalog || ignored(source, node)) return;
      found.push(finding(root, source, node, text));
    };
    const visit = (node: ts.Node) => {
      if (ts.isJsxText(node)) {
        report(node, node.text);
      } else if (ts.isJsxAttribute(node) && node.initializer) {
        const name = node.name.getText(source);
        if (VISIBLE_PROP.test(name)) {
          const init = node.initializer;
          if (ts.isStringLiteral(init)) report(init, init.text);
          else if (ts.isJsxExpression(init) && init.expression) {
            for (const s of shownStrings(init.expression)) report(s, literalText(s, source));
          }
        }
      } else if (
        ts.isJsxExpression(node) &&
        node.expression &&
        (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
      ) {
        for (const s of shownStrings(node.expression)) report(s, literalText(s, source));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const ID_SHAPE = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/;

function isModuleSpecifier(node: ts.Node): boolean {
  const parent = node.parent;
  return (
    ts.isImportDeclaration(parent) ||
    ts.isExportDeclaration(parent) ||
    ts.isExternalModuleReference(parent) ||
    (ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword) ||
    ts.isLiteralTypeNode(parent)
  );
}

/**
 * Message ids used in code. An id is any string literal shaped like "feature.some.key" whose
 * first segment is a namespace of the catalog (so ids kept in tables or returned by rule
 * functions count too); a template like `lang.${code}` is reported by its fixed head, as
 * "lang.${...}".
 */
export function findMessageIds(
  root: string,
  files: string[],
  catalog: Record<string, string>,
): Finding[] {
  const namespaces = new Set(Object.keys(catalog).map((key) => key.split('.')[0]));
  const found: Finding[] = [];
  for (const file of files) {
    const source = parse(file);
    const visit = (node: ts.Node) => {
      if (isStringy(node) && !isModuleSpecifier(node)) {
        const text = node.text;
        if (ID_SHAPE.test(text) && namespaces.has(text.split('.')[0]) && !ignored(source, node)) {
          found.push(finding(root, source, node, text));
        }
      } else if (ts.isTemplateExpression(node)) {
        const head = node.head.text;
        if (
          /^[a-z][A-Za-z0-9]*\.([A-Za-z0-9_-]+\.)*$/.test(head) &&
          namespaces.has(head.split('.')[0]) &&
          !ignored(source, node)
        ) {
          found.push(finding(root, source, node, `${head}${TEMPLATE_TAIL}`));
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const TEMPLATE_TAIL = '${...}';

/** The catalog keys an id found by findMessageIds stands for (a template: every key it can be). */
export function keysOf(id: string, catalog: Record<string, string>): string[] {
  if (!id.endsWith(TEMPLATE_TAIL)) return id in catalog ? [id] : [];
  const head = id.slice(0, -TEMPLATE_TAIL.length);
  return Object.keys(catalog).filter((key) => key.startsWith(head));
}

/** Message ids used in code that the catalog lacks (a template: no key starts with its head). */
export function findUnknownIds(
  root: string,
  files: string[],
  catalog: Record<string, string>,
): Finding[] {
  return findMessageIds(root, files, catalog).filter((f) => keysOf(f.text, catalog).length === 0);
}
