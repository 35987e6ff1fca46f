// Regenerates the seeded games' logos and card backgrounds as SVG (no fonts or images to download):
//   apps/web/public/games/<code>-logo.svg   240x120, the game's name on its badge
//   apps/web/public/games/<code>-bg.svg     300x211 card background (the home carousel's card, games/lib/carousel.ts)
// Run from the repository root:  npx tsx scripts/make-game-assets.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SEED_GAMES } from '../apps/server/src/modules/games/seed-games.ts';

/** Two colours per game (badge / background), distinct across the seed. */
const PALETTE: Record<string, { a: string; b: string; ink: string }> = {
  JOKER: { a: '#7b2ff7', b: '#f107a3', ink: '#ffffff' },
  SLOTXO: { a: '#ff8c00', b: '#ffd000', ink: '#2a1600' },
  SUPERSLOT: { a: '#0061ff', b: '#60efff', ink: '#ffffff' },
  PG: { a: '#00b09b', b: '#96c93d', ink: '#ffffff' },
  BETFLIX: { a: '#b00020', b: '#ff5f6d', ink: '#ffffff' },
  UFABET: { a: '#0f9b0f', b: '#00d084', ink: '#ffffff' },
  SEXYGAME: { a: '#c2185b', b: '#ff80ab', ink: '#ffffff' },
  HUAYHD: { a: '#8a6d00', b: '#ffd54f', ink: '#1f1600' },
};
const FALLBACK = { a: '#37474f', b: '#90a4ae', ink: '#ffffff' };

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function logo(code: string, name: string): string {
  const c = PALETTE[code] ?? FALLBACK;
  const size = name.length > 11 ? 22 : name.length > 7 ? 28 : 34;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120" role="img" aria-label="${esc(name)}">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${c.a}"/>
      <stop offset="1" stop-color="${c.b}"/>
    </linearGradient>
  </defs>
  <rect x="6" y="10" width="228" height="100" rx="22" fill="url(#g)" stroke="#ffffff" stroke-opacity="0.85" stroke-width="3"/>
  <rect x="14" y="18" width="212" height="40" rx="16" fill="#ffffff" fill-opacity="0.14"/>
  <text x="120" y="70" text-anchor="middle" dominant-baseline="middle" font-family="Arial, Helvetica, sans-serif" font-weight="900" font-size="${size}" fill="${c.ink}" letter-spacing="1">${esc(name.toUpperCase())}</text>
</svg>
`;
}

function background(code: string): string {
  const c = PALETTE[code] ?? FALLBACK;
  // A deterministic scatter of circles, different for every code.
  let seed = [...code].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    return seed / 2 ** 32;
  };
  const circles = Array.from({ length: 9 }, () => {
    const r = 12 + Math.round(rand() * 46);
    return `  <circle cx="${Math.round(rand() * 300)}" cy="${Math.round(rand() * 211)}" r="${r}" fill="#ffffff" fill-opacity="${(0.05 + rand() * 0.12).toFixed(2)}"/>`;
  }).join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="211" viewBox="0 0 300 211" preserveAspectRatio="xMidYMid slice">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${c.a}"/>
      <stop offset="1" stop-color="${c.b}"/>
    </linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.45" stop-color="#000000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.45"/>
    </linearGradient>
  </defs>
  <rect width="300" height="211" fill="url(#bg)"/>
${circles}
  <rect width="300" height="211" fill="url(#shade)"/>
</svg>
`;
}

const out = path.resolve('apps/web/public/games');
mkdirSync(out, { recursive: true });
for (const game of SEED_GAMES) {
  const file = game.code.toLowerCase();
  writeFileSync(path.join(out, `${file}-logo.svg`), logo(game.code, game.name));
  writeFileSync(path.join(out, `${file}-bg.svg`), background(game.code));
}
console.log(`wrote ${SEED_GAMES.length * 2} files to ${path.relative(process.cwd(), out)}`);
