// concept_detection with the artifacts of a real exported ACD cartridge (acd.acd_clinical_insights_v1.0):
// its profile's libraries (dictionaries named by compiled .dic/.pdic attachment ids), concept inference
// rules and merged concept filter, over a small in-memory knowledge base standing in for UMLS.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { validateCartridge } from '../../src/cartridge/validate-cartridge.js';
import { compileKnowledge } from '../../src/knowledge/compile.js';
import { conceptDetection } from '../../src/engine/annotators/concept-detection/concept-detection.js';
import { resolveLibraries } from '../../src/engine/annotators/concept-detection/libraries.js';
import { createDocument } from '../../src/engine/create-document.js';
import { parseAnnotatorParams, type RawParameterValue } from '../../src/engine/params.js';
import type { ArtifactLookup, EngineResources } from '../../src/engine/resources.js';

const CARTRIDGE = process.env.ACD_CARTRIDGE ?? '/work/shared/cartridges/acd.acd_clinical_insights_v1.0.zip';

test('clinical insights cartridge: libraries, inference rules and filter', { skip: existsSync(CARTRIDGE) ? false : `${CARTRIDGE} not present` }, async () => {
  const validation = await validateCartridge(readFileSync(CARTRIDGE));
  assert.equal(validation.ok, true);
  const bodies = new Map(validation.artifacts.map((a) => [`${a.kind}/${a.id}`, a.body]));
  const artifacts: ArtifactLookup = { get: (kind, id) => bodies.get(`${kind}/${id}`) };
  const profile = validation.artifacts.find((a) => a.kind === 'profile')?.body as { annotators: { name: string; parameters: Record<string, RawParameterValue> }[] };
  const cd = profile.annotators.find((a) => a.name === 'concept_detection');
  assert.ok(cd !== undefined);

  // Every library dictionary the cartridge ships resolves; umls.2022AA.dic brings in the built-in KB under "umls".
  const libraries = resolveLibraries(cd.parameters.libraries as string[], artifacts);
  assert.equal(libraries.builtIn, true);
  assert.equal(libraries.builtInSource, 'umls');
  assert.ok(libraries.dictionaries.some((d) => d.compiled.id === 'acd.acd_clinical_insights_v1.0_clinical_abbreviations_-_umls_extension_dictionary_dictionary'));

  const kb = compileKnowledge([
    { source: 'RXNORM', ids: ['RXNORM:6809', 'UMLS:C0025598'], preferredName: 'Metformin', names: [{ text: 'metformin', kind: 'exact' }], semanticTypes: ['phsu'] },
    { source: 'NCIT', ids: ['NCIT:C0000001', 'UMLS:C0000001'], preferredName: 'Organism thing', names: [{ text: 'critter', kind: 'exact' }], semanticTypes: ['orgm'] },
  ], { name: 'mini', version: '1', sourceVersion: 'm1' });
  const resources: EngineResources = { kb, artifacts };
  const { params } = parseAnnotatorParams(conceptDetection.id, conceptDetection.params, cd.parameters);
  const result = conceptDetection.run(createDocument('He complains of a critter bite and takes metformin.'), params, conceptDetection.init(resources), { resources, configurations: [] });
  const concepts = result.add?.concepts ?? [];
  const byText = new Map(concepts.map((c) => [c.coveredText, c]));
  // From the cartridge's clinical abbreviations dictionary.
  assert.deepEqual([byText.get('complains of')?.cui, byText.get('complains of')?.source, byText.get('complains of')?.type], ['C4047502', 'umls', 'umls.Finding']);
  // Inference rule ICMedication (type umls.PharmacologicSubstance) on a built-in concept.
  assert.ok((byText.get('metformin')?.insightModelCandidates as string[]).includes('ICMedication'));
  // The merged concept filter drops umls.Organism concepts from source "umls".
  assert.equal(byText.has('critter'), false);
});
