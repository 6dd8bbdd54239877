// What an annotator component is (STYLE.md "An annotator"): an id, what it requires and produces
// (layer keys), its parameters as a TypeBox schema with defaults, `init` that compiles its rules once,
// and a pure `run` that reads the Document and returns what to add, change or remove.
import type { Static, TObject } from '@sinclair/typebox';
import type { Annotation, Document } from './document.js';
import type { EngineResources } from './resources.js';

export interface AnnotationUpdate {
  readonly target: Annotation;
  readonly fields: Readonly<Record<string, unknown>>;
}

export interface AnnotatorResult {
  /** New annotations per wire layer key. */
  readonly add?: Readonly<Record<string, readonly Annotation[]>>;
  /** Field changes on annotations already in the Document (e.g. `negated: true`). */
  readonly update?: readonly AnnotationUpdate[];
  /** Annotations to drop from every layer (e.g. `remove_negated`). */
  readonly remove?: readonly Annotation[];
}

/** ACD configuration objects attached to a flow element (`configurations`), passed through untouched. */
export type AnnotatorConfiguration = Readonly<Record<string, unknown>>;

export interface RunContext {
  readonly resources: EngineResources;
  readonly configurations: readonly AnnotatorConfiguration[];
}

export interface AnnotatorDefinition<P extends TObject = TObject, C = unknown> {
  readonly id: string;
  readonly description: string;
  /** Layer keys (or the built-ins `tokens`, `sentences`) that must exist before this runs. */
  readonly requires: readonly string[];
  /** Layer keys this annotator adds. */
  readonly produces: readonly string[];
  /** Parameters; every property has a default. ACD sends each as an array of strings. */
  readonly params: P;
  /** Compiles rules and lexicons once per set of resources. */
  init(resources: EngineResources): C;
  run(doc: Document, params: Static<P>, compiled: C, ctx: RunContext): AnnotatorResult;
}

export function defineAnnotator<P extends TObject, C>(definition: AnnotatorDefinition<P, C>): AnnotatorDefinition<P, C> {
  return definition;
}
