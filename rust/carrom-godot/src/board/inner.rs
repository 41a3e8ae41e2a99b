//! The Rust side of the board, for the other nodes of this crate: the table shown (the match's
//! or free play's), the turn sequence on it, and what the last shot left.

use super::{CarromBoard, Units};
use crate::refusal::Refused;
use carrom_core::game::{Game, GameError, Turn};
use carrom_core::physics::{ShotReport, Table};
use carrom_core::practice::Stroke;
use carrom_core::rules::Verdict;
use godot::prelude::*;

impl CarromBoard {
    /// The table shown: the match's, or free play's.
    pub(crate) fn table(&self) -> &Table {
        shown(&self.game, &self.free)
    }

    /// The match played here, if any.
    pub(crate) fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Whether a shot is under way.
    pub(crate) fn is_moving_now(&self) -> bool {
        self.table().is_moving()
    }

    /// The board's scale.
    pub(crate) fn units(&self) -> Units {
        self.units
    }

    /// Where `seat`'s striker stands at `offset` pixels along its baseline, in metres.
    pub(crate) fn striker_spot_at(&self, seat: i64, offset: f64) -> Result<carrom_core::Vec2, Refused> {
        let seat = crate::convert::seat(seat)?;
        let offset = self.units.metres("offset", offset)?;
        Ok(carrom_core::baseline::striker_spot(self.table().spec(), seat, offset))
    }

    /// What the rules decided last (read it on `ruled`).
    pub(crate) fn last_verdict(&self) -> &Verdict {
        &self.last_verdict
    }

    /// The report of the last shot that finished, and which shot it was (counted from 1), for
    /// nodes that judge it (trick shots).
    pub(crate) fn last_shot(&self) -> Option<(u64, &ShotReport)> {
        self.last_report.as_ref().map(|report| (self.finished_shots, report))
    }

    /// The last strike made on this board, its exact values (none since a new table).
    pub(crate) fn last_stroke(&self) -> Option<Stroke> {
        self.last_stroke
    }

    /// The one turn sequence on the table shown: judged and recorded by the match played
    /// here, free play without one.
    pub(super) fn turn(&mut self) -> Turn<'_> {
        match &mut self.game {
            Some(game) => game.turn(),
            None => Turn::free(&mut self.free),
        }
    }

    /// The table of free play, to change; refused while a match is played here, for the call
    /// named `call` (`instead` is the rules' call that does it for a match).
    pub(super) fn free_table(&mut self, call: &str, instead: &str) -> Result<&mut Table, Refused> {
        if self.game.is_some() {
            return Err(format!(
                "CarromBoard.{call} is refused while a match is played on this board: use CarromRules.{instead}"
            )
            .into());
        }
        Ok(&mut self.free)
    }

    pub(super) fn after_new_table(&mut self) {
        self.stepper.clear();
        self.last_report = None;
        self.last_stroke = None;
        self.sync_nodes();
        self.base_mut().queue_redraw();
    }

    /// The physics resource's values on the free table (at rest only; a match keeps its own).
    pub(super) fn apply_physics(&mut self) -> Result<(), GameError> {
        let Some(physics) = &self.physics else { return Ok(()) };
        if self.game.is_some() {
            return Ok(());
        }
        let mut spec = self.free.spec().clone();
        spec.physics = physics.bind().apply_to(&spec.physics);
        if spec != *self.free.spec() {
            self.free.set_spec(spec)?;
        }
        Ok(())
    }

    pub(super) fn apply_physics_or_log(&mut self) {
        if let Err(e) = self.apply_physics() {
            Refused(format!("CarromBoard.physics: {e}")).log();
        }
    }
}

/// The table shown: the match's, or free play's. Apart from `CarromBoard::table` for the
/// places that borrow another field of the board beside it.
pub(super) fn shown<'a>(game: &'a Option<Game>, free: &'a Table) -> &'a Table {
    game.as_ref().map_or(free, Game::table)
}
