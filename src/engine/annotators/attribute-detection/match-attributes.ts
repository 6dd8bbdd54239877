// Evaluates compiled attribute sets over a Document (reference §6.4): every source annotation under a
// field's target that satisfies the field's condition is a candidate for the attribute. Then, per
// attribute (docs/insights.md, "Attribute detection"):
// - candidates on the same span merge: `preferValidConcepts` puts sources whose
//   disambiguationData.validity is not INVALID first, then the field order of the set decides;
// - `allowDuplicates: false` keeps one attribute value per span, `true` one per distinct source annotation;
// - `multiValue: false` keeps the first matching possible value, `true` lists every matching value;
// - `matchOverlappingConcepts: false` drops a span that overlaps a longer (or earlier equal-length) span of
//   the same attribute;
// - a possible value's value is its `value`, else a discovered value (a LabValueInd's `labValue`; with
//   `existenceDetection: false`, a `conceptValues` entry of the same cui covering the span), else the
//   set's existenceValue when `existenceDetection` holds; with none of them, no attribute value.
import type { Annotation, Document } from '../../document.js';
import type { CompiledAttribute, CompiledAttributeSet, CompiledField, CompiledPossibleValue } from './attribute-set.js';
import { attributeValue, type AttributeValueEntry } from './attribute-value.js';
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

function valueFor(doc: Document, set: CompiledAttributeSet, pv: CompiledPossibleValue, source: Annotation): AttributeValueEntry | undefined {
  if (pv.value !== undefined) return { value: pv.value };
  // Linked concept values only when the value must be discovered (existenceDetection false), so a
  // Diagnosis stays `true` even when a number follows it (`pain 2/10`).
  const discovered = pv.discoverValue ? discoverValue(doc, source, !pv.existenceDetection) : undefined;
  if (discovered !== undefined) return discovered;
  return pv.existenceDetection ? { value: set.existenceValue } : undefined;
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
  /** Candidates by source annotation, in preference order. */
  readonly bySource: Map<Annotation, Candidate[]>;
}

function groupBySpan(candidates: readonly Candidate[], attribute: CompiledAttribute): SpanGroup[] {
  // Spans are keyed `begin * spanStride + end`, spanStride exceeding every end offset.
  let spanStride = 1;
  for (const c of candidates) if (c.source.end >= spanStride) spanStride = c.source.end + 1;
  let sorted: readonly Candidate[];
  if (attribute.preferValidConcepts) {
    // Each source's validity rank read once, not at every comparison.
    const ranked = candidates.map((c) => ({ c, rank: validityRank(c.source) }));
    ranked.sort((a, b) => a.rank - b.rank || a.c.fieldOrder - b.c.fieldOrder || a.c.pvOrder - b.c.pvOrder);
    sorted = ranked.map((r) => r.c);
  } else {
    sorted = [...candidates].sort((a, b) => a.fieldOrder - b.fieldOrder || a.pvOrder - b.pvOrder);
  }
  const groups = new Map<number, SpanGroup>();
  for (const c of sorted) {
    const key = c.source.begin * spanStride + c.source.end;
    let g = groups.get(key);
    if (g === undefined) {
      g = { begin: c.source.begin, end: c.source.end, bySource: new Map() };
      groups.set(key, g);
    }
    const list = g.bySource.get(c.source);
    if (list === undefined) g.bySource.set(c.source, [c]);
    else list.push(c);
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

function valuesOf(candidates: readonly Candidate[], multiValue: boolean): AttributeValueEntry[] {
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
    for (const g of groups) {
      const sources = [...g.bySource.entries()];
      for (const [source, list] of attribute.allowDuplicates ? sources : sources.slice(0, 1)) {
        const first = list[0] as Candidate;
        out.push(attributeValue(source, {
          setName: set.name,
          setVersion: set.version,
          attributeName: attribute.name,
          ruleId: first.field.setRuleId,
          layer: first.field.key,
          ...(first.field.valueField === undefined ? {} : { valueField: first.field.valueField }),
        }, valuesOf(list, attribute.multiValue), medicalCodes));
      }
    }
  }
  return out.sort((a, b) => a.begin - b.begin || a.end - b.end);
}
