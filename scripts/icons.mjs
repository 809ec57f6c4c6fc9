// Renders the SVG icon sources to the PNG sizes the manifest and iOS need, with Debian's Chromium.
// Run after changing public/icons/*.svg: `node scripts/icons.mjs`. The PNGs are committed.
import { chromium } from 'playwright-core';
import { readFileSync, writeFileSync } from 'node:fs';
import { smallestPng } from './png.mjs';

const jobs = [
  ['icon.svg', 'favicon-32.png', 32],
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['icon.svg', 'apple-touch-icon.png', 180],
  ['maskable.svg', 'maskable-512.png', 512],
];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
for (const [src, out, size] of jobs) {
  const svg = readFileSync(new URL(`../public/icons/${src}`, import.meta.url), 'utf8');
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<style>html,body{margin:0;background:transparent}</style><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${size}" height="${size}">`);
  const png = await page.screenshot({ omitBackground: true });
  // The favicon is precached (vite.config.ts includeAssets): the same pixels in 26 % fewer bytes, an
  // indexed PNG. The install icons are not, and are kept as Chromium writes them.
  writeFileSync(new URL(`../public/icons/${out}`, import.meta.url), out === 'favicon-32.png' ? smallestPng(png) : png);
}
await browser.close();
console.log('icons written');
