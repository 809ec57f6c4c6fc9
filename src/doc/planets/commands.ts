/**
 * The planet cards' commands, mixed into `Game` (`game.setExhausted(…)`): one per move (moves.ts), of the same
 * name, which makes it and throws its refusal, for the callers not moved to `game.move` yet (issue 37); and
 * `addCustomPlanet`, which also returns the new planet's id.
 */
import type { Constructor } from '../core/context';
import { isMade, isRefusal } from '../core/moves';
import type { MoveRunner } from '../core/moves';
import { withMoveCommands } from '../core/runner';
import { addCustomPlanet, addPlanet, buildFacility, pay, placeNaturalWealth, refreshAll, releasePlanet, setArtifact, setExhausted, takeNaturalWealth, takePlanet, useRefreshAbility } from './moves';

export function withPlanetCommands<B extends Constructor<MoveRunner>>(Base: B) {
  return class PlanetCommands extends withMoveCommands(Base, { addPlanet, takePlanet, releasePlanet, setExhausted, refreshAll, buildFacility, useRefreshAbility, takeNaturalWealth, placeNaturalWealth, pay, setArtifact }) {
    /** Adds a planet of her own making (moves.ts `addCustomPlanet`) and returns its id. */
    addCustomPlanet(seat: string, def: { name: string; resources: number; influence: number; specialties: string[] }): string {
      let id = '';
      this.makeMove((s, by) => {
        const events = addCustomPlanet(s, by, seat, def);
        const first = isRefusal(events) ? undefined : (isMade(events) ? events.events : events)[0];
        if (first?.k === 'customPlanet') id = first.planet.id;
        return events;
      });
      return id;
    }
  };
}
