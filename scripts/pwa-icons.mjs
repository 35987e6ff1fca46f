#!/usr/bin/env node
// The member app's home-screen icons (apps/web/public/icons), drawn from the brand mark in
// apps/web/public/favicon.svg with sharp. Run again after the mark changes:
//
//   node scripts/pwa-icons.mjs
//
// "any" icons keep the favicon's rounded square; the maskable icon and the iOS icon fill the whole square
// with the background (the launcher or iOS cuts its own shape) and keep the mark inside the safe zone.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC = path.join(ROOT, 'apps/web/public');
const favicon = readFileSync(path.join(PUBLIC, 'favicon.svg'), 'utf8');

const background = favicon.match(/<rect width="64" height="64"[^>]*fill="(#[0-9A-Fa-f]{6})"[^>]*\/>/);
if (!background) throw new Error('favicon.svg: no full-size background rect');
/** The mark alone: the favicon without its title and its background square. */
const mark = favicon
  .replace(/^[\s\S]*?<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '')
  .replace(/<title>[^<]*<\/title>/, '')
  .replace(background[0], '');

/** The mark on a full square of the background, scaled to `share` of the side and centred. */
function fullBleed(share) {
  const offset = (64 * (1 - share)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="${background[1]}"/>
  <g transform="translate(${offset} ${offset}) scale(${share})">${mark}</g>
</svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  // Maskable: the safe zone is the centre circle of 80 % of the side; the mark's box fits in 62 %.
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(0.62) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.8) },
];

for (const { file, size, svg } of icons) {
  await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(PUBLIC, 'icons', file));
  console.log(`apps/web/public/icons/${file} ${size}×${size}`);
}
