// The `section` annotator (reference §5.1, §4.4): recognises section headers from the built-in title
// lexicon (resources/sections/en.json) and any `whitelist` configuration, and returns one `aci.Section`
// per header spanning to the next header. The pipeline copies sectionNormalizedName / sectionSurfaceForm
// onto annotations inside sections; `sectionAt` finds the section of an offset.
import { Type, type Static } from '@sinclair/typebox';
import { defineAnnotator, type AnnotatorConfiguration, type AnnotatorResult } from '../../annotator.js';
import type { Annotation, Document } from '../../document.js';
import { tokenize } from '../../text/tokenize.js';
import data from '../../../../resources/sections/en.json' with { type: 'json' };
import { compileSectionTitles, parseSectionTitles, type SectionTitleLexicon, type SectionTitleSource, type SectionTitleTrie } from './section-titles.js';
import { detectSections } from './detect-sections.js';

export { sectionAt } from './detect-sections.js';

export const SECTION_TITLES_FILE = 'resources/sections/en.json';

export const sectionParams = Type.Object({
  include_covered_text: Type.Boolean({ default: false, description: 'Add coveredText (the whole section text) to each section.' }),
  turn_off_internal_triggers: Type.Boolean({ default: false, description: 'Ignore the built-in section titles; only whitelist titles from the configurations are used.' }),
  sections_can_start_anywhere: Type.Boolean({ default: false, description: 'Also accept a header that does not start a line (a known title in capitals or title case followed by a colon).' }),
  add_break_for_sections: Type.Boolean({ default: false, description: 'Accepted for compatibility; sections always end where the next one starts.' }),
  library: Type.Array(Type.String(), { default: [], description: 'Accepted for compatibility; the built-in title lexicon is always the library.' }),
});

export type SectionParams = Static<typeof sectionParams>;

export interface SectionTrigger {
  type: 'aci.SectionTrigger';
  begin: number;
  end: number;
  coveredText: string;
  source: string;
  sectionNormalizedName: string;
}

export interface SectionAnnotation extends Annotation {
  type: 'aci.Section';
  trigger: SectionTrigger;
}

export interface CompiledSections {
  readonly lexicon: SectionTitleLexicon;
  readonly internal: SectionTitleTrie;
  /**
   * Tries with a step's whitelist configurations, by configurations list and turn_off_internal_triggers:
   * a compiled pipeline hands the same list to every Document, so each is compiled once.
   */
  readonly withConfigurations: WeakMap<readonly AnnotatorConfiguration[], Map<boolean, SectionTitleTrie | undefined>>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Custom titles from `configurations: [{ whitelist: { name, entries: [{ surfaceForms: [...], features:
 * { normalizedName } }] } }]` (the ACD augmentation shape). Malformed entries are skipped.
 */
export function whitelistTitleSources(configurations: readonly AnnotatorConfiguration[]): SectionTitleSource[] {
  const out: SectionTitleSource[] = [];
  for (const config of configurations) {
    const whitelist = config.whitelist;
    if (!isRecord(whitelist) || !Array.isArray(whitelist.entries)) continue;
    const source = typeof whitelist.name === 'string' && whitelist.name !== '' ? whitelist.name : 'whitelist';
    const entries: Array<{ name: string; titles: string[] }> = [];
    for (const entry of whitelist.entries) {
      if (!isRecord(entry) || !Array.isArray(entry.surfaceForms)) continue;
      const titles = entry.surfaceForms.filter((s): s is string => typeof s === 'string' && s.trim() !== '');
      if (titles.length === 0) continue;
      const features = isRecord(entry.features) ? entry.features : {};
      const name = typeof features.normalizedName === 'string' && features.normalizedName !== '' ? features.normalizedName : (titles[0] as string).toLowerCase();
      entries.push({ name, titles });
    }
    if (entries.length > 0) out.push({ source, entries });
  }
  return out;
}

export function compileBuiltInSections(): CompiledSections {
  const lexicon = parseSectionTitles(data, SECTION_TITLES_FILE);
  return { lexicon, internal: compileSectionTitles([{ source: 'internal', entries: lexicon.sections }], tokenize), withConfigurations: new WeakMap() };
}

/** The title trie for these parameters and configurations (undefined: no titles at all). */
function titleTrie(compiled: CompiledSections, params: SectionParams, configurations: readonly AnnotatorConfiguration[]): SectionTitleTrie | undefined {
  const internal = params.turn_off_internal_triggers ? undefined : compiled.internal;
  if (configurations.length === 0) return internal;
  let byOff = compiled.withConfigurations.get(configurations);
  if (byOff === undefined) {
    byOff = new Map();
    compiled.withConfigurations.set(configurations, byOff);
  }
  if (byOff.has(params.turn_off_internal_triggers)) return byOff.get(params.turn_off_internal_triggers);
  const custom = whitelistTitleSources(configurations);
  let trie = internal;
  if (custom.length > 0) {
    const base: SectionTitleSource[] = params.turn_off_internal_triggers ? [] : [{ source: 'internal', entries: compiled.lexicon.sections }];
    trie = compileSectionTitles([...base, ...custom], tokenize);
  }
  byOff.set(params.turn_off_internal_triggers, trie);
  return trie;
}

/** The section analysis of one Document. */
export function annotateSections(
  doc: Document,
  compiled: CompiledSections,
  params: SectionParams,
  configurations: readonly AnnotatorConfiguration[] = [],
): AnnotatorResult {
  const trie = titleTrie(compiled, params, configurations);
  if (trie === undefined) return { add: { sections: [] } };
  const sections = detectSections(doc, trie, { canStartAnywhere: params.sections_can_start_anywhere }).map((s) => {
    const section = {
      type: 'aci.Section',
      begin: s.begin,
      end: s.end,
      ...(params.include_covered_text ? { coveredText: doc.text.slice(s.begin, s.end) } : {}),
      trigger: {
        type: 'aci.SectionTrigger',
        begin: s.triggerBegin,
        end: s.triggerEnd,
        coveredText: doc.text.slice(s.triggerBegin, s.triggerEnd),
        source: s.target.source,
        sectionNormalizedName: s.target.name,
      },
      annotator: 'section',
      ruleId: s.target.name,
    };
    return section as SectionAnnotation;
  });
  return { add: { sections } };
}

export const sectionAnnotator = defineAnnotator({
  id: 'section',
  description: 'Detects document sections from section titles and layout (line start, colon, capitals) and sets section fields on annotations within them.',
  requires: ['tokens', 'sentences'],
  produces: ['sections'],
  params: sectionParams,
  init: (): CompiledSections => compileBuiltInSections(),
  run: (doc, params, compiled, ctx) => annotateSections(doc, compiled, params, ctx.configurations),
});
