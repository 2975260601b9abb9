/**
 * Turns a `search` value into an FTS5 MATCH expression with MariaDB's boolean-mode semantics as
 * utopia-php drives them: the operator characters `@ + - * ( ) < > ~ "` become
 * spaces, the words are OR-ed and the last one is prefix-matched; a value wrapped in double quotes
 * is one exact phrase. Words are split the way FTS5's unicode61 tokenizer splits indexed text.
 * Unlike MariaDB there are no stop words and no minimum word length.
 */

const OPERATORS = /[@+\-*()<>~"]/g;
const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;

/** The MATCH expression for `value`, or undefined when nothing searchable remains (matches no row). */
export function ftsExpression(value: string): string | undefined {
  const exact = value.startsWith('"') && value.endsWith('"');
  const words = value.replace(OPERATORS, ' ').match(WORD) ?? [];
  if (words.length === 0) return undefined;
  if (exact) return `"${words.join(' ')}"`;
  return words.map((word, i) => (i === words.length - 1 ? `"${word}"*` : `"${word}"`)).join(' OR ');
}
