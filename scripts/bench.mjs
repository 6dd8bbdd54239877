// `npm run bench [-- <case-name-substring>...] [--rebuild-kb]`: compiles the sources and bench/ with tsc
// (as `npm run build` compiles what `npm start` runs) into .cache/bench-build, copies the data files the
// modules read beside them, and runs bench/run.js there: the figures are those of the JavaScript the
// service runs, not of tsx's on-the-fly transform. BENCH_ROOT tells the bench where the repository is.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.cache', 'bench-build');
const ASSET = /\.(json|sql)$/;

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function copyAssets(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) copyAssets(path);
    else if (ASSET.test(name)) cpSync(path, join(out, relative(root, path)));
  }
}

rmSync(out, { recursive: true, force: true });
process.stderr.write('compiling src/ and bench/ (tsc) into .cache/bench-build\n');
run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.bench.json']);
copyAssets(join(root, 'src'));
cpSync(join(root, 'resources'), join(out, 'resources'), { recursive: true });
run(process.execPath, [join(out, 'bench', 'run.js'), ...process.argv.slice(2)], { ...process.env, BENCH_ROOT: root });
