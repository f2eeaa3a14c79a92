import ts from 'typescript';

export interface FoundMessage {
  id: string;
  line: number;
}

/**
 * `t` translates a message where it shows (apps/web lib/i18n, the server's request.t); `msg` marks one
 * translated later; `plural(count, one, other)` (apps/web lib/format.ts) picks one of two.
 */
const MESSAGE_ARGUMENTS: ReadonlyMap<string, readonly number[]> = new Map([
  ['t', [0]],
  ['msg', [0]],
  ['plural', [1, 2]],
  ['fillable', [0]],
]);
/**
 * Message tables: every string of a const named `…Messages` (the contract's), or of one whose doc
 * comment has the `@i18n` tag (a table of labels, a list of sentences, one message), is a message;
 * but not the values of keys that name things rather than say them.
 */
const MESSAGE_TABLE = /Messages$/;
const NOT_TEXT = new Set(['value', 'key', 'id', 'slug', 'emoji', 'icon', 'href', 'path', 'code']);

const literalText = (node: ts.Node | undefined) => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null);
const unwrap = (node: ts.Expression): ts.Expression =>
  ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node;

/**
 * The messages a source file holds, for Lingui's extractor (lingui.config.ts) and the catalogue test:
 * `t('…')`, `msg('…')` and `plural(n, '…', '…')` calls (also `x.t('…')`), and message tables. Messages
 * are their English text (the source locale's catalogue is its ids).
 */
export function extractMessages(filename: string, code: string): FoundMessage[] {
  const source = ts.createSourceFile(filename, code, ts.ScriptTarget.Latest, true, filename.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: FoundMessage[] = [];
  const add = (node: ts.Node, id: string | null) => {
    if (id) found.push({ id, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
  };
  const table = (node: ts.Expression) => {
    const value = unwrap(node);
    if (ts.isArrayLiteralExpression(value)) for (const element of value.elements) table(element);
    else if (ts.isObjectLiteralExpression(value)) {
      for (const property of value.properties) {
        if (!ts.isPropertyAssignment(property)) continue;
        const name = ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) ? property.name.text : '';
        if (!NOT_TEXT.has(name)) table(property.initializer);
      }
    } else add(value, literalText(value));
  };
  const isTable = (node: ts.VariableDeclaration) =>
    ts.isIdentifier(node.name) && (MESSAGE_TABLE.test(node.name.text) || ts.getJSDocTags(node).some((tag) => tag.tagName.text === 'i18n'));
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : null;
      for (const index of (name && MESSAGE_ARGUMENTS.get(name)) || []) add(node, literalText(node.arguments[index]));
    }
    if (ts.isVariableDeclaration(node) && node.initializer && isTable(node)) table(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
