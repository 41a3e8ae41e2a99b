//! One decision's what-ifs: shots played on copies of the table, in parallel on the worker
//! threads of the current rayon pool. Results come back in the order the shots were given, so
//! the decision is the same for any number of threads; only a time limit or a cancel can cut a
//! search short, and then what was played is kept.

use super::{score, Budget, Shot};
use crate::game::Turn;
use crate::physics::{Pocketing, Table};
use crate::piece::PieceKind;
use crate::rules::{Match, RuleEvent, Side};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// A shot played on a copy: how good it was for the side that played it, and what it left.
pub(super) struct Played {
    pub shot: Shot,
    pub value: f32,
    pub table: Table,
    pub rules: Match,
    /// The shot ended a board (or the match): what it leaves is a new board, not a position.
    pub new_board: bool,
    /// The rules called a foul.
    pub fouled: bool,
    /// Pieces (not the striker) pocketed, in order, and where.
    pub pocketed: Vec<Pocketing>,
    /// The shot covered the queen (even if it ended the board, which sets her up again).
    pub covered: bool,
    /// What the position left is worth, for a level that looks ahead (`lookahead`).
    pub leave: f32,
}

impl Played {
    /// The shot and what it leaves.
    pub fn total(&self) -> f32 {
        self.value + self.leave
    }

    /// Whether two shots came to the same thing: the same pieces pocketed, a foul or not.
    pub fn same_outcome(&self, other: &Played) -> bool {
        self.fouled == other.fouled
            && self.pocketed.iter().map(|d| d.piece).eq(other.pocketed.iter().map(|d| d.piece))
    }
}

/// A trial's fate: not played because the search had to stop (`None`), refused by the table
/// or the rules (`Some(None)`), or played.
pub(super) type Tried = Option<Option<Played>>;

/// A shot to try from a position, for a side.
pub(super) struct Trial<'p> {
    pub table: &'p Table,
    pub rules: &'p Match,
    pub side: Side,
    pub shot: Shot,
}

/// The clock, the cancel flag and the count of a decision's simulations.
pub(super) struct Search<'a> {
    started: Instant,
    budget: Budget,
    cancel: &'a AtomicBool,
    simulations: AtomicU32,
}

impl<'a> Search<'a> {
    pub fn new(budget: Budget, cancel: &'a AtomicBool) -> Search<'a> {
        Search { started: Instant::now(), budget, cancel, simulations: AtomicU32::new(0) }
    }

    /// Whether time is up or the search was cancelled: every phase checks before each shot,
    /// and every shot between its steps. Time is up a tenth early (at most 20 ms), kept for
    /// what follows the last look at the clock — the shots in flight to notice, the choice to
    /// make — on a machine whose other work takes the cores from under the search.
    pub fn stop(&self) -> bool {
        let reserve = |l: Duration| (l / 10).min(Duration::from_millis(20));
        self.cancel.load(Ordering::Relaxed)
            || self.budget.time_limit.is_some_and(|l| self.started.elapsed() + reserve(l) >= l)
    }

    /// Shots simulated so far.
    pub fn simulations(&self) -> u32 {
        self.simulations.load(Ordering::Relaxed)
    }

    /// Plays every trial on a copy of its table, in parallel, in order. Once the search must
    /// stop the rest are skipped, and a shot under way is dropped between two steps, except the
    /// first `always`: a decision needs a played shot. So a time limit is overrun by at most
    /// those few shots and a few steps, however busy the machine.
    pub fn play_all(&self, trials: &[Trial], always: usize) -> Vec<Tried> {
        trials
            .par_iter()
            .enumerate()
            .map(|(i, trial)| {
                let cut = (i >= always).then_some(self);
                if cut.is_some_and(Search::stop) {
                    return None;
                }
                self.simulations.fetch_add(1, Ordering::Relaxed);
                play(trial, cut)
            })
            .collect()
    }

    /// The trials played, in order, leaving out those skipped or refused.
    pub fn played(&self, trials: &[Trial], always: usize) -> Vec<Played> {
        self.play_all(trials, always).into_iter().flatten().flatten().collect()
    }
}

/// Steps played between two looks at the clock: a few hundredths of a millisecond each.
const STEPS_BETWEEN_LOOKS: u32 = 16;

/// Plays `trial` on a copy through the one turn sequence and scores what the rules make of it;
/// `None` when `cut` says the search must stop before the shot comes to rest.
fn play(trial: &Trial, cut: Option<&Search>) -> Tried {
    let Some(mut table) = trial.table.clone_at_rest() else { return Some(None) };
    let mut rules = trial.rules.clone();
    let shot = trial.shot;
    let mut turn = Turn::judged(&mut table, &mut rules);
    if turn.place_and_strike(shot.seat, shot.offset, shot.direction, shot.speed).is_err() {
        return Some(None);
    }
    let mut steps = 0_u32;
    let ruling = loop {
        steps += 1;
        if steps.is_multiple_of(STEPS_BETWEEN_LOOKS) && cut.is_some_and(Search::stop) {
            return None;
        }
        let Ok(step) = turn.step() else { return Some(None) };
        if let Some(ruling) = step.ruling {
            break ruling;
        }
    };
    Some(Some(scored(trial, table, rules, ruling)))
}

/// A played trial valued for the side that played it.
fn scored(trial: &Trial, table: Table, rules: Match, ruling: crate::game::Ruling) -> Played {
    let value = worth(trial.table, trial.rules, &table, &rules, &ruling.verdict, trial.side);
    let new_board = ruling.verdict.new_board() || rules.outcome().is_some();
    let fouled = !ruling.verdict.fouls().is_empty();
    let pocketed = ruling.report.map(|r| r.pocketed).unwrap_or_default();
    let covered = ruling.verdict.events.iter().any(|e| matches!(e, RuleEvent::QueenCovered { .. }));
    Played { shot: trial.shot, value, table, rules, new_board, fouled, pocketed, covered, leave: 0.0 }
}

/// What a shot from `before` (table and rules) to `after` was worth to `side`: the rules'
/// verdict as `score` values it, less `IDLE` when it moved no piece. A shot that moves nothing
/// but the striker leaves the position as it was: when nothing better is open, moving
/// something is worth more, or two computers would trade the same shot for ever.
pub(super) fn worth(
    before_table: &Table,
    before: &Match,
    after_table: &Table,
    after: &Match,
    verdict: &crate::rules::Verdict,
    side: Side,
) -> f32 {
    let value = score::score(before, after, verdict, after_table, side);
    if moves_a_piece(before_table, after_table) {
        value
    } else {
        value - IDLE
    }
}

/// Worth of a shot the table refuses (struck backwards off the baseline): a foul's.
pub(super) const REFUSED: f32 = -60.0;

/// Worth lost by a shot that moves no piece.
const IDLE: f32 = 3.0;
/// A piece moved less than this, metres, stayed where it was.
const STAYED: f32 = 0.002;

/// Whether any piece but the striker left its place or moved.
fn moves_a_piece(before: &Table, after: &Table) -> bool {
    before.pieces().iter().zip(after.pieces()).any(|(b, a)| {
        b.kind != PieceKind::Striker && (b.place != a.place || b.position.distance(a.position) > STAYED)
    })
}

/// The table as the first look plays it: the same board at a coarser time step, about half
/// the work to simulate; how often it sees what the full step sees is in `docs/benchmarks.md`
/// (`carrom-lab firstlook`).
pub(super) fn coarse(table: &Table) -> Option<Table> {
    let mut spec = table.spec().clone();
    spec.physics.time_step = (spec.physics.time_step * COARSENING).min(1.0 / 60.0);
    let mut coarse = table.clone_at_rest()?;
    coarse.set_spec(spec).ok()?;
    Some(coarse)
}

/// How many times longer the first look's time step is.
pub const COARSENING: f32 = 2.0;
