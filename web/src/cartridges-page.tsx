// #/cartridges: the tenant's deployments, one deployment's status with its artifact responses, and
// an upload form (POST, or PUT to redeploy) that follows the new deployment until it has finished.
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { getCartridge, listCartridges, uploadCartridge, type CartridgeStatus } from './api.js';

const POLL_MS = 500;
const FINISHED = new Set(['completed', 'failed']);

function StatusView({ status }: { status: CartridgeStatus }): JSX.Element {
  return (
    <section class="cartridge-status" aria-label={`Deployment ${status.id}`}>
      <h3>{status.id}</h3>
      <p>
        Status: <strong class={`status status-${status.status}`} data-testid="deployment-status">{status.status}</strong>
        {status.duration !== undefined ? <span class="muted"> · {status.duration} s</span> : null}
        {status.artifactResponseCode !== undefined ? <span class="muted"> · artifact response code {status.artifactResponseCode}</span> : null}
      </p>
      {status.artifactResponse !== undefined && status.artifactResponse.length > 0 ? (
        <table class="artifact-responses">
          <thead><tr><th scope="col">Artifact</th><th scope="col">Code</th><th scope="col">Level</th><th scope="col">Description</th></tr></thead>
          <tbody>
            {status.artifactResponse.map((r, i) => (
              <tr key={`${r.artifact}-${i}`}><td><code>{r.artifact}</code></td><td>{r.code} {r.message}</td><td>{r.level}</td><td>{r.description ?? ''}</td></tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

export function CartridgesPage({ id }: { id: string | undefined }): JSX.Element {
  const [list, setList] = useState<CartridgeStatus[] | undefined>();
  const [status, setStatus] = useState<CartridgeStatus | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [redeploy, setRedeploy] = useState(false);

  const refreshList = (): void => void listCartridges().then((r) => setList(r.cartridges), (e: Error) => setError(e.message));
  useEffect(refreshList, []);

  // Follows the selected deployment until it has finished.
  useEffect(() => {
    setStatus(undefined);
    if (id === undefined) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (): Promise<void> => {
      try {
        const s = await getCartridge(id);
        if (stopped) return;
        setStatus(s);
        if (!FINISHED.has(s.status)) timer = setTimeout(() => void poll(), POLL_MS);
        else refreshList();
      } catch (e) {
        if (!stopped) setError((e as Error).message);
      }
    };
    void poll();
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [id]);

  async function upload(event: Event): Promise<void> {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (file === undefined) {
      setError('Choose a cartridge archive (.zip) first.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const submitted = await uploadCartridge(file, redeploy ? 'PUT' : 'POST');
      location.hash = `#/cartridges/${encodeURIComponent(submitted.id)}`;
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="cartridges-page">
      <h2>Cartridges</h2>
      <form class="upload" onSubmit={upload} aria-label="Deploy a cartridge">
        <label for="cartridge-file">Cartridge archive (.zip)</label>
        <input id="cartridge-file" type="file" accept=".zip,application/zip" ref={fileInput} />
        <label class="radio"><input type="checkbox" checked={redeploy} onChange={() => setRedeploy(!redeploy)} /> Redeploy (PUT)</label>
        <button type="submit" id="deploy" disabled={busy}>{busy ? 'Uploading…' : 'Deploy'}</button>
      </form>
      {error !== undefined ? <p role="alert" class="error">{error}</p> : null}
      {status !== undefined ? <StatusView status={status} /> : null}
      <h3>Deployments</h3>
      {list === undefined ? <p>Loading…</p> : list.length === 0 ? <p>No cartridges deployed.</p> : (
        <ul class="artifact-list" aria-label="Deployments">
          {list.map((c) => (
            <li key={c.id}>
              <a href={`#/cartridges/${encodeURIComponent(c.id)}`}>{c.id}</a> <span class="muted">{c.status}{c.endTime !== undefined ? ` · ${c.endTime}` : ''}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
