// Wire: the bytes one typical change sends to the other phones, in the simulated 16-round 8-player
// game, with Yjs (the update the document emits) against sending the whole game state as JSON after
// the change, as most companion apps do. The two typical changes are "exhaust a planet" and "+1 trade
// good", made with the real commands on a replica of the finished game.
//
// wire.yjsBytesPerChange is the v1 update (what y-webrtc sends); the v2 update is reported too.
// wire.jsonBytesPerChange is JSON.stringify of the whole snapshot (src/doc/core/types.ts: state, log and
// problems); wire.jsonStateBytesPerChange leaves the log and problems out (state only: the fairest
// comparison with an app that keeps no history), and its gzip size is given as well.
import { gzipSync } from 'node:zlib';

export const keys = [
  'wire.yjsBytesPerChange',
  'wire.yjsV2BytesPerChange',
  'wire.jsonBytesPerChange',
  'wire.jsonStateBytesPerChange',
  'wire.jsonStateGzipBytesPerChange',
  'wire.ratio',
  'wire.stateOnlyRatio',
];

const utf8 = (s) => Buffer.byteLength(s, 'utf8');

export async function run(ctx) {
  const sim = await ctx.simulation();
  const m = await ctx.importTs('bench/simulate.ts');
  const me = sim.games[0];
  const seat = sim.seats[0];
  const game = m.replicaOf(me, sim.devices[0]);
  const planet = Object.values(game.snapshot().planets).find((p) => p.owner === seat && !p.exhausted);
  if (!planet) throw new Error('the simulated seat has no ready planet to exhaust');

  const changes = [
    ['exhaust', () => game.makeMove(game.moves.planets.setExhausted, planet.id, true)],
    ['tradeGood', () => game.makeMove(game.moves.sheet.adjustCounter, seat, 'tradeGoods', 1)],
  ];
  const rows = changes.map(([name, change]) => {
    const { v1, v2 } = m.captureUpdate(game.doc, change);
    const snap = game.snapshot();
    const whole = JSON.stringify(snap);
    const { log: _log, problems: _problems, ...state } = snap;
    const stateOnly = JSON.stringify(state);
    return { name, yjsV1: v1.byteLength, yjsV2: v2.byteLength, json: utf8(whole), jsonState: utf8(stateOnly), jsonStateGzip: gzipSync(stateOnly, { level: 9 }).byteLength };
  });
  if (rows.some((r) => r.yjsV1 === 0)) throw new Error(`a change wrote nothing: ${JSON.stringify(rows)}`);
  const mean = (k) => rows.reduce((s, r) => s + r[k], 0) / rows.length;
  ctx.detail('changes', rows);
  ctx.note('wire.yjsBytesPerChange', `mean of "exhaust ${planet.name}" and "+1 trade good" (Yjs v1 update), game of ${sim.stats.events} events`);
  ctx.note('wire.jsonBytesPerChange', 'JSON.stringify of the whole snapshot (state, log and problems) after each change, UTF-8 bytes');
  ctx.note('wire.jsonStateBytesPerChange', 'the same without the log and problems: the state alone');
  const r = (v) => ctx.stats.round(v, 1);
  return {
    'wire.yjsBytesPerChange': r(mean('yjsV1')),
    'wire.yjsV2BytesPerChange': r(mean('yjsV2')),
    'wire.jsonBytesPerChange': r(mean('json')),
    'wire.jsonStateBytesPerChange': r(mean('jsonState')),
    'wire.jsonStateGzipBytesPerChange': r(mean('jsonStateGzip')),
    'wire.ratio': r(mean('json') / mean('yjsV1')),
    'wire.stateOnlyRatio': r(mean('jsonState') / mean('yjsV1')),
  };
}
