// Loads a compiled knowledge base directory (kb-files.ts) into memory, after checking that it was built
// with this code's format and normaliser. checkKnowledgeBase() lets the service decide to rebuild.
import { readFileSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { DomainError } from '../errors.js';
import { CompiledKb, KB_FORMAT, KB_FORMAT_VERSION, type KbHeader, type KbTables } from './compiled-kb.js';
import { KB_FILES, readKbHeader, readKbTables } from './kb-files.js';
import { NORMALIZER_VERSION } from './normalize.js';

export type KbStatus =
  | { readonly state: 'ok'; readonly header: KbHeader }
  | { readonly state: 'missing'; readonly reason: string }
  | { readonly state: 'stale'; readonly reason: string; readonly header: KbHeader };

/** Is there a loadable knowledge base in `dir` built by this code version? */
export async function checkKnowledgeBase(dir: string): Promise<KbStatus> {
  try {
    await access(join(dir, KB_FILES.header));
  } catch {
    return { state: 'missing', reason: `no ${KB_FILES.header} in ${dir}` };
  }
  let header: KbHeader;
  try {
    header = await readKbHeader(dir);
  } catch (error) {
    return { state: 'missing', reason: `unreadable ${KB_FILES.header}: ${String(error)}` };
  }
  return statusOf(header);
}

function statusOf(header: KbHeader): KbStatus {
  if (header.format !== KB_FORMAT || header.formatVersion !== KB_FORMAT_VERSION) {
    return { state: 'stale', reason: `format ${header.format}/${header.formatVersion}, expected ${KB_FORMAT}/${KB_FORMAT_VERSION}`, header };
  }
  if (header.info.normalizerVersion !== NORMALIZER_VERSION) {
    return { state: 'stale', reason: `normalizer ${header.info.normalizerVersion}, expected ${NORMALIZER_VERSION}`, header };
  }
  return { state: 'ok', header };
}

/**
 * The knowledge base's tables in shared memory, to hand to worker threads (each builds its CompiledKb
 * over them: `new CompiledKb(tables)`); throws KNOWLEDGE_BASE_UNAVAILABLE when it is missing or stale.
 */
export async function loadKnowledgeTables(dir: string): Promise<KbTables> {
  const status = await checkKnowledgeBase(dir);
  if (status.state !== 'ok') throw new DomainError('KNOWLEDGE_BASE_UNAVAILABLE', `Knowledge base in ${dir} is ${status.state}: ${status.reason}`);
  try {
    return readKbTables(dir, status.header);
  } catch (error) {
    throw new DomainError('KNOWLEDGE_BASE_UNAVAILABLE', `Knowledge base in ${dir} could not be read: ${String(error)}`, { cause: error });
  }
}

/**
 * loadKnowledgeTables, synchronously: the analysis service reads the tables once as it creates its worker
 * threads, which get them in their workerData (shared memory, not copied).
 */
export function loadKnowledgeTablesSync(dir: string): KbTables {
  let status: KbStatus;
  try {
    status = statusOf(JSON.parse(readFileSync(join(dir, KB_FILES.header), 'utf8')) as KbHeader);
  } catch (error) {
    throw new DomainError('KNOWLEDGE_BASE_UNAVAILABLE', `Knowledge base in ${dir} is missing: ${String(error)}`, { cause: error });
  }
  if (status.state !== 'ok') throw new DomainError('KNOWLEDGE_BASE_UNAVAILABLE', `Knowledge base in ${dir} is ${status.state}: ${status.reason}`);
  try {
    return readKbTables(dir, status.header);
  } catch (error) {
    throw new DomainError('KNOWLEDGE_BASE_UNAVAILABLE', `Knowledge base in ${dir} could not be read: ${String(error)}`, { cause: error });
  }
}

/** Loads the knowledge base; throws KNOWLEDGE_BASE_UNAVAILABLE when it is missing or stale. */
export async function loadKnowledgeBase(dir: string): Promise<CompiledKb> {
  return new CompiledKb(await loadKnowledgeTables(dir));
}
