//! Each rule event of a verdict as the rules node's signal, in the order the rules decided it.

use super::CarromRules;
use crate::convert;
use crate::enums::{Kind, Penalty};
use carrom_core::rules::{RuleEvent, Verdict};
use carrom_core::{PieceKind, Seat};
use godot::prelude::*;

impl CarromRules {
    /// Each rule event of a verdict as its signal, in order.
    pub(super) fn announce(&mut self, verdict: &Verdict) {
        for event in &verdict.events {
            match event {
                RuleEvent::BreakFailed { seat, attempts_left } => {
                    self.signals().break_failed().emit(seat_number(*seat), i64::from(*attempts_left))
                }
                RuleEvent::Foul { seat, foul, penalty } => self.signals().foul_committed().emit(
                    seat_number(*seat),
                    &GString::from(foul.clause()),
                    Penalty::from(*penalty),
                ),
                RuleEvent::PieceReturned { kind, reason } => {
                    let reason = GString::from(reason.key());
                    if *kind == PieceKind::Queen {
                        self.signals().queen_returned().emit(&reason);
                    }
                    self.signals().piece_returned().emit(Kind::from(*kind), &reason);
                }
                RuleEvent::QueenPocketed { seat } => self.signals().queen_pocketed().emit(seat_number(*seat)),
                RuleEvent::QueenCovered { seat } => self.signals().queen_covered().emit(seat_number(*seat)),
                RuleEvent::TurnContinues { seat } => self.signals().turn_started().emit(seat_number(*seat)),
                RuleEvent::TurnPasses { to, .. } => self.signals().turn_started().emit(seat_number(*to)),
                RuleEvent::TimeUp => self.signals().time_up().emit(),
                RuleEvent::TimedOut { seat, in_a_row } => {
                    self.signals().turn_timed_out().emit(seat_number(*seat), i64::from(*in_a_row))
                }
                RuleEvent::Forfeited { seat, side } => {
                    self.signals().forfeited().emit(seat_number(*seat), i64::from(side.number()))
                }
                RuleEvent::BoardFinished { winner, points, scores, tally, .. } => {
                    self.last_tally.clone_from(tally);
                    self.signals().board_finished().emit(
                        convert::or_minus_one(winner.map(|w| w.number())),
                        &ints(points),
                        &ints(scores),
                    )
                }
                RuleEvent::BoardStarted { number, breaker } => {
                    self.signals().board_started().emit(i64::from(*number), seat_number(*breaker));
                    self.signals().turn_started().emit(seat_number(*breaker));
                }
                RuleEvent::BreakChosen { seat, breaker } => {
                    self.signals().break_chosen().emit(seat_number(*seat), seat_number(*breaker))
                }
                RuleEvent::GameFinished { number, winner, scores, games_won } => {
                    self.signals().game_finished().emit(
                        i64::from(*number),
                        convert::or_minus_one(winner.map(|w| w.number())),
                        &ints(scores),
                        &ints(games_won),
                    )
                }
                RuleEvent::MatchFinished { winner, scores } => self
                    .signals()
                    .match_finished()
                    .emit(convert::or_minus_one(winner.map(|w| w.number())), &ints(scores)),
            }
        }
    }
}

/// A seat as GDScript numbers it.
pub(super) fn seat_number(seat: Seat) -> i64 {
    i64::from(u8::from(seat))
}

/// Points or counts as GDScript's packed integers.
pub(super) fn ints(values: &[u32]) -> PackedInt32Array {
    values.iter().map(|v| i32::try_from(*v).unwrap_or(i32::MAX)).collect()
}
