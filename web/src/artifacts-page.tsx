// #/profiles and #/flows: the tenant's (and the service's) artifacts, and one artifact's JSON.
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { getArtifact, listArtifacts, type ArtifactKind } from './api.js';

export function ArtifactsPage({ kind, id }: { kind: ArtifactKind; id: string | undefined }): JSX.Element {
  const [list, setList] = useState<Record<string, unknown> | undefined>();
  const [body, setBody] = useState<unknown>();
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    setList(undefined);
    setError(undefined);
    listArtifacts(kind).then(setList, (e: Error) => setError(e.message));
  }, [kind]);

  useEffect(() => {
    setBody(undefined);
    if (id !== undefined) getArtifact(kind, id).then(setBody, (e: Error) => setError(e.message));
  }, [kind, id]);

  const title = kind === 'profiles' ? 'Profiles' : 'Flows';
  const entries = Object.entries(list ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return (
    <div class="artifacts-page">
      <h2>{title}</h2>
      {error !== undefined ? <p role="alert" class="error">{error}</p> : null}
      {list === undefined && error === undefined ? <p>Loading…</p> : null}
      {list !== undefined && entries.length === 0 ? <p>No {kind} yet.</p> : null}
      <div class="split">
        <ul class="artifact-list" aria-label={title}>
          {entries.map(([artifactId, summary]) => {
            const s = summary as { description?: string; publishedDate?: string };
            return (
              <li key={artifactId} class={artifactId === id ? 'current' : ''}>
                <a href={`#/${kind}/${encodeURIComponent(artifactId)}`} aria-current={artifactId === id ? 'page' : undefined}>{artifactId}</a>
                {s.description !== undefined ? <span class="muted"> — {s.description}</span> : null}
              </li>
            );
          })}
        </ul>
        {id !== undefined ? (
          <section class="artifact-json" aria-label={`${id} JSON`}>
            <h3>{id}</h3>
            {body === undefined ? <p>Loading…</p> : <pre class="json" tabIndex={0}>{JSON.stringify(body, null, 2)}</pre>}
          </section>
        ) : null}
      </div>
    </div>
  );
}
