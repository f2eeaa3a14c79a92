/**
 * Compiles a source (English) message into the form Lingui's runtime formats: the source locale has no
 * catalogue, its messages are their own ids. The subset Flick's messages use: `{name}` and
 * `{name, plural|select|selectordinal, key {…} …}` with `#` (ICU MessageFormat); anything else stays
 * text. Compiled once per message.
 */
export type CompiledMessage = string | (string | CompiledToken)[];
type CompiledToken = [string] | [string, string, Record<string, CompiledMessage>];

const cache = new Map<string, CompiledMessage>();

export function compileSourceMessage(message: string): CompiledMessage {
  let compiled = cache.get(message);
  if (compiled === undefined) {
    compiled = message.includes('{') ? parse(message, { at: 0 }, false) : message;
    cache.set(message, compiled);
  }
  return compiled;
}

function parse(source: string, cursor: { at: number }, nested: boolean): (string | CompiledToken)[] {
  const tokens: (string | CompiledToken)[] = [];
  let text = '';
  while (cursor.at < source.length) {
    const char = source[cursor.at]!;
    if (char === '}' && nested) break;
    if (char === '{') {
      const token = argument(source, cursor);
      if (token) {
        if (text) tokens.push(text);
        text = '';
        tokens.push(token);
        continue;
      }
    }
    if (char === '#' && nested) {
      if (text) tokens.push(text);
      text = '';
      tokens.push('#');
    } else text += char;
    cursor.at += 1;
  }
  if (text) tokens.push(text);
  return tokens;
}

/** `{name}` or `{name, type, cases}` at the cursor; null (the brace is text) when it is neither. */
function argument(source: string, cursor: { at: number }): CompiledToken | null {
  const head = /^\{\s*([\w.]+)\s*(?:,\s*(plural|select|selectordinal)\s*,\s*)?(\})?/.exec(source.slice(cursor.at));
  if (!head) return null;
  const [match, name, type, closed] = head;
  if (!type) {
    if (!closed) return null;
    cursor.at += match.length;
    return [name!];
  }
  const inner = { at: cursor.at + match.length };
  const cases: Record<string, CompiledMessage> = {};
  for (;;) {
    const key = /^\s*(=?[\w]+)\s*\{/.exec(source.slice(inner.at));
    if (!key) break;
    inner.at += key[0].length;
    cases[key[1]!.replace(/^=/, '')] = parse(source, inner, true);
    inner.at += 1;
  }
  const end = /^\s*\}/.exec(source.slice(inner.at));
  if (!end || !('other' in cases)) return null;
  cursor.at = inner.at + end[0].length;
  return [name!, type, cases];
}
