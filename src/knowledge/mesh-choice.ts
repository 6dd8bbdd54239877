// Which MeSH ids a concept reports (issue 18: one best meaning, chosen by the service, not by an evaluation).
// The open sources map a concept to several MeSH records: a drug to the supplementary concept records (C…) of
// its salts and derivatives beside its descriptor (atropine: C069202 and D001285), a disorder to a broader and a
// narrower descriptor. A concept's meshId keeps, in order of preference:
//  1. the ids the supervised training lexicon attests for it (`LEXICON:MESH:` cross-references: the descriptors
//     annotators of the biomedical corpora chose for its names, src/knowledge/builders/corpus-lexicon.ts);
//  2. else its descriptors (D…), when it has any beside supplementary records;
//  3. else every id it has.
import type { MergedConcept } from './merge.js';

export function chosenMeshIds(concept: MergedConcept): readonly string[] | undefined {
  const mesh = concept.codes.meshId ?? [];
  if (mesh.length < 2) return undefined;
  const attested = mesh.filter((id) => concept.xrefs.includes(`LEXICON:MESH:${id}`));
  if (attested.length > 0) return attested.length === mesh.length ? undefined : attested;
  const descriptors = mesh.filter((id) => id.startsWith('D'));
  return descriptors.length > 0 && descriptors.length < mesh.length ? descriptors : undefined;
}

/** Every concept with its chosen MeSH ids (chosenMeshIds); the number changed. */
export function chooseMeshIds(concepts: readonly MergedConcept[]): { concepts: MergedConcept[]; changed: number } {
  let changed = 0;
  const out = concepts.map((c) => {
    const ids = chosenMeshIds(c);
    if (ids === undefined) return c;
    changed++;
    return { ...c, codes: { ...c.codes, meshId: [...ids] } };
  });
  return { concepts: out, changed };
}
