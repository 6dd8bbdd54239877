// Test support shared by the attribute_detection and model_broker tests: the real clinical insights
// cartridge (shared/cartridges), validated with the deployment validator and served as an ArtifactLookup
// without a store, and Documents built from hand-made annotations.
import { readFile } from 'node:fs/promises';
import { validateCartridge } from '../../../cartridge/validate-cartridge.js';
import { createDocument } from '../../create-document.js';
import type { Annotation, Document } from '../../document.js';
import type { ArtifactLookup, EngineResources } from '../../resources.js';
import type { KnowledgeBase } from '../../../knowledge/kb.js';

export const CARTRIDGE_PATH = new URL('../../../../../shared/cartridges/acd.acd_clinical_insights_v1.0.zip', import.meta.url);
export const CLINICAL_SET = 'acd.acd_clinical_insights_v1.0_clinical_insights_-_attributes_attribute_set';
export const SUBSTANCE_SET = 'acd.acd_clinical_insights_v1.0_substance_use_insight_attributes_attribute_set';
export const SUBSTANCE_RULES = 'acd.acd_clinical_insights_v1.0_substance_use_insight_derived_concepts_concept_inference_rules';
export const FEATURE_RULES = 'acd.acd_clinical_insights_v1.0_clinical_insights_-_derived_concepts_by_feature_concept_inference_rules';

/** The cartridge path: the repository's sibling `shared` folder, or /work/shared. */
async function cartridgeBytes(): Promise<Buffer> {
  try {
    return await readFile(CARTRIDGE_PATH);
  } catch {
    return readFile('/work/shared/cartridges/acd.acd_clinical_insights_v1.0.zip');
  }
}

/** Validates the real cartridge and returns its deployable artifacts as a lookup (kind, id) → body. */
export async function loadClinicalInsights(): Promise<ArtifactLookup> {
  const v = await validateCartridge(await cartridgeBytes());
  if (!v.ok) throw new Error(`the clinical insights cartridge does not validate: ${JSON.stringify(v.issues.slice(0, 3))}`);
  const bodies = new Map<string, unknown>(v.artifacts.map((a) => [`${a.kind}\u0000${a.id}`, a.body]));
  return { get: (kind, id) => bodies.get(`${kind}\u0000${id}`) };
}

/** Resources without a knowledge base (attribute_detection and model_broker never read it). */
export function resourcesOf(artifacts: ArtifactLookup): EngineResources {
  return { kb: {} as KnowledgeBase, artifacts };
}

export interface Spec {
  /** The phrase (its first occurrence after the previous spec's phrase, or after `after`). */
  readonly text: string;
  readonly layer?: string;
  readonly fields?: Readonly<Record<string, unknown>>;
}

/** A Document whose layers hold one annotation per spec, at its phrase's offsets. */
export function documentWith(text: string, specs: readonly Spec[]): { doc: Document; annotations: Annotation[] } {
  const doc = createDocument(text);
  const annotations: Annotation[] = [];
  let from = 0;
  for (const s of specs) {
    let begin = text.indexOf(s.text, from);
    if (begin < 0) begin = text.indexOf(s.text);
    if (begin < 0) throw new Error(`"${s.text}" is not in the text`);
    const layer = s.layer ?? 'concepts';
    const type = layer === 'concepts' ? 'umls.Test' : `aci.${layer}`;
    const a: Annotation = { type, begin, end: begin + s.text.length, coveredText: s.text, ...(s.fields ?? {}) };
    annotations.push(a);
    const list = doc.layers.get(layer);
    if (list === undefined) doc.layers.set(layer, [a]);
    else list.push(a);
    from = begin;
  }
  return { doc, annotations };
}
