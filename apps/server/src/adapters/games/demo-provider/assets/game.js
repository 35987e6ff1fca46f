// The demo provider's slot page. The play session arrives in the URL fragment (never sent to a
// server, so never logged), is kept for this tab only, and goes with each call in a header.
(() => {
  const root = document.getElementById('game');
  if (!root) return;
  const base = root.dataset.base || '/demo-provider';
  const KEY = 'demo-provider-session';
  const $ = (id) => document.getElementById(id);

  const fromHash = location.hash.slice(1);
  if (fromHash) {
    sessionStorage.setItem(KEY, fromHash);
    history.replaceState(null, '', location.pathname);
  }
  const session = sessionStorage.getItem(KEY);

  let state = null;
  let bet = 0;
  let spinning = false;

  const money = (n) =>
    `${Number(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${state ? state.currency : ''}`;

  function showError(th, en) {
    const el = $('error');
    el.textContent = `${th} / ${en}`;
    el.hidden = false;
  }

  async function call(path, body) {
    const res = await fetch(base + path, {
      method: body ? 'POST' : 'GET',
      headers: { 'x-demo-session': session || '', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const data = await res.json().catch(() => ({}));
    return { ok: res.ok, data };
  }

  function faceOf(id) {
    const symbol = state.symbols.find((s) => s.id === id);
    return symbol ? symbol.face : '?';
  }

  function renderBets() {
    const box = $('bets');
    box.replaceChildren();
    for (const step of state.bets) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = step.toLocaleString('en-US');
      b.className = step === bet ? 'chip active' : 'chip';
      b.setAttribute('aria-pressed', String(step === bet));
      b.addEventListener('click', () => {
        bet = step;
        renderBets();
      });
      box.append(b);
    }
    $('spin').disabled = spinning || !bet || state.balance < bet;
    if (!spinning && state.balance < state.bets[0]) {
      $('result').textContent =
        'ยอดเงินไม่พอ โอนเงินเข้าเกมจากกระเป๋าก่อน / Not enough balance: move money in from your wallet';
    }
  }

  function renderPays() {
    const body = $('pays').querySelector('tbody');
    body.replaceChildren();
    for (const rule of state.pays) {
      const tr = document.createElement('tr');
      const a = document.createElement('td');
      const b = document.createElement('td');
      a.textContent = rule.label;
      b.textContent = `×${rule.multiplier}`;
      tr.append(a, b);
      body.append(tr);
    }
  }

  function setReels(ids) {
    const spans = $('reels').querySelectorAll('span');
    ids.forEach((id, i) => {
      spans[i].textContent = faceOf(id);
      spans[i].dataset.symbol = id;
    });
  }

  async function spin() {
    if (spinning || !bet) return;
    spinning = true;
    $('error').hidden = true;
    $('reels').classList.add('rolling');
    renderBets();
    const { ok, data } = await call('/api/spin', { amount: bet });
    $('reels').classList.remove('rolling');
    spinning = false;
    if (!ok) {
      if (data.message === 'MONEY_NOT_ENOUGH') showError('ยอดเงินไม่พอ', 'Not enough balance');
      else if (data.message === 'SESSION_EXPIRED') showError('เซสชันหมดอายุ', 'Session expired, launch the game again');
      else showError('เกิดข้อผิดพลาด', 'Something went wrong');
      renderBets();
      return;
    }
    state.balance = data.balance;
    setReels(data.reels);
    $('balance').textContent = money(data.balance);
    $('result').textContent =
      data.multiplier > 0 ? `ชนะ / Win ${money(data.payout)} (×${data.multiplier})` : 'ไม่ถูกรางวัล / No win';
    $('result').className = data.multiplier > 0 ? 'result win' : 'result';
    const li = document.createElement('li');
    li.textContent = `${data.reels.map(faceOf).join(' ')} · ${money(data.amount)} → ${money(data.payout)}`;
    $('history').prepend(li);
    while ($('history').children.length > 10) $('history').lastElementChild.remove();
    renderBets();
  }

  async function start() {
    if (!session) {
      showError('ไม่พบเซสชัน', 'No session: launch the game from your wallet');
      return;
    }
    const { ok, data } = await call('/api/session');
    if (!ok) {
      showError('เซสชันหมดอายุ', 'Session expired, launch the game again');
      return;
    }
    state = data;
    bet = state.bets[0];
    $('game-title').textContent = `${state.game} · Lucky 7`;
    $('player').textContent = state.username;
    $('balance').textContent = money(state.balance);
    $('spin').addEventListener('click', spin);
    renderPays();
    renderBets();
  }

  start();
})();
