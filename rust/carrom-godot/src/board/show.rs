//! Showing what the simulation and the rules did: piece nodes moved, each table event as its
//! signal, then what a ruling changed (a new board, pieces put back) and `ruled` for the rules
//! node to announce the verdict. Emitted from the board's own signals, so a listener may call
//! the board back.

use super::CarromBoard;
use crate::enums::Kind;
use crate::refusal::Refused;
use carrom_core::game::Ruling;
use carrom_core::physics::Event;
use carrom_core::PieceId;
use godot::prelude::*;

impl CarromBoard {
    /// Runs up to `steps` physics steps of the shot under way, through the turn sequence, then
    /// shows what they did. A step the rules refuse stops the run with one error.
    pub(crate) fn run_steps(&mut self, steps: u32) {
        let mut events = vec![];
        let mut ruling = None;
        for _ in 0..steps {
            match self.turn().step() {
                Ok(step) => {
                    events.extend(step.events);
                    ruling = step.ruling;
                }
                Err(e) => {
                    Refused::from(e).log();
                    break;
                }
            }
            if !self.table().is_moving() {
                self.stepper.clear();
                break;
            }
        }
        self.show(events, ruling.as_ref());
    }

    /// Shows what an action did on the table: piece nodes moved, each event as its signal,
    /// then what the ruling changed — a new board, pieces put back — and, in a match, `ruled`.
    pub(crate) fn show(&mut self, events: Vec<Event>, ruling: Option<&Ruling>) {
        self.sync_nodes();
        self.emit_events(events);
        let Some(ruling) = ruling else { return };
        if ruling.verdict.new_board() {
            self.signals().board_reset().emit();
        }
        for r in &ruling.returned {
            let at = self.units.point(r.at);
            self.signals().piece_placed().emit(i64::from(r.piece.number()), Kind::from(r.kind), at);
        }
        if self.game.is_some() {
            self.last_verdict.clone_from(&ruling.verdict);
            self.signals().ruling_taken().emit();
            self.signals().ruled().emit();
        }
    }

    /// Sends each table event out as its signal.
    fn emit_events(&mut self, events: Vec<Event>) {
        let units = self.units;
        for event in events {
            match event {
                Event::Collision { a, b, impulse, at } => self.signals().pieces_collided().emit(
                    i64::from(a.number()),
                    i64::from(b.number()),
                    f64::from(impulse),
                    units.point(at),
                ),
                Event::Cushion { piece, impulse, at } => self.signals().cushion_hit().emit(
                    i64::from(piece.number()),
                    f64::from(impulse),
                    units.point(at),
                ),
                Event::Pocketed { piece, kind, pocket } => {
                    if piece == PieceId::STRIKER {
                        self.signals().striker_pocketed().emit();
                    }
                    self.signals().piece_pocketed().emit(
                        i64::from(piece.number()),
                        Kind::from(kind),
                        i64::from(pocket.number()),
                    );
                }
                Event::LeftBoard { piece, kind } => {
                    self.signals().piece_left_board().emit(i64::from(piece.number()), Kind::from(kind))
                }
                Event::Settled(report) => {
                    let dict = crate::variant::dictionary(crate::fields::report_fields(&report));
                    self.last_report = Some(report);
                    self.finished_shots += 1;
                    self.signals().shot_finished().emit(&dict);
                }
            }
        }
    }
}
