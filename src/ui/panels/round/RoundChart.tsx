import { For } from 'solid-js';
import { roundRecords, roundSeries, seriesSummary } from '../../../doc/round';
import type { Measure } from '../../../doc/round';
import type { GameSnapshot } from '../../../doc';
import { seatColor, seatName } from './words';

// The drawing's own units (viewBox). The SVG scales to its box, its text with it: 14 units read as 19 px on a
// 360 px phone, and as 36 px in the height the 1920×1080 TV's table view leaves it (round.css).
const W = 240;
const H = 156;
const LEFT = 22; // the scale's numbers
const RIGHT = 72; // the players' names (6 letters) and latest values at the ends of their lines
const TOP = 10;
const BOTTOM = 22; // the round numbers
const GAP = 17; // between two names at the right edge (a line of 14-unit text): 8 seats fit in the plot's height

const WHAT: Record<Measure, string> = { vp: 'Victory points', tradeGoods: 'Trade goods', planets: 'Planets held' };

/**
 * Moves labels wanted at `ys` (ascending or not) apart by at least GAP, within [lo, hi], as little as
 * possible: two players at the same VP would otherwise print their names on top of each other.
 */
function spread(ys: number[], lo: number, hi: number): number[] {
  const order = ys.map((y, i) => [y, i] as const).sort((a, b) => a[0] - b[0]);
  const out = order.map(([y]) => y);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(out[i] as number, i ? (out[i - 1] as number) + GAP : lo);
  for (let i = out.length - 1; i >= 0; i--) out[i] = Math.min(out[i] as number, i < out.length - 1 ? (out[i + 1] as number) - GAP : hi);
  const placed: number[] = [];
  order.forEach(([, at], i) => (placed[at] = out[i] as number));
  return placed;
}

/**
 * Every seat's `measure` round by round (the game at a glance, issue 20): one line per player in her
 * colour, outlined so black and white lines show on either theme, named at its end with her latest
 * value so no one needs to tell colours apart. Plain SVG; a screen reader gets the numbers in words.
 */
export function RoundChart(props: { state: GameSnapshot; measure: Measure }) {
  const series = () => roundSeries(roundRecords(props.state), props.state.seats.map((s) => s.id), props.measure, props.measure === 'vp' ? props.state.meta.vpGoal : 1);
  const x = (i: number) => {
    const n = series().rounds.length;
    return LEFT + (n > 1 ? (i * (W - LEFT - RIGHT)) / (n - 1) : (W - LEFT - RIGHT) / 2);
  };
  const y = (v: number) => TOP + ((series().max - v) * (H - TOP - BOTTOM)) / (series().max - series().min);
  const ticks = () => [...new Set([series().min, 0, series().max])];
  // Every round's number while 8 fit, every other one (or fewer) in a long game.
  const labels = () => series().rounds.map((round, i) => ({ round, i })).filter((l) => l.i % Math.ceil(series().rounds.length / 8) === 0);
  const ends = () => spread(series().lines.map((l) => y(l.values[l.values.length - 1] ?? 0)), TOP, H - BOTTOM);
  const name = (seat: string) => seatName(props.state, seat);
  return (
    <figure class="chart">
      <figcaption>{WHAT[props.measure]}, round by round</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={seriesSummary(series(), WHAT[props.measure], name)}>
        <For each={ticks()}>
          {(v) => (
            <>
              <line class="grid" x1={LEFT} x2={W - RIGHT} y1={y(v)} y2={y(v)} />
              <text class="tick" x={LEFT - 4} y={y(v) + 5} text-anchor="end">{v}</text>
            </>
          )}
        </For>
        <For each={labels()}>{(l) => <text class="tick" x={x(l.i)} y={H - 6} text-anchor="middle">{l.round}</text>}</For>
        <For each={series().lines}>
          {(line, n) => {
            const points = () => line.values.map((v, i) => `${x(i)},${y(v)}`).join(' ');
            const last = () => line.values[line.values.length - 1] ?? 0;
            return (
              <g>
                <polyline class="halo" points={points()} />
                <polyline class="line" points={points()} stroke={seatColor(props.state, line.seat)} />
                <For each={line.values}>{(v, i) => <circle cx={x(i())} cy={y(v)} r="3" fill={seatColor(props.state, line.seat)} />}</For>
                <text x={W - RIGHT + 6} y={(ends()[n()] ?? 0) + 5}>{`${name(line.seat).slice(0, 6)} ${last()}`}</text>
              </g>
            );
          }}
        </For>
      </svg>
    </figure>
  );
}
