// Problems found while reading, parsing and validating a cartridge. Validators return these as
// values (never throw for bad input). Each carries a stable code, a level, the archive entry or
// JSON path it concerns and, when it belongs to one, the artifact id.

import type { ValidationIssue } from '../errors.js';

export type IssueLevel = 'ERROR' | 'WARNING' | 'INFO';

/** Every issue code, with what it means (docs/cartridges.md lists the same table). Never reuse a code. */
export const CARTRIDGE_ISSUE_CODES = {
  // archive (archive-reader.ts)
  NOT_A_ZIP: 'The bytes are not a readable zip archive.',
  ARCHIVE_TOO_LARGE: 'The archive is larger than maxArchiveBytes.',
  TOO_MANY_ENTRIES: 'The archive has more entries than maxEntries.',
  ENTRY_TOO_LARGE: 'An entry inflates to more than maxEntryBytes.',
  TOTAL_TOO_LARGE: 'All entries together inflate to more than maxTotalUncompressedBytes.',
  COMPRESSION_RATIO: 'An entry, or the archive as a whole, inflates beyond the allowed compression ratio (zip bomb).',
  UNSAFE_PATH: 'An entry name is absolute, climbs out with "..", uses backslashes, NUL or empty/"." segments.',
  SYMLINK: 'An entry is a symbolic link or another special file.',
  DUPLICATE_ENTRY: 'Two entries have the same name.',
  ENCRYPTED_ENTRY: 'An entry is encrypted.',
  UNSUPPORTED_COMPRESSION: 'An entry uses a compression method other than stored or deflate.',
  CORRUPT_ENTRY: 'An entry could not be inflated (bad data, wrong sizes or CRC).',
  // layout (parse-cartridge.ts)
  MISSING_MANIFEST: 'The archive has no top-level metadata file.',
  MALFORMED_JSON: 'A metadata file or JSON payload is not valid JSON, or not a JSON object.',
  INVALID_MANIFEST: 'The cartridge manifest lacks a required field or has a wrong type.',
  INVALID_ARTIFACT_METADATA: 'An artifact or attachment metadata file lacks id, type or has wrong types.',
  MISSING_ARTIFACT_FOLDER: 'The manifest lists an artifact that has no artifacts/<id>/ folder.',
  UNLISTED_ARTIFACT: 'An artifact folder exists that the manifest does not list; it is not deployed.',
  DISABLED_ARTIFACT: 'The artifact is listed in disabledArtifacts; it is not deployed.',
  DUPLICATE_ID: 'Two artifacts, or two attachments, share one id.',
  FOLDER_ID_MISMATCH: 'The artifact folder name differs from the id in its metadata (the metadata id is used).',
  MISSING_PAYLOAD: 'An attachment (or the artifact) has no payload file.',
  STRAY_FILE: 'A file in the archive belongs to no artifact or attachment; ignored.',
  UNKNOWN_TYPE: 'The artifact type is not one this service deploys; skipped.',
  PREDEFINED_SKIPPED: 'A predefined (displayOnly) artifact such as a built-in model or UMLS library; provided by the service, skipped.',
  MODEL_SKIPPED: 'A model artifact; models are built into the model_broker annotator, skipped.',
  DOCUMENT_SKIPPED: 'A sample document used by the authoring tool; not deployed.',
  BINARY_DICTIONARY: 'A compiled .dic/.pdic dictionary cannot be read; the JSON source is used instead.',
  NO_DICTIONARY_SOURCE: 'A dictionary has no JSON source attachment, so it cannot be compiled.',
  INVALID_DICTIONARY: 'A dictionary JSON source has a wrong shape.',
  DICTIONARY_CONCEPTS_DROPPED: 'Some dictionary concepts were dropped (disabled, or without any surface form or regex).',
  ID_MISMATCH: 'The id inside a payload differs from the artifact id (the artifact id is used).',
  REFERENCE_RESOLVED: 'A reference by attachment id was rewritten to the owning artifact id.',
  UNRESOLVED_REFERENCE: 'A profile, flow or library names an artifact this cartridge does not contain.',
  REFERENCE_TYPE_MISMATCH: 'A reference names an artifact of the wrong type (e.g. a dictionary in "libraries").',
  // semantics (validate-cartridge.ts)
  INVALID_ID: 'An id has unsafe characters, is too long, or the cartridge id is not <namespace>.<name>.',
  INVALID_PROFILE: 'A profile body is not a valid AcdProfile.',
  INVALID_FLOW: 'A flow body is not a valid AcdFlow.',
  UNKNOWN_ANNOTATOR: 'A profile or flow names an annotator that is not in the ACD catalogue.',
  INVALID_FILTER: 'A filter or concept filter has no valid target or a malformed condition.',
  INVALID_CONDITION: 'A condition inside an attribute set or inference rule is malformed.',
  INVALID_ARTIFACT_BODY: 'An attribute set, rule set or library body has a wrong shape.',
  MISSING_PREFERRED_FLOW: 'The manifest names a preferredFlowId that no flow in the archive has.',
  MISSING_PROFILE: 'The manifest names a profile that no profile artifact in the archive has.',
  // leniency (lenient-bodies.ts, check-definitions.ts): constructs ACD deploys
  LEGACY_FIELD_MATCH: 'An attribute set field carries its match directly (name, values, operator) instead of in a condition object; read as a field match.',
  RULE_NOT_APPLIED: 'A concept inference rule the engine cannot apply (a match with an empty values list) is left out; the other rules deploy.',
  EMPTY_FLOW: 'A flow (or nested flow) has no elements: analyses with it run no annotator.',
} as const;

export type CartridgeIssueCode = keyof typeof CARTRIDGE_ISSUE_CODES;

export interface CartridgeIssue extends ValidationIssue {
  readonly level: IssueLevel;
  readonly code: CartridgeIssueCode;
  /** The artifact the problem belongs to, when there is one. */
  readonly artifact?: string;
}

export function cartridgeIssue(
  level: IssueLevel,
  code: CartridgeIssueCode,
  message: string,
  where: { readonly path?: string; readonly artifact?: string } = {},
): CartridgeIssue {
  const base = { level, code, path: where.path ?? '', message };
  return where.artifact === undefined ? base : { ...base, artifact: where.artifact };
}

/** Codes that mean part of a deployed artifact is not applied: its artifact response is a WARNING. */
export const NOT_APPLIED_CODES: ReadonlySet<CartridgeIssueCode> = new Set(['RULE_NOT_APPLIED', 'EMPTY_FLOW']);

export function hasErrors(issues: readonly CartridgeIssue[]): boolean {
  return issues.some((i) => i.level === 'ERROR');
}

/** One line per issue: `ERROR INVALID_FLOW [artifact] path: message`. */
export function formatIssue(issue: CartridgeIssue): string {
  const artifact = issue.artifact === undefined ? '' : ` [${issue.artifact}]`;
  const path = issue.path === '' ? '' : ` ${issue.path}:`;
  return `${issue.level} ${issue.code}${artifact}${path} ${issue.message}`;
}
