// The analysis page: the note (typed, pasted or dropped), the flow / profile / annotator choice, and
// the result as highlighted text with a legend that filters by type, a details panel, the raw JSON
// tab and a download button.
import type { JSX } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { analyze, listArtifacts, type AnalyzeChoice } from './api.js';
import { AnnotatedText } from './annotated-text.js';
import { annotationsOf, CATEGORIES, type CategoryId } from './annotations.js';
import { DetailsPanel } from './details-panel.js';
import { DEFAULT_ANNOTATORS, SAMPLE_NOTE } from './sample-note.js';

interface Container {
  readonly text?: string;
  readonly data?: unknown;
}

function downloadJson(json: unknown): void {
  const blob = new Blob([JSON.stringify(json, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `analysis-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function AnalyzePage(): JSX.Element {
  const [text, setText] = useState(SAMPLE_NOTE);
  const [mode, setMode] = useState<AnalyzeChoice['mode']>('annotators');
  const [annotators, setAnnotators] = useState(DEFAULT_ANNOTATORS.join(','));
  const [flowId, setFlowId] = useState('');
  const [profileId, setProfileId] = useState('');
  const [medicalCodes, setMedicalCodes] = useState(true);
  const [flows, setFlows] = useState<string[]>([]);
  const [profiles, setProfiles] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [response, setResponse] = useState<unknown>();
  const [tab, setTab] = useState<'annotations' | 'json'>('annotations');
  const [hidden, setHidden] = useState<ReadonlySet<CategoryId>>(new Set(['section', 'other']));
  const [selected, setSelected] = useState<string | undefined>();
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    listArtifacts('flows').then((m) => setFlows(Object.keys(m).sort()), () => setFlows([]));
    listArtifacts('profiles').then((m) => setProfiles(Object.keys(m).sort()), () => setProfiles([]));
  }, []);

  const container = (response as { unstructured?: Container[] } | undefined)?.unstructured?.[0];
  const analysedText = container?.text ?? '';
  const all = useMemo(() => annotationsOf(container?.data, analysedText), [container, analysedText]);
  const visible = useMemo(() => all.filter((a) => !hidden.has(a.category)), [all, hidden]);
  const counts = useMemo(() => {
    const c = new Map<CategoryId, number>();
    for (const a of all) c.set(a.category, (c.get(a.category) ?? 0) + 1);
    return c;
  }, [all]);
  const selectedAnnotation = all.find((a) => a.key === selected);

  async function run(event: Event): Promise<void> {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const list = annotators.split(',').map((s) => s.trim()).filter((s) => s !== '');
      setResponse(await analyze(text, { mode, annotators: list, flowId, profileId, medicalCodes }));
      setSelected(undefined);
      setTab('annotations');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  async function onDrop(event: DragEvent): Promise<void> {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer?.files[0];
    if (file !== undefined) setText(await file.text());
    else setText(event.dataTransfer?.getData('text/plain') ?? text);
  }

  function toggle(id: CategoryId): void {
    const next = new Set(hidden);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setHidden(next);
  }

  return (
    <div class="analyze-page">
      <form class="analyze-form" onSubmit={run} aria-label="Analyse a note">
        <label for="note">Clinical note <span class="muted">(type, paste or drop a .txt file)</span></label>
        <textarea
          id="note"
          class={dragging ? 'dragging' : ''}
          value={text}
          rows={9}
          spellcheck={false}
          onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
          onDragOver={(e) => { e.preventDefault(); setDragging(true); }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        />
        <fieldset class="choice">
          <legend>Run with</legend>
          {(['annotators', 'flow', 'profile'] as const).map((m) => (
            <label key={m} class="radio">
              <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
              {m === 'annotators' ? 'Annotator list' : m === 'flow' ? 'Saved flow' : 'Profile + annotator list'}
            </label>
          ))}
        </fieldset>
        {mode === 'flow' ? (
          <div class="field">
            <label for="flow">Flow</label>
            <select id="flow" value={flowId} onChange={(e) => setFlowId((e.target as HTMLSelectElement).value)} required>
              <option value="">Choose a flow…</option>
              {flows.map((f) => <option key={f} value={f}>{f}</option>)}
            </select>
          </div>
        ) : null}
        {mode === 'profile' ? (
          <div class="field">
            <label for="profile">Profile</label>
            <select id="profile" value={profileId} onChange={(e) => setProfileId((e.target as HTMLSelectElement).value)} required>
              <option value="">Choose a profile…</option>
              {profiles.map((p) => <option key={p} value={p}>{p}</option>)}
            </select>
          </div>
        ) : null}
        {mode !== 'flow' ? (
          <div class="field">
            <label for="annotators">Annotators <span class="muted">(comma-separated, run in this order)</span></label>
            <input id="annotators" type="text" value={annotators} onInput={(e) => setAnnotators((e.target as HTMLInputElement).value)} />
            <label class="radio">
              <input type="checkbox" id="medical-codes" checked={medicalCodes} onChange={() => setMedicalCodes(!medicalCodes)} />
              Ask concept_detection for medical codes (ICD-10, SNOMED CT, RxNorm…)
            </label>
          </div>
        ) : null}
        <div class="actions">
          <button type="submit" id="analyze" disabled={busy}>{busy ? 'Analysing…' : 'Analyse'}</button>
          <button type="button" class="secondary" onClick={() => setText('')}>Clear</button>
        </div>
        {error !== undefined ? <p role="alert" class="error">{error}</p> : null}
      </form>

      {response !== undefined ? (
        <section class="results" aria-label="Analysis results">
          <div class="result-bar">
            <div role="tablist" aria-label="Result view">
              <button role="tab" id="tab-annotations" aria-selected={tab === 'annotations'} aria-controls="panel-annotations" onClick={() => setTab('annotations')}>Annotations</button>
              <button role="tab" id="tab-json" aria-selected={tab === 'json'} aria-controls="panel-json" onClick={() => setTab('json')}>JSON</button>
            </div>
            <button type="button" class="secondary" id="download" onClick={() => downloadJson(response)}>Download JSON</button>
          </div>
          {tab === 'annotations' ? (
            <div role="tabpanel" id="panel-annotations" aria-labelledby="tab-annotations" class="annotations-panel">
              <fieldset class="legend" aria-label="Legend and filters">
                <legend>Types</legend>
                {CATEGORIES.map((c) => (
                  <label key={c.id} class="legend-item">
                    <input type="checkbox" checked={!hidden.has(c.id)} onChange={() => toggle(c.id)} data-category={c.id} />
                    <span class={`swatch cat-${c.id}`} aria-hidden="true" />
                    {c.label} <span class="count">{counts.get(c.id) ?? 0}</span>
                  </label>
                ))}
                <span class="legend-note"><s>struck through</s> = negated · <span class="dashed">dashed</span> = hypothetical</span>
              </fieldset>
              <div class="text-and-details" onKeyDown={(e) => { if (e.key === 'Escape') setSelected(undefined); }}>
                <AnnotatedText text={analysedText} annotations={visible} selected={selected} onSelect={setSelected} />
                <DetailsPanel annotation={selectedAnnotation} onClose={() => setSelected(undefined)} />
              </div>
            </div>
          ) : (
            <div role="tabpanel" id="panel-json" aria-labelledby="tab-json">
              <pre class="json" tabIndex={0}>{JSON.stringify(response, null, 2)}</pre>
            </div>
          )}
        </section>
      ) : null}
    </div>
  );
}
