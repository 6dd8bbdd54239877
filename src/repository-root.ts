// The project's root directory (the one holding its package.json), found from this module's location so
// it is the same whether the code runs from src/ (tsx) or from the compiled dist/src/.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'clinical-annotator') return dir;
    if (dirname(dir) === dir) throw new Error(`no clinical-annotator package.json above ${start}`);
  }
}

export const REPOSITORY_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));
