import { getTableName, sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { catalogItems } from './item.table';
import { catalogSearchWords } from './search-word.table';

/** Shorter words are never corrected: three letters make too few trigrams to compare. */
const MIN_CORRECTED_LENGTH = 3;

/** What the vocabulary says of one word of a search. */
export type WordCheck = {
  word: string;
  /** The vocabulary holds the word or a word it begins ("jack" → "jacket"). */
  isKnown: boolean;
  /** For an unknown word, the closest known one (pg_trgm similarity ≥ 0.3), if any. */
  closest: string | null;
};

/** The catalog's vocabulary (table catalog_search_words): rebuilt after writes, read for typos. */
export const createSearchWordRepository = (db: Database) => ({
  /**
   * Rebuilds the vocabulary from every item's search text (unstemmed words of three or more
   * characters holding a letter). Call it in the transaction that changed the catalog.
   */
  async rebuild(): Promise<number> {
    await db.delete(catalogSearchWords);
    const inserted = await db.execute(sql`
      INSERT INTO ${catalogSearchWords} (word, item_count)
      SELECT word, ndoc FROM ts_stat(${`SELECT to_tsvector('simple', search_text) FROM ${getTableName(catalogItems)}`})
      WHERE length(word) >= ${MIN_CORRECTED_LENGTH} AND word ~ '^[[:alnum:]]+$' AND word ~ '[[:alpha:]]'`);
    return (inserted as { rowCount?: number | null; affectedRows?: number }).rowCount ?? 0;
  },

  /** Whether the vocabulary has been built (an empty catalog has none either). */
  async hasWords(): Promise<boolean> {
    const [row] = await db
      .select({ word: catalogSearchWords.word })
      .from(catalogSearchWords)
      .limit(1);
    return row !== undefined;
  },

  /**
   * At most how many items a prefix full-text search for these words (lower case, as
   * searchWordsOf gives them) can match: for each word, the items holding a word that begins
   * with its English stem, summed; the smallest such sum. An estimate from the vocabulary
   * (items holding two such words count twice); 0 when no known word begins with some word's
   * stem; null when there are no words.
   */
  async estimateMatches(words: readonly string[]): Promise<number | null> {
    if (words.length === 0) return null;
    const [row] = await queryRows<{ matches: number | null }>(
      db,
      sql`
      SELECT min(per_word.matches)::int AS matches
      FROM unnest(ARRAY[${sql.join(
        words.map((word) => sql`${word}`),
        sql`, `,
      )}]::text[]) AS input(word)
      CROSS JOIN LATERAL (
        SELECT coalesce((ts_lexize('english_stem', input.word))[1], input.word) AS stem
      ) stemmed
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(known.item_count), 0) AS matches FROM ${catalogSearchWords} known
        WHERE known.word ~>=~ stemmed.stem AND known.word ~<~ (stemmed.stem || chr(1114111))
      ) per_word`,
    );
    return row?.matches ?? null;
  },

  /**
   * Checks each word (lower case, letters and digits) against the vocabulary, in one statement;
   * words shorter than three characters count as known. Answers in the order given.
   */
  async check(words: readonly string[]): Promise<WordCheck[]> {
    const checked = words.filter((word) => word.length >= MIN_CORRECTED_LENGTH);
    if (checked.length === 0) return words.map((word) => ({ word, isKnown: true, closest: null }));
    const rows = await queryRows<{ word: string; isKnown: boolean; closest: string | null }>(
      db,
      sql`
      SELECT input.word, checked.is_known AS "isKnown",
        CASE WHEN checked.is_known THEN NULL ELSE
          (SELECT close.word FROM ${catalogSearchWords} close
           WHERE close.word % input.word
           ORDER BY similarity(close.word, input.word) DESC, close.item_count DESC, close.word
           LIMIT 1)
        END AS closest
      FROM unnest(ARRAY[${sql.join(
        checked.map((word) => sql`${word}`),
        sql`, `,
      )}]::text[]) AS input(word)
      CROSS JOIN LATERAL (
        -- A known word, or one a known word begins with: a prefix range on the pattern index.
        SELECT EXISTS (SELECT 1 FROM ${catalogSearchWords} known
                       WHERE known.word ~>=~ input.word
                         AND known.word ~<~ (input.word || chr(1114111))) AS is_known
      ) checked`,
    );
    const byWord = new Map(rows.map((row) => [row.word, row]));
    return words.map((word) => {
      const row = byWord.get(word);
      return row
        ? { word, isKnown: row.isKnown, closest: row.isKnown ? null : row.closest }
        : { word, isKnown: true, closest: null };
    });
  },
});
export type SearchWordRepository = ReturnType<typeof createSearchWordRepository>;
