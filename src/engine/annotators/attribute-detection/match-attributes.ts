// Evaluates compiled attribute sets over a Document (reference §6.4): every source annotation under a
// field's target that satisfies the field's condition is a candidate for the attribute. Then, per
// attribute (docs/insights.md, "Attribute detection"):
// - candidates on the same span merge: `preferValidConcepts` puts sources whose
//   disambiguationData.validity is not INVALID first, then the field order of the set decides;
// - `allowDuplicates: false` keeps one attribute value per span, `true` one per distinct source annotation;
// - `multiValue: false` keeps the first matching possible value, `true` lists every matching value;
// - `matchOverlappingConcepts: false` drops a span that overlaps a longer (or earlier equal-length) span of
//   the same attribute;
// - sources on different spans judged by the same normality evidence are one finding: the earlier field's keeps it;
// - a possible value's value is its `value`, else a discovered value (a LabValueInd's `labValue`; with
//   `existenceDetection: false`, a `conceptValues` entry of the same cui covering the span), else the
//   set's existenceValue when `existenceDetection` holds; with none of them, no attribute value.
import type { Annotation, Document } from '../../document.js';
import type { CompiledAttribute, CompiledAttributeSet, CompiledField, CompiledPossibleValue } from './attribute-set.js';
import { attributeValue, type AttributeSource, type AttributeValueEntry } from './attribute-value.js';
import { CandidateIndex } from './candidate-index.js';

interface Candidate {
  readonly source: Annotation;
  readonly field: CompiledField;
  readonly fieldOrder: number;
  readonly pvOrder: number;
  readonly value: AttributeValueEntry;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function validityRank(a: Annotation): number {
  const v = isRecord(a.disambiguationData) ? a.disambiguationData.validity : undefined;
  return v === 'VALID' ? 0 : v === 'INVALID' ? 2 : 1;
}

function unitOf(a: Annotation): string | undefined {
  if (typeof a.unit === 'string' && a.unit !== '') return a.unit;
  const units = a.measurementUnit;
  if (Array.isArray(units)) {
    const first: unknown = units[0];
    if (isRecord(first) && typeof first.coveredText === 'string' && first.coveredText !== '') return first.coveredText;
  }
  return undefined;
}

/**
 * A value found on the source itself (a LabValueInd's `labValue`, a concept value's `value`) or, when
 * `fromConceptValues`, in a concept value of the same cui covering its span.
 */
function discoverValue(doc: Document, source: Annotation, fromConceptValues: boolean): AttributeValueEntry | undefined {
  const own = typeof source.labValue === 'string' && source.labValue !== '' ? source.labValue : typeof source.value === 'string' && source.value !== '' ? source.value : undefined;
  if (own !== undefined) {
    const unit = unitOf(source);
    return unit === undefined ? { value: own } : { value: own, unit };
  }
  if (!fromConceptValues) return undefined;
  for (const cv of doc.layers.get('conceptValues') ?? []) {
    if (cv === source || cv.cui !== source.cui || cv.begin > source.begin || cv.end < source.end) continue;
    if (typeof cv.value === 'string' && cv.value !== '') return typeof cv.unit === 'string' && cv.unit !== '' ? { value: cv.value, unit: cv.unit } : { value: cv.value };
  }
  return undefined;
}

// Value entries that depend only on the compiled set are made once and shared by the candidates (entries
// are read, never written: attributeValue copies the ones it writes out).
const explicitEntries = new WeakMap<CompiledPossibleValue, AttributeValueEntry>();
const existenceEntries = new WeakMap<CompiledAttributeSet, AttributeValueEntry>();

function explicitEntry(pv: CompiledPossibleValue, value: string): AttributeValueEntry {
  let entry = explicitEntries.get(pv);
  if (entry === undefined) explicitEntries.set(pv, (entry = { value }));
  return entry;
}

function existenceEntry(set: CompiledAttributeSet): AttributeValueEntry {
  let entry = existenceEntries.get(set);
  if (entry === undefined) existenceEntries.set(set, (entry = { value: set.existenceValue }));
  return entry;
}

function valueFor(doc: Document, set: CompiledAttributeSet, pv: CompiledPossibleValue, source: Annotation): AttributeValueEntry | undefined {
  if (pv.value !== undefined) return explicitEntry(pv, pv.value);
  // Linked concept values only when the value must be discovered (existenceDetection false), so a
  // Diagnosis stays `true` even when a number follows it (`pain 2/10`).
  const discovered = pv.discoverValue ? discoverValue(doc, source, !pv.existenceDetection) : undefined;
  if (discovered !== undefined) return discovered;
  return pv.existenceDetection ? existenceEntry(set) : undefined;
}

/** The AttributeSource of a field's attribute values (constant per set, attribute and field: made once). */
const fieldSources = new WeakMap<CompiledField, AttributeSource>();

function sourceOf(set: CompiledAttributeSet, attribute: CompiledAttribute, field: CompiledField): AttributeSource {
  let from = fieldSources.get(field);
  if (from === undefined || from.setName !== set.name || from.attributeName !== attribute.name) {
    from = {
      setName: set.name,
      setVersion: set.version,
      attributeName: attribute.name,
      ruleId: field.setRuleId,
      layer: field.key,
      ...(field.valueField === undefined ? {} : { valueField: field.valueField }),
    };
    fieldSources.set(field, from);
  }
  return from;
}

function candidatesOf(doc: Document, set: CompiledAttributeSet, attribute: CompiledAttribute, index: CandidateIndex): Candidate[] {
  const out: Candidate[] = [];
  const context = index.context;
  let fieldOrder = 0;
  const possibleValues = attribute.possibleValues;
  for (let pvOrder = 0; pvOrder < possibleValues.length; pvOrder++) {
    const pv = possibleValues[pvOrder] as CompiledPossibleValue;
    for (const field of pv.fields) {
      const order = fieldOrder++;
      for (const source of index.candidatesOfAll(field.key, field.requirements, field.requirementsId)) {
        if (!field.predicate(source, context)) continue;
        const value = valueFor(doc, set, pv, source);
        if (value !== undefined) out.push({ source, field, fieldOrder: order, pvOrder, value });
      }
    }
  }
  return out;
}

interface SpanGroup {
  readonly begin: number;
  readonly end: number;
  /**
   * The source annotations, in preference order, and the candidates of each (`lists[i]` those of
   * `sources[i]`). A span rarely has more than two sources: plain arrays searched in order cost less than
   * a Map per span.
   */
  readonly sources: Annotation[];
  readonly lists: Candidate[][];
}

function groupBySpan(candidates: readonly Candidate[], attribute: CompiledAttribute): SpanGroup[] {
  // Spans are keyed `begin * spanStride + end`, spanStride exceeding every end offset.
  let spanStride = 1;
  for (const c of candidates) if (c.source.end >= spanStride) spanStride = c.source.end + 1;
  // candidatesOf lists candidates by fieldOrder, which grows with pvOrder: already in (fieldOrder, pvOrder)
  // order. preferValidConcepts puts them by validity rank first, keeping that order within a rank.
  let sorted: readonly Candidate[] = candidates;
  if (attribute.preferValidConcepts) {
    let others: Candidate[] | undefined;
    let invalid: Candidate[] | undefined;
    let valid: Candidate[] | undefined;
    for (const c of candidates) {
      const rank = validityRank(c.source);
      if (rank === 0) (valid ??= []).push(c);
      else if (rank === 1) (others ??= []).push(c);
      else (invalid ??= []).push(c);
    }
    // One rank only (the usual case): the list as it is.
    if ((valid === undefined ? 0 : 1) + (others === undefined ? 0 : 1) + (invalid === undefined ? 0 : 1) > 1) {
      sorted = [...(valid ?? []), ...(others ?? []), ...(invalid ?? [])];
    }
  }
  const groups = new Map<number, SpanGroup>();
  for (const c of sorted) {
    const key = c.source.begin * spanStride + c.source.end;
    let g = groups.get(key);
    if (g === undefined) {
      g = { begin: c.source.begin, end: c.source.end, sources: [], lists: [] };
      groups.set(key, g);
    }
    const at = g.sources.indexOf(c.source);
    if (at < 0) {
      g.sources.push(c.source);
      g.lists.push([c]);
    } else (g.lists[at] as Candidate[]).push(c);
  }
  return [...groups.values()];
}

/** Longest spans first; a span overlapping one already kept is dropped. */
function dropOverlapping(groups: readonly SpanGroup[]): SpanGroup[] {
  const byLength = [...groups].sort((a, b) => (b.end - b.begin) - (a.end - a.begin) || a.begin - b.begin);
  const kept: SpanGroup[] = [];
  for (const g of byLength) if (!kept.some((k) => g.begin < k.end && k.begin < g.end)) kept.push(g);
  return kept;
}

/** The normality evidence a source was judged by, as a key (`begin:end,...`), or undefined when it has none. */
function evidenceKey(source: Annotation): string | undefined {
  const model = source.insightModelData;
  const normality = isRecord(model) ? model.normality : undefined;
  const evidence = isRecord(normality) ? normality.evidence : undefined;
  if (!Array.isArray(evidence) || evidence.length === 0) return undefined;
  let key = '';
  for (const e of evidence as unknown[]) if (isRecord(e)) key += `${String(e.begin)}:${String(e.end)},`;
  return key === '' ? undefined : key;
}

/**
 * Sources on different spans judged by the same evidence words are one finding (`Troponin negative`: the troponin
 * concept and the lab value `negative`): the span whose first source comes from the earlier field keeps the
 * attribute, the other goes.
 */
function dropSameEvidence(groups: readonly SpanGroup[]): SpanGroup[] {
  const best = new Map<string, number>();
  const keys = groups.map((g) => evidenceKey(g.sources[0] as Annotation));
  groups.forEach((g, i) => {
    const key = keys[i];
    if (key === undefined) return;
    const order = (g.lists[0] as Candidate[])[0]!.fieldOrder;
    const seen = best.get(key);
    if (seen === undefined || order < seen) best.set(key, order);
  });
  if (best.size === 0) return [...groups];
  return groups.filter((g, i) => {
    const key = keys[i];
    return key === undefined || (g.lists[0] as Candidate[])[0]!.fieldOrder <= best.get(key)!;
  });
}

function valuesOf(candidates: readonly Candidate[], multiValue: boolean): AttributeValueEntry[] {
  if (candidates.length === 1) return [(candidates[0] as Candidate).value];
  const ordered = [...candidates].sort((a, b) => a.pvOrder - b.pvOrder);
  const out: AttributeValueEntry[] = [];
  for (const c of ordered) {
    if (out.some((v) => v.value === c.value.value && v.unit === c.value.unit)) continue;
    out.push(c.value);
    if (!multiValue) break;
  }
  return out;
}

/**
 * The attribute values one set yields over the document, in document order. `index` may be shared by the
 * sets of one document run (the document must not change meanwhile).
 */
export function matchAttributeSet(doc: Document, set: CompiledAttributeSet, medicalCodes: boolean, index = new CandidateIndex(doc)): Annotation[] {
  const out: Annotation[] = [];
  for (const attribute of set.attributes) {
    const candidates = candidatesOf(doc, set, attribute, index);
    if (candidates.length === 0) continue;
    let groups = groupBySpan(candidates, attribute);
    if (!attribute.matchOverlappingConcepts) groups = dropOverlapping(groups);
    if (groups.length > 1) groups = dropSameEvidence(groups);
    for (const g of groups) {
      for (let i = 0; i < g.sources.length; i++) {
        const source = g.sources[i] as Annotation;
        const list = g.lists[i] as Candidate[];
        const first = list[0] as Candidate;
        out.push(attributeValue(source, sourceOf(set, attribute, first.field), valuesOf(list, attribute.multiValue), medicalCodes));
        if (!attribute.allowDuplicates) break; // the first (preferred) source only
      }
    }
  }
  return out.sort((a, b) => a.begin - b.begin || a.end - b.end);
}
