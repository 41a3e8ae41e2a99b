//! The match played on the board: started, loaded or let go by `CarromRules`, acted on by the
//! rules node and the online layer, and timed by its clock. The board is its one owner on this
//! machine; every action goes through the match's turn sequence and is shown here.

use super::CarromBoard;
use crate::refusal::Refused;
use carrom_core::game::{Action, Begun, Game, GameError, Ruling, Turn};
use carrom_core::practice::Stroke;
use carrom_core::rules::MatchSettings;
use godot::prelude::*;

/// Match time gathered before it is counted on the clock (and recorded in the replay).
const CLOCK_TICK_SECONDS: f64 = 1.0;

impl CarromBoard {
    /// Starts a new match of `settings` on a fresh table with this board's physics; `seed`
    /// picks who breaks first (S1).
    pub(crate) fn start_game(&mut self, settings: MatchSettings, seed: u64) -> Result<(), GameError> {
        self.end_game();
        self.apply_physics()?;
        self.game = Some(Game::new(self.free.spec().clone(), settings, seed)?);
        self.clock = 0.0;
        self.after_new_table();
        self.signals().board_reset().emit();
        Ok(())
    }

    /// Makes `game` (loaded, replayed, or the host's) the match played here, shown at once.
    pub(crate) fn take_game(&mut self, game: Game) {
        self.game = Some(game);
        self.clock = 0.0;
        self.after_new_table();
    }

    /// Lets the match go: the board is free play again, on the table the match left.
    pub(crate) fn end_game(&mut self) {
        if let Some(game) = self.game.take() {
            self.free = game.into_table();
        }
    }

    /// One action of the match's turn sequence that is ruled at once (a declared foul, a
    /// pass), carried out and shown.
    pub(crate) fn rule(
        &mut self,
        act: impl FnOnce(&mut Turn) -> Result<Ruling, GameError>,
    ) -> Result<(), Refused> {
        if self.game.is_none() {
            return Err("no match under way: call CarromRules.start_match first".into());
        }
        let ruling = act(&mut self.turn())?;
        self.show(vec![], Some(&ruling));
        Ok(())
    }

    /// One action of the match from its exact numbers — a turn the online host numbered, or
    /// one of a recorded match played again — begun by the match's turn sequence: a strike is
    /// placed and struck and rolls on screen; anything else is ruled and shown at once.
    pub(crate) fn play(&mut self, action: &Action) -> Result<(), Refused> {
        if self.game.is_none() {
            return Err("no match under way: call CarromRules.start_match first".into());
        }
        let units = self.units;
        let spot = match *action {
            Action::Strike { seat, offset, .. } => self.table().check_striker_spot(seat, offset).ok(),
            _ => None,
        };
        match self.turn().begin(action).map_err(|e| super::play::in_pixels(e, units))? {
            Begun::Ruled(ruling) => self.show(vec![], Some(&ruling)),
            Begun::Rolling => {
                // Network play hands every machine the same numbers, bit for bit, which a
                // conversion from pixels and power could round: the stroke is kept exact.
                let Action::Strike { seat, offset, direction, speed } = *action else { return Ok(()) };
                self.stepper.clear();
                self.last_stroke = Some(Stroke { offset, direction, speed });
                self.sync_nodes();
                let at = units.point(spot.unwrap_or_default());
                self.signals().striker_placed().emit(i64::from(u8::from(seat)), at);
            }
        }
        Ok(())
    }

    /// Counts play time on the match's clock, a second at a time (G1).
    pub(super) fn keep_time(&mut self, delta: f64) {
        let timed = self
            .game
            .as_ref()
            .is_some_and(|g| g.rules().settings().time_limit_seconds.is_some() && !g.rules().is_over());
        if !timed {
            return;
        }
        self.clock += delta.max(0.0);
        if self.clock >= CLOCK_TICK_SECONDS {
            let seconds = std::mem::take(&mut self.clock);
            if let Err(refused) = self.rule(|turn| turn.add_time(seconds)) {
                refused.log();
            }
        }
    }
}
