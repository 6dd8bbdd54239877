// The viewer's HTTP client: same-origin calls to the service's /v1 API with the interface version
// date, the token (sessionStorage, sent as Bearer) and the tenant (X-IBM-Client-ID) from the settings.

export const API_VERSION = '2023-02-22';
const TOKEN_KEY = 'clinical-annotator.token';
const TENANT_KEY = 'clinical-annotator.tenant';

export interface Credentials {
  readonly token: string;
  readonly tenant: string;
}

export function loadCredentials(): Credentials {
  return { token: sessionStorage.getItem(TOKEN_KEY) ?? '', tenant: sessionStorage.getItem(TENANT_KEY) ?? '' };
}

export function saveCredentials(c: Credentials): void {
  for (const [key, value] of [[TOKEN_KEY, c.token], [TENANT_KEY, c.tenant]] as const) {
    if (value === '') sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  }
}

/** A non-2xx answer; `body` is the service error body when the service sent one. */
export class ApiError extends Error {
  constructor(readonly status: number, readonly body: unknown, message: string) {
    super(message);
  }
}

export function withVersion(path: string, query: Record<string, string> = {}): string {
  const params = new URLSearchParams({ version: API_VERSION, ...query });
  return `${path}?${params.toString()}`;
}

export async function callApi<T>(method: string, path: string, init: { body?: BodyInit; contentType?: string; query?: Record<string, string> } = {}): Promise<T> {
  const { token, tenant } = loadCredentials();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token !== '') headers.authorization = `Bearer ${token}`;
  if (tenant !== '') headers['x-ibm-client-id'] = tenant;
  if (init.contentType !== undefined) headers['content-type'] = init.contentType;
  const response = await fetch(withVersion(path, init.query), { method, headers, ...(init.body === undefined ? {} : { body: init.body }) });
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = text;
  }
  if (!response.ok) {
    const e = body as { message?: unknown; description?: unknown } | undefined;
    const detail = typeof e?.description === 'string' ? e.description : typeof e?.message === 'string' ? e.message : text.slice(0, 200);
    throw new ApiError(response.status, body, `${response.status}: ${detail}`);
  }
  return body as T;
}

export interface AnalyzeChoice {
  readonly mode: 'annotators' | 'flow' | 'profile';
  readonly annotators: readonly string[];
  readonly flowId: string;
  readonly profileId: string;
  /** Asks concept_detection for its optional medical codes (include_optional_fields=medical_codes). */
  readonly medicalCodes: boolean;
}

/** Runs the analysis the form describes; always asks for the analysed text back. */
export function analyze(text: string, choice: AnalyzeChoice): Promise<unknown> {
  const query = { return_analyzed_text: 'true' };
  if (choice.mode === 'flow') {
    return callApi('POST', `/v1/analyze/${encodeURIComponent(choice.flowId)}`, { body: text, contentType: 'text/plain; charset=utf-8', query });
  }
  const codes = { include_optional_fields: ['medical_codes'] };
  const element = (name: string) => ({ annotator: choice.medicalCodes && name === 'concept_detection' ? { name, parameters: codes } : { name } });
  const flow = { elements: choice.annotators.map(element), async: false };
  const annotatorFlow = choice.mode === 'profile' ? { profile: choice.profileId, flow } : { flow };
  const body = JSON.stringify({ annotatorFlows: [annotatorFlow], unstructured: [{ text }] });
  return callApi('POST', '/v1/analyze', { body, contentType: 'application/json', query });
}

export type ArtifactKind = 'profiles' | 'flows';

export const listArtifacts = (kind: ArtifactKind): Promise<Record<string, unknown>> => callApi('GET', `/v1/${kind}`);
export const getArtifact = (kind: ArtifactKind, id: string): Promise<unknown> => callApi('GET', `/v1/${kind}/${encodeURIComponent(id)}`);
export const listAnnotators = (): Promise<Record<string, { description?: string }>> => callApi('GET', '/v1/annotators');

export interface CartridgeStatus {
  readonly id: string;
  readonly status: string;
  readonly statusCode?: number;
  readonly startTime?: string;
  readonly endTime?: string;
  readonly duration?: string;
  readonly artifactResponseCode?: number;
  readonly artifactResponse?: readonly { code: number; message: string; level: string; description?: string; artifact: string }[];
}

export const listCartridges = (): Promise<{ cartridges: CartridgeStatus[] }> => callApi('GET', '/v1/cartridges');
export const getCartridge = (id: string): Promise<CartridgeStatus> => callApi('GET', `/v1/cartridges/${encodeURIComponent(id)}`);

/** POST (new) or PUT (redeploy) /v1/cartridges with the multipart part `archive_file`. */
export function uploadCartridge(file: File, method: 'POST' | 'PUT'): Promise<CartridgeStatus> {
  const form = new FormData();
  form.append('archive_file', file, file.name);
  return callApi(method, '/v1/cartridges', { body: form });
}
