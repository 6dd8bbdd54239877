// The viewer's shell: header with navigation and connection settings (token in sessionStorage, sent
// as Bearer; tenant sent as X-IBM-Client-ID), and the hash routes:
//   #/ (analyse)   #/profiles[/id]   #/flows[/id]   #/cartridges[/id]
import { render, type JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { AnalyzePage } from './analyze-page.js';
import { ArtifactsPage } from './artifacts-page.js';
import { CartridgesPage } from './cartridges-page.js';
import { loadCredentials, saveCredentials } from './api.js';
import './styles.css';

type Route = { page: 'analyze' } | { page: 'profiles' | 'flows' | 'cartridges'; id: string | undefined };

export function parseRoute(hash: string): Route {
  const [page, ...rest] = hash.replace(/^#\/?/, '').split('/');
  const id = rest.length > 0 && rest.join('/') !== '' ? decodeURIComponent(rest.join('/')) : undefined;
  if (page === 'profiles' || page === 'flows' || page === 'cartridges') return { page, id };
  return { page: 'analyze' };
}

function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const onChange = (): void => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

function Settings({ onSaved }: { onSaved: () => void }): JSX.Element {
  const initial = loadCredentials();
  const [token, setToken] = useState(initial.token);
  const [tenant, setTenant] = useState(initial.tenant);
  const [saved, setSaved] = useState(false);
  return (
    <details class="settings">
      <summary>Connection{initial.tenant !== '' ? ` · ${initial.tenant}` : ''}</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          saveCredentials({ token: token.trim(), tenant: tenant.trim() });
          setSaved(true);
          onSaved();
        }}
      >
        <div class="field">
          <label for="token">API key or token <span class="muted">(kept for this tab only)</span></label>
          <input id="token" type="password" autocomplete="off" value={token} onInput={(e) => { setToken((e.target as HTMLInputElement).value); setSaved(false); }} />
        </div>
        <div class="field">
          <label for="tenant">Tenant <span class="muted">(X-IBM-Client-ID)</span></label>
          <input id="tenant" type="text" value={tenant} onInput={(e) => { setTenant((e.target as HTMLInputElement).value); setSaved(false); }} />
        </div>
        <button type="submit">Save</button> {saved ? <span role="status">Saved.</span> : null}
      </form>
    </details>
  );
}

const NAV: readonly [Route['page'], string, string][] = [
  ['analyze', '#/', 'Analyse'],
  ['profiles', '#/profiles', 'Profiles'],
  ['flows', '#/flows', 'Flows'],
  ['cartridges', '#/cartridges', 'Cartridges'],
];

function App(): JSX.Element {
  const route = useRoute();
  // Saving the settings remounts the page so it reloads its lists with the new credentials.
  const [generation, setGeneration] = useState(0);
  return (
    <>
      <a class="skip-link" href="#main">Skip to content</a>
      <header class="top">
        <h1>Clinical Annotator</h1>
        <nav aria-label="Pages">
          {NAV.map(([page, href, label]) => (
            <a key={page} href={href} aria-current={route.page === page ? 'page' : undefined}>{label}</a>
          ))}
        </nav>
        <Settings onSaved={() => setGeneration(generation + 1)} />
      </header>
      <main id="main" tabIndex={-1} key={generation}>
        {route.page === 'analyze' ? <AnalyzePage /> : null}
        {route.page === 'profiles' || route.page === 'flows' ? <ArtifactsPage kind={route.page} id={route.id} /> : null}
        {route.page === 'cartridges' ? <CartridgesPage id={route.id} /> : null}
      </main>
    </>
  );
}

const root = document.getElementById('app');
if (root !== null) render(<App />, root);
