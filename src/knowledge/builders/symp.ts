// Symptom Ontology (symp.obo): signs and symptoms (`sosy`) with their UMLS CUI, MeSH and ICD cross-references.
import { join } from 'node:path';
import { canonicalCurie } from './curie.js';
import { synonymKind } from './doid.js';
import { parseObo, type OboTerm } from './obo.js';
import type { SourceRecord } from './source-record.js';
import { readSourceText } from './text-files.js';

export const SYMP_FILE = 'symp/symp.obo';

/**
 * A Symptom Ontology grouping term whose children include both "high <its name>" and "low <its name>" names the
 * measured quantity ("blood pressure" over high and low blood pressure), not a symptom: typed `clna` (Clinical
 * Attribute), so "monitors his blood pressure" is no disorder.
 */
function quantityTerms(terms: readonly OboTerm[]): Set<string> {
  const childNames = new Map<string, Set<string>>();
  for (const t of terms) for (const parent of t.isA) childNames.set(parent, (childNames.get(parent) ?? new Set()).add(t.name.toLowerCase()));
  const out = new Set<string>();
  for (const t of terms) {
    const name = t.name.toLowerCase();
    const children = childNames.get(t.id);
    if (children?.has(`high ${name}`) === true && children.has(`low ${name}`)) out.add(t.id);
  }
  return out;
}

export function sympRecords(oboText: string): SourceRecord[] {
  const records: SourceRecord[] = [];
  const terms = parseObo(oboText);
  const quantities = quantityTerms(terms);
  for (const term of terms) {
    if (term.obsolete || !term.id.startsWith('SYMP:') || term.name.startsWith('obsolete ')) continue;
    const ids = [term.id];
    // SYMP's CUIs came with its ICD-9-CM mappings (an `UMLS_ICD9CM_2005_AUI` beside them): they are the CUIs of
    // the ICD-9 codes' own concepts ("nausea" → C0375548 "Nausea alone" of 787.02, C0159058 of 787), not of the
    // symptom. The symptom's CUI comes from HPO (hpo-xrefs.ts) through the names HPO and SYMP share.
    const codeCuis = term.xrefs.some((x) => x.startsWith('UMLS_ICD9CM'));
    for (const x of term.xrefs) {
      const curie = canonicalCurie(x);
      if (curie === undefined || ids.includes(curie) || (codeCuis && curie.startsWith('UMLS:'))) continue;
      ids.push(curie);
    }
    records.push({
      source: 'SYMP',
      ids,
      preferredName: term.name,
      names: term.synonyms.map((s) => ({ text: s.text, kind: synonymKind(s) })),
      semanticTypes: [quantities.has(term.id) ? 'clna' : 'sosy'],
    });
  }
  return records;
}

export function readSymp(mirror: string): SourceRecord[] {
  return sympRecords(readSourceText(join(mirror, SYMP_FILE)));
}

/**
 * The CUIs sympRecords leaves out (those of a term's ICD-9-CM codes), by SYMP id. Where a phenotype ontology
 * gives one of them to a phenotype of its own, the code's concept is the symptom's ("Tachycardia" 785.0 →
 * C0039231, cited by HP "Tachycardia"): open-additions.ts gives the term that CUI then.
 */
export function sympCodeCuis(oboText: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const term of parseObo(oboText)) {
    if (term.obsolete || !term.id.startsWith('SYMP:') || !term.xrefs.some((x) => x.startsWith('UMLS_ICD9CM'))) continue;
    const cuis = term.xrefs.map(canonicalCurie).filter((c): c is string => c !== undefined && c.startsWith('UMLS:'));
    if (cuis.length > 0) out.set(term.id, [...new Set(cuis)]);
  }
  return out;
}

export function readSympCodeCuis(mirror: string): Map<string, string[]> {
  return sympCodeCuis(readSourceText(join(mirror, SYMP_FILE)));
}
