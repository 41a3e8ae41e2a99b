//! The computer opponent: it lists shots from geometry, plays each on a copy of the table with
//! the same physics the game uses, asks the rules what they would say, and keeps the best.
//! Levels differ in how many shots they try, how steady their hand is, and whether they ask
//! what a shot leaves the next player. The same seed gives the same shot, on any number of
//! threads.

mod candidate;
mod clear;
mod coach;
mod considered;
mod first_look;
mod hand;
mod lookahead;
mod phases;
pub mod placement;
mod score;
mod search;

use crate::game::Action;
use crate::physics::{Table, TableError};
use crate::rules::{Match, RulesError};
use crate::seat::Seat;
use crate::vec2::Vec2;
pub use clear::{clear_alone, Cleared};
pub use coach::{best_and_worst, hints, review, Ask, Hint, Reason, Reviewed, DRAWS, MOST_HINTS};
pub use first_look::{compare_first_look, FirstLook};
pub use hand::Hand;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use search::Search;
pub use search::COARSENING;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Whether the computer that wins the toss (RULES.md IC6) breaks: it does, for the breaker
/// strikes first and plays white.
pub const BREAKS_AFTER_TOSS: bool = true;

/// How strong the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Level {
    /// Sees few shots, with a shaky hand.
    Easy,
    /// Sees more shots, steadier.
    Medium,
    /// Sees most shots, steady.
    Hard,
    /// Looks at every shot, then asks what the best leave the next player; plays safe when
    /// nothing pockets safely. A club player's hand.
    Expert,
}

/// Candidates the expert's first look passes on to the full simulation.
pub const SHORTLIST: usize = 48;

/// How a level searches and how steady its hand is.
struct Style {
    /// Candidates listed at most.
    candidates: usize,
    /// Candidates simulated at the game's time step.
    shots: usize,
    /// Whether every candidate is first played on the coarse table, the best `shots` going on.
    first_look: bool,
    /// Sees a random half of the candidates.
    sees_half: bool,
    /// Best shots whose leave is searched (0: none), and the next player's shots tried for each.
    lookahead: usize,
    replies: usize,
    /// Aim noise, radians either way, and speed noise, a fraction either way.
    aim_noise: f32,
    speed_noise: f32,
    /// A hand other than the level's own, which then plays instead of the noise above.
    hand: Option<Hand>,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// A stable lowercase name, for saves, command lines and translation keys.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// The level of a `name`, if there is one.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    fn style(self) -> Style {
        let simple = |candidates, aim_noise, speed_noise| Style {
            candidates,
            shots: candidates,
            first_look: false,
            sees_half: false,
            lookahead: 0,
            replies: 0,
            aim_noise,
            speed_noise,
            hand: None,
        };
        match self {
            Level::Easy => Style { sees_half: true, ..simple(6, 0.07, 0.20) },
            Level::Medium => simple(40, 0.015, 0.05),
            Level::Hard => simple(160, 0.004, 0.02),
            // A club player's hand: about a millimetre off over a striker's run of 40 cm, and a
            // little over one per cent in pace.
            Level::Expert => Style {
                candidates: 200,
                shots: SHORTLIST,
                first_look: true,
                lookahead: 8,
                replies: 6,
                ..simple(0, 0.0025, 0.012)
            },
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
    /// A replay to review could not be played (says why).
    #[error("the replay cannot be reviewed: {0}")]
    Replay(String),
}

/// Limits on one decision. The shot count keeps it deterministic; the time limit (if any)
/// ends it early on a slow device, and then the shot depends on the device's speed.
#[derive(Clone, Copy, Debug, Default)]
pub struct Budget {
    /// Longest a decision may take; `None` plays every candidate (deterministic).
    pub time_limit: Option<Duration>,
}

/// Who decides: a level's search, and the hand that plays its shot — the level's own unless
/// another is given.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Player {
    /// How it searches (and, without `hand`, how steady it is).
    pub level: Level,
    /// A hand other than the level's own: the search weighs its best shots (up to 64) over
    /// this hand's spread instead of nudging them, alone it skips the look ahead for it, and
    /// the shot played is off by it.
    pub hand: Option<Hand>,
}

impl From<Level> for Player {
    fn from(level: Level) -> Player {
        Player { level, hand: None }
    }
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
/// it keeps the intent apart from the hand's noise, for measuring the computer. The shots are
/// simulated on the threads of the current rayon pool (`ThreadPool::install` picks one); the
/// decision is the same for any number of threads.
pub fn plan(
    table: &Table,
    rules: &Match,
    seat: Seat,
    level: Level,
    seed: u64,
    budget: Budget,
    cancel: &AtomicBool,
) -> Result<Plan, AiError> {
    plan_as(table, rules, seat, level.into(), seed, budget, cancel)
}

/// `plan` for a `player` whose hand may not be its level's own.
pub fn plan_as(
    table: &Table,
    rules: &Match,
    seat: Seat,
    player: Player,
    seed: u64,
    budget: Budget,
    cancel: &AtomicBool,
) -> Result<Plan, AiError> {
    let search = Search::new(budget, cancel);
    let base = table.clone_at_rest().ok_or(AiError::StillMoving)?;
    let style = Style { hand: player.hand, ..player.level.style() };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let ranked = rank(&search, &base, rules, seat, &style, &mut rng)?;
    let shot = ranked.pick;
    let played = match style.hand {
        Some(hand) => hand.spoil(&base, shot, &mut rng),
        None => unsteady(&base, shot, style.aim_noise, style.speed_noise, &mut rng),
    };
    Ok(Plan { intended: shot, played, simulations: search.simulations() })
}

/// A decision before the hand plays it: the shots simulated, best first with what they leave
/// (for a given hand, as it plays them), and the one picked for forgiving a wobble best.
struct Ranked {
    scored: Vec<search::Played>,
    pick: Shot,
}

/// Every phase of a decision by `style` for `seat` on `base` (a table at rest).
fn rank(
    search: &Search,
    base: &Table,
    rules: &Match,
    seat: Seat,
    style: &Style,
    rng: &mut ChaCha8Rng,
) -> Result<Ranked, AiError> {
    let side = rules.check_seat(seat)?;
    // A shot is weighed with what it sends back put back at once (X1): who places those pieces,
    // and where, is a decision of its own (`placement`), and a what-if left waiting for one
    // would refuse every reply the look-ahead tries.
    let automatic = rules.with_automatic_returns();
    let rules = &automatic;
    let candidates = considered::candidates(base, rules, seat, side, style, rng);
    let at = phases::At { table: base, rules, side };
    let (looked, shortlist) = phases::first_look(search, &at, style, candidates);
    let scored = phases::full_step(search, &at, &shortlist, looked);
    let scored = phases::refine(search, &at, style, scored);
    let scored = phases::weigh_by_hand(search, &at, style, scored);
    let scored = phases::look_ahead(search, &at, style, scored);
    let pick = phases::robust_pick(search, &at, style, &scored).ok_or(AiError::NoLegalShot)?;
    Ok(Ranked { scored, pick })
}

/// How hard the computer strikes when no search could choose its shot: a share of the
/// striker's top speed.
const FALLBACK_PACE: f32 = 0.3;

/// The shot the computer plays when no search could choose one (none was legal, or the search
/// failed): straight ahead, gently, from the free spot nearest the middle of its baseline. The
/// computer always plays, so a match against it never stalls.
pub fn fallback_shot(table: &Table, seat: Seat) -> Shot {
    let offset = table.nearest_free_striker_offset(seat, 0.0).unwrap_or(0.0);
    let speed = table.spec().physics.max_striker_speed * FALLBACK_PACE;
    Shot { seat, offset, direction: -seat.towards(), speed }
}

fn rotate(v: Vec2, angle: f32) -> Vec2 {
    let (s, c) = (libm::sinf(angle), libm::cosf(angle));
    Vec2::new(v.x * c - v.y * s, v.x * s + v.y * c)
}

/// The shot as an unsteady hand plays it: a little off in aim and speed, still legal.
fn unsteady(table: &Table, shot: Shot, aim: f32, speed: f32, rng: &mut ChaCha8Rng) -> Shot {
    let turn = (rng.random::<f32>() + rng.random::<f32>() - 1.0) * aim;
    let factor = 1.0 + (rng.random::<f32>() + rng.random::<f32>() - 1.0) * speed;
    shot.off_by(table, turn, factor)
}

impl Shot {
    /// The shot turned by `turn` radians and struck `pace` times as fast, still legal on
    /// `table`: a turn that would send the striker backwards is not made, and the speed stays
    /// within the striker's range. How a hand (or a benchmark's noise) spoils a shot.
    pub fn off_by(self, table: &Table, turn: f32, pace: f32) -> Shot {
        let d = self.direction.normalized().unwrap_or(self.direction);
        let turned = rotate(d, turn);
        let forward = -self.seat.towards();
        let direction = if turned.dot(forward) > 0.01 { turned } else { d };
        let max = table.spec().physics.max_striker_speed;
        let speed = if pace.is_finite() { self.speed * pace } else { self.speed };
        Shot { direction, speed: speed.clamp(0.05_f32.min(max), max), ..self }
    }
}

#[cfg(test)]
mod tests;
