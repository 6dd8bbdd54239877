// Canonical CURIEs for cross-references written in the many spellings of the sources
// (`UMLS_CUI:C0011860`, `umls:C0011860`, `SNOMEDCT_US_2025_09_01:44054006`, `NCI:C3088`, `MIM:607785`, ...).
import type { IdPrefix } from './source-record.js';

const PREFIXES: Readonly<Record<string, IdPrefix>> = {
  umls: 'UMLS', umls_cui: 'UMLS', doid: 'DOID', mondo: 'MONDO', symp: 'SYMP', hp: 'HP', ncit: 'NCIT', nci: 'NCIT',
  mesh: 'MESH', msh: 'MESH', snomedct: 'SNOMEDCT', snomedct_us: 'SNOMEDCT', sctid: 'SNOMEDCT', snomed: 'SNOMEDCT',
  icd10cm: 'ICD10CM', icd9cm: 'ICD9CM', icd9: 'ICD9CM', icd9cm_2005: 'ICD9CM', rxnorm: 'RXNORM', rxcui: 'RXNORM', unii: 'UNII', drugbank: 'DRUGBANK',
  drugcentral: 'DRUGCENTRAL', pharmgkb: 'PHARMGKB', 'pharmgkb.drug': 'PHARMGKB', cvx: 'CVX', omim: 'OMIM', mim: 'OMIM',
  orphanet: 'ORPHANET', ordo: 'ORPHANET', uberon: 'UBERON', loinc: 'LOINC', atc: 'ATC',
};

/** `PREFIX:local` in canonical form, or undefined for prefixes the knowledge base does not use. */
export function canonicalCurie(raw: string): string | undefined {
  const text = raw.trim();
  const colon = text.indexOf(':');
  if (colon <= 0) return undefined;
  let prefix = text.slice(0, colon).toLowerCase();
  let local = text.slice(colon + 1).trim();
  if (prefix.startsWith('snomedct_us')) prefix = 'snomedct';
  const canonical = PREFIXES[prefix];
  if (canonical === undefined || local === '') return undefined;
  if (canonical === 'HP' || canonical === 'DOID' || canonical === 'MONDO' || canonical === 'SYMP' || canonical === 'UBERON') local = local.replace(/^_/, '');
  if (canonical === 'UMLS' || canonical === 'NCIT' || canonical === 'MESH') local = local.toUpperCase();
  return `${canonical}:${local}`;
}
