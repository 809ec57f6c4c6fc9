import type { Game, GameSnapshot } from '../../../doc';
import { PayDialog } from '../../widgets/PayDialog';
import * as roundMoves from '../../../doc/round/moves';

/** Paying the fleet supply upkeep (1 resource per counter beyond 8), from the Counters tab or status step 7. */
export function UpkeepDialog(props: { game: Game; state: GameSnapshot; seat: string; amount: number; onClose: () => void }) {
  return (
    <PayDialog
      state={props.state}
      seat={props.seat}
      title="Pay fleet supply upkeep"
      kind="resources"
      amount={props.amount}
      onPay={(_kind, _amount, choice) => props.game.move(roundMoves.payUpkeep, props.seat, choice)}
      onClose={() => props.onClose()}
    />
  );
}
