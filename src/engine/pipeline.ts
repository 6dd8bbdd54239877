// Compiles an ACD flow into a pipeline and runs it over Documents (STYLE.md "An annotator").
//
// compilePipeline():
// - flattens the flow: `{annotator}` elements and nested `{flow}` elements, depth first, in order; nested
//   flows marked `async: true` run serially too (the order is then the written order);
// - merges the profile: for an element whose annotator `name` the profile lists, the profile's
//   `parameters` are the base and the element's `parameters` win per parameter name; `configurations`
//   are concatenated, the profile's first;
// - resolves each name in the registry: an ACD id this service does not implement, or an unknown id,
//   is a DomainError INVALID_ANNOTATOR_FLOW naming it (unless `unimplemented: 'skip'` for ACD ids);
// - parses parameters once (params.ts) and compiles `filter` configurations once;
// - checks `requires` against the built-in layers (`tokens`, `sentences`), the layers given up front
//   and what earlier annotators produce: a missing requirement is a 400 before any text runs.
// Pipeline.run() calls `init(resources)` once per (annotator, resources) (cached in a WeakMap keyed by
// the resources snapshot), runs each annotator, applies its result (add, then update, then remove),
// propagates section context, runs the annotator's filters, and after the last element the global
// filters. Section context: once a `sections` layer exists, every other annotation (earlier ones
// included) gets the `sectionNormalizedName` / `sectionSurfaceForm` (the section trigger's
// `sectionNormalizedName` / `coveredText`) of the innermost section containing it; fields an annotator
// set itself are kept.
import type { Static, TObject } from '@sinclair/typebox';
import { compileFilter, createConditionCache, type CompiledFilter, type ConditionContext } from '../cartridge/filter-condition.js';
import type { FilterDefinition } from '../cartridge/cartridge-model.js';
import { DomainError } from '../errors.js';
import { isAcdAnnotatorId } from './acd-catalogue.js';
import type { AnnotatorConfiguration, AnnotatorDefinition, AnnotatorResult } from './annotator.js';
import type { Annotation, Document } from './document.js';
import type { AcdAnnotator, AcdProfile, Flow, FlowEntry } from './flow-types.js';
import { parseAnnotatorParams, type RawParameterValue } from './params.js';
import { ANNOTATORS } from './registry.js';
import type { EngineResources } from './resources.js';

/** Layers every Document has before the first annotator runs. */
export const BUILT_IN_LAYERS: readonly string[] = ['tokens', 'sentences'];
export const SECTIONS_LAYER = 'sections';

export interface PipelineOptions {
  /** Annotators to resolve names against (default: the registry). */
  readonly annotators?: readonly AnnotatorDefinition[];
  /** An ACD annotator id not implemented here: `reject` (default, 400) or `skip` (noted in `notes`). */
  readonly unimplemented?: 'reject' | 'skip';
  /** Configurations applied after the whole flow (`globalConfigurations`); their filters run last. */
  readonly globalConfigurations?: readonly AnnotatorConfiguration[];
  /** Layer keys present before the flow runs (annotations the request container carries in `data`). */
  readonly initialLayers?: readonly string[];
  /** Prefix of the field paths named in error messages (e.g. `annotatorFlows[0].flow`). */
  readonly path?: string;
  /** Receives debug notes (ignored parameters, skipped annotators) as they are found. */
  readonly debug?: (message: string) => void;
}

export interface PipelineStep {
  readonly annotator: AnnotatorDefinition;
  readonly params: Static<TObject>;
  readonly configurations: readonly AnnotatorConfiguration[];
  readonly filters: readonly CompiledFilter[];
}

export interface Pipeline {
  readonly steps: readonly PipelineStep[];
  /** Layer keys the steps produce, first producer first, without duplicates. */
  readonly produces: readonly string[];
  /** Debug notes gathered while compiling (ignored parameters, skipped annotators). */
  readonly notes: readonly string[];
  /** Runs every step over `doc` (its layers are written in place) and returns it; `timer` receives each step's time. */
  run(doc: Document, resources: EngineResources, timer?: StepTimer): Document;
}

/** Receives the time one annotator took on one document (metrics); the pipeline only measures when given one. */
export type StepTimer = (annotatorId: string, ms: number) => void;

interface FlatElement {
  readonly annotator: AcdAnnotator;
  readonly path: string;
}

function invalidFlow(description: string): DomainError {
  return new DomainError('INVALID_ANNOTATOR_FLOW', description);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const MAX_FLOW_DEPTH = 16;

/** The annotator elements of a flow, nested flows expanded in place; validates the shape as it goes. */
export function flattenFlow(flow: Flow, path = 'flow'): FlatElement[] {
  const out: FlatElement[] = [];
  const visit = (f: unknown, p: string, depth: number): void => {
    if (depth > MAX_FLOW_DEPTH) throw invalidFlow(`${p}: flows are nested deeper than ${MAX_FLOW_DEPTH} levels`);
    if (!isRecord(f)) throw invalidFlow(`${p} must be an object with an "elements" array`);
    if (!Array.isArray(f.elements)) throw invalidFlow(`${p}.elements must be an array`);
    if (f.async !== undefined && typeof f.async !== 'boolean') throw invalidFlow(`${p}.async must be a boolean`);
    (f.elements as unknown[]).forEach((entry, i) => {
      const ep = `${p}.elements[${i}]`;
      if (!isRecord(entry)) throw invalidFlow(`${ep} must be an object with "annotator" or "flow"`);
      const e = entry as FlowEntry;
      if (e.annotator !== undefined && e.flow !== undefined) throw invalidFlow(`${ep} must have either "annotator" or "flow", not both`);
      if (e.flow !== undefined) {
        visit(e.flow, `${ep}.flow`, depth + 1);
      } else if (e.annotator !== undefined) {
        checkAnnotator(e.annotator, `${ep}.annotator`);
        out.push({ annotator: e.annotator, path: `${ep}.annotator` });
      } else {
        throw invalidFlow(`${ep} must have "annotator" or "flow"`);
      }
    });
  };
  visit(flow, path, 0);
  return out;
}

// A null field is an absent one (null-fields.ts). Parameter values are arrays of strings, as in profiles
// (src/artifacts/annotator-config.ts): a single string such as `"expanded": "true"` is refused with the
// form to send, so that a flow accepted here can also be stored as a profile or flow.
function checkAnnotator(a: unknown, path: string): void {
  if (!isRecord(a)) throw invalidFlow(`${path} must be an object with a "name"`);
  if (typeof a.name !== 'string' || a.name === '') throw invalidFlow(`${path}.name must be a non-empty string`);
  if (a.parameters != null) {
    if (!isRecord(a.parameters)) throw invalidFlow(`${path}.parameters must be an object mapping parameter names to arrays of strings`);
    for (const [name, values] of Object.entries(a.parameters)) {
      if (values === null || (Array.isArray(values) && values.every((v) => typeof v === 'string'))) continue;
      const hint = typeof values === 'string' ? `; write ${JSON.stringify({ [name]: [values] })}` : '';
      throw new DomainError('INVALID_ANNOTATOR_PARAMETER', `${path}.parameters.${name}: parameter "${name}" must be an array of strings${hint}`);
    }
  }
  if (a.configurations != null && !Array.isArray(a.configurations)) throw invalidFlow(`${path}.configurations must be an array`);
}

/** Profile entries by annotator name (the last entry wins when a profile lists a name twice). */
function profileEntries(profile: AcdProfile | undefined): Map<string, AcdAnnotator> {
  const map = new Map<string, AcdAnnotator>();
  const list = profile?.annotators;
  if (!Array.isArray(list)) return map;
  for (const a of list as unknown[]) {
    if (isRecord(a) && typeof a.name === 'string') map.set(a.name, a as unknown as AcdAnnotator);
  }
  return map;
}

/** Profile parameters as the base, element parameters winning per name; configurations: profile's, then element's. */
export function mergeProfile(element: AcdAnnotator, fromProfile: AcdAnnotator | undefined): AcdAnnotator {
  if (fromProfile === undefined) return element;
  const profileParameters = isRecord(fromProfile.parameters) ? fromProfile.parameters : {};
  const profileConfigurations = Array.isArray(fromProfile.configurations) ? fromProfile.configurations : [];
  return {
    name: element.name,
    parameters: { ...profileParameters, ...(element.parameters ?? {}) },
    configurations: [...profileConfigurations, ...(element.configurations ?? [])],
  };
}

function compileFilters(configurations: readonly AnnotatorConfiguration[], path: string): CompiledFilter[] {
  const filters: CompiledFilter[] = [];
  configurations.forEach((c, i) => {
    if (!isRecord(c)) throw invalidFlow(`${path}[${i}] must be an object`);
    if (c.filter === undefined) return;
    try {
      filters.push(compileFilter(c.filter as FilterDefinition));
    } catch (error) {
      if (error instanceof DomainError) throw new DomainError(error.kind, `${path}[${i}].filter: ${error.description}`, { cause: error });
      throw error;
    }
  });
  return filters;
}

function producersOf(layer: string, annotators: readonly AnnotatorDefinition[]): string[] {
  return annotators.filter((a) => a.produces.includes(layer)).map((a) => a.id);
}

export function compilePipeline(flow: Flow, profile?: AcdProfile, options: PipelineOptions = {}): Pipeline {
  const annotators = options.annotators ?? ANNOTATORS;
  const byId = new Map(annotators.map((a) => [a.id, a]));
  const path = options.path ?? 'flow';
  const notes: string[] = [];
  const note = (message: string): void => {
    notes.push(message);
    options.debug?.(message);
  };
  const fromProfile = profileEntries(profile);
  const available = new Set<string>([...BUILT_IN_LAYERS, ...(options.initialLayers ?? [])]);
  const produces: string[] = [];
  const steps: PipelineStep[] = [];

  for (const element of flattenFlow(flow, path)) {
    const name = element.annotator.name;
    const annotator = byId.get(name);
    if (annotator === undefined) {
      if (!isAcdAnnotatorId(name)) {
        throw invalidFlow(`${element.path}.name: unknown annotator "${name}"; GET /v1/annotators lists the annotators of this service`);
      }
      if (options.unimplemented === 'skip') {
        note(`annotator ${name} is not implemented by this service; skipped`);
        continue;
      }
      throw invalidFlow(`annotator ${name} is not implemented by this service (${element.path})`);
    }
    const merged = mergeProfile(element.annotator, fromProfile.get(name));
    const parsed = parseAnnotatorParams(name, annotator.params, merged.parameters as Readonly<Record<string, RawParameterValue>> | undefined);
    for (const unknown of parsed.unknown) note(`annotator ${name}: unknown parameter "${unknown}" ignored`);
    const missing = annotator.requires.filter((layer) => !available.has(layer));
    if (missing.length > 0) {
      const hints = missing.map((layer) => {
        const by = producersOf(layer, annotators);
        return by.length > 0 ? `${layer} (produced by ${by.join(', ')})` : layer;
      });
      throw invalidFlow(`annotator ${name} requires ${hints.join(' and ')}, which no earlier annotator in the flow produces; put a producer before ${name}`);
    }
    const configurations = merged.configurations ?? [];
    steps.push({ annotator, params: parsed.params, configurations, filters: compileFilters(configurations, `${element.path}.configurations`) });
    for (const layer of annotator.produces) {
      available.add(layer);
      if (!produces.includes(layer)) produces.push(layer);
    }
  }
  const globalFilters = compileFilters(options.globalConfigurations ?? [], 'globalConfigurations');
  return {
    steps,
    produces,
    notes,
    run: (doc, resources, timer) => runSteps(steps, globalFilters, doc, resources, timer),
  };
}

// ---- running ----

const compiledByResources = new WeakMap<EngineResources, Map<AnnotatorDefinition, unknown>>();

/** The annotator's compiled state for these resources: `init` runs once per (annotator, resources). */
export function compiledState(annotator: AnnotatorDefinition, resources: EngineResources): unknown {
  let perResources = compiledByResources.get(resources);
  if (perResources === undefined) {
    perResources = new Map();
    compiledByResources.set(resources, perResources);
  }
  if (!perResources.has(annotator)) perResources.set(annotator, annotator.init(resources));
  return perResources.get(annotator);
}

function runSteps(steps: readonly PipelineStep[], globalFilters: readonly CompiledFilter[], doc: Document, resources: EngineResources, timer?: StepTimer): Document {
  const sections = new SectionIndex();
  for (const step of steps) {
    const startedMs = timer === undefined ? 0 : performance.now();
    const compiled = compiledState(step.annotator, resources);
    const result = step.annotator.run(doc, step.params, compiled, { resources, configurations: step.configurations });
    applyResult(doc, result);
    // Section fields first: cartridge filters test `*.sectionNormalizedName`.
    sections.refresh(doc);
    if (step.filters.length > 0) runFilters(doc, step.filters);
    if (timer !== undefined) timer(step.annotator.id, performance.now() - startedMs);
  }
  if (globalFilters.length > 0) runFilters(doc, globalFilters);
  return doc;
}

/** Writes one AnnotatorResult into the Document: adds, then field updates, then removals. */
export function applyResult(doc: Document, result: AnnotatorResult): void {
  if (result.add !== undefined) {
    for (const [key, added] of Object.entries(result.add)) {
      let list = doc.layers.get(key);
      if (list === undefined) {
        list = [];
        doc.layers.set(key, list);
      }
      for (const annotation of added) list.push(annotation);
    }
  }
  if (result.update !== undefined) {
    for (const { target, fields } of result.update) Object.assign(target, fields);
  }
  if (result.remove !== undefined && result.remove.length > 0) removeAnnotations(doc, new Set(result.remove));
}

function removeAnnotations(doc: Document, removed: ReadonlySet<Annotation>): void {
  for (const [key, list] of doc.layers) {
    if (list.some((a) => removed.has(a))) doc.layers.set(key, list.filter((a) => !removed.has(a)));
  }
}

/**
 * Runs filters in order; each sees the layers as the filters before it left them (`data`, the container
 * data that `overlaps` conditions read, is built once and kept in step with the layers).
 */
function runFilters(doc: Document, filters: readonly CompiledFilter[]): void {
  let data: Record<string, Annotation[]> | undefined;
  // One condition cache while `data` stays as it is (a filter that drops annotations starts a new one).
  let context: ConditionContext | undefined;
  for (const filter of filters) {
    const list = doc.layers.get(filter.key);
    if (list === undefined || list.length === 0) continue;
    data ??= Object.fromEntries(doc.layers);
    context ??= { data, cache: createConditionCache() };
    const kept: Annotation[] = [];
    for (const a of list) if (filter.keep(a, context)) kept.push(a);
    if (kept.length !== list.length) {
      doc.layers.set(filter.key, kept);
      data[filter.key] = kept;
      context = undefined;
    }
  }
}

interface SectionSpan {
  readonly begin: number;
  readonly end: number;
  readonly normalizedName: string;
  readonly surfaceForm: string;
}

function sectionSpan(section: Annotation): SectionSpan | undefined {
  const trigger = isRecord(section.trigger) ? section.trigger : {};
  const normalizedName = typeof trigger.sectionNormalizedName === 'string' ? trigger.sectionNormalizedName
    : typeof section.sectionNormalizedName === 'string' ? section.sectionNormalizedName : undefined;
  const surfaceForm = typeof trigger.coveredText === 'string' ? trigger.coveredText
    : typeof section.sectionSurfaceForm === 'string' ? section.sectionSurfaceForm : undefined;
  if (normalizedName === undefined) return undefined;
  return { begin: section.begin, end: section.end, normalizedName, surfaceForm: surfaceForm ?? normalizedName };
}

/**
 * Section context propagation: after each step, every annotation outside the `sections` layer that
 * lies inside a section and has no section fields yet gets those of the innermost containing section.
 * Annotations already stamped are remembered, so each is looked at once.
 */
class SectionIndex {
  private spans: SectionSpan[] = [];
  private layer: readonly Annotation[] | undefined;
  /**
   * Annotations looked at and left without section fields (outside every section). A plain Set (cheaper
   * for the collector than a WeakSet): the index lives for one run of the pipeline.
   */
  private readonly seen = new Set<Annotation>();
  /**
   * Per layer key, the list looked at last time and how many of its annotations: the pipeline only
   * appends to a layer's list (a list it filters is a new list), so only the new tail needs a look.
   */
  private readonly done = new Map<string, { list: readonly Annotation[]; count: number }>();

  refresh(doc: Document): void {
    const layer = doc.layers.get(SECTIONS_LAYER);
    if (layer === undefined || layer.length === 0) return;
    if (layer !== this.layer) {
      this.layer = layer;
      this.spans = layer.map(sectionSpan).filter((s): s is SectionSpan => s !== undefined).sort((a, b) => a.begin - b.begin || b.end - a.end);
    }
    if (this.spans.length === 0) return;
    for (const [key, list] of doc.layers) {
      if (key === SECTIONS_LAYER) continue;
      const done = this.done.get(key);
      const from = done !== undefined && done.list === list && done.count <= list.length ? done.count : 0;
      if (done === undefined) this.done.set(key, { list, count: list.length });
      else {
        done.list = list;
        done.count = list.length;
      }
      for (let i = from; i < list.length; i++) {
        const annotation = list[i] as Annotation;
        // Stamped annotations need no memo: the field itself says they were looked at.
        if (annotation.sectionNormalizedName !== undefined || this.seen.has(annotation)) continue;
        const section = this.containing(annotation.begin, annotation.end);
        if (section !== undefined) {
          annotation.sectionNormalizedName = section.normalizedName;
          annotation.sectionSurfaceForm = section.surfaceForm;
        } else {
          this.seen.add(annotation);
        }
      }
    }
  }

  /** Innermost section containing [begin, end): the containing one with the greatest begin. */
  private containing(begin: number, end: number): SectionSpan | undefined {
    let lo = 0;
    let hi = this.spans.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.spans[mid] as SectionSpan).begin <= begin) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo - 1; i >= 0; i--) {
      const s = this.spans[i] as SectionSpan;
      if (s.end >= end) return s;
    }
    return undefined;
  }
}
