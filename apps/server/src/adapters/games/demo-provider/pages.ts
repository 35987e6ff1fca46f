// The demo provider's HTML pages: sign-in forms, lobby, errors and the game page's shell. No inline
// script (CSP); one stylesheet and one script of its own; Thai and English labels.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

type Page = { base: string; title: string; body: string; script?: boolean };

export function layout({ base, title, body, script }: Page): string {
  return `<!doctype html>
<html lang="th">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${esc(title)} · Demo Provider</title>
<link rel="stylesheet" href="${base}/assets/demo.css">
${script ? `<script src="${base}/assets/game.js" defer></script>` : ''}
</head>
<body>
<header class="bar"><span class="brand">DEMO PROVIDER</span><span class="muted">sandbox</span></header>
<main>${body}</main>
</body>
</html>`;
}

/** Username and password, posted to `action` (JOKER / SLOTXO sign-in, SEXYGAME lobby). */
export function signInPage(base: string, game: string, action: string, heading: string): string {
  return layout({
    base,
    title: `${game} ${heading}`,
    body: `<section class="card">
<h1>${esc(game)}</h1>
<p class="muted">${esc(heading)}</p>
<form method="post" action="${esc(action)}" class="stack">
<label>ชื่อผู้ใช้ / Username<input name="username" autocomplete="username" required maxlength="64"></label>
<label>รหัสผ่าน / Password<input name="password" type="password" autocomplete="current-password" required maxlength="64"></label>
<button type="submit">เข้าสู่ระบบ / Sign in</button>
</form>
</section>`,
  });
}

export function infoPage(base: string, title: string, text: string): string {
  return layout({
    base,
    title,
    body: `<section class="card"><h1>${esc(title)}</h1><p>${esc(text)}</p></section>`,
  });
}

export function errorPage(base: string, th: string, en: string): string {
  return layout({
    base,
    title: en,
    body: `<section class="card error" role="alert">
<h1>${esc(th)}</h1>
<p>${esc(en)}</p>
<p class="muted">กลับไปที่กระเป๋าเงินแล้วลองใหม่ / Go back to your wallet and try again.</p>
</section>`,
  });
}

/** The game page: filled in by game.js from the session named in the URL fragment. */
export function gamePage(base: string): string {
  return layout({
    base,
    title: 'Lucky 7 Slot',
    script: true,
    body: `<section class="card game" id="game" data-base="${esc(base)}">
<div class="row"><h1 id="game-title">Lucky 7</h1><span class="muted" id="player"></span></div>
<div class="balance"><span>ยอดเงิน / Balance</span><strong id="balance">–</strong></div>
<div class="reels" id="reels" aria-live="polite"><span>7</span><span>7</span><span>7</span></div>
<p class="result" id="result">เลือกยอดเดิมพันแล้วกดหมุน / Pick a bet and spin</p>
<div class="bets" id="bets" role="group" aria-label="เดิมพัน / Bet"></div>
<button type="button" id="spin" class="spin" disabled>หมุน / Spin</button>
<p class="error-text" id="error" role="alert" hidden></p>
</section>
<section class="card">
<h2>อัตราจ่าย / Payouts</h2>
<table class="pays" id="pays"><tbody></tbody></table>
</section>
<section class="card">
<h2>ผลล่าสุด / Last spins</h2>
<ol class="history" id="history"></ol>
</section>`,
  });
}
