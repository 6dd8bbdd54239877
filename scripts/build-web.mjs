// Builds the viewer (web/src, Preact + TypeScript) into web/dist with esbuild: one ES module bundle
// (app.js), its stylesheet (app.css) and index.html. Everything is served by the service itself
// (src/server/routes/viewer.ts); the bundle fetches nothing from other origins.
// Usage: node scripts/build-web.mjs [--out-dir <dir>] [--dev]
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = resolve(new URL('..', import.meta.url).pathname);

/** Builds the viewer into outDir (default web/dist); resolves to the output directory. */
export async function buildWeb({ outDir = join(root, 'web', 'dist'), dev = false } = {}) {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints: { app: join(root, 'web', 'src', 'main.tsx') },
    outdir: outDir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    tsconfig: join(root, 'web', 'tsconfig.json'),
    minify: !dev,
    sourcemap: dev ? 'inline' : false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  await copyFile(join(root, 'web', 'src', 'index.html'), join(outDir, 'index.html'));
  return outDir;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const { values } = parseArgs({ options: { 'out-dir': { type: 'string' }, dev: { type: 'boolean', default: false } } });
  const out = await buildWeb({ ...(values['out-dir'] === undefined ? {} : { outDir: resolve(values['out-dir']) }), dev: values.dev });
  process.stdout.write(`viewer built into ${out}\n`);
}
