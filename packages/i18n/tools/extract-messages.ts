import ts from 'typescript';

export interface FoundMessage {
  id: string;
  line: number;
}

/** `t` translates a message where it shows (apps/web lib/i18n, the server's request.t); `msg` marks one translated later. */
const TRANSLATE_CALLS = new Set(['t', 'msg']);
/** The contract's message tables: every string in an object assigned to a `…Messages` const is a message. */
const MESSAGE_TABLE = /Messages$/;

const literalText = (node: ts.Node | undefined) => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null);
const unwrap = (node: ts.Expression): ts.Expression =>
  ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node;

/**
 * The messages a source file holds, for Lingui's extractor (lingui.config.ts) and the catalogue test:
 * `t('…')` calls (also `x.t('…')`) and the string values of `…Messages` tables. Messages are their
 * English text (the source locale's catalogue is its ids).
 */
export function extractMessages(filename: string, code: string): FoundMessage[] {
  const source = ts.createSourceFile(filename, code, ts.ScriptTarget.Latest, true, filename.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: FoundMessage[] = [];
  const add = (node: ts.Node, id: string | null) => {
    if (id) found.push({ id, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
  };
  const table = (node: ts.Expression) => {
    const object = unwrap(node);
    if (!ts.isObjectLiteralExpression(object)) return;
    for (const property of object.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      const value = unwrap(property.initializer);
      if (ts.isObjectLiteralExpression(value)) table(value);
      else add(value, literalText(value));
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : null;
      if (name && TRANSLATE_CALLS.has(name)) add(node, literalText(node.arguments[0]));
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && MESSAGE_TABLE.test(node.name.text) && node.initializer) table(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
