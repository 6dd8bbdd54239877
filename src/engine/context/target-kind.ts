// What kind of thing a context target is, for rules limited to some kinds (`allowed_types`, `excluded_types`:
// `was discontinued` negates a drug, `was negative` negates a finding but not the test that found it). Told from
// the annotation's type (`aci.MedicationInd`; a lab value counts as a procedure, the test that gave it) or its semantic types (UMLS abbreviations, a string, a comma list or
// an array); anything else is `other`.
import type { Annotation } from '../document.js';
import type { ContextRule, TargetKind } from './context-rule.js';

const MEDICATION_TYPES: ReadonlySet<string> = new Set(['phsu', 'antb', 'clnd', 'vita', 'horm', 'imft']);
const PROCEDURE_TYPES: ReadonlySet<string> = new Set(['topp', 'diap', 'lbpr']);

function kindOfSemanticType(v: unknown): TargetKind | undefined {
  const list = typeof v === 'string' ? (v.includes(',') ? v.split(',') : [v]) : Array.isArray(v) ? v : [];
  for (const raw of list) {
    if (typeof raw !== 'string') continue;
    const t = raw.trim();
    if (MEDICATION_TYPES.has(t)) return 'medication';
    if (PROCEDURE_TYPES.has(t)) return 'procedure';
  }
  return undefined;
}

export function targetKind(a: Annotation): TargetKind {
  const type = typeof a.type === 'string' ? a.type : '';
  if (type.endsWith('MedicationInd')) return 'medication';
  // A lab value is the result of a test: a finding's negation (`no hemolysis, elevated CRP`) does not reach it.
  if (type.endsWith('ProcedureInd') || type.endsWith('LabValueInd')) return 'procedure';
  return kindOfSemanticType(a.semanticType) ?? 'other';
}

/** Whether the rule may modify the target (its allowed and excluded kinds; no limits: always). */
export function ruleApplies(rule: ContextRule, target: Annotation): boolean {
  if (rule.allowedTypes === undefined && rule.excludedTypes === undefined) return true;
  const kind = targetKind(target);
  return (rule.allowedTypes === undefined || rule.allowedTypes.has(kind)) && !(rule.excludedTypes?.has(kind) ?? false);
}
