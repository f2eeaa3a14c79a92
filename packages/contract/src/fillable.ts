/**
 * A message with values (issue 32): its English text with `{name}` placeholders is the catalogues' id,
 * and the values fill the placeholders in the order they appear. The server translates the filled text
 * as the answer leaves by finding the message it was filled from (plugins/languages.ts).
 */
export function fillable(text: string) {
  return (...values: readonly (string | number)[]): string => {
    let next = 0;
    return text.replace(/\{(\w+)\}/g, () => String(values[next++] ?? ''));
  };
}
