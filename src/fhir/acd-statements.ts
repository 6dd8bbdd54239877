// Reads the annotations of one analysed ACD container into clinical statements, the unit the FHIR
// resources are made from. Which annotations count (docs/fhir.md, "Where resources come from"):
// - With attribute values (attribute_detection ran and found some): the cartridge's attribute set decides which present,
//   patient statements are kept; each attribute becomes a statement of the kind its name maps to
//   (resources/fhir/en.json attributeKinds, else the insight model it carries). Statements an attribute set
//   does not judge — negated, hypothetical, and family members' — come from the *Ind annotations (and the
//   concepts, for kinds without one) where no attribute of the kind covers them.
// - Without attribute values: every *Ind annotation of the kinds below; concepts of the kind's semantic
//   types for a kind with no *Ind layer in the output.
import { codingsOf, type Coding } from './code-systems.js';
import { FHIR_MAPPING, type AttributeRule, type Relationship, type StatementKind } from './fhir-mapping.js';

export type AcdAnnotation = Readonly<Record<string, unknown>> & { readonly begin: number; readonly end: number };

export interface Statement {
  readonly kind: StatementKind;
  readonly begin: number;
  readonly end: number;
  readonly coveredText: string;
  /** The service's name of the thing (preferred or normalised name), CodeableConcept.text. */
  readonly name: string;
  readonly codings: readonly Coding[];
  readonly negated: boolean;
  readonly hypothetical: boolean;
  readonly historical: boolean;
  /** The family member the statement is about; undefined for the patient. */
  readonly family?: Relationship;
  /** The annotation it was read from (an attribute value, an *Ind annotation or a concept). */
  readonly source: AcdAnnotation;
  /** The *Ind annotation of the kind over the same words (dose, route, LOINC and value details). */
  readonly detail?: AcdAnnotation;
  readonly attribute?: { readonly name: string; readonly rule: AttributeRule };
  /** Which annotator produced `source`. */
  readonly annotator: string;
}

/** The *Ind layer of each kind (ACD names). */
const IND_LAYERS: Readonly<Record<StatementKind, readonly string[]>> = {
  condition: ['SymptomDiseaseInd'],
  medication: ['MedicationInd'],
  allergy: ['AllergyMedicationInd'],
  procedure: ['ProcedureInd'],
  observation: ['LabValueInd'],
  smoking: ['SmokingInd'],
};

/** Which annotator writes each layer (attribute values and concepts name their own). */
const LAYER_ANNOTATOR: Readonly<Record<string, string>> = {
  SymptomDiseaseInd: 'symptom_disease', MedicationInd: 'medication', AllergyMedicationInd: 'allergy', ProcedureInd: 'procedure',
  LabValueInd: 'lab_value', SmokingInd: 'smoking', concepts: 'concept_detection', attributeValues: 'attribute_detection',
};

/** Concept semantic types read as a kind when the output has no *Ind layer of that kind (UMLS abbreviations). */
const CONCEPT_TYPES: Readonly<Partial<Record<StatementKind, ReadonlySet<string>>>> = {
  condition: new Set(['dsyn', 'sosy', 'neop', 'patf', 'mobd', 'inpo', 'acab', 'anab', 'cgab', 'emod', 'comd']),
  medication: new Set(['phsu', 'clnd', 'antb', 'vita', 'horm']),
  procedure: new Set(['topp', 'diap', 'lbpr']),
};

/** Insight model → kind, for attribute names the mapping table does not list. */
const INSIGHT_KINDS: readonly [string, StatementKind][] = [['diagnosis', 'condition'], ['medication', 'medication'], ['procedure', 'procedure'], ['tobacco', 'smoking']];

const FAMILY_SCORE = 0.5;

type Data = Readonly<Record<string, unknown>>;

function isAnnotation(v: unknown): v is AcdAnnotation {
  return typeof v === 'object' && v !== null && typeof (v as AcdAnnotation).begin === 'number' && typeof (v as AcdAnnotation).end === 'number';
}

function layer(data: Data, key: string): AcdAnnotation[] {
  const list = data[key];
  return Array.isArray(list) ? list.filter(isAnnotation) : [];
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

function insight(a: AcdAnnotation, model: string): Readonly<Record<string, unknown>> | undefined {
  const models = a['insightModelData'];
  const m = typeof models === 'object' && models !== null ? (models as Record<string, unknown>)[model] : undefined;
  return typeof m === 'object' && m !== null ? m as Record<string, unknown> : undefined;
}

export function score(a: AcdAnnotation, path: readonly string[]): number {
  let v: unknown = a['insightModelData'];
  for (const key of path) v = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[key] : undefined;
  return typeof v === 'number' ? v : 0;
}

function overlaps(a: { begin: number; end: number }, b: { begin: number; end: number }): boolean {
  return a.begin < b.end && b.begin < a.end;
}

/** The name ACD gives the thing an annotation is about, whatever its kind. */
function nameOf(a: AcdAnnotation, detail: AcdAnnotation | undefined): string {
  const drug = (x: AcdAnnotation | undefined): string | undefined => {
    const d = Array.isArray(x?.['drug']) ? (x!['drug'] as Record<string, unknown>[])[0] : undefined;
    const n = Array.isArray(d?.['name1']) ? (d!['name1'] as Record<string, unknown>[])[0] : undefined;
    return str(n?.['drugNormalizedName']);
  };
  return str(a['preferredName']) ?? str(a['symptomDiseaseNormalizedName']) ?? str(a['procedureNormalizedName'])
    ?? str(a['labTypeNormalizedName']) ?? drug(a) ?? str(detail?.['labTypeNormalizedName']) ?? drug(detail)
    ?? str(detail?.['procedureNormalizedName']) ?? str(a['smokeTermNormalizedName']) ?? String(a['coveredText'] ?? '');
}

/** Words naming a relative, as one pass over lower-cased words; the last one before the mention wins. */
const RELATIVE_WORDS = new Map<string, Relationship>(FHIR_MAPPING.relationships.flatMap((r) => r.terms.map((t) => [t.toLowerCase(), r] as const)));
const FAMILY_MEMBER = FHIR_MAPPING.relationships.find((r) => r.code === 'FAMMEMB')!;
const SENTENCE_LOOKBACK = 240;

/** The relative named in the sentence before `begin` (bounded look-back), or a family member in general. */
function relativeBefore(text: string, begin: number): Relationship {
  let start = Math.max(0, begin - SENTENCE_LOOKBACK);
  for (let i = begin - 1; i >= start; i--) {
    const c = text.charCodeAt(i);
    if (c === 0x2e /* . */ || c === 0x0a /* \n */ || c === 0x3b /* ; */) { start = i + 1; break; }
  }
  let found: Relationship | undefined;
  for (const m of text.slice(start, begin).toLowerCase().matchAll(/[a-z]+/g)) found = RELATIVE_WORDS.get(m[0]) ?? found;
  return found ?? FAMILY_MEMBER;
}

function isFamily(a: AcdAnnotation): boolean {
  if (score(a, ['diagnosis', 'familyHistoryScore']) >= FAMILY_SCORE) return true;
  const p = a['participation'];
  return typeof p === 'string' && p !== '' && p !== 'patient' && /family|mother|father|brother|sister|relative/i.test(p);
}

function isNegated(a: AcdAnnotation): boolean {
  return a['negated'] === true || a['modality'] === 'negative';
}

function isHypothetical(a: AcdAnnotation): boolean {
  return a['hypothetical'] === true || a['modality'] === 'potential' || a['modality'] === 'hypothetical';
}

function isHistorical(a: AcdAnnotation): boolean {
  return a['historical'] === true || a['temporal'] === 'historical';
}

function statementOf(text: string, kind: StatementKind, source: AcdAnnotation, annotator: string, detail?: AcdAnnotation, attribute?: Statement['attribute']): Statement {
  const flagsFrom = detail ?? source;
  const family = isFamily(source) || (detail !== undefined && isFamily(detail));
  return {
    kind, begin: source.begin, end: source.end, coveredText: String(source['coveredText'] ?? text.slice(source.begin, source.end)),
    name: nameOf(source, detail),
    codings: codingsOf(source, detail),
    negated: isNegated(source) || isNegated(flagsFrom),
    hypothetical: isHypothetical(source) || isHypothetical(flagsFrom),
    historical: isHistorical(source) || isHistorical(flagsFrom),
    ...(family ? { family: relativeBefore(text, source.begin) } : {}),
    source, ...(detail === undefined ? {} : { detail }), ...(attribute === undefined ? {} : { attribute }),
    annotator: str(source['annotator']) ?? annotator,
  };
}

function attributeRule(a: AcdAnnotation): { name: string; rule: AttributeRule } | undefined {
  const name = str(a['name']);
  if (name === undefined) return undefined;
  const listed = FHIR_MAPPING.attributeKinds[name];
  if (listed !== undefined) return { name, rule: listed };
  const byInsight = INSIGHT_KINDS.find(([model]) => insight(a, model) !== undefined);
  return byInsight === undefined ? undefined : { name, rule: { kind: byInsight[1] } };
}

/** The first annotation of `layers` over the same words as `a` (the one sharing most characters). */
function detailFor(data: Data, kind: StatementKind, a: { begin: number; end: number }): AcdAnnotation | undefined {
  let best: AcdAnnotation | undefined;
  let bestShared = 0;
  for (const key of IND_LAYERS[kind]) {
    for (const d of layer(data, key)) {
      const shared = Math.min(a.end, d.end) - Math.max(a.begin, d.begin);
      if (shared > bestShared) { best = d; bestShared = shared; }
    }
  }
  return best;
}

/** Statements from the *Ind layers (and concepts, for kinds without one), with the layer's annotator. */
function annotationStatements(text: string, data: Data): Statement[] {
  const out: Statement[] = [];
  for (const kind of Object.keys(IND_LAYERS) as StatementKind[]) {
    const keys = IND_LAYERS[kind].filter((k) => Array.isArray(data[k]));
    for (const key of keys) for (const a of layer(data, key)) out.push(statementOf(text, kind, a, LAYER_ANNOTATOR[key]!));
    const types = CONCEPT_TYPES[kind];
    if (keys.length > 0 || types === undefined) continue;
    for (const c of layer(data, 'concepts')) {
      if (typeof c['semanticType'] === 'string' && c['semanticType'].split(',').some((t) => types.has(t))) out.push(statementOf(text, kind, c, 'concept_detection'));
    }
  }
  return out;
}

/** One statement per kind, words and (first) code: several semantic types of one concept are one statement. */
function dedupe(statements: readonly Statement[]): Statement[] {
  const seen = new Set<string>();
  return statements.filter((s) => {
    const key = `${s.kind}|${s.begin}|${s.end}|${s.codings[0]?.code ?? s.name.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const ALLERGY_SCORE = 0.5;

/**
 * A drug the medication model scores as an allergen is an allergy, not a medication statement; one an
 * allergy statement already covers is dropped.
 */
function allergensAsAllergies(statements: readonly Statement[]): Statement[] {
  const allergies = statements.filter((s) => s.kind === 'allergy');
  const out: Statement[] = [];
  for (const s of statements) {
    const allergen = s.kind === 'medication' && score(s.detail ?? s.source, ['medication', 'adverseEvent', 'allergyScore']) >= ALLERGY_SCORE;
    if (!allergen) out.push(s);
    else if (!allergies.some((a) => overlaps(a, s))) out.push({ ...s, kind: 'allergy' });
  }
  return out;
}

function inTextOrder(statements: readonly Statement[]): Statement[] {
  return dedupe(allergensAsAllergies(statements)).sort((a, b) => a.begin - b.begin || a.end - b.end);
}

/** The clinical statements of one analysed container (`data` of an ACD container), in text order. */
export function readStatements(text: string, data: Data): Statement[] {
  const attributes = layer(data, 'attributeValues');
  if (attributes.length === 0) return inTextOrder(annotationStatements(text, data));
  const kept: Statement[] = [];
  for (const a of attributes) {
    const attribute = attributeRule(a);
    if (attribute === undefined) continue;
    const kind = attribute.rule.kind;
    if (kind === 'skip' || kind === 'interpretation') continue;
    kept.push(statementOf(text, kind, a, 'attribute_detection', detailFor(data, kind, a), attribute));
  }
  // Statements the attribute set does not judge: negated, hypothetical, family members'.
  for (const s of annotationStatements(text, data)) {
    if (!s.negated && !s.hypothetical && s.family === undefined) continue;
    if (kept.some((k) => k.kind === s.kind && overlaps(k, s))) continue;
    kept.push(s);
  }
  return inTextOrder(kept);
}
