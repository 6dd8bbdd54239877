// A body site followed by a general disorder head noun names the disease of that site (general English / MeSH
// heading convention, no corpus strings): "cerebellum damage", "cardiac disorders", "cranial nerve dysfunction",
// "muscle disease" are read as "<site> disease" ("cerebellar disease", "heart disease", "cranial nerve disease",
// "muscular disease"), through the word variants of phrase composition (site noun / adjective, disease /
// disorder). The matcher finds the site (an anatomical concept) but no disorder there, so without this the
// mention names nothing. A phrase is added only where no normalised span overlaps it, and only when the lookup
// knows a variant. Train half-splits (odd / even half held out), document-id F1: NCBI +0.001 / +0.002, BC5CDR
// disease +0.003 / +0.002. Left out: also "H of/to/in (the) <site>" ("impairment of the skin"; NCBI -0.001 /
// -0.002), and any word before a head noun as the modifier instead of an anatomical match ("molecular defects",
// "rare syndrome": NCBI -0.001 / +0.001, BC5CDR disease +0.004 / 0); "involvement" as a head (muscle, bone
// involvement are no mentions).
import { phraseVariants } from './phrase-variants.js';

/** Head nouns that name a disorder of whatever site comes before them (singular and plural). */
export const DISORDER_HEADS: ReadonlySet<string> = new Set([
  'disease', 'diseases', 'disorder', 'disorders', 'dysfunction', 'dysfunctions', 'damage', 'injury', 'injuries',
  'impairment', 'impairments', 'abnormality', 'abnormalities', 'lesion', 'lesions', 'deficit', 'deficits',
  'disturbance', 'disturbances', 'toxicity', 'toxicities', 'alteration', 'alterations',
]);

/** The UMLS Anatomy semantic group: the types whose matches are sites. */
export const SITE_TYPES: ReadonlySet<string> = new Set(['anst', 'bdsu', 'bdsy', 'blor', 'bpoc', 'bsoj', 'celc', 'cell', 'emst', 'ffas', 'tisu']);

export interface SiteSpanLike {
  readonly begin: number;
  readonly end: number;
  readonly ids: readonly string[];
}

const HEAD_AFTER = /^[\s-]+(\p{L}+)/u;

/**
 * `spans` (normalised, with ids) plus a span for each site match followed by a disorder head noun whose
 * "<site> disease" variant the lookup knows; longer sites first ("cranial nerve" before "nerve").
 */
export function siteDisorderSpans<S extends SiteSpanLike>(spans: readonly S[], sites: readonly { begin: number; end: number }[], text: string, lookup: (phrase: string) => readonly string[] | undefined, termKey: (t: string) => string, make: (begin: number, end: number, ids: string[]) => S): S[] {
  const added: S[] = [];
  const seen = new Set<string>();
  for (const site of [...sites].sort((a, b) => b.end - b.begin - (a.end - a.begin))) {
    const head = HEAD_AFTER.exec(text.slice(site.end, site.end + 30));
    if (head === null || !DISORDER_HEADS.has(head[1]!.toLowerCase())) continue;
    const begin = site.begin;
    const end = site.end + head[0].length;
    const key = `${begin}:${end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if ([...spans, ...added].some((o) => o.begin < end && begin < o.end)) continue;
    const siteWords = text.slice(site.begin, site.end).split(/[\s-]+/).filter((w) => w !== '');
    for (const v of phraseVariants([...siteWords, 'disease'], termKey)) {
      const ids = lookup(v);
      if (ids !== undefined && ids.length > 0) {
        added.push(make(begin, end, [...ids]));
        break;
      }
    }
  }
  return added.length === 0 ? [...spans] : [...spans, ...added];
}
