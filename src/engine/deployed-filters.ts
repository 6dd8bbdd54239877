// The `filters` parameter of annotators (reference §5.1, §6.3): ids of deployed filter artifacts, kind
// `filter` (turn-key annotators, spell_checker, disambiguation) or `concept_filter` (concept_detection);
// a profile may name either for any annotator, so both kinds are looked up. Only the filters whose
// target is the annotator's own data key apply. Compiled once per artifact body (a redeploy brings a new
// body, hence a new compilation).
import { compileFilter, filtersOf, type CompiledFilter } from '../cartridge/filter-condition.js';
import { DomainError } from '../errors.js';
import type { Annotation } from './document.js';
import type { ArtifactLookup } from './resources.js';

const compiledFilters = new WeakMap<object, readonly CompiledFilter[]>();

/** The compiled filters of `ids` whose target is `layerKey`; an id that names no deployed filter is a 400. */
export function deployedFilters(annotatorId: string, layerKey: string, ids: readonly string[], artifacts: ArtifactLookup): CompiledFilter[] {
  const out: CompiledFilter[] = [];
  for (const id of ids) {
    const body = artifacts.get('filter', id) ?? artifacts.get('concept_filter', id);
    if (typeof body !== 'object' || body === null) {
      throw new DomainError('INVALID_ANNOTATOR_PARAMETER', `${annotatorId}: filter "${id}" is not a deployed filter or concept_filter artifact`);
    }
    let filters = compiledFilters.get(body);
    if (filters === undefined) {
      filters = filtersOf(body).map(compileFilter);
      compiledFilters.set(body, filters);
    }
    out.push(...filters.filter((f) => f.key === layerKey));
  }
  return out;
}

/** Keeps the annotations of `layerKey` that every applicable deployed filter keeps. */
export function applyDeployedFilters(annotatorId: string, layerKey: string, annotations: Annotation[], ids: readonly string[], artifacts: ArtifactLookup): Annotation[] {
  let out = annotations;
  for (const filter of deployedFilters(annotatorId, layerKey, ids, artifacts)) {
    // One condition context per filter (the layer as the filter sees it), shared by its tests.
    const context = { data: { [layerKey]: out } };
    out = out.filter((a) => filter.keep(a, context));
  }
  return out;
}
