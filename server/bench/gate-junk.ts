import { existsSync, readFileSync } from 'node:fs';
import sharp, { type Sharp } from 'sharp';

/**
 * Pictures that are not of any test's kind, for measuring the image gate: drawn shapes (an orange disc among them),
 * user-interface and document screenshots (drawn as SVG; with `browser`, also real HTML pages rendered by Chromium),
 * noise, gradients, blurred "photo-like" scenes and crops of two natural photographs (scikit-learn's sample images,
 * where Debian's python3-sklearn is installed). Deterministic for a seed: seed 1 is the part the gate's numbers are
 * chosen on, seed 2 the part they are reported on.
 */

export type Junk = { kind: string; bytes: Buffer };

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x100000000;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T,
    colour: () => `rgb(${Math.floor(next() * 256)},${Math.floor(next() * 256)},${Math.floor(next() * 256)})`,
  };
}
type Rng = ReturnType<typeof rng>;

const WORDS =
  'health result your test upload picture share record doctor appointment settings profile sign in account privacy terms home about contact search menu next back continue save cancel'.split(
    ' ',
  );
const sentence = (r: Rng, n: number) => Array.from({ length: n }, () => r.pick(WORDS)).join(' ');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

async function encode(r: Rng, img: Sharp): Promise<Buffer> {
  return r.next() < 0.5 ? img.png().toBuffer() : img.jpeg({ quality: r.int(60, 95) }).toBuffer();
}

function svgImage(w: number, h: number, body: string, bg: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="${bg}"/>${body}</svg>`,
  );
}

function shapeSvg(r: Rng): Buffer {
  const w = r.int(200, 700);
  const h = r.int(200, 700);
  const bg = r.pick(['#000', '#fff', r.colour(), '#222', '#f4f4f4']);
  const shapes: string[] = [];
  // The first of each set is a single filled disc: the shape a fundus photo is, at a glance.
  const count = r.next() < 0.4 ? 1 : r.int(2, 6);
  for (let i = 0; i < count; i += 1) {
    const fill =
      count === 1 && r.next() < 0.5 ? r.pick(['#e07020', '#d0501a', '#f08030', '#c84a10', '#b03010']) : r.colour();
    const cx = r.int(0, w);
    const cy = r.int(0, h);
    const size = r.int(20, Math.min(w, h) / 2);
    const kind = count === 1 ? 'disc' : r.pick(['disc', 'rect', 'tri', 'ring', 'line']);
    if (kind === 'disc')
      shapes.push(
        `<circle cx="${count === 1 ? w / 2 : cx}" cy="${count === 1 ? h / 2 : cy}" r="${count === 1 ? Math.min(w, h) * 0.45 : size}" fill="${fill}"/>`,
      );
    if (kind === 'rect')
      shapes.push(
        `<rect x="${cx}" y="${cy}" width="${size * 1.5}" height="${size}" fill="${fill}" transform="rotate(${r.int(0, 90)} ${cx} ${cy})"/>`,
      );
    if (kind === 'tri')
      shapes.push(`<polygon points="${cx},${cy} ${cx + size},${cy + size} ${cx - size},${cy + size}" fill="${fill}"/>`);
    if (kind === 'ring')
      shapes.push(
        `<circle cx="${cx}" cy="${cy}" r="${size}" fill="none" stroke="${fill}" stroke-width="${r.int(3, 20)}"/>`,
      );
    if (kind === 'line')
      shapes.push(
        `<line x1="${cx}" y1="${cy}" x2="${r.int(0, w)}" y2="${r.int(0, h)}" stroke="${fill}" stroke-width="${r.int(2, 15)}"/>`,
      );
  }
  return svgImage(w, h, shapes.join(''), bg);
}

function uiSvg(r: Rng): Buffer {
  const w = r.pick([360, 390, 768, 1024, 1280, 1440]);
  const h = r.pick([640, 800, 844, 900]);
  const accent = r.pick(['#0f766e', '#1d4ed8', '#be123c', '#334155', '#7c3aed']);
  const dark = r.next() < 0.25;
  const bg = dark ? '#0f172a' : r.pick(['#ffffff', '#f8fafc', '#f1f5f9']);
  const ink = dark ? '#e2e8f0' : '#0f172a';
  const parts = [
    `<rect width="${w}" height="56" fill="${accent}"/>`,
    `<text x="16" y="36" font-family="DejaVu Sans" font-size="22" fill="#fff">${esc(sentence(r, 2))}</text>`,
  ];
  let y = 90;
  while (y < h - 40) {
    const block = r.pick(['heading', 'para', 'button', 'card', 'input']);
    if (block === 'heading')
      parts.push(
        `<text x="24" y="${y + 24}" font-family="DejaVu Sans" font-weight="bold" font-size="${r.int(20, 34)}" fill="${ink}">${esc(sentence(r, 3))}</text>`,
      );
    if (block === 'para')
      for (let i = 0; i < r.int(2, 5); i += 1)
        parts.push(
          `<text x="24" y="${y + 20 + i * 22}" font-family="DejaVu Sans" font-size="15" fill="${ink}">${esc(sentence(r, Math.floor(w / 60)))}</text>`,
        );
    if (block === 'button')
      parts.push(
        `<rect x="24" y="${y}" rx="8" width="${r.int(120, 220)}" height="44" fill="${accent}"/><text x="40" y="${y + 28}" font-family="DejaVu Sans" font-size="16" fill="#fff">${esc(sentence(r, 2))}</text>`,
      );
    if (block === 'card')
      parts.push(
        `<rect x="24" y="${y}" rx="12" width="${w - 48}" height="${r.int(80, 160)}" fill="${dark ? '#1e293b' : '#fff'}" stroke="#cbd5e1"/><circle cx="70" cy="${y + 45}" r="24" fill="${r.colour()}"/><text x="110" y="${y + 50}" font-family="DejaVu Sans" font-size="16" fill="${ink}">${esc(sentence(r, 4))}</text>`,
      );
    if (block === 'input')
      parts.push(
        `<rect x="24" y="${y}" rx="6" width="${w - 48}" height="40" fill="${dark ? '#1e293b' : '#fff'}" stroke="#94a3b8"/><text x="36" y="${y + 26}" font-family="DejaVu Sans" font-size="15" fill="#64748b">${esc(sentence(r, 2))}</text>`,
      );
    y += block === 'card' ? 180 : block === 'para' ? 120 : 70;
  }
  return svgImage(w, h, parts.join(''), bg);
}

function documentSvg(r: Rng): Buffer {
  const w = r.int(500, 900);
  const h = Math.round(w * 1.3);
  const lines = Array.from(
    { length: Math.floor(h / 24) - 3 },
    (_, i) =>
      `<text x="40" y="${60 + i * 24}" font-family="${r.pick(['DejaVu Serif', 'DejaVu Sans', 'DejaVu Sans Mono'])}" font-size="15" fill="#111">${esc(sentence(r, Math.floor(w / 70)))}</text>`,
  );
  return svgImage(w, h, lines.join(''), r.pick(['#fff', '#fdfaf3', '#eee']));
}

function rawImage(w: number, h: number, fill: (x: number, y: number, c: number) => number): Sharp {
  const data = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1)
      for (let c = 0; c < 3; c += 1) data[(y * w + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(fill(x, y, c))));
  return sharp(data, { raw: { width: w, height: h, channels: 3 } });
}

function noise(r: Rng): Sharp {
  const w = r.int(128, 400);
  const h = r.int(128, 400);
  const kind = r.pick(['uniform', 'grey', 'salt', 'gauss'] as const);
  const base = [r.int(0, 255), r.int(0, 255), r.int(0, 255)];
  let grey = 0;
  return rawImage(w, h, (_x, _y, c) => {
    if (kind === 'uniform') return r.next() * 256;
    if (kind === 'grey') return c === 0 ? (grey = r.next() * 256) : grey;
    if (kind === 'salt') return c === 0 ? (grey = r.next() < 0.5 ? 0 : 255) : grey;
    return (base[c] as number) + (r.next() + r.next() + r.next() - 1.5) * 90;
  });
}

function gradient(r: Rng): Sharp {
  const w = r.int(128, 500);
  const h = r.int(128, 500);
  const a = [r.int(0, 255), r.int(0, 255), r.int(0, 255)];
  const b = [r.int(0, 255), r.int(0, 255), r.int(0, 255)];
  const radial = r.next() < 0.5;
  return rawImage(w, h, (x, y, c) => {
    const t = radial ? Math.min(1, Math.hypot(x - w / 2, y - h / 2) / (Math.min(w, h) / 2)) : (x / w + y / h) / 2;
    return (a[c] as number) * (1 - t) + (b[c] as number) * t;
  });
}

/** Soft coloured blobs, blurred: the low-detail look of an out-of-focus photograph of things. */
async function blobs(r: Rng): Promise<Sharp> {
  const w = r.int(200, 600);
  const h = r.int(200, 600);
  const body = Array.from(
    { length: r.int(4, 12) },
    () =>
      `<ellipse cx="${r.int(0, w)}" cy="${r.int(0, h)}" rx="${r.int(20, w / 2)}" ry="${r.int(20, h / 2)}" fill="${r.colour()}" opacity="${(0.4 + r.next() * 0.6).toFixed(2)}"/>`,
  ).join('');
  const png = await sharp(svgImage(w, h, body, r.colour()))
    .blur(r.int(2, 12))
    .png()
    .toBuffer();
  return sharp(png);
}

const PHOTOS = [
  '/usr/lib/python3/dist-packages/sklearn/datasets/images/china.jpg',
  '/usr/lib/python3/dist-packages/sklearn/datasets/images/flower.jpg',
].filter((f) => existsSync(f));

async function photoCrop(r: Rng): Promise<Sharp | null> {
  if (PHOTOS.length === 0) return null;
  const file = r.pick(PHOTOS);
  const meta = await sharp(file).metadata();
  const W = meta.width as number;
  const H = meta.height as number;
  const cw = r.int(Math.floor(W / 5), W);
  const ch = r.int(Math.floor(H / 5), H);
  const img = sharp(readFileSync(file)).extract({
    left: r.int(0, W - cw),
    top: r.int(0, H - ch),
    width: cw,
    height: ch,
  });
  return r.next() < 0.5 ? img.flop() : img;
}

/** Random HTML pages rendered by Chromium (playwright-core), at phone and desktop sizes. */
async function htmlScreenshots(r: Rng, n: number, executablePath: string): Promise<Buffer[]> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const out: Buffer[] = [];
  try {
    for (let i = 0; i < n; i += 1) {
      const page = await browser.newPage({
        viewport: { width: r.pick([390, 800, 1280]), height: r.pick([700, 844, 900]) },
      });
      const accent = r.pick(['teal', 'navy', 'crimson', 'rebeccapurple', 'darkslategray']);
      const blocks = Array.from({ length: r.int(4, 10) }, () => {
        const b = r.pick(['h2', 'p', 'button', 'table', 'ul', 'img'] as const);
        if (b === 'h2') return `<h2>${sentence(r, 4)}</h2>`;
        if (b === 'p') return `<p>${sentence(r, r.int(20, 60))}</p>`;
        if (b === 'button')
          return `<button style="background:${accent};color:#fff;padding:12px 20px;border:0;border-radius:8px">${sentence(r, 2)}</button>`;
        if (b === 'table')
          return `<table border="1" cellpadding="6">${Array.from({ length: 4 }, () => `<tr><td>${sentence(r, 2)}</td><td>${r.int(1, 300)}</td><td>${sentence(r, 1)}</td></tr>`).join('')}</table>`;
        if (b === 'ul') return `<ul>${Array.from({ length: 4 }, () => `<li>${sentence(r, 5)}</li>`).join('')}</ul>`;
        return `<div style="width:${r.int(80, 300)}px;height:${r.int(60, 200)}px;background:linear-gradient(${r.int(0, 360)}deg,${r.colour()},${r.colour()});border-radius:12px"></div>`;
      });
      await page.setContent(
        `<html><body style="font-family:DejaVu Sans,sans-serif;margin:0;background:${r.pick(['#fff', '#f8fafc', '#111827'])};color:${r.pick(['#111', '#333'])}"><header style="background:${accent};color:#fff;padding:16px;font-size:22px">${sentence(r, 2)}</header><main style="padding:16px">${blocks.join('')}</main></body></html>`,
      );
      out.push(await page.screenshot({ type: r.next() < 0.5 ? 'png' : 'jpeg' }));
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

export const JUNK_COUNTS = {
  shape: 60,
  ui: 40,
  document: 15,
  noise: 25,
  gradient: 25,
  blobs: 25,
  photo: 40,
  html: 30,
} as const;

export async function junkPictures(seed: number, options: { chromium?: string } = {}): Promise<Junk[]> {
  const r = rng(seed * 7919 + 17);
  const out: Junk[] = [];
  const add = async (kind: string, img: Sharp | null) => {
    if (img) out.push({ kind, bytes: await encode(r, img) });
  };
  for (let i = 0; i < JUNK_COUNTS.shape; i += 1) await add('drawn shape', sharp(shapeSvg(r)));
  for (let i = 0; i < JUNK_COUNTS.ui; i += 1) await add('UI screenshot (drawn)', sharp(uiSvg(r)));
  for (let i = 0; i < JUNK_COUNTS.document; i += 1) await add('document', sharp(documentSvg(r)));
  for (let i = 0; i < JUNK_COUNTS.noise; i += 1) await add('noise', noise(r));
  for (let i = 0; i < JUNK_COUNTS.gradient; i += 1) await add('gradient', gradient(r));
  for (let i = 0; i < JUNK_COUNTS.blobs; i += 1) await add('blurred blobs', await blobs(r));
  for (let i = 0; i < JUNK_COUNTS.photo; i += 1) await add('photo crop', await photoCrop(r));
  if (options.chromium && existsSync(options.chromium)) {
    for (const bytes of await htmlScreenshots(r, JUNK_COUNTS.html, options.chromium))
      out.push({ kind: 'web page screenshot (Chromium)', bytes });
  }
  return out;
}
