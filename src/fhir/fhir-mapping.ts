// The FHIR output's tables (resources/fhir/en.json): closed shape, validated once when the module loads,
// every problem named with the file and entry (INVALID_RESOURCE_FILE).
import { DomainError, type ValidationIssue } from '../errors.js';
import mappingBody from '../../resources/fhir/en.json' with { type: 'json' };

export const FHIR_MAPPING_FILE = 'resources/fhir/en.json';

export type StatementKind = 'condition' | 'medication' | 'allergy' | 'procedure' | 'observation' | 'smoking';
export type AttributeKind = StatementKind | 'interpretation' | 'skip';
export type AllergyCategory = 'food' | 'medication' | 'environment' | 'biologic';

export interface AttributeRule {
  readonly kind: AttributeKind;
  /** Condition: the verification status the attribute asserts (PotentialDiagnosis: provisional). */
  readonly verification?: 'provisional' | 'unconfirmed';
  /** Procedure: `preparation` (pending); smoking: `never`. */
  readonly status?: 'preparation' | 'never';
  readonly category?: AllergyCategory;
}

export interface Relationship { readonly code: string; readonly display: string; readonly terms: readonly string[] }
export interface RouteCode { readonly code: string; readonly display: string }
export interface TimingRepeat { readonly frequency: number; readonly period: number; readonly periodUnit: 'h' | 'd' | 'wk' | 'mo'; readonly when?: string }

export interface FhirMapping {
  readonly version: string;
  readonly attributeKinds: Readonly<Record<string, AttributeRule>>;
  readonly relationships: readonly Relationship[];
  readonly units: Readonly<Record<string, string>>;
  readonly routes: Readonly<Record<string, RouteCode>>;
  readonly frequencies: Readonly<Record<string, TimingRepeat>>;
  readonly vitalSigns: readonly string[];
}

const TOP_KEYS = new Set(['kind', 'version', 'language', 'description', 'attributeKinds', 'relationships', 'units', 'routes', 'frequencies', 'vitalSigns']);
const KINDS = new Set<string>(['condition', 'medication', 'allergy', 'procedure', 'observation', 'smoking', 'interpretation', 'skip']);
const RULE_KEYS = new Set(['kind', 'verification', 'status', 'category']);
const CATEGORIES = new Set(['food', 'medication', 'environment', 'biologic']);
const PERIOD_UNITS = new Set(['h', 'd', 'wk', 'mo']);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function nonEmpty(v: unknown): v is string {
  return typeof v === 'string' && v.trim() !== '';
}

function checkAttributeKinds(value: unknown, file: string, issues: ValidationIssue[]): void {
  if (!isRecord(value)) return void issues.push({ path: `${file}: attributeKinds`, message: 'must be an object of attribute name to rule' });
  for (const [name, rule] of Object.entries(value)) {
    const path = `${file}: attributeKinds.${name}`;
    if (!isRecord(rule)) { issues.push({ path, message: 'must be an object' }); continue; }
    for (const key of Object.keys(rule)) if (!RULE_KEYS.has(key)) issues.push({ path: `${path}.${key}`, message: 'unknown key' });
    if (typeof rule.kind !== 'string' || !KINDS.has(rule.kind)) issues.push({ path: `${path}.kind`, message: `must be one of ${[...KINDS].join(', ')}` });
    if (rule.verification !== undefined && rule.verification !== 'provisional' && rule.verification !== 'unconfirmed') issues.push({ path: `${path}.verification`, message: 'must be "provisional" or "unconfirmed"' });
    if (rule.status !== undefined && rule.status !== 'preparation' && rule.status !== 'never') issues.push({ path: `${path}.status`, message: 'must be "preparation" or "never"' });
    if (rule.category !== undefined && !CATEGORIES.has(String(rule.category))) issues.push({ path: `${path}.category`, message: `must be one of ${[...CATEGORIES].join(', ')}` });
  }
}

function checkRelationships(value: unknown, file: string, issues: ValidationIssue[]): void {
  if (!Array.isArray(value) || value.length === 0) return void issues.push({ path: `${file}: relationships`, message: 'must be a non-empty list' });
  value.forEach((r: unknown, i) => {
    const path = `${file}: relationships[${i}]`;
    if (!isRecord(r)) return void issues.push({ path, message: 'must be an object' });
    for (const key of Object.keys(r)) if (!['code', 'display', 'terms'].includes(key)) issues.push({ path: `${path}.${key}`, message: 'unknown key' });
    if (!nonEmpty(r.code) || !nonEmpty(r.display)) issues.push({ path, message: 'needs a code and a display' });
    if (!Array.isArray(r.terms) || r.terms.length === 0 || !r.terms.every(nonEmpty)) issues.push({ path: `${path}.terms`, message: 'must be a non-empty list of words' });
  });
}

function checkStringMap(value: unknown, path: string, issues: ValidationIssue[]): void {
  if (!isRecord(value) || !Object.values(value).every(nonEmpty)) issues.push({ path, message: 'must be an object of non-empty strings' });
}

function checkRoutes(value: unknown, file: string, issues: ValidationIssue[]): void {
  if (!isRecord(value)) return void issues.push({ path: `${file}: routes`, message: 'must be an object' });
  for (const [name, r] of Object.entries(value)) {
    if (!isRecord(r) || !nonEmpty(r.code) || !nonEmpty(r.display) || Object.keys(r).length !== 2) issues.push({ path: `${file}: routes.${name}`, message: 'must be {"code", "display"}' });
  }
}

function checkFrequencies(value: unknown, file: string, issues: ValidationIssue[]): void {
  if (!isRecord(value)) return void issues.push({ path: `${file}: frequencies`, message: 'must be an object' });
  for (const [name, f] of Object.entries(value)) {
    const path = `${file}: frequencies.${name}`;
    if (!isRecord(f)) { issues.push({ path, message: 'must be an object' }); continue; }
    for (const key of Object.keys(f)) if (!['frequency', 'period', 'periodUnit', 'when'].includes(key)) issues.push({ path: `${path}.${key}`, message: 'unknown key' });
    if (!Number.isInteger(f.frequency) || (f.frequency as number) < 1) issues.push({ path: `${path}.frequency`, message: 'must be a positive integer' });
    if (typeof f.period !== 'number' || f.period <= 0) issues.push({ path: `${path}.period`, message: 'must be a positive number' });
    if (!PERIOD_UNITS.has(String(f.periodUnit))) issues.push({ path: `${path}.periodUnit`, message: 'must be one of h, d, wk, mo' });
    if (f.when !== undefined && !nonEmpty(f.when)) issues.push({ path: `${path}.when`, message: 'must be an event timing code' });
  }
}

export function validateFhirMapping(value: unknown, file = FHIR_MAPPING_FILE): { mapping?: FhirMapping; issues: ValidationIssue[] } {
  if (!isRecord(value)) return { issues: [{ path: file, message: 'must be a JSON object' }] };
  const issues: ValidationIssue[] = [];
  if (value.kind !== 'fhir-mapping') issues.push({ path: `${file}: kind`, message: 'must be "fhir-mapping"' });
  if (!nonEmpty(value.version)) issues.push({ path: `${file}: version`, message: 'must be a non-empty string' });
  for (const key of Object.keys(value)) if (!TOP_KEYS.has(key)) issues.push({ path: `${file}: ${key}`, message: 'unknown key' });
  checkAttributeKinds(value.attributeKinds, file, issues);
  checkRelationships(value.relationships, file, issues);
  checkStringMap(value.units, `${file}: units`, issues);
  checkRoutes(value.routes, file, issues);
  checkFrequencies(value.frequencies, file, issues);
  if (!Array.isArray(value.vitalSigns) || !value.vitalSigns.every(nonEmpty)) issues.push({ path: `${file}: vitalSigns`, message: 'must be a list of LOINC codes' });
  return issues.length > 0 ? { issues } : { mapping: value as unknown as FhirMapping, issues };
}

export function parseFhirMapping(value: unknown, file = FHIR_MAPPING_FILE): FhirMapping {
  const { mapping, issues } = validateFhirMapping(value, file);
  if (mapping === undefined) {
    throw new DomainError('INVALID_RESOURCE_FILE', issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  }
  return mapping;
}

export const FHIR_MAPPING: FhirMapping = parseFhirMapping(mappingBody);
