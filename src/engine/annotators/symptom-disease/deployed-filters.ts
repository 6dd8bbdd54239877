// The `filters` parameter of the turn-key clinical annotators (reference §5.1): ids of deployed
// concept_filter artifacts; the filters whose target is the annotator's own data key are applied to what
// it produced (src/cartridge/filter-condition.ts), compiled once per artifact body.
import { compileFilter, filtersOf, type CompiledFilter } from '../../../cartridge/filter-condition.js';
import { DomainError } from '../../../errors.js';
import type { Annotation } from '../../document.js';
import type { ArtifactLookup } from '../../resources.js';

const compiledFilters = new WeakMap<object, CompiledFilter[]>();

export function applyDeployedFilters(annotatorId: string, key: string, annotations: Annotation[], ids: readonly string[], artifacts: ArtifactLookup): Annotation[] {
  let out = annotations;
  for (const id of ids) {
    const body = artifacts.get('concept_filter', id);
    if (typeof body !== 'object' || body === null) {
      throw new DomainError('INVALID_ANNOTATOR_PARAMETER', `${annotatorId}: filter "${id}" is not a deployed concept_filter artifact`);
    }
    let filters = compiledFilters.get(body);
    if (filters === undefined) {
      filters = filtersOf(body).map(compileFilter);
      compiledFilters.set(body, filters);
    }
    for (const filter of filters) {
      if (filter.key !== key) continue;
      const data = { [key]: out };
      out = out.filter((a) => filter.keep(a, { data }));
    }
  }
  return out;
}
