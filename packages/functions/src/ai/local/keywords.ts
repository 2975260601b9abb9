/**
 * The word handling of the local provider: lower-cased words without stop words, lightly stemmed so
 * "customers" meets "customer" and "organizing" meets "organize", and ranked by how often a text uses them.
 */

const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by
  can could did do does doing down during each etc few for from further get got had has have having he her here hers herself him
  himself his how i if in into is it its itself just like look looking made make many may me might more most must my myself need
  new no nor not now of off on once one only or other our ours ourselves out over own per please same she should so some such than
  that the their theirs them themselves then there these they this those through to too under until up upon us use used using very
  via want was we well were what when where which while who whom why will with within without would yes yet you your yours
  yourself yourselves able across every week weekly day days time part full keep including include includes work working job jobs
  role position opportunity opportunities student students applicant applicants ideal candidate looking great good help helps
  part-time full-time grade etc prepare provide provided ensure required requirements responsibilities duties apply must
  one two three four five six seven eight nine ten eleven twelve first second third`
    .split(/\s+/)
    .filter(Boolean),
);

/** Inflections of stop words ("worked", "helping") are stop words too. */
const STOP_STEMS = new Set([...STOP_WORDS].filter((word) => word.length > 3).map((word) => stem(word)));

/** Stems a lower-case word: common suffixes off, so inflections of one word compare equal. */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  for (const [suffix, replacement] of [
    ['ies', 'y'],
    ['ing', ''],
    ['ers', 'er'],
    ['ed', ''],
    ['es', 'e'],
    ['s', ''],
  ] as const) {
    if (word.endsWith(suffix) && !word.endsWith('ss') && word.length - suffix.length >= 3) {
      const base = word.slice(0, -suffix.length) + replacement;
      // "organizing" → "organiz", "organize" → "organiz": drop a final e after stemming too.
      return base.endsWith('e') && base.length > 4 ? base.slice(0, -1) : base;
    }
  }
  return word.endsWith('e') ? word.slice(0, -1) : word;
}

/** The words of a text, lower-cased, in order (letters and digits of any script; `c++`, `c#` kept). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'+#.-]*[\p{L}\p{N}+#]|[\p{L}\p{N}]/gu) ?? [];
}

/** The stems of the meaningful words of a text (stop words and one- or two-letter words left out). */
export function terms(text: string): string[] {
  return words(text)
    .map((word) => word.replace(/'s$/, ''))
    .filter((word) => word.length > 2 && !STOP_WORDS.has(word) && !/^\d+$/.test(word))
    .map(stem)
    .filter((term) => !STOP_STEMS.has(term));
}

export interface Keyword {
  /** The stem, for comparing. */
  stem: string;
  /** The most frequent spelling in the source, for showing. */
  word: string;
  weight: number;
}

/**
 * The `limit` most important keywords of weighted texts (a title counts more than a description):
 * weight is the summed weight of each occurrence; ties keep the first seen.
 */
export function keywordsOf(sources: ReadonlyArray<{ text: string; weight: number }>, limit: number): Keyword[] {
  const found = new Map<string, { weight: number; order: number; spellings: Map<string, number> }>();
  for (const source of sources) {
    for (const word of words(source.text)) {
      const plain = word.replace(/'s$/, '');
      if (plain.length <= 2 || STOP_WORDS.has(plain) || /^\d+$/.test(plain)) continue;
      const key = stem(plain);
      if (STOP_STEMS.has(key)) continue;
      const entry = found.get(key) ?? { weight: 0, order: found.size, spellings: new Map<string, number>() };
      entry.weight += source.weight;
      entry.spellings.set(plain, (entry.spellings.get(plain) ?? 0) + 1);
      found.set(key, entry);
    }
  }
  return [...found.entries()]
    .sort(([, a], [, b]) => b.weight - a.weight || a.order - b.order)
    .slice(0, limit)
    .map(([key, entry]) => ({ stem: key, word: [...entry.spellings.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? key, weight: entry.weight }));
}

/** The keywords whose stem occurs among `text`'s terms, and those that do not. */
export function coverage(keywords: readonly Keyword[], text: string): { matched: Keyword[]; missing: Keyword[] } {
  const present = new Set(terms(text));
  return {
    matched: keywords.filter((keyword) => present.has(keyword.stem)),
    missing: keywords.filter((keyword) => !present.has(keyword.stem)),
  };
}
