// One glance, one tap (issue 26): what a round costs each player's thumb. Three phones at 360×740 joined
// by link over real WebRTC (the bundled signaling server) play two full rounds through the UI, as players
// would: each phone starts on the Planets tab (where the game opens) and stays wherever its last tap left
// it. For every decision (pick, strategic action, End turn and its question, as she records no primary
// ability, each secondary answer (declined), Pass, each status step, the step 6 dialog), she taps the control at once when it is on her screen; otherwise the
// now bar first (on a build without one, the Round tab if it is not open), then she scrolls if it is
// still not on screen (test/e2e/glance.ts, tapAsPlayer).
//   ui.tapsPerRound          taps per player in round 2 (the steady state: step 6 starts from her split
//                            of round 1), mean over the three players
//   ui.scrollPerRoundPx      pixels she scrolled herself in round 2, mean over the players
//   ui.tapsFirstRound, ui.scrollFirstRoundPx   the same for round 1
//   ui.statusTapsPerRound    taps per player in round 2's status phase (the issue counted 11)
// `--dist <old build>` measures a build without the now bar the same way (bench/README.md).
export const keys = ['ui.tapsPerRound', 'ui.scrollPerRoundPx', 'ui.tapsFirstRound', 'ui.scrollFirstRoundPx', 'ui.statusTapsPerRound'];
export const timeoutMs = 300_000;

const SEATS = [
  { name: 'Ana', race: 'sol' },
  { name: 'Ben', race: 'hacan' },
  { name: 'Cleo', race: 'xxcha' },
];
const CARDS = ['', 'Leadership', 'Diplomacy', 'Assembly', 'Production', 'Trade', 'Warfare'];

/** In the page: resolves once the folded game satisfies `test` (a function body over `s`, the snapshot). */
async function until(page, body, arg) {
  await page.waitForFunction(
    ([b, a]) => {
      const s = globalThis.__tt?.game.snapshotOrUndefined();
      return !!s && new Function('s', 'a', b)(s, a);
    },
    [body, arg],
    { timeout: 30_000, polling: 50 },
  );
}

export async function run(ctx) {
  const { WEBRTC_ARGS, hostTable } = await ctx.importTs('test/e2e/phones.ts');
  const { tapAsPlayer } = await ctx.importTs('test/e2e/glance.ts');
  const browser = await ctx.launchChromium(WEBRTC_ARGS);
  const { phones } = await hostTable(browser, ctx.appUrl, 'Glance bench', SEATS);
  const seatOf = new Map(phones.map((p, i) => [p, `s${i + 1}`]));
  for (const p of phones) await p.page.locator('button.conn').filter({ hasText: '2 phones' }).waitFor({ timeout: 60_000 });
  for (const p of phones) await p.page.getByRole('tab', { name: 'Planets' }).click();

  const rounds = [];
  for (let round = 1; round <= 2; round++) {
    const effort = new Map(phones.map((p) => [p, { taps: 0, scrollPx: 0 }]));
    const status = new Map(phones.map((p) => [p, 0]));
    const tap = (p, name, tab = 'Round') => tapAsPlayer(p.page, p.page.getByRole('button', { name }), effort.get(p), tab);

    // Strategy phase: in rotation order from Ana, cards 1–6; 7 and 8 stay unpicked (their bonus grows).
    for (const [i, n] of [1, 2, 3, 4, 5, 6].entries()) {
      const p = phones[i % 3];
      await until(p.page, 'return s.tracker.picker === a', seatOf.get(p));
      await tap(p, new RegExp(`^Pick ${n} ${CARDS[n]}$`));
    }
    // Action phase, initiative order; the other two decline each secondary ability.
    for (const [i, n] of [1, 2, 3, 4, 5, 6].entries()) {
      const p = phones[i % 3];
      await until(p.page, 'return s.tracker.active === a && !s.tracker.acting', seatOf.get(p));
      await tap(p, new RegExp(`^Strategic action: play ${n} `));
      for (const o of phones.filter((x) => x !== p)) {
        await until(o.page, 'return s.tracker.secondaries.some((x) => x.card === a)', n);
        await tap(o, `Decline the secondary ability of ${CARDS[n]}`);
      }
      await tap(p, 'End turn');
      // This player records no primary ability (she does it on the board): End turn asks first (issue 35 item 1),
      // one confirmation tap per strategic action, which a player who records it never sees.
      const ask = p.page.getByRole('dialog', { name: /^End your turn without/ });
      if (await ask.isVisible()) await tap(p, 'End turn without it');
    }
    for (const p of phones) {
      await until(p.page, 'return s.tracker.active === a && !s.tracker.acting', seatOf.get(p));
      await tap(p, /^Pass$/);
    }
    // Status phase: every step on every phone; step 6 through its dialog.
    for (const step of [1, 3, 4, 5, 6, 7, 8, 9]) {
      for (const p of phones) {
        await until(p.page, 'return s.round.phase === "status" && s.round.step === a[0] && !s.tracker.done.includes(a[1])', [step, seatOf.get(p)]);
        const before = effort.get(p).taps;
        if (step === 6) {
          const n = seatOf.get(p) === 's1' ? 3 : 2;
          await tap(p, /^Receive 1 action card/);
          const dialog = p.page.getByRole('dialog', { name: 'Receive command counters' });
          const receive = dialog.getByRole('button', { name: `Receive ${n}` });
          for (let k = 0; k < n && !(await receive.count()); k++) {
            await tapAsPlayer(p.page, dialog.getByRole('button', { name: 'Command pool: one counter more' }), effort.get(p));
          }
          await tapAsPlayer(p.page, receive, effort.get(p));
          await dialog.waitFor({ state: 'detached' });
        } else await tap(p, new RegExp(`^Done with step ${step}`));
        status.set(p, status.get(p) + effort.get(p).taps - before);
      }
    }
    await until(phones[0].page, 'return s.round.round === a && s.round.phase === "strategy"', round + 1);
    rounds.push(phones.map((p) => ({ player: p.name, ...effort.get(p), statusTaps: status.get(p) })));
    ctx.log(`round ${round}: ${rounds[round - 1].map((r) => `${r.player} ${r.taps} taps, ${Math.round(r.scrollPx)} px`).join('; ')}`);
  }
  for (const p of phones) await p.context.close();

  const mean = (list, key) => ctx.stats.round(list.reduce((n, r) => n + r[key], 0) / list.length, 1);
  ctx.detail('rounds', rounds);
  ctx.note('ui.tapsPerRound', 'round 2 of 2 played through the UI on 3 phones over WebRTC; mean per player (bench/suites/glance.mjs)');
  ctx.note('ui.scrollPerRoundPx', 'pixels each player scrolled herself in round 2, mean per player');
  return {
    'ui.tapsPerRound': mean(rounds[1], 'taps'),
    'ui.scrollPerRoundPx': mean(rounds[1], 'scrollPx'),
    'ui.tapsFirstRound': mean(rounds[0], 'taps'),
    'ui.scrollFirstRoundPx': mean(rounds[0], 'scrollPx'),
    'ui.statusTapsPerRound': mean(rounds[1], 'statusTaps'),
  };
}
