// Cross-artifact references inside a cartridge. ACD profiles name some filters by attachment id
// (`..._filter_filter_content`) and whitelists by compiled dictionary file (`....dic`); libraries list
// dictionaries by attachment id. Annotators look artifacts up by artifact id, so references made
// by attachment id are rewritten to the owning artifact id (reported as INFO). References that
// look local (they start with the cartridge id) but resolve to nothing are reported as WARNING.

import { cartridgeIssue, type CartridgeIssue } from './cartridge-issue.js';
import type { CartridgeArtifact, DeployableArtifact } from './cartridge-model.js';
import { isJsonObject, type JsonObject } from './json-value.js';

/** Annotator parameters whose values name artifacts, with the artifact types they may name. */
export const REFERENCE_PARAMETERS: ReadonlyMap<string, readonly string[]> = new Map([
  ['filters', ['filter', 'concept_filter']],
  ['libraries', ['library']],
  ['library', ['library']],
  ['attribute_set', ['attribute_set']],
  ['inference_rules', ['concept_inference_rules', 'inference_rules']],
  ['qualifier_set', ['attribute_set']],
]);

interface Resolver {
  /** Returns the artifact id the reference means (possibly unchanged); warns when it names an artifact of another type. */
  resolve(value: string, from: string, path: string, types: readonly string[]): string;
}

export function resolveReferences(
  artifacts: readonly CartridgeArtifact[],
  index: ReadonlyMap<string, CartridgeArtifact>,
  attachmentIndex: ReadonlyMap<string, string>,
  cartridgeId: string,
  issues: CartridgeIssue[],
): CartridgeArtifact[] {
  const reported = new Set<string>();
  const once = (key: string, issue: CartridgeIssue): void => {
    if (reported.has(key)) return;
    reported.add(key);
    issues.push(issue);
  };
  const resolver: Resolver = {
    resolve(value, from, path, types) {
      const direct = index.has(value) ? value : undefined;
      const owner = direct ?? attachmentIndex.get(value);
      if (owner !== undefined) {
        const target = index.get(owner);
        if (target !== undefined && !types.includes(target.type)) {
          once(`${from}\u0000${value}`, cartridgeIssue('WARNING', 'REFERENCE_TYPE_MISMATCH', `"${value}" names a ${target.type}; expected ${types.join(' or ')}`, { artifact: from, path }));
        } else if (direct === undefined) {
          once(`${from}\u0000${value}`, cartridgeIssue('INFO', 'REFERENCE_RESOLVED', `"${value}" is an attachment id; it refers to artifact "${owner}"`, { artifact: from, path }));
        }
        return owner;
      }
      if (cartridgeId !== '' && (value.startsWith(`${cartridgeId}_`) || value.startsWith(`${cartridgeId}.`))) {
        once(`${from}\u0000${value}`, cartridgeIssue('WARNING', 'UNRESOLVED_REFERENCE', `"${value}" names no artifact of this cartridge`, { artifact: from, path }));
      }
      return value;
    },
  };
  return artifacts.map((a) => {
    if (a.disposition !== 'deploy') return a;
    const body = rewriteBody(a, resolver, index, issues);
    return body === a.body ? a : ({ ...a, body } satisfies DeployableArtifact);
  });
}

function rewriteBody(a: DeployableArtifact, r: Resolver, index: ReadonlyMap<string, CartridgeArtifact>, issues: CartridgeIssue[]): Record<string, unknown> {
  switch (a.type) {
    case 'profile':
      return Array.isArray(a.body.annotators)
        ? { ...a.body, annotators: a.body.annotators.map((an, i) => rewriteAnnotator(an, r, a.id, `annotators[${i}]`)) }
        : a.body;
    case 'flow':
      return Array.isArray(a.body.annotatorFlows)
        ? { ...a.body, annotatorFlows: a.body.annotatorFlows.map((af, i) => rewriteAnnotatorFlow(af, r, a.id, `annotatorFlows[${i}]`, index, issues)) }
        : a.body;
    case 'library':
      return Array.isArray(a.body.dictionaries) ? { ...a.body, dictionaries: rewriteDictionaryList(a.body.dictionaries, r, a.id) } : a.body;
    default:
      return a.body;
  }
}

function rewriteAnnotatorFlow(af: unknown, r: Resolver, from: string, path: string, index: ReadonlyMap<string, CartridgeArtifact>, issues: CartridgeIssue[]): unknown {
  if (!isJsonObject(af)) return af;
  let out: JsonObject = af;
  if (typeof af.profile === 'string' && af.profile !== '') {
    const profile = r.resolve(af.profile, from, `${path}.profile`, ['profile']);
    const target = index.get(profile);
    if (target !== undefined && target.type !== 'profile') {
      issues.push(cartridgeIssue('ERROR', 'INVALID_FLOW', `${path}.profile names "${profile}", which is a ${target.type}, not a profile`, { artifact: from, path }));
    }
    out = { ...out, profile };
  }
  if (isJsonObject(af.flow)) out = { ...out, flow: rewriteFlow(af.flow, r, from, `${path}.flow`) };
  return out;
}

/** Nested flows deeper than this are left as they are (validation reports them). */
const MAX_FLOW_DEPTH = 16;

function rewriteFlow(flow: JsonObject, r: Resolver, from: string, path: string, depth = 0): JsonObject {
  if (!Array.isArray(flow.elements) || depth > MAX_FLOW_DEPTH) return flow;
  return {
    ...flow,
    elements: flow.elements.map((el, i) => {
      if (!isJsonObject(el)) return el;
      if (el.annotator !== undefined) return { ...el, annotator: rewriteAnnotator(el.annotator, r, from, `${path}.elements[${i}].annotator`) };
      if (isJsonObject(el.flow)) return { ...el, flow: rewriteFlow(el.flow, r, from, `${path}.elements[${i}].flow`, depth + 1) };
      return el;
    }),
  };
}

function rewriteAnnotator(an: unknown, r: Resolver, from: string, path: string): unknown {
  if (!isJsonObject(an)) return an;
  let out: JsonObject = an;
  if (isJsonObject(an.parameters)) {
    const parameters: JsonObject = {};
    for (const [key, values] of Object.entries(an.parameters)) {
      const types = REFERENCE_PARAMETERS.get(key);
      parameters[key] = types !== undefined && Array.isArray(values)
        ? values.map((v) => (typeof v === 'string' ? r.resolve(v, from, `${path}.parameters.${key}`, types) : v))
        : values;
    }
    out = { ...out, parameters };
  }
  if (Array.isArray(an.configurations)) {
    out = {
      ...out,
      configurations: an.configurations.map((c, i) => {
        if (!isJsonObject(c) || !isJsonObject(c.whitelist) || typeof c.whitelist.dictionaryFileName !== 'string') return c;
        const dictionaryFileName = r.resolve(c.whitelist.dictionaryFileName, from, `${path}.configurations[${i}].whitelist.dictionaryFileName`, ['dictionary']);
        return { ...c, whitelist: { ...c.whitelist, dictionaryFileName } };
      }),
    };
  }
  return out;
}

/** Library dictionaries: attachment ids (.dic, .pdic) → dictionary artifact ids, duplicates removed; built-ins kept. */
function rewriteDictionaryList(list: readonly unknown[], r: Resolver, from: string): unknown[] {
  const out: unknown[] = [];
  const seen = new Set<unknown>();
  list.forEach((v, i) => {
    const resolved = typeof v === 'string' ? r.resolve(v, from, `dictionaries[${i}]`, ['dictionary']) : v;
    if (seen.has(resolved)) return;
    seen.add(resolved);
    out.push(resolved);
  });
  return out;
}
