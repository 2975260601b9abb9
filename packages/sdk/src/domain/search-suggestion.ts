import { fulltextWords } from './fulltext.ts';

/**
 * "Did you mean …?" for a search that found nothing: each query word that no posting holds is replaced
 * by the nearest word the postings do hold, within a few typing mistakes. Built from the texts of the
 * postings the member may see (the caller reads them with the listing's own rules), never from a
 * dictionary, so a suggestion always finds something.
 */

/** Words shorter than this are left alone: too many words lie one letter away from them. */
const SHORTEST_CORRECTED = 4;

/**
 * A letter left out costs less than one added or changed: thumbs on a phone skip letters far more often
 * than they add them, so "cashr" means "cashier" (two left out) rather than "cash" (one added).
 */
const COST = { leftOut: 0.4, added: 1, changed: 1, swapped: 1 } as const;

/** How many mistakes a word of `length` letters may hold: one up to 4 letters, two beyond. */
const allowedCost = (length: number) => (length <= 4 ? 1 : 2);

/**
 * The cost of typing `typed` when `meant` was meant (a Damerau–Levenshtein distance with the costs
 * above), or Infinity once it is over `limit`.
 */
export function typingCost(typed: string, meant: string, limit = Infinity): number {
  if (Math.abs(typed.length - meant.length) * COST.leftOut > limit) return Infinity;
  // rows[i][j]: the cost of typing typed[0..i) for meant[0..j).
  const rows: number[][] = [];
  for (let i = 0; i <= typed.length; i += 1) {
    const row = [i * COST.added];
    for (let j = 1; j <= meant.length; j += 1) {
      if (i === 0) {
        row.push(j * COST.leftOut);
        continue;
      }
      const previous = rows[i - 1] as number[];
      const same = typed[i - 1] === meant[j - 1];
      let cost = Math.min((previous[j] as number) + COST.added, (row[j - 1] as number) + COST.leftOut, (previous[j - 1] as number) + (same ? 0 : COST.changed));
      if (i > 1 && j > 1 && typed[i - 1] === meant[j - 2] && typed[i - 2] === meant[j - 1]) {
        cost = Math.min(cost, ((rows[i - 2] as number[])[j - 2] as number) + COST.swapped);
      }
      row.push(cost);
    }
    if (Math.min(...row) > limit) return Infinity;
    rows.push(row);
  }
  return (rows[typed.length] as number[])[meant.length] as number;
}

/** The nearest word of `vocabulary` to `typed` (its count of postings breaking ties), or null when none is close enough. */
function nearestWord(typed: string, vocabulary: ReadonlyMap<string, number>): string | null {
  const limit = allowedCost(typed.length);
  let best: { word: string; cost: number; postings: number } | null = null;
  for (const [word, postings] of vocabulary) {
    const cost = typingCost(typed, word, limit);
    if (cost > limit) continue;
    if (!best || cost < best.cost || (cost === best.cost && (postings > best.postings || (postings === best.postings && word < best.word)))) {
      best = { word, cost, postings };
    }
  }
  return best?.word ?? null;
}

/** Each word of the texts, with the number of texts that hold it. */
export function vocabularyOf(texts: readonly string[]): Map<string, number> {
  const vocabulary = new Map<string, number>();
  for (const text of texts) for (const word of new Set(fulltextWords(text))) vocabulary.set(word, (vocabulary.get(word) ?? 0) + 1);
  return vocabulary;
}

/**
 * The search with its unknown words corrected to words of `texts` ("cashr" → "cashier"), or null when
 * no word needed or found a correction.
 */
export function suggestSearch(search: string, texts: readonly string[]): string | null {
  const words = fulltextWords(search);
  if (!words.length) return null;
  const vocabulary = vocabularyOf(texts);
  let changed = false;
  const corrected = words.map((word) => {
    if (vocabulary.has(word) || word.length < SHORTEST_CORRECTED || /^\d+$/.test(word)) return word;
    const nearest = nearestWord(word, vocabulary);
    if (nearest === null) return word;
    changed = true;
    return nearest;
  });
  return changed ? corrected.join(' ') : null;
}
