import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PATHS } from '../src/app/route-table';
import { BOOT_FILE, BOOT_SOURCE, prerenderedFile, withLanguage, withPrerendered } from './prerender';

const INDEX = readFileSync(path.join(import.meta.dirname, '..', 'index.html'), 'utf8');

describe('withPrerendered', () => {
  const page = withPrerendered(INDEX, '/heart-disease', '<title>Heart · MediBuddy</title><div><h1>Heart</h1></div>');

  it('puts the page in #root, in place of the static bar, marked with its address', () => {
    expect(page).toContain('<div id="root" data-prerendered="/heart-disease"><div><h1>Heart</h1></div></div>');
    expect(page).not.toContain('<!--app-->');
    expect(page).not.toMatch(/Painted before any script runs/);
  });

  it("moves the page's <title> into <head>, replacing index.html's", () => {
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page.indexOf('<title>Heart · MediBuddy</title>')).toBeLessThan(page.indexOf('</head>'));
  });

  it('fails the build, rather than write a broken page, when index.html has lost its markers', () => {
    expect(() => withPrerendered('<div id="root"></div>', '/', '<p>x</p>')).toThrow(/markers/);
  });

  it('asks for one small script, which loads the app after the first paint: the page paints from its HTML alone', () => {
    const html = INDEX.replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/index.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/react.js">\n</head>',
    );
    const prerendered = withPrerendered(html, '/', '<p>x</p>');
    expect(prerendered).toContain(`<script type="module" src="/${BOOT_FILE}"></script>`);
    // Nothing else is fetched before the boot script runs: the entry and the preloads wait in an inert template.
    const outside = prerendered.replace(/<template id="app-scripts"[\s\S]*?<\/template>/, '');
    expect(outside).not.toMatch(/index\.js|react\.js|modulepreload/);
    expect(prerendered).toContain(
      '<template id="app-scripts" data-entry="/assets/index.js"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react.js"></template>',
    );
  });

  it('the boot script waits for the first paint (no timers, which a test clock stops), and starts at once in a hidden tab', () => {
    expect(BOOT_SOURCE).toMatch(/new PerformanceObserver\(start\)\.observe\(\{ type: 'paint', buffered: true \}\)/);
    expect(BOOT_SOURCE).not.toMatch(/setTimeout|requestAnimationFrame/);
    expect(BOOT_SOURCE).toMatch(/visibilityState === 'hidden' \|\|/);
    expect(BOOT_FILE).toMatch(/^assets\/boot-[\w-]{8}\.js$/);
  });

  it('escapes the address in the attribute', () => {
    expect(withPrerendered(INDEX, '/a"b&c', '<p>x</p>')).toContain('data-prerendered="/a&quot;b&amp;c"');
  });
});

describe('prerenderedFile', () => {
  it('gives every prerendered address its own file', () => {
    const files = PRERENDERED_PATHS.map(prerenderedFile);
    expect(new Set(files).size).toBe(PRERENDERED_PATHS.length);
    expect(prerenderedFile('/')).toBe('prerendered/index.html');
    expect(prerenderedFile('/heart-disease')).toBe('prerendered/heart-disease.html');
  });

  it('leaves out pages that depend on who is signed in, on data or on the window', () => {
    for (const path of ['/user-profile', '/changePassword', '/health-record', '/medibuddy', '*']) {
      expect(PRERENDERED_PATHS).not.toContain(path);
    }
    expect(PRERENDERED_PATHS.some((p) => p.includes(':'))).toBe(false);
  });
});

describe('withLanguage (decision 032)', () => {
  const PAGE = '<html lang="en"><head><title>x</title></head><body></body></html>';

  it('marks a Hindi page lang="hi", gives it the Devanagari font and links both languages', () => {
    const css = '@font-face{src:url(/assets/deva-400.woff2) format("woff2")}';
    const html = withLanguage(PAGE, '/hi/diagnosis', css);
    expect(html).toContain('<html lang="hi"');
    expect(html).toContain(`<style id="devanagari-font">${css}</style>`);
    // Not preloaded: with font-display: optional a device's own Devanagari font shows the first page, and fetching
    // ours with the page made the largest paint about 0.4 s later in Lighthouse (decision 032).
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain('<link rel="alternate" hreflang="en" href="/diagnosis">');
    expect(html).toContain('<link rel="alternate" hreflang="hi" href="/hi/diagnosis">');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="/diagnosis">');
  });

  it('keeps an English page English, with no font; the home page pairs with /hi', () => {
    const html = withLanguage(PAGE, '/', '@font-face{}');
    expect(html).toContain('<html lang="en"');
    expect(html).not.toContain('devanagari-font');
    expect(html).toContain('<link rel="alternate" hreflang="hi" href="/hi">');
  });

  it('every prerendered page has its Hindi twin now that every page is translated, and links it', () => {
    const english = PRERENDERED_PATHS.filter((p) => p !== '/hi' && !p.startsWith('/hi/'));
    for (const path of english) expect(PRERENDERED_PATHS).toContain(path === '/' ? '/hi' : `/hi${path}`);
    expect(withLanguage(PAGE, '/privacy', '')).toContain('<link rel="alternate" hreflang="hi" href="/hi/privacy">');
  });
});
