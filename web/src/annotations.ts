// Turns an ACD analysis response container into the viewer's annotation list: every element of every
// `data` key that has offsets, tagged with a display category (legend, filters, colours). Pure (no DOM).

export type CategoryId = 'concept' | 'symptom' | 'medication' | 'procedure' | 'lab' | 'attribute' | 'negated' | 'hypothetical' | 'section' | 'other';

export interface Category {
  readonly id: CategoryId;
  readonly label: string;
  /** `data` keys shown in this category; `other` takes every remaining key with offsets. */
  readonly keys: readonly string[];
}

export const CATEGORIES: readonly Category[] = [
  { id: 'concept', label: 'Concept', keys: ['concepts'] },
  { id: 'symptom', label: 'Symptom / disease', keys: ['SymptomDiseaseInd', 'IcaCancerDiagnosisInd'] },
  { id: 'medication', label: 'Medication', keys: ['MedicationInd', 'AllergyMedicationInd'] },
  { id: 'procedure', label: 'Procedure', keys: ['ProcedureInd'] },
  { id: 'lab', label: 'Lab value', keys: ['LabValueInd', 'EjectionFractionInd', 'conceptValues'] },
  { id: 'attribute', label: 'Attribute', keys: ['attributeValues'] },
  { id: 'negated', label: 'Negated span', keys: ['negatedSpans'] },
  { id: 'hypothetical', label: 'Hypothetical span', keys: ['hypotheticalSpans'] },
  { id: 'section', label: 'Section', keys: ['sections'] },
  { id: 'other', label: 'Other', keys: [] },
];

const CATEGORY_OF_KEY = new Map<string, CategoryId>(CATEGORIES.flatMap((c) => c.keys.map((k) => [k, c.id] as const)));

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface ViewAnnotation {
  /** Unique within the container: `<dataKey>#<index>`. */
  readonly key: string;
  readonly dataKey: string;
  readonly category: CategoryId;
  readonly type: string;
  readonly begin: number;
  readonly end: number;
  readonly coveredText: string;
  readonly negated: boolean;
  readonly hypothetical: boolean;
  readonly raw: { readonly [key: string]: Json };
}

function isRecord(value: unknown): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every annotation with integer offsets inside the container's `data`, ordered by begin then longest first. */
export function annotationsOf(data: unknown, text: string): ViewAnnotation[] {
  if (!isRecord(data)) return [];
  const out: ViewAnnotation[] = [];
  for (const [dataKey, list] of Object.entries(data)) {
    if (!Array.isArray(list)) continue;
    list.forEach((item, index) => {
      if (!isRecord(item) || !Number.isInteger(item.begin) || !Number.isInteger(item.end)) return;
      const begin = item.begin as number, end = item.end as number;
      out.push({
        key: `${dataKey}#${index}`,
        dataKey,
        category: CATEGORY_OF_KEY.get(dataKey) ?? 'other',
        type: typeof item.type === 'string' ? item.type : dataKey,
        begin,
        end,
        coveredText: typeof item.coveredText === 'string' ? item.coveredText : text.slice(begin, end),
        negated: item.negated === true || dataKey === 'negatedSpans',
        hypothetical: item.hypothetical === true || dataKey === 'hypotheticalSpans',
        raw: item,
      });
    });
  }
  return out.sort((a, b) => a.begin - b.begin || (b.end - b.begin) - (a.end - a.begin) || a.key.localeCompare(b.key));
}

/** Code fields and the coding system each names. */
export const CODE_SYSTEMS: readonly (readonly [field: string, system: string])[] = [
  ['cui', 'UMLS CUI'], ['snomedConceptId', 'SNOMED CT'], ['icd10Code', 'ICD-10'], ['icd9Code', 'ICD-9'],
  ['rxNormId', 'RxNorm'], ['rxNormID', 'RxNorm'], ['loincId', 'LOINC'], ['meshId', 'MeSH'], ['nciCode', 'NCI'],
  ['cptCode', 'CPT'], ['hccCode', 'HCC'], ['ccsCode', 'CCS'], ['vocabs', 'Vocabularies'],
];

const VALUE_FIELDS = ['value', 'unit', 'labValue', 'lowValue', 'dosageValue', 'frequencyValue', 'firstValue', 'secondValue', 'isRange', 'trigger', 'dimension', 'rangeBegin', 'rangeEnd', 'modality', 'participation', 'current'];

export interface AnnotationDetails {
  readonly codes: readonly { system: string; field: string; value: string }[];
  readonly semantic: readonly [label: string, value: string][];
  readonly section: readonly [label: string, value: string][];
  readonly flags: readonly [label: string, value: string][];
  readonly values: readonly [label: string, value: string][];
}

function scalar(value: Json | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v) => (isRecord(v) && typeof v.coveredText === 'string' ? v.coveredText : scalar(v) ?? '')).filter((s) => s !== '').join(', ') || undefined;
  if (isRecord(value) && typeof value.coveredText === 'string') return value.coveredText;
  return undefined;
}

function pairs(raw: ViewAnnotation['raw'], fields: readonly string[]): [string, string][] {
  return fields.flatMap((f) => {
    const v = scalar(raw[f]);
    return v === undefined ? [] : [[f, v] as [string, string]];
  });
}

/** The fields the details panel shows, grouped. */
export function detailsOf(a: ViewAnnotation): AnnotationDetails {
  const raw = a.raw;
  const codes = CODE_SYSTEMS.flatMap(([field, system]) => {
    const v = scalar(raw[field]);
    return v === undefined ? [] : [{ system, field, value: v }];
  });
  const normalized = Object.keys(raw).filter((k) => k.endsWith('NormalizedName') && !k.startsWith('section'));
  const semantic = pairs(raw, ['semanticType', 'preferredName', 'source', 'sourceVersion', 'name', 'sectionType', ...normalized]);
  const section = pairs(raw, ['sectionNormalizedName', 'sectionSurfaceForm']);
  const validity = isRecord(raw.disambiguationData) ? scalar(raw.disambiguationData.validity) : undefined;
  const flags: [string, string][] = [
    ['negated', String(a.negated)],
    ['hypothetical', String(a.hypothetical)],
    ...pairs(raw, ['hypotheticalType']),
    ...(validity === undefined ? [] : [['validity', validity] as [string, string]]),
  ];
  const values = pairs(raw, VALUE_FIELDS);
  return { codes, semantic, section, flags, values };
}
