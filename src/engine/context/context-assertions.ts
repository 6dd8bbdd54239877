// What the negation and hypothetical annotators share beyond the engine: running the engine over the
// target layers for a set of categories, and the opt-in extension fields `familyHistory` (experiencer is a
// family member) and `historical` (temporality is historical), which ACD does not have.
import type { Annotation, Document } from '../document.js';
import type { ContextCategory } from './context-rule.js';
import { findContextScopes, matchTargets, type CompiledContext, type ContextHit } from './context-engine.js';
import { extendFamilyScopes } from './experiencer.js';
import { isLifetimeNegation } from './temporality.js';

export interface ContextRun {
  readonly targets: readonly Annotation[];
  /** Hits by category (one per target and category, the nearest trigger, unless allScopes was asked). */
  readonly hits: ReadonlyMap<ContextCategory, readonly ContextHit[]>;
}

export function runContext(
  doc: Document,
  compiled: CompiledContext,
  targets: readonly Annotation[],
  categories: readonly ContextCategory[],
  fullyCovered: boolean,
  allScopes = false,
): ContextRun {
  const wanted = new Set(categories);
  const hits = new Map<ContextCategory, ContextHit[]>();
  for (const c of wanted) hits.set(c, []);
  if (targets.length === 0 || wanted.size === 0) return { targets, hits };
  const scopes = findContextScopes(doc, compiled, wanted);
  // A relative named as the subject stays the experiencer to the end of the statement (experiencer.ts).
  if (wanted.has('FAMILY')) for (const extra of extendFamilyScopes(doc, scopes)) scopes.push(extra);
  for (const hit of matchTargets(scopes, targets, { fullyCovered, allScopes })) hits.get(hit.scope.category)?.push(hit);
  return { targets, hits };
}

export function hitTargets(run: ContextRun, ...categories: ContextCategory[]): Set<Annotation> {
  const out = new Set<Annotation>();
  for (const c of categories) for (const hit of run.hits.get(c) ?? []) out.add(hit.target);
  return out;
}

export interface ExtraAssertionOptions {
  readonly detectFamilyHistory: boolean;
  readonly detectHistorical: boolean;
}

/** Categories the extension flags need besides the annotator's own. */
export function extraCategories(options: ExtraAssertionOptions): ContextCategory[] {
  const out: ContextCategory[] = [];
  if (options.detectFamilyHistory) out.push('FAMILY');
  if (options.detectHistorical) out.push('HISTORICAL');
  return out;
}

/** Sections whose content is past history, and the family-history section (normalised names). */
export const HISTORICAL_SECTION_NAMES: ReadonlySet<string> = new Set(['past medical history', 'past surgical history']);
export const FAMILY_SECTION_NAMES: ReadonlySet<string> = new Set(['family history']);

/**
 * The normalised section name of a target: its own `sectionNormalizedName` (set by the pipeline) or, when
 * the section annotator ran earlier in the flow, the section of the `sections` layer containing it.
 */
export function sectionNameOf(doc: Document, target: Annotation): string | undefined {
  if (typeof target.sectionNormalizedName === 'string') return target.sectionNormalizedName;
  const sections = doc.layers.get('sections');
  if (sections === undefined) return undefined;
  for (const s of sections) {
    if (s.begin <= target.begin && target.end <= s.end) {
      const trigger = s.trigger as { sectionNormalizedName?: unknown } | undefined;
      return typeof trigger?.sectionNormalizedName === 'string' ? trigger.sectionNormalizedName : undefined;
    }
  }
  return undefined;
}

/**
 * `familyHistory` / `historical` booleans for every target, when the options ask for them: true when a
 * trigger's scope covers the target, or when the target lies in a family-history / past-history section.
 * A negated habit or allergy (`denies alcohol use`, `no known drug allergies`), or any negated mention in a
 * social-history or allergies section, is historical too: a lifetime statement (temporality.ts).
 */
export function extraAssertionFields(
  doc: Document,
  target: Annotation,
  options: ExtraAssertionOptions,
  family: ReadonlySet<Annotation>,
  historical: ReadonlySet<Annotation>,
  negated = target.negated === true,
): Record<string, boolean> {
  const fields: Record<string, boolean> = {};
  if (!options.detectFamilyHistory && !options.detectHistorical) return fields;
  const section = sectionNameOf(doc, target);
  if (options.detectFamilyHistory) fields.familyHistory = family.has(target) || (section !== undefined && FAMILY_SECTION_NAMES.has(section));
  if (options.detectHistorical) {
    fields.historical = historical.has(target) || (section !== undefined && HISTORICAL_SECTION_NAMES.has(section))
      || (negated && isLifetimeNegation(doc.text.slice(target.begin, target.end), section));
  }
  return fields;
}
