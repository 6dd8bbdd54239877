// Attribute sets (`attribute_set` artifacts, reference §6.4) compiled once: each possible value's
// `fields[]` become (layer key, predicate, valueField) triples; the predicate is the filter condition
// language of src/cartridge/filter-condition.ts (match, all/any/notAny, `expression`, `overlaps`).
// A malformed set is a DomainError naming the set and every problem (the deploy-time validator reports
// the same issues earlier).
import { DomainError } from '../../../errors.js';
import { validateAttributeSetBody } from '../../../cartridge/check-definitions.js';
import { conditionRequirements, type RequirementAlternatives } from '../../../cartridge/condition-requirement.js';
import { compileCondition, filterTargetKey, type AnnotationPredicate } from '../../../cartridge/filter-condition.js';
import { isJsonObject } from '../../../cartridge/json-value.js';
import { requirementsKey } from './candidate-index.js';

export interface CompiledField {
  /** The `data` key the field reads (`concepts`, `SymptomDiseaseInd`, ...). */
  readonly key: string;
  readonly predicate: AnnotationPredicate;
  /**
   * The equality values the predicate needs (the entries of condition-requirement.ts conditionRequirements
   * that list values): only the annotations the candidate index lists for them are tested. Empty: every
   * annotation of the layer. Numeric bounds and present fields are left to the predicate: their columns
   * read a path (often a long one, `insightModelData.diagnosis.usage.explicitScore`) on every annotation of
   * the layer, which costs more than testing the annotations does.
   */
  readonly requirements: readonly RequirementAlternatives[];
  /** candidate-index.ts requirementsKey of `requirements`. */
  readonly requirementsId: string;
  /** Source field copied into the attribute's `preferredName` (e.g. `preferredName`). */
  readonly valueField?: string;
  /** `attributeId:pv<j>:f<k>`. */
  readonly ruleId: string;
  /** `setId:attributeId:pv<j>:f<k>`, the attribute value's `ruleId`. */
  readonly setRuleId: string;
}

export interface CompiledPossibleValue {
  /** Explicit value (`use`, `former`); the set's existenceValue applies when absent. */
  readonly value?: string;
  readonly name?: string;
  readonly discoverValue: boolean;
  readonly existenceDetection: boolean;
  readonly fields: readonly CompiledField[];
}

export interface CompiledAttribute {
  readonly id: string;
  readonly name: string;
  readonly multiValue: boolean;
  readonly allowDuplicates: boolean;
  readonly matchOverlappingConcepts: boolean;
  readonly preferValidConcepts: boolean;
  readonly possibleValues: readonly CompiledPossibleValue[];
}

export interface CompiledAttributeSet {
  readonly id: string;
  /** `source` of the attribute values (the set's name). */
  readonly name: string;
  /** `sourceVersion` of the attribute values. */
  readonly version: string;
  readonly existenceValue: string;
  /** Enabled attributes, in the set's order. */
  readonly attributes: readonly CompiledAttribute[];
  /** Layer keys any field reads. */
  readonly keys: ReadonlySet<string>;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** Compiles one attribute set body. Throws INVALID_ANNOTATOR_PARAMETER naming the set and every issue. */
export function compileAttributeSet(id: string, body: unknown): CompiledAttributeSet {
  if (!isJsonObject(body)) throw new DomainError('INVALID_ANNOTATOR_PARAMETER', `attribute_detection: attribute set "${id}" is not a JSON object`);
  const { shape, conditions } = validateAttributeSetBody(body);
  const issues = [...shape, ...conditions];
  if (issues.length > 0) {
    throw new DomainError('INVALID_ANNOTATOR_PARAMETER', `attribute_detection: attribute set "${id}" is invalid: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  }
  const keys = new Set<string>();
  const attributes: CompiledAttribute[] = [];
  (body.attributes as unknown[]).forEach((raw, i) => {
    const a = raw as Record<string, unknown>;
    if (a.disabled === true) return;
    const attrId = str(a.id) ?? `attribute-${i}`;
    const possibleValues: CompiledPossibleValue[] = [];
    ((a.possibleValues ?? []) as unknown[]).forEach((pvRaw, j) => {
      const pv = pvRaw as Record<string, unknown>;
      const fields: CompiledField[] = [];
      ((pv.fields ?? []) as unknown[]).forEach((fRaw, k) => {
        const f = fRaw as Record<string, unknown>;
        const key = filterTargetKey(f.target as string) as string;
        keys.add(key);
        const valueField = str(f.valueField);
        const requirements = conditionRequirements(f.condition).filter((alternatives) => alternatives.every((r) => r.values !== undefined));
        fields.push({
          key,
          predicate: compileCondition(f.condition),
          ruleId: `${attrId}:pv${j}:f${k}`,
          setRuleId: `${id}:${attrId}:pv${j}:f${k}`,
          ...(valueField === undefined ? {} : { valueField }),
          requirements,
          requirementsId: requirementsKey(requirements),
        });
      });
      const value = str(pv.value);
      const name = str(pv.name);
      possibleValues.push({
        ...(value === undefined ? {} : { value }),
        ...(name === undefined ? {} : { name }),
        discoverValue: pv.discoverValue !== false,
        existenceDetection: pv.existenceDetection !== false,
        fields,
      });
    });
    attributes.push({
      id: attrId,
      name: a.name as string,
      multiValue: a.multiValue === true,
      allowDuplicates: a.allowDuplicates === true,
      matchOverlappingConcepts: a.matchOverlappingConcepts === true,
      preferValidConcepts: a.preferValidConcepts === true,
      possibleValues,
    });
  });
  return {
    id,
    name: str(body.name) ?? id,
    version: str(body.version) ?? 'v1.0',
    existenceValue: str(body.existenceValue) ?? 'true',
    attributes,
    keys,
  };
}
