// The annotations of one Document seen by attribute-set fields, indexed once per document run: a field
// whose condition requires a value (filter-condition.ts conditionRequirement: `semanticType` one of dsyn,
// neop, ...; `insightModelCandidates` = ICMedication; some `insightModelData.normality...` score) tests only
// the annotations the index lists for it, in layer order, instead of every annotation of the layer. Also
// holds the condition context: the layers by key (`overlaps` conditions read them) and a cache of costly
// condition results (wildcard matches, overlaps), shared by the fields and sets of the run.
import type { FieldRequirement } from '../../../cartridge/condition-requirement.js';
import { createConditionCache, fieldReader, leafText, type ConditionContext } from '../../../cartridge/filter-condition.js';
import type { Annotation, Document } from '../../document.js';

const NONE: readonly Annotation[] = [];
/** Layers with fewer annotations are not indexed: every annotation is a candidate. */
const MIN_INDEXED = 16;

/** Positions (ascending) in one layer of the annotations with a value at a field, and by value text. */
interface FieldPositions {
  readonly present: readonly number[];
  readonly byText: ReadonlyMap<string, readonly number[]>;
}

/** A stable key of a requirement (fields whose conditions require the same thing share candidate lists). */
export function requirementKey(requirement: readonly FieldRequirement[]): string {
  return JSON.stringify(requirement.map((r) => [r.field, r.fold, r.values ?? null]));
}

export class CandidateIndex {
  readonly context: ConditionContext;
  /** `key\0field\0fold` → positions. */
  private readonly positions = new Map<string, FieldPositions>();
  /** key → requirementKey → candidates. */
  private readonly lists = new Map<string, Map<string, readonly Annotation[]>>();

  constructor(private readonly doc: Document) {
    this.context = { data: Object.fromEntries(doc.layers), cache: createConditionCache() };
  }

  /**
   * The annotations under `key` that can satisfy `requirement` (`requirementKey` its key), in layer order;
   * every annotation of the layer without a requirement or when the layer is small.
   */
  candidates(key: string, requirement: readonly FieldRequirement[] | undefined, requirementId = ''): readonly Annotation[] {
    const layer = this.doc.layers.get(key);
    if (layer === undefined || layer.length === 0) return NONE;
    // A small layer costs less to test whole than to index.
    if (requirement === undefined || layer.length < MIN_INDEXED) return layer;
    const id = requirementId === '' ? requirementKey(requirement) : requirementId;
    let byRequirement = this.lists.get(key);
    if (byRequirement === undefined) this.lists.set(key, (byRequirement = new Map()));
    let list = byRequirement.get(id);
    if (list === undefined) {
      list = this.select(key, layer, requirement);
      byRequirement.set(id, list);
    }
    return list;
  }

  private select(key: string, layer: readonly Annotation[], requirement: readonly FieldRequirement[]): readonly Annotation[] {
    const found: (readonly number[])[] = [];
    for (const r of requirement) {
      const at = this.fieldPositions(key, layer, r.field, r.fold);
      if (r.values === undefined) {
        if (at.present.length > 0) found.push(at.present);
        continue;
      }
      for (const v of r.values) {
        const list = at.byText.get(v);
        if (list !== undefined) found.push(list);
      }
    }
    if (found.length === 0) return NONE;
    let at = found[0] as readonly number[];
    if (found.length > 1) {
      const merged = found.flat().sort((a, b) => a - b);
      at = merged.filter((p, i) => i === 0 || p !== merged[i - 1]);
    }
    return at.map((p) => layer[p] as Annotation);
  }

  private fieldPositions(key: string, layer: readonly Annotation[], field: string, fold: boolean): FieldPositions {
    const id = `${key}\u0000${field}\u0000${fold ? 1 : 0}`;
    let positions = this.positions.get(id);
    if (positions !== undefined) return positions;
    const read = fieldReader(field);
    const present: number[] = [];
    const byText = new Map<string, number[]>();
    for (let p = 0; p < layer.length; p++) {
      const leaves = read(layer[p] as Annotation);
      if (leaves.length === 0) continue;
      present.push(p);
      for (const leaf of leaves) {
        const t = leafText(leaf, fold);
        if (t === undefined) continue;
        const at = byText.get(t);
        if (at === undefined) byText.set(t, [p]);
        else if (at[at.length - 1] !== p) at.push(p);
      }
    }
    positions = { present, byText };
    this.positions.set(id, positions);
    return positions;
  }
}
