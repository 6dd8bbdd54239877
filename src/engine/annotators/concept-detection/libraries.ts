// Resolves the `libraries` parameter into the term sources concept_detection matches against:
//  - `umls.latest`, `umls.<release>` (or no libraries at all): the built-in knowledge base;
//  - any other id: a deployed `library` artifact (reference §6.1: `sourceName`, `sourceVersion`,
//    `dictionaries[]`, `optionalFields`). Its dictionaries are deployed `dictionary` artifacts, named by
//    artifact id or by the id of their compiled `.dic`/`.pdic` attachment; a `umls.*.dic` entry means
//    "the built-in knowledge base as well".
// Each dictionary body is compiled once (compileKnowledge → its own term index and matcher) and cached
// by the identity of the stored body, so a redeployed dictionary (a new body object) is recompiled and
// an unchanged one is not.
import { DomainError } from '../../../errors.js';
import type { DictionaryBody } from '../../../cartridge/cartridge-model.js';
import type { ArtifactLookup } from '../../resources.js';
import { BUILT_IN_LIBRARY_IDS } from './params.js';
import { compileDictionary, type CompiledDictionary } from './dictionary-matcher.js';

export interface LibraryBody {
  readonly id?: string;
  readonly sourceName?: string;
  readonly sourceVersion?: string;
  readonly dictionaries?: readonly string[];
  readonly optionalFields?: { readonly medical_codes?: readonly string[]; readonly source_vocabularies?: readonly string[] };
  readonly enabled?: boolean;
}

/** One deployed dictionary as matched for one library. */
export interface LibraryDictionary {
  readonly compiled: CompiledDictionary;
  readonly source: string;
  readonly sourceVersion: string;
  /** Code fields this library emits with medical_codes (all when undefined). */
  readonly codeFields?: ReadonlySet<string>;
}

export interface ResolvedLibraries {
  readonly builtIn: boolean;
  /**
   * The `sourceName` of the first library that includes the built-in knowledge base through a `umls.*.dic`
   * entry (ACD's cartridge libraries name it `umls`): built-in concepts matched through that library report
   * it as their `source`. Undefined when the built-in knowledge base is used directly (`umls.latest`, or
   * no libraries): concepts then report the knowledge base's own name.
   */
  readonly builtInSource?: string;
  readonly dictionaries: readonly LibraryDictionary[];
}

const BUILT_IN = new Set(BUILT_IN_LIBRARY_IDS.map((id) => id.toLowerCase()));

/**
 * True for `umls.latest`, `umls.2022AA`, ..., for built-in dictionary names like `umls.2022AA.dic`, and for
 * the predefined library artifacts cartridges list without a payload (`umls_2022aa_library`).
 */
export function isBuiltInLibraryId(id: string): boolean {
  const lower = id.toLowerCase();
  return BUILT_IN.has(lower) || /^umls\.(latest|\d{4}[a-z]{2})(\.p?dic)?$/.test(lower) || /^umls_(latest|\d{4}[a-z]{2})_library$/.test(lower);
}

export function resolveLibraries(libraryIds: readonly string[], artifacts: ArtifactLookup): ResolvedLibraries {
  if (libraryIds.length === 0) return { builtIn: true, dictionaries: [] };
  let builtIn = false;
  let builtInSource: string | undefined;
  let direct = false;
  const dictionaries: LibraryDictionary[] = [];
  const seen = new Set<object>();
  for (const id of libraryIds) {
    if (isBuiltInLibraryId(id)) {
      builtIn = true;
      direct = true;
      continue;
    }
    const library = artifacts.get('library', id) as LibraryBody | undefined;
    if (library === undefined || typeof library !== 'object' || library === null) {
      throw new DomainError('INVALID_ANNOTATOR_PARAMETER', `concept_detection: library "${id}" is neither a built-in library (umls.latest) nor a deployed library artifact`);
    }
    if (library.enabled === false) continue;
    const codeFields = Array.isArray(library.optionalFields?.medical_codes) ? new Set(library.optionalFields.medical_codes) : undefined;
    for (const dictionaryId of library.dictionaries ?? []) {
      if (isBuiltInLibraryId(dictionaryId)) {
        builtIn = true;
        builtInSource ??= nonEmpty(library.sourceName);
        continue;
      }
      const body = findDictionary(dictionaryId, artifacts);
      if (body === undefined || seen.has(body)) continue; // .pdic twins and unknown built-ins resolve to nothing new
      seen.add(body);
      dictionaries.push({
        compiled: compileDictionary(body),
        source: nonEmpty(library.sourceName) ?? nonEmpty(body.name) ?? id,
        sourceVersion: nonEmpty(library.sourceVersion) ?? '',
        ...(codeFields === undefined ? {} : { codeFields }),
      });
    }
  }
  return { builtIn, ...(builtInSource === undefined || direct ? {} : { builtInSource }), dictionaries };
}

/**
 * A dictionary named by artifact id, or by a compiled attachment id `<artifactId>_<name>.dic` (ACD libraries
 * list attachments): the extension is dropped and shorter `_`-prefixes are tried, longest first.
 */
export function findDictionary(id: string, artifacts: ArtifactLookup): DictionaryBody | undefined {
  const direct = asDictionary(artifacts.get('dictionary', id));
  if (direct !== undefined) return direct;
  let candidate = id.replace(/\.(p?dic|json)$/i, '');
  const exact = asDictionary(artifacts.get('dictionary', candidate));
  if (exact !== undefined) return exact;
  for (let cut = candidate.lastIndexOf('_'); cut > 0; cut = candidate.lastIndexOf('_')) {
    candidate = candidate.slice(0, cut);
    const found = asDictionary(artifacts.get('dictionary', candidate));
    if (found !== undefined) return found;
  }
  return undefined;
}

function asDictionary(body: unknown): DictionaryBody | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  return Array.isArray((body as { concepts?: unknown }).concepts) ? (body as DictionaryBody) : undefined;
}

function nonEmpty(s: unknown): string | undefined {
  return typeof s === 'string' && s.trim() !== '' ? s : undefined;
}
