//! The daily challenge: one trick shot a day for everyone in the world, made from the date
//! alone, so every machine makes the same one. A few coins (and some days the queen) laid out
//! at random away from the pockets and baselines, a goal, stars; offered only once the expert,
//! striking exactly as it means to, has done it within the strikes for one star. All of it is
//! deterministic: a seeded generator, and searches without a time limit.

use super::alone::{after_the_break, ALONE};
use super::entry::{play_attempt, Stroke};
use super::trick::{check, Attempt, Goal, Progress, Trick, Written};
use super::CoinColour;
use crate::ai::{plan, Budget, Level};
use crate::game::Turn;
use crate::physics::{Place, Table};
use crate::piece::PieceId;
use crate::vec2::Vec2;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::AtomicBool;

/// How a day's challenge's id begins: the day follows (`daily_20789`).
pub const DAILY_PREFIX: &str = "daily_";
/// Layouts made for a day before it goes without a challenge (each is checked by the expert).
pub const DAILY_TRIES: u64 = 8;
/// Pieces stay this close to the centre, metres, each way: clear of the pockets, the
/// baselines and the arrows.
const SPREAD: f32 = 0.24;
/// Room kept between two pieces laid out, metres.
const GAP: f32 = 0.004;

/// The challenge of `day` (days since 1 January 1970, UTC), or none when no layout made for it
/// could be done by the expert. The same day gives the same challenge on every machine.
pub fn daily(day: u32) -> Option<Trick> {
    (0..DAILY_TRIES).find_map(|attempt| {
        let mut rng = ChaCha8Rng::seed_from_u64(u64::from(day) << 8 | attempt);
        let trick = layout(day, &mut rng)?;
        solved_by_the_expert(&trick).then_some(trick)
    })
}

/// One layout of `day`'s challenge: checked as a trick-shot file's would be.
fn layout(day: u32, rng: &mut ChaCha8Rng) -> Option<Trick> {
    let mut table = Table::icf();
    for id in 0..PieceId::STRIKER.index() {
        table.set_piece(PieceId(id as u8), Place::Off, Vec2::ZERO).ok()?;
    }
    let queen = rng.random_bool(0.3);
    let coins = rng.random_range(3..=5);
    let spec = table.spec().clone();
    let mut laid: Vec<Vec2> = vec![];
    let mut place = |id: PieceId, rng: &mut ChaCha8Rng| -> Option<()> {
        for _ in 0..100 {
            let at = Vec2::new(rng.random_range(-SPREAD..=SPREAD), rng.random_range(-SPREAD..=SPREAD));
            if laid.iter().all(|l| l.distance(at) >= spec.coin_diameter + GAP) {
                laid.push(at);
                return table.set_piece(id, Place::Board, at).ok();
            }
        }
        None
    };
    if queen {
        place(PieceId::QUEEN, rng)?;
    }
    // Coins 1–9 are white, 10–18 black: a few of either, as they come.
    let mut ids: Vec<u8> = (1..=18).collect();
    ids.shuffle(rng);
    for id in &ids[..coins] {
        place(PieceId(*id), rng)?;
    }
    let colour = match rng.random_range(0..3) {
        0 => Some(CoinColour::White),
        1 => Some(CoinColour::Black),
        _ => None,
    };
    let of_colour = |c: Option<CoinColour>| {
        table
            .pieces()
            .iter()
            .filter(|p| p.on_board() && c.map_or(p.kind.is_coin(), |c| p.kind == c.kind()))
            .count()
    };
    let (goal, one_turn, stars) = if queen {
        (Goal::QueenAndCover, false, [2, 3, 5])
    } else {
        // A colour with too few coins asks for any coin instead.
        let colour = colour.filter(|c| of_colour(Some(*c)) >= 2);
        let count = of_colour(colour).min(rng.random_range(2..=3)) as u8;
        (Goal::Pocket { count, colour }, rng.random_bool(0.5), [count, count + 1, count + 3])
    };
    let position = super::Position::of(&table).to_code();
    check(Written { id: format!("{DAILY_PREFIX}{day}"), position, seat: 0, goal, one_turn, stars }).ok()
}

/// The day whose challenge `trick` is (days since 1 January 1970, UTC), if it is one.
pub fn daily_day(trick: &Trick) -> Option<u32> {
    trick.id.strip_prefix(DAILY_PREFIX)?.parse().ok()
}

/// Whether the expert, striking every shot exactly as it means to, does `trick` within the
/// strikes for one star. The coins are all its own (the game alone, RULES.md CB1), the break
/// long made.
pub fn solved_by_the_expert(trick: &Trick) -> bool {
    expert_strokes(trick).is_some()
}

/// The expert's strikes that do `trick` within the strikes for one star, striking exactly as
/// it means to, or none when it cannot. It plans in the match alone (so a shot's fouls are
/// weighed) and the strikes must do the trick again on a board with no referee, where the
/// player plays it.
pub fn expert_strokes(trick: &Trick) -> Option<Vec<Stroke>> {
    let mut table = Table::icf();
    trick.set_up(&mut table).ok()?;
    let mut rules = after_the_break()?;
    let mut attempt = Attempt::new(trick.clone());
    let cancel = AtomicBool::new(false);
    let mut strokes = vec![];
    for strike in 0..trick.stars[2] {
        let decision =
            plan(&table, &rules, ALONE, Level::Expert, u64::from(strike), Budget::default(), &cancel).ok()?;
        let shot = decision.intended;
        strokes.push(Stroke { offset: shot.offset, direction: shot.direction, speed: shot.speed });
        let report = Turn::judged(&mut table, &mut rules).perform(&shot.action()).ok()?.report?;
        match attempt.record(&report) {
            Progress::Going => {}
            // Done as the player's board plays it too: with no referee, as the match server
            // plays an entry again.
            Progress::Done { .. } => return play_attempt(trick, &strokes).is_ok().then_some(strokes),
            Progress::Failed(_) => return None,
        }
    }
    None
}
