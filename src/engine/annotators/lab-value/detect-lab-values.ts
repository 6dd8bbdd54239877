// lab_value's algorithm (reference §4.4 LabValue, §5.3): a lab or vital-sign name (resources/lab-value/
// labs.json, or a knowledge-base concept of a lab type) followed, within its sentence, by at most four
// connector words (resources/lab-value/patterns.json) and a value: a number, a ratio (`BP 120/80`) or a
// range (`12-15`: lowValue 12, labValue 15), with an optional unit (aci.MeasurementUnit). The annotation
// spans the value, as in ACD's sample (`pulse: 84` → `84`).
import labsFile from '../../../../resources/lab-value/labs.json' with { type: 'json' };
import patternsFile from '../../../../resources/lab-value/patterns.json' with { type: 'json' };
import type { KnowledgeBase } from '../../../knowledge/kb.js';
import type { Annotation, Document } from '../../document.js';
import { compileDateRecognizer, referenceYearOf, sentenceDateFields, type DateMention, type DateRecognizer } from '../procedure/date-recognizer.js';
import { codeFields, compileKbTerms, findKbMentions, matchKb, type KbTerms } from '../symptom-disease/kb-terms.js';
import { listField, parseLexiconFile, stringField, type LexiconSchema } from '../symptom-disease/lexicon-file.js';
import { compilePhraseTrie, headedSentenceRanges, type PhraseTrie } from '../symptom-disease/phrase-trie.js';
import { sentenceOfToken } from '../../span-search.js';
import { compileTermLexicon, scanTerms, type TermLexicon } from '../symptom-disease/term-lexicon.js';
import { compileUnits, measurementUnitAnnotation, scanMeasuredValue, type MeasuredValue, type UnitTrie } from './measurement.js';

export const LABS_FILE = 'resources/lab-value/labs.json';
export const LAB_PATTERNS_FILE = 'resources/lab-value/patterns.json';
export const LAB_VALUE_KEY = 'LabValueInd';
export const DEFAULT_LAB_TYPES: readonly string[] = ['lbpr', 'lbtr'];
const MAX_CONNECTORS = 4;

const LAB_SCHEMA: LexiconSchema = {
  kind: 'lab-tests',
  required: { forms: 'strings', normalized: 'string' },
  optional: { loincId: 'string', valueKind: 'string' },
  enums: { valueKind: ['number', 'ratio'] },
};
const PATTERN_SCHEMA: LexiconSchema = {
  kind: 'lab-value-patterns',
  required: { forms: 'strings', role: 'string' },
  enums: { role: ['connector', 'comparator', 'blocker'] },
};

export interface LabDefinition {
  readonly id: string;
  readonly normalized: string;
  readonly loincId?: string;
  readonly ratio: boolean;
}

export interface LabValueCompiled {
  readonly labs: TermLexicon<LabDefinition>;
  readonly connectors: PhraseTrie<{ role: string; normalized: string }>;
  readonly units: UnitTrie;
  readonly terms: KbTerms;
  readonly dates: DateRecognizer;
}

export interface LabValueOptions {
  readonly semanticTypes: ReadonlySet<string>;
  readonly referenceDate: string;
}

export function compileLabLexicon(body: unknown = labsFile, file = LABS_FILE): TermLexicon<LabDefinition> {
  const lexicon = parseLexiconFile(body, file, LAB_SCHEMA);
  return compileTermLexicon(lexicon.entries.map((e) => {
    const loincId = stringField(e, 'loincId');
    const def: LabDefinition = { id: e.id, normalized: stringField(e, 'normalized') as string, ...(loincId === undefined ? {} : { loincId }), ratio: stringField(e, 'valueKind') === 'ratio' };
    return [listField(e, 'forms'), def] as const;
  }));
}

/** Connector and comparator words (shared with concept_value and ejection_fraction). */
export function compileConnectors(body: unknown = patternsFile, file = LAB_PATTERNS_FILE): PhraseTrie<{ role: string; normalized: string }> {
  const lexicon = parseLexiconFile(body, file, PATTERN_SCHEMA);
  return compilePhraseTrie(lexicon.entries.flatMap((e) => listField(e, 'forms').map((f) => [f, { role: stringField(e, 'role') as string, normalized: e.id }] as const)));
}

export function compileLabValue(kb: KnowledgeBase): LabValueCompiled {
  return { labs: compileLabLexicon(), connectors: compileConnectors(), units: compileUnits(), terms: compileKbTerms(kb), dates: compileDateRecognizer() };
}

interface LabName {
  readonly begin: number;
  readonly end: number;
  readonly tokenStart: number;
  readonly tokenEnd: number;
  readonly normalized: string;
  readonly loincId?: string;
  readonly ratio: boolean;
}

/** The value after a name: connectors skipped (comparator remembered), then a measured value. */
export function valueAfter(doc: Document, compiled: Pick<LabValueCompiled, 'connectors' | 'units'>, from: number, to: number): { value: MeasuredValue; comparator?: string } | undefined {
  let i = from;
  let comparator: string | undefined;
  for (let n = 0; n <= MAX_CONNECTORS && i < to; n++) {
    const t = doc.tokens[i]!;
    if (t.kind === 'number') {
      const value = scanMeasuredValue(doc.tokens, i, to, doc.text, compiled.units);
      return value === undefined ? undefined : { value, ...(comparator === undefined ? {} : { comparator }) };
    }
    const c = compiled.connectors.matchAt(doc.tokens, i, to);
    if (c === undefined) return undefined;
    const v = c.values[0]!;
    if (v.role === 'blocker') return undefined;
    if (v.role === 'comparator') comparator = v.normalized;
    i = c.tokenEnd;
  }
  return undefined;
}

export function detectLabValues(doc: Document, compiled: LabValueCompiled, options: LabValueOptions): Annotation[] {
  const names: LabName[] = [];
  for (const s of doc.sentences) {
    for (const m of scanTerms(compiled.labs, doc.text, doc.tokens, s.tokenStart, s.tokenEnd)) {
      const def = m.values[0]!;
      names.push({ begin: m.begin, end: m.end, tokenStart: m.tokenStart, tokenEnd: m.tokenEnd, normalized: def.normalized, ...(def.loincId === undefined ? {} : { loincId: def.loincId }), ratio: def.ratio });
    }
  }
  const curatedStarts = new Set(names.map((n) => n.tokenStart));
  for (const m of findKbMentions(compiled.terms, matchKb(doc, compiled.terms), options.semanticTypes)) {
    if (curatedStarts.has(m.tokenStart)) continue;
    const loinc = codeFields(m.concept, ['loincId']).loincId;
    names.push({ begin: m.begin, end: m.end, tokenStart: m.tokenStart, tokenEnd: m.tokenEnd, normalized: m.concept.preferredName.toLowerCase(), ...(loinc === undefined ? {} : { loincId: loinc }), ratio: false });
  }
  names.sort((a, b) => a.begin - b.begin || b.end - a.end);
  const referenceYear = referenceYearOf(options.referenceDate);
  const dateCache = new Map<number, DateMention[]>();
  const out: Annotation[] = [];
  let usedUpTo = -1;
  const units = headedSentenceRanges(doc.tokens, doc.sentences);
  for (const name of names) {
    if (name.tokenStart < usedUpTo) continue;
    const sentence = sentenceOfToken(doc.sentences, name.tokenStart);
    if (sentence < 0) continue;
    const unit = units[sentenceOfToken(units, name.tokenStart)];
    if (unit === undefined) continue;
    const found = valueAfter(doc, compiled, name.tokenEnd, unit.tokenEnd);
    if (found === undefined) continue;
    const { value, comparator } = found;
    if (value.kind === 'ratio' && !name.ratio) continue;
    if (value.unit?.unit.dimension === 'time') continue;
    const after = value.tokenEnd < doc.tokens.length ? compiled.connectors.matchAt(doc.tokens, value.tokenEnd, Math.min(doc.tokens.length, value.tokenEnd + 3)) : undefined;
    if (after !== undefined && after.values.some((v) => v.role === 'blocker')) continue;
    usedUpTo = value.tokenEnd;
    const labValue = value.kind === 'ratio' ? doc.text.slice(value.begin, value.end) : value.kind === 'range' ? value.second!.text : value.first.text;
    out.push({
      type: 'aci.LabValueInd',
      begin: value.begin,
      end: value.end,
      coveredText: doc.text.slice(value.begin, value.end),
      labTypeSurfaceForm: doc.text.slice(name.begin, name.end),
      labTypeNormalizedName: name.normalized,
      labValue,
      ...(value.kind === 'range' ? { lowValue: value.first.text } : {}),
      ...(comparator === undefined ? {} : { comparator }),
      ...(name.loincId === undefined ? {} : { loincId: name.loincId }),
      ...(value.unit === undefined ? {} : { measurementUnit: [measurementUnitAnnotation(doc.text, value.unit)] }),
      ...sentenceDateFields(doc, sentence, compiled.dates, referenceYear, dateCache),
    });
  }
  return out;
}
