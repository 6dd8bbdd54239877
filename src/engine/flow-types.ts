// Wire types of the analysis request (reference §3): flows, flow elements, annotators, profiles.
// Field names are exactly the ACD wire names.
import type { AnnotatorConfiguration } from './annotator.js';

/** Annotator parameters on the wire: name → array of strings (booleans written "true"/"false"). */
export type AcdParameters = Readonly<Record<string, readonly string[]>>;

export interface AcdAnnotator {
  readonly name: string;
  readonly parameters?: AcdParameters;
  readonly configurations?: readonly AnnotatorConfiguration[];
}

/** One element of a flow: an annotator, or a nested flow (reference §3, DOC `filtering.md`). */
export interface FlowEntry {
  readonly annotator?: AcdAnnotator;
  readonly flow?: Flow;
}

/** The annotator graph of an annotator flow (SDK name `Flow`). */
export interface Flow {
  readonly elements: readonly FlowEntry[];
  readonly async?: boolean;
}

export interface AcdAnnotatorFlow {
  readonly profile?: string;
  readonly flow: Flow;
  readonly id?: string;
  readonly type?: string;
  readonly data?: unknown;
  readonly metadata?: unknown;
  readonly globalConfigurations?: readonly AnnotatorConfiguration[];
  readonly uid?: number;
}

/** A persisted profile (reference §2.4): parameters and configurations per annotator name. */
export interface AcdProfile {
  readonly id?: string;
  readonly name?: string;
  readonly description?: string;
  readonly publishedDate?: string;
  readonly publish?: boolean;
  readonly version?: string;
  readonly cartridgeId?: string;
  readonly annotators?: readonly AcdAnnotator[];
}

/** A persisted flow (reference §2.5): the profile envelope with `annotatorFlows`. */
export interface AcdFlow {
  readonly id?: string;
  readonly name?: string;
  readonly description?: string;
  readonly publishedDate?: string;
  readonly publish?: boolean;
  readonly version?: string;
  readonly cartridgeId?: string;
  readonly annotatorFlows?: readonly AcdAnnotatorFlow[];
}

/** A filter configuration (reference §6.3): keep-predicate `condition` over the annotations under `target`. */
export interface AcdFilter {
  readonly target: string;
  readonly condition?: unknown;
  readonly serviceFiltered?: boolean;
  readonly [field: string]: unknown;
}
