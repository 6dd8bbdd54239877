// `npm run build` step: tsc emits only JavaScript, so the data files that live beside the sources
// (knowledge manifest, SQL migrations) and the authored rules and lexicons in resources/ are copied into
// dist/ at the same relative paths (modules find them relative to their own location).
import { cpSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const ASSET = /\.(json|sql)$/;

function copyAssets(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) copyAssets(path);
    else if (ASSET.test(name)) cpSync(path, join(root, 'dist', relative(root, path)));
  }
}

copyAssets(join(root, 'src'));
cpSync(join(root, 'resources'), join(root, 'dist', 'resources'), { recursive: true });
