// pg_trgm's word_similarity in JavaScript, so the in-process inventory index (./search-index.ts) corrects typos
// exactly as the SQL path does with `t <% w` (./sql-search.ts). A line-by-line port of PostgreSQL's
// contrib/pg_trgm/trgm_op.c (generate_trgm_only, calc_word_similarity, iterate_word_similarity, non-strict mode),
// float4 arithmetic included: 9/20 is 0.45 in a double but 0.44999999 in a float4, below the 0.45 threshold.
// trigram.test.ts compares it with pg_trgm itself on generated words.

/** pg_trgm's word characters: letters and digits (ISWORDCHR); everything else separates words. */
const WORD = /[\p{L}\p{N}]+/gu;

/** A string's trigrams in order: each word lower-cased, padded with two spaces before and one after. */
export function trigramsOf(s: string): string[] {
  const out: string[] = [];
  for (const word of s.toLowerCase().match(WORD) ?? []) {
    const chars = [...`  ${word} `];
    for (let i = 0; i + 2 < chars.length; i++) out.push(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return out;
}

/** CALCSML: count / (len1 + len2 - count) as a float4. */
const calcSml = (count: number, len1: number, len2: number) => Math.fround(count / (len1 + len2 - count));

/**
 * word_similarity(a, b): the greatest similarity between a's trigram set and a continuous extent of b's ordered
 * trigrams. `a <% b` in SQL is wordSimilarity(a, b) >= pg_trgm.word_similarity_threshold.
 */
export function wordSimilarity(a: string, b: string): number {
  const trg1 = new Set(trigramsOf(a));
  const ulen1 = trg1.size;
  const trg2 = trigramsOf(b);
  // Each distinct trigram of b gets an index; found[index] says whether a has it too.
  const ids = new Map<string, number>();
  const trg2indexes = trg2.map((t) => {
    let id = ids.get(t);
    if (id === undefined) ids.set(t, (id = ids.size));
    return id;
  });
  const found = new Array<boolean>(ids.size);
  for (const [t, id] of ids) found[id] = trg1.has(t);

  const lastpos = new Array<number>(ids.size).fill(-1);
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let smlrMax = 0;
  for (let i = 0; i < trg2.length; i++) {
    const trgindex = trg2indexes[i]!;
    // Update the last position of this trigram.
    if (lower >= 0 || found[trgindex]) {
      if (lastpos[trgindex]! < 0) {
        ulen2++;
        if (found[trgindex]) count++;
      }
      lastpos[trgindex] = i;
    }
    // The upper bound moves to every trigram a has.
    if (found[trgindex]) {
      upper = i;
      if (lower === -1) {
        lower = i;
        ulen2 = 1;
      }
      let smlrCur = calcSml(count, ulen1, ulen2);
      // Also try to move the lower bound for a greater similarity.
      let tmpCount = count;
      let tmpUlen2 = ulen2;
      const prevLower = lower;
      for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
        const smlrTmp = calcSml(tmpCount, ulen1, tmpUlen2);
        if (smlrTmp > smlrCur) {
          smlrCur = smlrTmp;
          ulen2 = tmpUlen2;
          lower = tmpLower;
          count = tmpCount;
        }
        const tmpTrgindex = trg2indexes[tmpLower]!;
        if (lastpos[tmpTrgindex] === tmpLower) {
          tmpUlen2--;
          if (found[tmpTrgindex]) tmpCount--;
        }
      }
      smlrMax = Math.max(smlrMax, smlrCur);
      for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
        const tmpTrgindex = trg2indexes[tmpLower]!;
        if (lastpos[tmpTrgindex] === tmpLower) lastpos[tmpTrgindex] = -1;
      }
    }
  }
  return smlrMax;
}
