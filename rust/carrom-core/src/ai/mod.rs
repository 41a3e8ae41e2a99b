//! The computer opponent: it lists shots from geometry, plays each on a copy of the table with
//! the same physics the game uses, asks the rules what they would say, and keeps the best.
//! Levels differ in how many shots they try and how steady their hand is. The same seed gives
//! the same shot.

mod candidate;
mod score;

use crate::game::{Action, Turn};
use crate::physics::{Table, TableError};
use crate::piece::{PieceId, PieceKind};
use crate::rules::{Match, QueenState, RulesError};
use crate::seat::Seat;
use crate::vec2::Vec2;
use candidate::Candidate;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How strong the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Level {
    /// Sees few shots, with a shaky hand.
    Easy,
    /// Sees more shots, steadier.
    Medium,
    /// Sees most shots, steady.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// A stable lowercase name, for saves, command lines and translation keys.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The level of a `name`, if there is one.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    /// Shots simulated at most, aim noise (radians, either way) and speed noise (fraction).
    fn budget(self) -> (usize, f32, f32) {
        match self {
            Level::Easy => (6, 0.07, 0.20),
            Level::Medium => (40, 0.015, 0.05),
            Level::Hard => (160, 0.004, 0.02),
        }
    }
}

/// A shot: where the striker stands and how it is struck.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Shot {
    /// The seat that plays it.
    pub seat: Seat,
    /// Metres to the player's right of the middle of the baseline.
    pub offset: f32,
    /// Which way the striker goes.
    pub direction: Vec2,
    /// m/s.
    pub speed: f32,
}

impl Shot {
    /// The shot as the action a turn carries out.
    pub fn action(&self) -> Action {
        Action::Strike { seat: self.seat, offset: self.offset, direction: self.direction, speed: self.speed }
    }
}

/// Why the computer could not choose a shot.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum AiError {
    /// A shot is still under way.
    #[error("pieces are still moving")]
    StillMoving,
    /// The rules refused the seat (not in the match, not its turn).
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The table refused.
    #[error(transparent)]
    Table(#[from] TableError),
    /// Nowhere on the baseline is free to stand the striker.
    #[error("no legal spot on the baseline is free")]
    NoLegalShot,
}

/// Limits on one decision. The shot count keeps it deterministic; the time limit (if any)
/// ends it early on a slow device, and then the shot depends on the device's speed.
#[derive(Clone, Copy, Debug, Default)]
pub struct Budget {
    /// Longest a decision may take; `None` plays every candidate (deterministic).
    pub time_limit: Option<Duration>,
}

/// The shot `seat` should play, at `level`, with `seed` for its hand's unsteadiness.
pub fn plan_shot(table: &Table, rules: &Match, seat: Seat, level: Level, seed: u64) -> Result<Shot, AiError> {
    plan(table, rules, seat, level, seed, Budget::default(), &AtomicBool::new(false)).map(|p| p.played)
}

/// A decision: the shot the computer meant, and the shot its hand plays.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    /// The shot the computer chose.
    pub intended: Shot,
    /// The shot its hand plays: the chosen one, a little off.
    pub played: Shot,
    /// Shots simulated to reach the decision.
    pub simulations: u32,
}

/// The whole decision within a budget, giving up with its best so far when `cancel` is set;
/// it keeps the intent apart from the hand's noise, for measuring the computer.
pub fn plan(
    table: &Table,
    rules: &Match,
    seat: Seat,
    level: Level,
    seed: u64,
    budget: Budget,
    cancel: &AtomicBool,
) -> Result<Plan, AiError> {
    let started = Instant::now();
    let base = table.clone_at_rest().ok_or(AiError::StillMoving)?;
    let side = rules.check_seat(seat)?;
    let mut candidates = if !rules.board().broken {
        candidate::breaks(&base, seat)
    } else {
        let targets = targets(&base, rules, side);
        let mut found = candidate::pocketing(&base, seat, &targets);
        if found.len() < 12 {
            found.extend(candidate::attacks(&base, seat, &targets));
        }
        found
    };
    candidates.sort_by(|a, b| b.promise.total_cmp(&a.promise));
    let (max_sims, aim_noise, speed_noise) = level.budget();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    if level == Level::Easy {
        // An easy player sees only some of the shots.
        candidates.retain(|_| rng.random_bool(0.5));
    }
    candidates.truncate(max_sims);
    if candidates.len() < 4 {
        candidates.extend(candidate::safe(&base, seat).into_iter().take(8));
    }
    // Every phase stops when the time is up or the search is cancelled, keeping what it has.
    let stop = || cancel.load(Ordering::Relaxed) || budget.time_limit.is_some_and(|l| started.elapsed() >= l);
    let simulations = std::cell::Cell::new(0u32);
    let try_shot = |shot: &Shot| {
        simulations.set(simulations.get() + 1);
        try_shot(&base, rules, side, shot)
    };
    let mut scored: Vec<(f32, Shot)> = vec![];
    for Candidate { shot, .. } in candidates {
        if !scored.is_empty() && stop() {
            break;
        }
        if let Some(value) = try_shot(&shot) {
            scored.push((value, shot));
        }
    }
    // The best few are nudged a little in aim and speed, keeping whatever plays better: the
    // geometry aims well, the simulation knows better.
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut refined = vec![];
    for (value, shot) in scored.iter().take(REFINED).copied() {
        let mut best = (value, shot);
        for (turn, pace) in NUDGES {
            if stop() {
                break;
            }
            let nudged = Shot {
                direction: rotate(shot.direction, turn),
                speed: (shot.speed * pace).min(base.spec().physics.max_striker_speed),
                ..shot
            };
            if let Some(v) = try_shot(&nudged) {
                if v > best.0 {
                    best = (v, nudged);
                }
            }
        }
        refined.push(best);
    }
    scored.splice(0..refined.len(), refined);
    // The best few are played again a hand's wobble either side: a shot that only works when
    // struck perfectly is worth less than one that forgives.
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut best: Option<(f32, Shot)> = None;
    for (value, shot) in scored.into_iter().take(ROBUST_CHECKS) {
        if best.is_some() && stop() {
            break;
        }
        let wobble = aim_noise.max(0.004) * 0.8;
        let mut total = value;
        for turn in [-wobble, wobble] {
            let turned = Shot { direction: rotate(shot.direction, turn), ..shot };
            total += try_shot(&turned).unwrap_or(-60.0);
        }
        let robust = total / 3.0;
        if best.as_ref().is_none_or(|(b, _)| robust > *b) {
            best = Some((robust, shot));
        }
    }
    let (_, shot) = best.ok_or(AiError::NoLegalShot)?;
    let played = unsteady(&base, shot, aim_noise, speed_noise, &mut rng);
    Ok(Plan { intended: shot, played, simulations: simulations.get() })
}

/// Pieces `side` may go for: its own coins (any coin in the points game), and the queen once
/// it holds a coin and she is on the board.
fn targets(table: &Table, rules: &Match, side: crate::rules::Side) -> Vec<PieceId> {
    let board = rules.board();
    let cover_ready = board.held[side.index()].total() > 0 || !rules.settings().queen_cover();
    let queen_ok = board.queen == QueenState::OnBoard && cover_ready;
    let awaiting_cover = board.queen == (QueenState::AwaitingCover { side });
    table
        .pieces()
        .iter()
        .filter(|p| p.on_board())
        .filter(|p| match p.kind {
            PieceKind::Queen => queen_ok && !awaiting_cover,
            PieceKind::Striker => false,
            kind => board.is_own(side, kind),
        })
        .map(|p| p.id)
        .collect()
}

/// Plays `shot` on a copy through the one turn sequence and scores what the rules make of it.
fn try_shot(base: &Table, rules: &Match, side: crate::rules::Side, shot: &Shot) -> Option<f32> {
    let mut table = base.clone_at_rest()?;
    let mut after = rules.clone();
    let ruling = Turn::judged(&mut table, &mut after).perform(&shot.action()).ok()?;
    Some(score::score(rules, &after, &ruling.verdict, &table, side))
}

/// Candidates played again with a wobble before the choice.
const ROBUST_CHECKS: usize = 3;
/// Candidates nudged before the choice, and the nudges (turn in radians, speed factor).
const REFINED: usize = 4;
const NUDGES: [(f32, f32); 6] =
    [(-0.01, 1.0), (0.01, 1.0), (-0.02, 1.0), (0.02, 1.0), (0.0, 1.25), (0.0, 0.85)];

fn rotate(v: Vec2, angle: f32) -> Vec2 {
    let (s, c) = (libm::sinf(angle), libm::cosf(angle));
    Vec2::new(v.x * c - v.y * s, v.x * s + v.y * c)
}

/// The shot as an unsteady hand plays it: a little off in aim and speed, still legal.
fn unsteady(table: &Table, shot: Shot, aim: f32, speed: f32, rng: &mut ChaCha8Rng) -> Shot {
    let turn = (rng.random::<f32>() + rng.random::<f32>() - 1.0) * aim;
    let d = shot.direction.normalized().unwrap_or(shot.direction);
    let turned = rotate(d, turn);
    let forward = -shot.seat.towards();
    let direction = if turned.dot(forward) > 0.01 { turned } else { d };
    let factor = 1.0 + (rng.random::<f32>() + rng.random::<f32>() - 1.0) * speed;
    let max = table.spec().physics.max_striker_speed;
    Shot { direction, speed: (shot.speed * factor).clamp(0.05_f32.min(max), max), ..shot }
}

#[cfg(test)]
mod tests;
