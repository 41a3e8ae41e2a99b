//! What a shot leaves: the next player's best shot from the position, found the way the
//! computer finds its own but smaller (a few geometric candidates, on a coarse table). When
//! the turn goes on, an easy next shot is worth having; when it passes, an easy shot left to
//! an opponent is worth avoiding — which is what makes a safety worth playing. When the turn
//! passes, lines left open for the side's own next turn count a little too: a safety that
//! brings an own coin out from behind the baseline is worth more than one that moves nothing.

use super::candidate;
use super::search::{coarse, Played, Search, Trial};
use super::Shot;
use crate::game::{Action, Turn};
use crate::physics::Table;
use crate::rules::{Match, QueenState, Side};
use crate::seat::Seat;

/// Share of the next player's best shot counted for or against the shot that leaves it: the
/// next shot is not certain, and the opponent's hand is not perfect either.
const OWN_NEXT: f32 = 0.5;
const OPPONENT_NEXT: f32 = 0.8;
/// Worth of open pocketing lines left for the side's own turn after the opponent's (all of it
/// from `OPEN_LINES` lines), found by geometry alone: the opponent moves pieces in between.
const OWN_LATER: f32 = 6.0;
const OPEN_LINES: usize = 4;
/// What a pocketed queen is worth before her cover, taken back when the shot leaves her
/// waiting: the cover shot searched from the position says what she is worth.
const QUEEN_HOPE: f32 = 10.0;
/// A queen pocketed when no cover shot is found is a turn thrown away: all the shot gained is
/// taken back, the opponent's best shot counts as if the turn had passed, and the queen is
/// worth this much less back in the centre than where she was (in the jaws, say).
const QUEEN_WASTED: f32 = QUEEN_HOPE;

/// For each of `played` (by `side`), what its position is worth: plus a share of `side`'s
/// best next shot when the turn goes on, minus a share of the next player's when it passes.
/// `replies` candidates are tried from each; all of them in one parallel batch.
pub(super) fn leaves(search: &Search, played: &[Played], side: Side, replies: usize) -> Vec<f32> {
    let leaves: Vec<Option<Leave>> = played.iter().map(|p| Leave::position(p, side, replies)).collect();
    let trials: Vec<(usize, bool, Trial)> = leaves
        .iter()
        .enumerate()
        .filter_map(|(i, f)| Some((i, f.as_ref()?)))
        .flat_map(|(i, f)| {
            let rules = &played[i].rules;
            let next = f
                .next
                .shots
                .iter()
                .map(move |&shot| (i, false, Trial { table: &f.table, rules, side: f.next.side, shot }));
            let passed = f.passed.iter().flat_map(move |(table, rules, to)| {
                to.shots.iter().map(move |&shot| (i, true, Trial { table, rules, side: to.side, shot }))
            });
            next.chain(passed)
        })
        .collect();
    let owners: Vec<(usize, bool)> = trials.iter().map(|(i, passed, _)| (*i, *passed)).collect();
    let trials: Vec<Trial> = trials.into_iter().map(|(_, _, t)| t).collect();
    let results = search.play_all(&trials, 0);
    // The best shot of the next player, and of the opponent had the turn passed; whether one
    // of the next shots covered the queen; whether the clock let every reply be played.
    let mut best = vec![[0.0_f32; 2]; played.len()];
    let mut covered = vec![false; played.len()];
    let mut complete = vec![true; played.len()];
    for ((i, passed), result) in owners.into_iter().zip(results) {
        match result {
            Some(Some(r)) => {
                best[i][usize::from(passed)] = best[i][usize::from(passed)].max(r.value);
                covered[i] |= r.covered && !passed;
            }
            Some(None) => {}
            None => complete[i] = false,
        }
    }
    leaves
        .iter()
        .zip(played)
        .zip(best.into_iter().zip(covered).zip(complete))
        .map(|((leave, p), (([next, passed], covered), complete))| match leave {
            // Nothing to look at, or a look the time limit cut short: the shot stands alone.
            None => 0.0,
            Some(_) if !complete => 0.0,
            // The turn goes on only to pass after a failed cover: the queen goes back to the
            // centre, and the opponent plays from there.
            Some(f) if f.passed.is_some() && !covered => -p.value - QUEEN_WASTED - OPPONENT_NEXT * passed,
            Some(f) if f.next.side == side => f.later + OWN_NEXT * next,
            Some(f) => f.later - OPPONENT_NEXT * next,
        })
        .collect()
}

/// A position a shot left, and the shots tried from it.
struct Leave {
    /// The table at the first look's step.
    table: Table,
    /// The next player's lines.
    next: Lines,
    /// With the queen waiting for `side`'s cover: the position had the cover missed (the queen
    /// back in the centre, the turn passed) and the lines of the player after.
    passed: Option<(Table, Match, Lines)>,
    /// Own lines open after the opponent's turn when the turn passes, less a pocketed queen's
    /// worth while she waits for her cover.
    later: f32,
}

/// Lines a seat would try, and the side it plays for.
struct Lines {
    side: Side,
    shots: Vec<Shot>,
}

impl Leave {
    fn position(p: &Played, side: Side, replies: usize) -> Option<Leave> {
        if p.new_board {
            return None;
        }
        let table = coarse(&p.table)?;
        let seat = p.rules.to_play()?;
        let next = Lines::of(&table, &p.rules, seat, replies)?;
        let mut later = if next.side == side { 0.0 } else { open_lines(&table, &p.rules, side) };
        let mut passed = None;
        if p.rules.board().queen == (QueenState::AwaitingCover { side }) {
            later -= QUEEN_HOPE;
            let (mut missed, mut rules) = (table.clone_at_rest()?, p.rules.clone());
            Turn::judged(&mut missed, &mut rules).perform(&Action::Pass { seat }).ok()?;
            let lines = Lines::of(&missed, &rules, rules.to_play()?, replies)?;
            passed = Some((missed, rules, lines));
        }
        Some(Leave { table, next, passed, later })
    }
}

impl Lines {
    /// The `replies` most promising pocketing lines of `seat`, one speed of each (the middle
    /// one): the lines are what differ between positions.
    fn of(table: &Table, rules: &Match, seat: Seat, replies: usize) -> Option<Lines> {
        let side = rules.side_of(seat)?;
        let targets = super::considered::targets(table, rules, side);
        let mut found = candidate::pocketing(table, seat, &targets);
        found.sort_by(|a, b| b.promise.total_cmp(&a.promise));
        let mut lines: Vec<Vec<Shot>> = vec![];
        for c in found {
            let same = |l: &Vec<Shot>| l[0].offset == c.shot.offset && l[0].direction == c.shot.direction;
            match lines.iter().position(same) {
                Some(i) => lines[i].push(c.shot),
                None if lines.len() < replies => lines.push(vec![c.shot]),
                None => {}
            }
        }
        Some(Lines { side, shots: lines.iter().map(|l| l[l.len() / 2]).collect() })
    }
}

/// What the pocketing lines `side` has from its seats are worth, by geometry.
fn open_lines(table: &Table, rules: &Match, side: Side) -> f32 {
    let targets = super::considered::targets(table, rules, side);
    let lines: usize = rules
        .settings()
        .mode
        .seats_of(side)
        .into_iter()
        .map(|seat| candidate::pocketing(table, seat, &targets).len() / candidate::SPEEDS)
        .sum();
    OWN_LATER * lines.min(OPEN_LINES) as f32 / OPEN_LINES as f32
}
