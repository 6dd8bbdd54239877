// relation (reference §5.1, §4.4 Relation): relations between concepts of one sentence, from open knowledge —
// MeSH pharmacological actions with authored drug-class indications (may_treat, may_prevent) and finding sites
// from anatomy after a disorder (has_finding_site) — as ACD's `relations` records. The algorithm is
// find-relations.ts; the rules resources/relation/en.json; the actions the knowledge base's side table.
import { Type } from '@sinclair/typebox';
import { defineAnnotator } from '../../annotator.js';
import type { Annotation } from '../../document.js';
import { findRelations } from './find-relations.js';
import { compileRelationRules } from './relation-rules.js';

export const relationParams = Type.Object({
  relationship_configurations: Type.Array(Type.String(), { default: [], description: 'Accepted for compatibility (ACD relationship configuration ids).' }),
});

export const relationAnnotator = defineAnnotator({
  id: 'relation',
  description: 'Finds relations between concepts of one sentence: may_treat / may_prevent (MeSH pharmacological actions) and has_finding_site (anatomy).',
  requires: ['concepts'],
  produces: ['relations'],
  params: relationParams,
  init: (resources) => compileRelationRules(resources.kb),
  // Relations are records without a span (ACD's shape): their nodes reference the concepts, written as {uid}.
  run: (doc, _params, rules) => ({ add: { relations: findRelations(doc, rules) as unknown as Annotation[] } }),
});
