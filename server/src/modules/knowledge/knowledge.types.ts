/** Passage types shared by the knowledge module and its readers (chat), apart from the repository that stores them. */

/** One passage as written by the seed and the MedQuAD import. */
export type PassageRow = {
  key: string;
  sourceKind: 'disease' | 'medicine' | 'first_aid' | 'medquad';
  topic: string;
  question: string;
  /** MedQuAD's qtype (information, symptoms, treatment, causes, prevention, exams and tests, ...). */
  qtype: string;
  body: string;
  sourceTitle: string;
  sourceUrl: string | null;
  publisher: string;
  credit: string | null;
};

/** A passage found for a question, with its rank (higher is better). */
export type PassageHit = Omit<PassageRow, 'question'> & { id: number; question: string; rank: number };

/**
 * The full-text queries of a question, as to_tsquery text: `all` is every word (any of them), `topic` leaves
 * out the words that say what kind of question it is ("symptoms", "treatment") rather than what about, so
 * that they cannot decide the topic. Words are reduced to [a-z0-9] here; stemming and stop words are the
 * database's 'english' configuration.
 */
export type SearchTerms = { all: string; topic: string };
