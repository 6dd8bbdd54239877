// The child process of prepareKnowledgeBaseInChild: builds the knowledge base when stale, then exits (and with
// it, the heap the build used). Arguments: <data dir> <knowledge base dir> [<mirror dir>].
import { isDomainError } from '../errors.js';
import { prepareKnowledgeBase } from './build-default.js';

const [dataDir, kbDir, mirror] = process.argv.slice(2);
if (dataDir === undefined || kbDir === undefined) {
  process.stderr.write('usage: prepare-child <data dir> <knowledge base dir> [<mirror dir>]\n');
  process.exitCode = 2;
} else {
  try {
    await prepareKnowledgeBase(dataDir, { kbDir, ...(mirror === undefined ? {} : { mirror }) });
  } catch (error) {
    const message = isDomainError(error) ? error.description : error instanceof Error ? error.message : String(error);
    process.stderr.write(`[kb] build failed: ${message}\n`);
    process.exitCode = 1;
  }
}
