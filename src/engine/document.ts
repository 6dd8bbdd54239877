// The Document shared by every annotator of a pipeline (cTAKES CAS / spaCy Doc): the original text,
// its tokens and sentences (built once, before any annotator runs), and annotation layers keyed by the
// ACD wire key of their output (`concepts`, `negatedSpans`, `SymptomDiseaseInd`, ...).
// Annotators never write to a Document: they return an AnnotatorResult and the pipeline applies it.

export type TokenKind = 'word' | 'number' | 'punct' | 'symbol';

export interface Token {
  /** UTF-16 offsets into Document.text, end exclusive (JS string indices: exact for any Unicode text). */
  readonly begin: number;
  readonly end: number;
  readonly kind: TokenKind;
  /** Lower-cased surface text (the matcher normalises further). */
  readonly lower: string;
  /** True when a line break lies between the previous token and this one. */
  readonly newlineBefore: boolean;
}

export interface Sentence {
  readonly begin: number;
  readonly end: number;
  /** Index of the first token of the sentence in Document.tokens, and one past the last. */
  readonly tokenStart: number;
  readonly tokenEnd: number;
}

/**
 * One annotation as it will appear on the wire (reference §4.3): common fields typed, the
 * annotator-specific fields (cui, preferredName, trigger, ...) kept as open wire fields.
 * `uid` is assigned when the response is serialised.
 */
export interface Annotation {
  type: string;
  begin: number;
  end: number;
  coveredText: string;
  negated?: boolean;
  hypothetical?: boolean;
  hypotheticalType?: string;
  sectionNormalizedName?: string;
  sectionSurfaceForm?: string;
  [field: string]: unknown;
}

/** Layers written by the pipeline, in the order annotators produced them. */
export type Layers = Map<string, Annotation[]>;

export interface Document {
  readonly text: string;
  readonly tokens: readonly Token[];
  readonly sentences: readonly Sentence[];
  readonly layers: Layers;
  /**
   * Values derived from the text, tokens and sentences (fixed when the Document is created), computed once
   * per Document by the module that owns the key (see `derived`). They live on the Document rather than in
   * module-level WeakMaps keyed by it: V8 treats WeakMap entries as ephemerons, and many short-lived keys
   * made every young-generation collection of a busy worker retain and promote them (10-15 ms pauses).
   */
  readonly derived: Map<object, unknown>;
}

/** The value `compute` derives from `doc` for `key` (an object owned by the caller's module), computed once per Document. */
export function derived<T>(doc: Document, key: object, compute: () => T): T {
  let value = doc.derived.get(key) as T | undefined;
  if (value === undefined) {
    value = compute();
    doc.derived.set(key, value);
  }
  return value;
}

export function layer(doc: Document, key: string): readonly Annotation[] {
  return doc.layers.get(key) ?? [];
}
