// The wire AttributeValue (reference §4.4) built from one source annotation. The `type` of attribute values
// is not documented (reference §10); this service writes `aci.AttributeValueAnnotation`, following the
// `aci.<Name>` convention of ACD's own annotation types (docs/insights.md).
import type { Annotation } from '../../document.js';
import { CODE_FIELDS } from '../../../knowledge/kb.js';

export const ATTRIBUTE_VALUE_TYPE = 'aci.AttributeValueAnnotation';
export const ANNOTATOR_ID = 'attribute_detection';

export interface AttributeValueEntry {
  value: string;
  unit?: string;
}

export interface AttributeSource {
  readonly setName: string;
  readonly setVersion: string;
  readonly attributeName: string;
  readonly ruleId: string;
  readonly valueField?: string;
  /** The layer the source annotation is in (`concepts`, `conceptValues`, `MedicationInd`, ...). */
  readonly layer: string;
}

/** Code fields copied with include_optional_fields=medical_codes (Concept codes plus ccsCode, hccCode). */
export const ATTRIBUTE_CODE_FIELDS: readonly string[] = [...CODE_FIELDS, 'ccsCode', 'hccCode'];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function nonEmpty(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

/** The first `drugNormalizedName` of a MedicationInd (`drug[].name1[].drugNormalizedName`). */
function drugName(a: Annotation): string | undefined {
  const drugs = a.drug;
  if (!Array.isArray(drugs)) return undefined;
  for (const d of drugs) {
    const names = isRecord(d) ? d.name1 : undefined;
    if (!Array.isArray(names)) continue;
    for (const n of names) {
      const v = isRecord(n) ? nonEmpty(n.drugNormalizedName) : undefined;
      if (v !== undefined) return v;
    }
  }
  return undefined;
}

/** `valueField` of the source, else its preferred or normalised name, else its covered text. */
export function preferredNameOf(a: Annotation, valueField: string | undefined): string {
  if (valueField !== undefined) {
    const v = a[valueField];
    if (typeof v === 'string' && v.trim() !== '') return v;
  }
  return nonEmpty(a.preferredName) ?? nonEmpty(a.symptomDiseaseNormalizedName) ?? nonEmpty(a.procedureNormalizedName)
    ?? nonEmpty(a.labTypeNormalizedName) ?? drugName(a) ?? nonEmpty(a.smokeTermNormalizedName) ?? nonEmpty(a.efTermNormalizedName) ?? a.coveredText;
}

/**
 * Copies the codes of the source onto `out`, which has none of them yet (rxNormID of aci annotations is
 * written rxNormId, after the others).
 */
function copyCodes(a: Annotation, out: Annotation): void {
  // One for-in over the source's fields (read from V8's enum cache) instead of a lookup of each code field,
  // most of them absent (a missed lookup on annotations of many shapes is the costly kind); the values are
  // then written in ATTRIBUTE_CODE_FIELDS order.
  let found: (string | undefined)[] | undefined;
  let rxNormID: string | undefined;
  for (const k in a) {
    const i = CODE_FIELD_INDEX.get(k);
    if (i !== undefined) {
      const v = nonEmpty(a[k]);
      if (v !== undefined) (found ??= new Array<string | undefined>(ATTRIBUTE_CODE_FIELDS.length))[i] = v;
    } else if (k === 'rxNormID') rxNormID = nonEmpty(a[k]);
  }
  let rxNormId = false;
  if (found !== undefined) {
    for (let i = 0; i < found.length; i++) {
      const v = found[i];
      if (v === undefined) continue;
      out[ATTRIBUTE_CODE_FIELDS[i] as string] = v;
      if (i === RX_NORM_ID_INDEX) rxNormId = true;
    }
  }
  if (!rxNormId && rxNormID !== undefined) out.rxNormId = rxNormID;
}

const CODE_FIELD_INDEX: ReadonlyMap<string, number> = new Map(ATTRIBUTE_CODE_FIELDS.map((f, i) => [f, i]));
const RX_NORM_ID_INDEX = ATTRIBUTE_CODE_FIELDS.indexOf('rxNormId');

/**
 * One attribute value over `source`'s span. Context is propagated from the source: `negated` (always an
 * explicit boolean), `hypothetical` / `hypotheticalType`, `disambiguationData`, section fields,
 * `insightModelData` and `temporal`. The nested values are the source's own objects, not copies: they are
 * read only from here on (annotators change an annotation by replacing its fields, pipeline.ts applyResult,
 * never by editing a nested value in place), and the response writes each where it appears, so a copy
 * would cost its allocation for nothing. References (`concept`, `conceptValue`, `derivedFrom`,
 * `evidenceSpans[].uid`) are the annotation objects themselves; the serializer writes their uids.
 */
export function attributeValue(source: Annotation, from: AttributeSource, values: readonly AttributeValueEntry[], medicalCodes: boolean): Annotation {
  const out: Annotation = {
    type: ATTRIBUTE_VALUE_TYPE,
    begin: source.begin,
    end: source.end,
    coveredText: source.coveredText,
    name: from.attributeName,
    preferredName: preferredNameOf(source, from.valueField),
    values: values.map((v) => ({ ...v })),
    source: from.setName,
    sourceVersion: from.setVersion,
  };
  if (from.layer === 'conceptValues') out.conceptValue = source;
  else out.concept = source;
  const cui = nonEmpty(source.cui);
  if (cui !== undefined) out.cui = cui;
  out.negated = source.negated === true;
  if (typeof source.hypothetical === 'boolean') out.hypothetical = source.hypothetical;
  if (typeof source.hypotheticalType === 'string') out.hypotheticalType = source.hypotheticalType;
  if (isRecord(source.disambiguationData)) out.disambiguationData = source.disambiguationData;
  if (typeof source.sectionNormalizedName === 'string') out.sectionNormalizedName = source.sectionNormalizedName;
  if (typeof source.sectionSurfaceForm === 'string') out.sectionSurfaceForm = source.sectionSurfaceForm;
  if (isRecord(source.insightModelData)) out.insightModelData = source.insightModelData;
  if (Array.isArray(source.temporal)) out.temporal = source.temporal;
  if (medicalCodes) copyCodes(source, out);
  out.derivedFrom = [source];
  out.evidenceSpans = [{ uid: source, valueIndex: 0 }];
  out.ruleId = from.ruleId;
  out.annotator = ANNOTATOR_ID;
  return out;
}
