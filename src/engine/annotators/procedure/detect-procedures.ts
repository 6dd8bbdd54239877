// procedure's algorithm (reference §4.4 Procedure, §5.3): procedure mentions from the curated lexicon
// (resources/procedure/procedures.json) and from knowledge-base concepts of procedure semantic types
// (topp, diap, hlca, ...; not lab tests) and from general procedure words in context (procedure-phrases.ts:
// `pathological examination`, `antiviral therapy`, `was extubated`); the longest wins, on equal spans the curated
// entry, then the knowledge base's. A mention followed by a place word (`surgery department`) or on a heading is none. Each carries its codes,
// the first explicit date of its sentence, and — unless annotate_trigger_only — the approach/extent/side
// words written right before it (resources/procedure/modifiers.json) inside its span.
import proceduresFile from '../../../../resources/procedure/procedures.json' with { type: 'json' };
import modifiersFile from '../../../../resources/procedure/modifiers.json' with { type: 'json' };
import wordEndingsFile from '../../../../resources/procedure/word-endings.json' with { type: 'json' };
import type { KnowledgeBase } from '../../../knowledge/kb.js';
import { DomainError } from '../../../errors.js';
import type { Annotation, Document } from '../../document.js';
import { codeFields, compileKbTerms, findKbMentions, matchKb, type KbTerms } from '../symptom-disease/kb-terms.js';
import { listField, parseLexiconFile, stringField, type LexiconSchema } from '../symptom-disease/lexicon-file.js';
import { compilePhraseTrie, tokenAtOrAfter, type PhraseTrie } from '../symptom-disease/phrase-trie.js';
import { sentenceOfToken } from '../../span-search.js';
import { compileTermLexicon, scanTerms, type TermLexicon } from '../symptom-disease/term-lexicon.js';
import { compileDateRecognizer, referenceYearOf, sentenceDateFields, type DateMention, type DateRecognizer } from './date-recognizer.js';
import { compileProcedurePhrases, findProcedurePhrases, isPlacePhrase, type ProcedurePhrases } from './procedure-phrases.js';
import { findAbbreviationDefinitions, findAbbreviationOccurrences } from '../concept-detection/abbreviation-definitions.js';
import { firstEndingAfter } from '../../span-search.js';
import { inHeading } from '../section/headings.js';

export const PROCEDURES_FILE = 'resources/procedure/procedures.json';
export const PROCEDURE_MODIFIERS_FILE = 'resources/procedure/modifiers.json';
export const PROCEDURE_WORD_ENDINGS_FILE = 'resources/procedure/word-endings.json';
export const PROCEDURE_KEY = 'ProcedureInd';

/**
 * UMLS procedure semantic types (Procedures group) reported from the knowledge base. Not lab tests (lbpr): the
 * knowledge base's LOINC lab tests name analytes ("creatinine 1.9"), which lab_value reports with their values.
 */
export const DEFAULT_PROCEDURE_TYPES: readonly string[] = ['topp', 'diap', 'hlca', 'edac', 'mbrt', 'resa'];

const PROCEDURE_SCHEMA: LexiconSchema = {
  kind: 'procedures',
  required: { forms: 'strings', normalized: 'string' },
  optional: { cui: 'string', snomedConceptId: 'string', cptCode: 'string', loincId: 'string' },
};
const MODIFIER_SCHEMA: LexiconSchema = { kind: 'procedure-modifiers', required: { forms: 'strings' } };
const WORD_ENDING_SCHEMA: LexiconSchema = { kind: 'procedure-word-endings', required: { endings: 'strings' }, optional: { exceptions: 'strings' } };
/** Letters a word must have before a procedure ending (`lob` + `ectomy`). */
const MIN_STEM = 3;

export interface ProcedureDefinition {
  readonly id: string;
  readonly normalized: string;
  readonly codes: Readonly<Record<string, string>>;
}

/** Procedure word endings (resources/procedure/word-endings.json), compiled. */
export interface WordEndings {
  /** Endings by their last three letters (every ending has at least four). */
  readonly byTail: ReadonlyMap<string, readonly string[]>;
  readonly exceptions: ReadonlySet<string>;
}

export interface ProcedureCompiled {
  readonly lexicon: TermLexicon<ProcedureDefinition>;
  readonly endings: WordEndings;
  readonly modifiers: PhraseTrie<string>;
  readonly terms: KbTerms;
  readonly dates: DateRecognizer;
  readonly phrases: ProcedurePhrases;
}

export interface ProcedureOptions {
  readonly annotateTriggerOnly: boolean;
  readonly semanticTypes: ReadonlySet<string>;
  readonly referenceDate: string;
}

export function compileProcedureLexicon(body: unknown = proceduresFile, file = PROCEDURES_FILE): TermLexicon<ProcedureDefinition> {
  const lexicon = parseLexiconFile(body, file, PROCEDURE_SCHEMA);
  return compileTermLexicon(lexicon.entries.map((e) => {
    const codes: Record<string, string> = {};
    for (const key of ['cui', 'snomedConceptId', 'cptCode', 'loincId']) {
      const v = stringField(e, key);
      if (v !== undefined) codes[key] = v;
    }
    return [listField(e, 'forms'), { id: e.id, normalized: stringField(e, 'normalized') as string, codes }] as const;
  }));
}

export function compileWordEndings(body: unknown = wordEndingsFile, file = PROCEDURE_WORD_ENDINGS_FILE): WordEndings {
  const lexicon = parseLexiconFile(body, file, WORD_ENDING_SCHEMA);
  const byTail = new Map<string, string[]>();
  const exceptions = new Set<string>();
  for (const e of lexicon.entries) {
    for (const ending of listField(e, 'endings')) {
      const lower = ending.toLowerCase();
      if (lower.length < 4) throw new DomainError('INVALID_RESOURCE_FILE', `${file}: entries (${e.id}).endings: "${ending}" is shorter than 4 letters`);
      const tail = lower.slice(-3);
      const list = byTail.get(tail);
      if (list === undefined) byTail.set(tail, [lower]);
      else list.push(lower);
    }
    for (const x of listField(e, 'exceptions')) exceptions.add(x.toLowerCase());
  }
  return { byTail, exceptions };
}

/** Whether a lower-case word is a procedure by its ending (and not an exception). */
export function hasProcedureEnding(word: string, endings: WordEndings): boolean {
  if (word.length < 4 + MIN_STEM) return false;
  const list = endings.byTail.get(word.slice(-3));
  if (list === undefined) return false;
  for (const ending of list) if (word.length >= ending.length + MIN_STEM && word.endsWith(ending)) return !endings.exceptions.has(word);
  return false;
}

export function compileProcedure(kb: KnowledgeBase): ProcedureCompiled {
  const modifiers = parseLexiconFile(modifiersFile, PROCEDURE_MODIFIERS_FILE, MODIFIER_SCHEMA);
  return {
    lexicon: compileProcedureLexicon(),
    endings: compileWordEndings(),
    modifiers: compilePhraseTrie(modifiers.entries.flatMap((e) => listField(e, 'forms').map((f) => [f, e.id] as const))),
    terms: compileKbTerms(kb),
    dates: compileDateRecognizer(),
    phrases: compileProcedurePhrases(),
  };
}

/** Which source wins a tie on equal spans: the curated lexicon, then the knowledge base, then endings and phrases. */
const CURATED = 2;
const KNOWLEDGE_BASE = 1;
const GENERAL = 0;

interface Candidate {
  readonly begin: number;
  readonly end: number;
  readonly tokenStart: number;
  readonly tokenEnd: number;
  readonly normalized: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly rank: number;
}

function onlySpaces(text: string, from: number, to: number): boolean {
  if (to < from || to - from > 3) return false;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) !== 32 && text.charCodeAt(i) !== 9) return false;
  return true;
}

/** Longest candidates first; nested ones dropped; the curated entry, then the knowledge base's, wins an equal span. */
function selectCandidates(candidates: Candidate[]): Candidate[] {
  candidates.sort((a, b) => a.begin - b.begin || b.end - a.end || b.rank - a.rank);
  const out: Candidate[] = [];
  let maxEnd = -1;
  for (const c of candidates) {
    if (c.end <= maxEnd) continue;
    if (out.length > 0 && c.begin < maxEnd) continue; // overlapping a kept one
    maxEnd = c.end;
    out.push(c);
  }
  return out;
}

/**
 * A procedure defined with a short form (`transarterial chemoembolization (TACE)`, `cardiac magnetic resonance
 * (CMR)`): the short form, there and wherever else the text uses it, is that procedure too. True when any was added.
 */
function addDefinedShortForms(doc: Document, selected: readonly Candidate[], candidates: Candidate[]): boolean {
  if (!doc.text.includes('(')) return false;
  const definitions = findAbbreviationDefinitions(doc.text).filter((d) => selected.some((c) => c.end === d.longEnd && c.begin < d.longEnd));
  if (definitions.length === 0) return false;
  const tokens = doc.tokens;
  let added = false;
  for (const o of findAbbreviationOccurrences(doc.text, definitions)) {
    const k = firstEndingAfter(tokens, o.begin);
    const t = tokens[k];
    if (t === undefined || t.begin !== o.begin || t.end !== o.end) continue;
    const source = selected.find((c) => c.end === o.definition.longEnd)!;
    candidates.push({ begin: o.begin, end: o.end, tokenStart: k, tokenEnd: k + 1, normalized: source.normalized, fields: source.fields, rank: GENERAL });
    added = true;
  }
  return added;
}

export function detectProcedures(doc: Document, compiled: ProcedureCompiled, options: ProcedureOptions): Annotation[] {
  const candidates: Candidate[] = [];
  const tokens = doc.tokens;
  const matches = (): ReturnType<typeof matchKb> => matchKb(doc, compiled.terms);
  for (const s of doc.sentences) {
    for (const m of scanTerms(compiled.lexicon, doc.text, tokens, s.tokenStart, s.tokenEnd)) {
      const def = m.values[0]!;
      candidates.push({ begin: m.begin, end: m.end, tokenStart: m.tokenStart, tokenEnd: m.tokenEnd, normalized: def.normalized, fields: def.codes, rank: CURATED });
    }
    for (let i = s.tokenStart; i < s.tokenEnd; i++) {
      const t = tokens[i]!;
      if (!hasProcedureEnding(t.lower, compiled.endings)) continue;
      candidates.push({ begin: t.begin, end: t.end, tokenStart: i, tokenEnd: i + 1, normalized: t.lower, fields: {}, rank: GENERAL });
    }
    for (const m of findProcedurePhrases(doc, compiled.phrases, compiled.terms.kb, matches, s.tokenStart, s.tokenEnd)) {
      candidates.push({ begin: tokens[m.tokenStart]!.begin, end: tokens[m.tokenEnd - 1]!.end, tokenStart: m.tokenStart, tokenEnd: m.tokenEnd, normalized: m.normalized, fields: {}, rank: GENERAL });
    }
  }
  for (const m of findKbMentions(compiled.terms, matches(), options.semanticTypes)) {
    candidates.push({
      begin: m.begin,
      end: m.end,
      tokenStart: m.tokenStart,
      tokenEnd: m.tokenEnd,
      normalized: m.concept.preferredName.toLowerCase(),
      fields: { cui: m.concept.cui, ...codeFields(m.concept, ['snomedConceptId', 'loincId', 'nciCode', 'meshId', 'cptCode']) },
      rank: KNOWLEDGE_BASE,
    });
  }
  let selected = selectCandidates(candidates);
  if (addDefinedShortForms(doc, selected, candidates)) selected = selectCandidates(candidates);
  const referenceYear = referenceYearOf(options.referenceDate);
  const dateCache = new Map<number, DateMention[]>();
  const out: Annotation[] = [];
  let previousEnd = 0;
  for (const c of selected) {
    const sentence = sentenceOfToken(doc.sentences, c.tokenStart);
    if (isPlacePhrase(tokens, compiled.phrases, c.tokenEnd, sentence >= 0 ? doc.sentences[sentence]!.tokenEnd : tokens.length)) continue;
    // A heading names its section (`PHYSICAL EXAMINATION`, `• Medical Treatment:`), not a procedure done.
    if (inHeading(doc, c.begin, c.end)) continue;
    let begin = c.begin;
    if (!options.annotateTriggerOnly) {
      const floor = Math.max(sentence >= 0 ? doc.sentences[sentence]!.tokenStart : 0, tokenAtOrAfter(doc.tokens, previousEnd));
      let edge = c.tokenStart;
      for (let guard = 0; guard < 3; guard++) {
        let best = -1;
        for (let start = edge - 1; start >= Math.max(floor, edge - 3); start--) {
          const m = compiled.modifiers.matchAt(doc.tokens, start, edge);
          if (m !== undefined && m.tokenEnd === edge && onlySpaces(doc.text, m.end, doc.tokens[edge]!.begin)) best = start;
        }
        if (best < 0) break;
        edge = best;
      }
      begin = doc.tokens[edge]!.begin;
    }
    previousEnd = c.end;
    const { cui, ...codes } = c.fields;
    out.push({
      type: 'aci.ProcedureInd',
      begin,
      end: c.end,
      coveredText: doc.text.slice(begin, c.end),
      procedureSurfaceForm: doc.text.slice(c.begin, c.end),
      procedureNormalizedName: c.normalized,
      ...(cui === undefined ? {} : { cui }),
      ...codes,
      ...sentenceDateFields(doc, sentence, compiled.dates, referenceYear, dateCache),
    });
  }
  return out;
}
