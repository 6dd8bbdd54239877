// concept_value's algorithm (reference §4.4 ConceptValue, §5.3): for every concept of the `concepts` layer,
// the numeric value written right after it in its sentence — connector words skipped (resources/lab-value/
// patterns.json), then an optional relation (resources/concept-value/triggers.json: `at least` →
// `greater than or equal to`, `between 5 and 10` → `within`), then a value, ratio or range with an optional
// unit (resources/lab-value/units.json, whose dimension is reported). Like ACD, a unit written as an
// abbreviation with a period keeps it (`100000/μl.` → unit `/μl.`). Durations (`2 weeks`) without a
// relation are not values.
import triggersFile from '../../../../resources/concept-value/triggers.json' with { type: 'json' };
import type { Annotation, Document } from '../../document.js';
import { compileConnectors } from '../lab-value/detect-lab-values.js';
import { compileUnits, numberAt, smallGap, scanMeasuredValue, unitAt, type UnitMatch, type UnitTrie } from '../lab-value/measurement.js';
import { listField, parseLexiconFile, stringField, type LexiconSchema } from '../symptom-disease/lexicon-file.js';
import { compilePhraseTrie, tokenAtOrAfter, type PhraseTrie } from '../symptom-disease/phrase-trie.js';
import { sentenceOfToken } from '../../span-search.js';

export const CONCEPT_VALUE_TRIGGERS_FILE = 'resources/concept-value/triggers.json';
export const CONCEPT_VALUES_KEY = 'conceptValues';
const MAX_CONNECTORS = 3;

const TRIGGER_SCHEMA: LexiconSchema = {
  kind: 'concept-value-triggers',
  required: { forms: 'strings', normalized: 'string', role: 'string' },
  enums: { role: ['single', 'between'] },
};

interface Trigger {
  readonly normalized: string;
  readonly role: 'single' | 'between';
}

export interface ConceptValueCompiled {
  readonly triggers: PhraseTrie<Trigger>;
  readonly connectors: PhraseTrie<{ role: string; normalized: string }>;
  readonly units: UnitTrie;
}

export function compileConceptValue(body: unknown = triggersFile, file = CONCEPT_VALUE_TRIGGERS_FILE): ConceptValueCompiled {
  const lexicon = parseLexiconFile(body, file, TRIGGER_SCHEMA);
  const triggers = compilePhraseTrie(lexicon.entries.flatMap((e) => {
    const t: Trigger = { normalized: stringField(e, 'normalized') as string, role: stringField(e, 'role') as Trigger['role'] };
    return listField(e, 'forms').map((f) => [f, t] as const);
  }));
  return { triggers, connectors: compileConnectors(), units: compileUnits() };
}

interface Found {
  readonly end: number;
  readonly fields: Record<string, string>;
}

/** A unit followed directly by a period keeps it, as ACD's abbreviation-style units do. */
function unitFields(text: string, unit: UnitMatch | undefined): { end?: number; fields: Record<string, string> } {
  if (unit === undefined) return { fields: {} };
  let end = unit.end;
  const last = text.charCodeAt(end - 1);
  const isLetter = (last >= 65 && last <= 90) || (last >= 97 && last <= 122) || last > 127;
  if (isLetter && text.charCodeAt(end) === 46) end += 1;
  return { end, fields: { unit: text.slice(unit.begin, end), ...(unit.unit.dimension === undefined ? {} : { dimension: unit.unit.dimension }) } };
}

function valueAfterConcept(doc: Document, compiled: ConceptValueCompiled, from: number, to: number): Found | undefined {
  const { tokens, text } = doc;
  let i = from;
  let trigger: Trigger | undefined;
  for (let n = 0; n <= MAX_CONNECTORS && i < to; n++) {
    const t = compiled.triggers.matchAt(tokens, i, to);
    if (t !== undefined) {
      trigger = t.values[0]!;
      i = t.tokenEnd;
      break;
    }
    if (tokens[i]!.kind === 'number') break;
    const c = compiled.connectors.matchAt(tokens, i, to);
    if (c === undefined || c.values[0]!.role !== 'connector') return undefined;
    i = c.tokenEnd;
  }
  if (i >= to) return undefined;
  if (trigger?.role === 'between') {
    const low = numberAt(tokens, i, text);
    const and = tokens[i + 1];
    if (low !== undefined && and !== undefined && i + 2 < to && (and.lower === 'and' || and.lower === 'to' || and.lower === '-')) {
      const high = numberAt(tokens, i + 2, text);
      if (high !== undefined) {
        const unit = unitAt(tokens, i + 3, to, text, compiled.units, high.end);
        const u = unitFields(text, unit);
        return { end: u.end ?? high.end, fields: { trigger: trigger.normalized, ...u.fields, rangeBegin: low.text, rangeEnd: high.text } };
      }
    }
  }
  const value = scanMeasuredValue(tokens, i, to, text, compiled.units);
  if (value === undefined) return undefined;
  if (trigger === undefined && value.unit?.unit.dimension === 'time') return undefined;
  const u = unitFields(text, value.unit);
  const end = u.end ?? value.end;
  if (value.kind === 'range') {
    return { end, fields: { trigger: trigger?.normalized ?? 'within', ...u.fields, rangeBegin: value.first.text, rangeEnd: value.second!.text } };
  }
  const v = value.kind === 'ratio' ? text.slice(value.begin, value.end) : value.first.text;
  return { end, fields: { ...(trigger === undefined ? {} : { trigger: trigger.normalized }), value: v, ...u.fields } };
}

/** ConceptValue annotations for the concepts of `doc` (pure). `_concept` references the concept (internal). */
export function detectConceptValues(doc: Document, compiled: ConceptValueCompiled): Annotation[] {
  const out: Annotation[] = [];
  // Several concepts often end at the same offset (one span, several concepts): the value after it is read once.
  const byNext = new Map<number, Found | undefined>();
  for (const concept of doc.layers.get('concepts') ?? []) {
    if (!Number.isInteger(concept.begin) || !Number.isInteger(concept.end) || concept.begin < 0 || concept.end > doc.text.length) continue;
    const next = tokenAtOrAfter(doc.tokens, concept.end);
    const sentence = sentenceOfToken(doc.sentences, next);
    if (sentence < 0 || next >= doc.tokens.length || !smallGap(doc.text, concept.end, doc.tokens[next]!.begin, 3) && doc.tokens[next]!.begin !== concept.end) continue;
    let found = byNext.get(next);
    if (found === undefined && !byNext.has(next)) {
      found = valueAfterConcept(doc, compiled, next, doc.sentences[sentence]!.tokenEnd);
      byNext.set(next, found);
    }
    if (found === undefined) continue;
    out.push({
      type: 'ConceptValue',
      begin: concept.begin,
      end: found.end,
      coveredText: doc.text.slice(concept.begin, found.end),
      ...(typeof concept.cui === 'string' ? { cui: concept.cui } : {}),
      ...(typeof concept.preferredName === 'string' ? { preferredName: concept.preferredName } : {}),
      ...found.fields,
      _concept: concept,
    });
  }
  return out;
}
