// The annotation viewer in a real browser: Debian's chromium driven by playwright-core against the
// real service (buildApp on a socket, a temp SQLite store, the real analysis service with one worker
// thread on the small test knowledge base written to disk, API-key auth on). The page is built with
// esbuild first. Screenshots go to test-artifacts/. Skipped only when /usr/bin/chromium is absent.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createAnalysisService, type AnalysisService } from '../../src/analysis/analysis-service.js';
import { buildCartridge } from '../../src/cartridge/build-cartridge.js';
import { writeKnowledgeBase } from '../../src/knowledge/kb-files.js';
import { compileTestKb } from '../../src/knowledge/test-kb.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';
import { startServer, uniqueTenant, type TestServer } from '../http/harness.js';

const CHROMIUM = '/usr/bin/chromium';
const ROOT = new URL('../..', import.meta.url).pathname;
const ARTIFACTS = join(ROOT, 'test-artifacts');
const API_KEY = 'viewer-test-key-0001';
// Browser globals used inside page functions (this file is typechecked without the DOM library).
declare const sessionStorage: { getItem(key: string): string | null };
declare const document: { documentElement: { scrollWidth: number; clientWidth: number } };
declare function getComputedStyle(element: unknown): { textDecorationLine: string; textDecorationStyle: string };
interface ElementLike { cloneNode(deep: boolean): ElementLike; querySelectorAll(selector: string): Iterable<{ remove(): void }>; textContent: string | null }

const skip = existsSync(CHROMIUM) ? false : `${CHROMIUM} is not installed (apt-get install -y chromium)`;

describe('annotation viewer in chromium', { skip }, () => {
  let dir: string;
  let store: Store;
  let analysis: AnalysisService;
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const tenant = uniqueTenant('viewer');
  const requests: string[] = [];

  before(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    dir = mkdtempSync(join(tmpdir(), 'ca-viewer-'));
    // Built into this test's own directory (other test files may build at the same time).
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-web.mjs'), '--out-dir', join(dir, 'web')], { cwd: ROOT, stdio: 'pipe' });
    process.env.VIEWER_DIR = join(dir, 'web');
    const kbDir = join(dir, 'kb');
    await writeKnowledgeBase(compileTestKb(), kbDir);
    store = await openStore({ dataDir: dir });
    analysis = createAnalysisService({
      store, storeConfig: { dataDir: dir }, kbDir, workers: 1, timeoutMs: 60_000, maxQueue: 10,
      limits: { maxCharsPerContainer: 20_000, maxCharsPerRequest: 20_000, maxContainers: 5 },
    });
    server = await startServer({ store, analysis, env: { AUTH_MODE: 'apikey', API_KEYS: API_KEY, CARTRIDGE_POLL_INTERVAL_MS: '50' } });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('request', (r) => requests.push(r.url()));
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    await analysis?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  test('the page loads without a token, from the service only', async () => {
    const response = await page.goto(`${server.baseUrl}/`);
    assert.equal(response?.status(), 200);
    await page.getByRole('heading', { name: 'Clinical Annotator' }).waitFor();
    const note = await page.locator('#note').inputValue();
    assert.match(note, /metformin/, 'a sample note is preloaded');
    // The API itself needs the key: without it the flow list call was refused.
    const unauthorized = await fetch(`${server.baseUrl}/v1/flows?version=2023-02-22`);
    assert.equal(unauthorized.status, 401);
  });

  test('with the key and tenant set, the sample note is analysed and highlighted', async () => {
    await page.getByText('Connection').click();
    await page.locator('#token').fill(API_KEY);
    await page.locator('#tenant').fill(tenant);
    await page.getByRole('button', { name: 'Save' }).click();
    assert.equal(await page.evaluate(() => sessionStorage.getItem('clinical-annotator.token')), API_KEY);
    await page.getByText('Connection').click();

    await page.locator('#analyze').click();
    await page.locator('.annotated-text').waitFor({ timeout: 60_000 });
    const note = await page.locator('#note').inputValue();

    // Every concept mark covers exactly the response's text at its offsets.
    const concepts = await page.locator('mark.cat-concept[role="button"]').evaluateAll((marks) => marks.map((m) => m.getAttribute('aria-label') ?? ''));
    assert.ok(concepts.some((l) => l.includes('metformin')), `metformin highlighted as a concept: ${concepts.join(' | ')}`);
    assert.ok(concepts.some((l) => l.includes('type 2 diabetes mellitus')), 'diabetes highlighted as a concept');
    const shown = await page.locator('.annotated-text').evaluate((el) => {
      const copy = (el as unknown as ElementLike).cloneNode(true);
      for (const badge of copy.querySelectorAll('.badge')) badge.remove();
      return copy.textContent;
    });
    assert.equal(shown, note, 'the whole note is shown once, segments in order');

    // The denied headache is struck through (computed style), metformin is not.
    const headache = page.locator('mark.cat-concept[role="button"][aria-label*="headache"]').first();
    const decoration = await headache.evaluate((el) => getComputedStyle(el).textDecorationLine);
    assert.match(decoration, /line-through/);
    const metformin = page.locator('mark.cat-concept[role="button"][aria-label*="metformin"]').first();
    assert.doesNotMatch(await metformin.evaluate((el) => getComputedStyle(el).textDecorationLine), /line-through/);
    // The hypothetical sentence is dash-underlined with a badge.
    const hyp = page.locator('mark.cat-hypothetical').first();
    assert.equal(await hyp.evaluate((el) => getComputedStyle(el).textDecorationStyle), 'dashed');
    assert.equal(await page.locator('.badge-hyp').count() > 0, true);
    await page.screenshot({ path: join(ARTIFACTS, 'viewer-analysis.png'), fullPage: true });

    // Keyboard: focus the metformin span and press Enter to open its details.
    await metformin.focus();
    await page.keyboard.press('Enter');
    const details = page.locator('#details');
    await details.getByRole('cell', { name: 'RxNorm', exact: true }).waitFor();
    assert.match(await details.innerText(), /C0025598/);
    const raw = JSON.parse(await page.locator('[data-testid="annotation-json"]').innerText()) as { coveredText: string; begin: number; end: number };
    assert.equal(raw.coveredText, 'metformin');
    assert.equal(note.slice(raw.begin, raw.end), 'metformin');
    await page.screenshot({ path: join(ARTIFACTS, 'viewer-details.png') });

    // Filters: hiding concepts removes their marks; the JSON tab shows the raw response.
    await page.locator('input[data-category="concept"]').uncheck();
    assert.equal(await page.locator('mark.cat-concept').count(), 0);
    await page.locator('input[data-category="concept"]').check();
    await page.getByRole('tab', { name: 'JSON' }).click();
    const json = JSON.parse(await page.locator('#panel-json pre').innerText()) as { unstructured: { text: string }[] };
    assert.equal(json.unstructured[0]?.text, note);
  });

  test('a cartridge deployed through the page reaches completed, with its artifact responses', async () => {
    const built = await buildCartridge(join(ROOT, 'test', 'fixtures', 'cartridge-src'));
    assert.ok(built.ok && built.archive !== undefined, JSON.stringify(built.issues));
    const zip = join(dir, 'cartridge.zip');
    writeFileSync(zip, built.archive);
    await page.goto(`${server.baseUrl}/#/cartridges`);
    await page.getByRole('heading', { name: 'Cartridges' }).waitFor();
    await page.locator('#cartridge-file').setInputFiles(zip);
    await page.locator('#deploy').click();
    const status = page.locator('[data-testid="deployment-status"]');
    await status.filter({ hasText: /^(completed|failed)$/ }).waitFor({ timeout: 60_000 });
    assert.equal(await status.innerText(), 'completed');
    const rows = await page.locator('.artifact-responses tbody tr').allInnerTexts();
    assert.ok(rows.some((r) => /demo\.demo_cartridge_v1\.0_standard_flow\s+201 Created/.test(r)), rows.join('\n'));
    assert.match(page.url(), /#\/cartridges\/demo\.demo_cartridge_v1\.0$/);
    await page.screenshot({ path: join(ARTIFACTS, 'viewer-cartridge.png'), fullPage: true });

    // The tenant's flow from the cartridge is listed and its JSON opens.
    await page.goto(`${server.baseUrl}/#/flows`);
    const link = page.locator('.artifact-list a').first();
    await link.waitFor();
    await link.click();
    await page.locator('.artifact-json pre').waitFor();
    assert.ok(JSON.parse(await page.locator('.artifact-json pre').innerText()) !== null);

    // A saved flow of the tenant runs from the analysis page (POST /v1/analyze/{flow_id}).
    const flowId = 'viewer_flow';
    const flow = { id: flowId, name: 'Viewer flow', annotatorFlows: [{ flow: { elements: [{ annotator: { name: 'concept_detection' } }, { annotator: { name: 'negation' } }], async: false } }] };
    const created = await server.call('POST', '/v1/flows?version=2023-02-22', { json: flow, headers: { authorization: `Bearer ${API_KEY}`, 'x-ibm-client-id': tenant } });
    assert.equal(created.status, 201, created.text);
    await page.goto(`${server.baseUrl}/#/`);
    await page.reload();
    await page.getByLabel('Saved flow').check();
    await page.locator(`#flow option[value="${flowId}"]`).waitFor({ state: 'attached' });
    await page.locator('#flow').selectOption(flowId);
    await page.locator('#analyze').click();
    await page.locator('.annotated-text, .analyze-form [role="alert"]').first().waitFor({ timeout: 60_000 });
    assert.equal(await page.locator('.analyze-form [role="alert"]').count(), 0, await page.locator('.analyze-form').innerText());
    assert.ok(await page.locator('mark.ann').count() > 0, 'the flow produced highlighted annotations');
  });

  test('readable on a phone; nothing fetched from other origins', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.baseUrl}/#/`);
    await page.locator('#note').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'viewer-phone.png'), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 1, `no horizontal scrolling on a phone (overflow ${overflow}px)`);
    const foreign = requests.filter((u) => !u.startsWith(server.baseUrl) && !u.startsWith('data:') && !u.startsWith('blob:'));
    assert.deepEqual(foreign, []);
  });
});
