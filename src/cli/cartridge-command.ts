// `clinical-annotator cartridge build <folder> -o <out.zip>` and `cartridge validate <archive.zip>`.
// Exit codes: 0 valid / built, 1 invalid input, 2 usage. Both call the same domain functions as the service.
import { readFile, writeFile } from 'node:fs/promises';
import { buildCartridge } from '../cartridge/build-cartridge.js';
import { formatIssue } from '../cartridge/cartridge-issue.js';
import { validateCartridge, type CartridgeValidation } from '../cartridge/validate-cartridge.js';
import type { CliCommand } from './main.js';

const HELP = `Usage: clinical-annotator cartridge <build|validate> [args]

  build <folder> -o <out.zip>   Build a cartridge archive (ACD layout) from a source folder, validate it, write it
  validate <archive.zip>        Check an archive; print every issue and the planned artifact responses

Run "clinical-annotator cartridge <subcommand> --help" for details. Format: docs/cartridges.md.
`;

const BUILD_HELP = `Usage: clinical-annotator cartridge build <folder> -o <out.zip>

Reads <folder>/cartridge.json (id, name, namespace, version, description, profile, preferredFlowId) and the
subfolders profiles/, flows/, filters/, concept_filters/, attribute_sets/, inference_rules/,
concept_inference_rules/, libraries/ (*.json) and dictionaries/ (*.json or *.csv with columns
cui, preferredName, surfaceForms separated by "|", semanticType, and optional code columns).
The archive is validated before it is written. Exit codes: 0 written, 1 invalid sources, 2 usage.
`;

const VALIDATE_HELP = `Usage: clinical-annotator cartridge validate <archive.zip>

Reads the archive under the default safety limits, parses every artifact and prints each issue
(ERROR, WARNING, INFO) and the artifactResponse a deployment would report.
Exit codes: 0 valid, 1 invalid, 2 usage.
`;

interface Output {
  out(text: string): void;
  err(text: string): void;
}

const STDIO: Output = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
};

/** Runs `cartridge <subcommand> ...`; resolves to the exit code. */
export async function runCartridgeCommand(argv: readonly string[], io: Output = STDIO): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined) {
    io.err(HELP);
    return 2;
  }
  if (sub === '--help' || sub === '-h' || sub === 'help') {
    io.out(HELP);
    return 0;
  }
  if (sub === 'build') return runBuild(rest, io);
  if (sub === 'validate') return runValidate(rest, io);
  io.err(`Unknown subcommand: ${sub}\n\n${HELP}`);
  return 2;
}

async function runBuild(args: readonly string[], io: Output): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(BUILD_HELP);
    return 0;
  }
  let folder: string | undefined;
  let outPath: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '-o' || a === '--out') outPath = args[++i];
    else if (a !== undefined && a.startsWith('-')) {
      io.err(`Unknown option: ${a}\n\n${BUILD_HELP}`);
      return 2;
    } else if (folder === undefined) folder = a;
    else {
      io.err(`Unexpected argument: ${a}\n\n${BUILD_HELP}`);
      return 2;
    }
  }
  if (folder === undefined || outPath === undefined) {
    io.err(BUILD_HELP);
    return 2;
  }
  const built = await buildCartridge(folder);
  for (const i of built.issues) io.err(`${i.path}: ${i.message}\n`);
  if (!built.ok || built.archive === undefined) {
    io.err('build failed\n');
    return 1;
  }
  const validation = await validateCartridge(built.archive);
  printValidation(validation, io);
  if (!validation.ok) {
    io.err('the built archive does not validate; nothing written\n');
    return 1;
  }
  await writeFile(outPath, built.archive);
  io.out(`wrote ${outPath} (${built.archive.length} bytes, cartridge ${built.cartridgeId ?? ''})\n`);
  return 0;
}

async function runValidate(args: readonly string[], io: Output): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(VALIDATE_HELP);
    return 0;
  }
  const [path, ...extra] = args;
  if (path === undefined || extra.length > 0 || path.startsWith('-')) {
    io.err(VALIDATE_HELP);
    return 2;
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (e) {
    io.err(`cannot read ${path}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  const validation = await validateCartridge(bytes);
  printValidation(validation, io);
  io.out(validation.ok ? 'valid\n' : 'invalid\n');
  return validation.ok ? 0 : 1;
}

function printValidation(v: CartridgeValidation, io: Output): void {
  if (v.manifest !== undefined) io.out(`cartridge ${v.manifest.id} (${v.manifest.name}, ${v.manifest.version})\n`);
  const counts = { ERROR: 0, WARNING: 0, INFO: 0 };
  for (const i of v.issues) {
    counts[i.level]++;
    io.out(`${formatIssue(i)}\n`);
  }
  io.out(`issues: ${counts.ERROR} error(s), ${counts.WARNING} warning(s), ${counts.INFO} info\n`);
  if (v.responses.length > 0) io.out('artifactResponse:\n');
  for (const r of v.responses) io.out(`  ${r.code} ${r.message} ${r.level} ${r.artifact}${r.description === undefined ? '' : ` - ${r.description}`}\n`);
  io.out(`artifacts to write: ${v.artifacts.length}\n`);
}

export const cartridgeCommand: CliCommand = {
  name: 'cartridge',
  summary: 'Build (cartridge build <folder> -o <out.zip>) or validate (cartridge validate <zip>) a cartridge archive',
  run: (argv) => runCartridgeCommand(argv),
};
