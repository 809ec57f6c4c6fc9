// Every tab's panel but Planets, as one lazy chunk (PlayerView.tsx loads it after the first screen).
export { RaceSheet } from './sheet/RaceSheet';
export { CountersPanel } from './counters/CountersPanel';
export { TechPanel } from './tech/TechPanel';
export { TradePanel } from './trade/TradePanel';
export { CouncilPanel } from './council/CouncilPanel';
export { RoundPanel } from './round/RoundPanel';
export { LogPanel } from './log/LogPanel';
