// Links records of sources that ship no cross-references (DrugCentral, HPO and NCIt labels from biolexica)
// to the concept of another source by an exact normalised name, when exactly one target carries it.
import type { SourceRecord } from './builders/source-record.js';
import type { Normalizer } from './normalize.js';

export interface BridgeOptions {
  /** Sources whose records get an extra id when they match. */
  readonly from: ReadonlySet<string>;
  /** Sources whose record ids (first id) are the targets, in priority order: the first source with a hit decides. */
  readonly to: readonly string[];
  readonly normalizer: Normalizer;
  /** Also try the record's exact synonyms (not only its preferred name); default false. */
  readonly allNames?: boolean;
  /** Which target records may be linked to (e.g. RxNorm ingredients, not brand names); default all. */
  readonly isTarget?: (record: SourceRecord) => boolean;
}

export function bridgeByName(records: readonly SourceRecord[], options: BridgeOptions): { records: SourceRecord[]; bridged: number } {
  const { normalizer } = options;
  // per target source: key → first ids of the records whose preferred name has that key
  const targets = options.to.map((source) => {
    const perSource = new Map<string, Set<string>>();
    for (const r of records) {
      if (r.source !== source || r.preferredName === undefined || r.ids.length === 0) continue;
      if (options.isTarget !== undefined && !options.isTarget(r)) continue;
      const key = normalizer.termKey(r.preferredName);
      if (key === '') continue;
      const set = perSource.get(key) ?? new Set<string>();
      set.add(r.ids[0]!);
      perSource.set(key, set);
    }
    return perSource;
  });
  let bridged = 0;
  const out = records.map((r) => {
    if (!options.from.has(r.source) || r.preferredName === undefined) return r;
    const label = normalizer.termKey(r.preferredName);
    const texts = [r.preferredName, ...(options.allNames === true ? r.names.filter((n) => n.kind === 'exact' || n.kind === 'preferred').map((n) => n.text) : [])];
    const keys = [...new Set(texts.map((t) => normalizer.termKey(t)).filter((k) => k !== ''))];
    for (const perSource of targets) {
      // The label alone first: synonyms that also name a salt or a variant ("metformin hydrochloride") must not
      // make a record whose label names exactly one target ambiguous.
      let hits = new Set<string>(label === '' ? [] : perSource.get(label) ?? []);
      if (hits.size !== 1) {
        hits = new Set<string>();
        for (const key of keys) for (const id of perSource.get(key) ?? []) hits.add(id);
      }
      if (hits.size === 0) continue;
      if (hits.size > 1) return r; // ambiguous: leave unlinked
      const [target] = hits;
      if (target === undefined || r.ids.includes(target)) return r;
      bridged++;
      return { ...r, ids: [...r.ids, target] };
    }
    return r;
  });
  return { records: out, bridged };
}
