//! After a board, a player's best and worst shots: each of their strikes in it compared with
//! what the coach would have told them from the same position, by what the shot itself was
//! worth (the search's points, without what it left).

use super::{hints, Ask, Hint};
use crate::ai::{search, AiError, Budget};
use crate::game::{Action, Referee, Replay};
use crate::physics::Table;
use crate::seat::Seat;
use std::sync::atomic::AtomicBool;

/// One strike of a player, set beside the coach's best from where it was played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reviewed {
    /// The strike's number in the board, from 1 (every seat's strikes counted).
    pub strike: u32,
    /// Who struck.
    pub seat: Seat,
    /// What the strike was worth as played.
    pub played: f32,
    /// The coach's first hint from the same position (its `value` is comparable to `played`).
    pub best: Hint,
}

impl Reviewed {
    /// How much better the coach's shot was on average than the strike as played (below zero:
    /// the strike did better than the coach's shot does on average).
    pub fn loss(&self) -> f32 {
        self.best.value - self.played
    }
}

/// Losses at most this large are no mistake worth a line: a few points is a different but
/// fair choice (a coin's worth is about five).
const SMALL: f32 = 5.0;
/// A strike is a mistake only beside a shot the player's hand brings off at least this often:
/// a shot worth more on average that nearly never does what it means is no lesson.
const LIKELY: f32 = 0.25;

/// Every strike `seats` played in board `board` (numbered from 1) of `replay`, in order, each
/// beside the coach's first hint for `ask`'s hand from where it was played. The coach's
/// searches keep to `budget` each; once `cancel` is set no strike is looked at any more, and a
/// search it cuts short may end the review with an error. A replay the rules refuse is
/// refused.
pub fn review(
    replay: &Replay,
    board: u32,
    seats: &[Seat],
    ask: Ask,
    budget: Budget,
    cancel: &AtomicBool,
) -> Result<Vec<Reviewed>, AiError> {
    let mut table = Table::new(replay.spec.clone())?;
    let mut referee = Referee::new(replay.spec.clone(), replay.settings.clone(), replay.seed)
        .map_err(|e| AiError::Replay(e.to_string()))?;
    referee.set_up(&mut table);
    let mut reviewed = vec![];
    let mut strike = 0;
    for action in &replay.actions {
        let in_board = referee.rules().board().number == board;
        let struck_by = match action {
            Action::Strike { seat, .. } if in_board => Some(*seat),
            _ => None,
        };
        strike += u32::from(struck_by.is_some());
        let reviewing = struck_by.filter(|seat| seats.contains(seat));
        // Between two actions of a replay the table is at rest.
        let before = reviewing.and_then(|_| Some((table.clone_at_rest()?, referee.rules().clone())));
        let coached = match (reviewing, &before) {
            (Some(seat), Some((at, rules))) if !cancel.load(std::sync::atomic::Ordering::Relaxed) => {
                hints(at, rules, seat, Ask { count: 1, ..ask }, budget, cancel)?.first().copied()
            }
            _ => None,
        };
        let ruling = referee.turn(&mut table).perform(action).map_err(|e| AiError::Replay(e.to_string()))?;
        if let (Some(seat), Some((at, rules)), Some(best)) = (reviewing, &before, coached) {
            let side = rules.check_seat(seat)?;
            // Valued as the coach values its own tries, so the two compare.
            let played = search::worth(at, rules, &table, referee.rules(), &ruling.verdict, side);
            reviewed.push(Reviewed { strike, seat, played, best });
        }
    }
    Ok(reviewed)
}

/// What is worth showing a player after a board, three strikes at most: their best (the one
/// that did best against the coach's shot, if it did about as well or better), and their worst
/// two, worst first, each only if it was a real mistake (the coach's shot worth clearly more,
/// and one the player's hand brings off at least a quarter of the time).
pub fn best_and_worst(reviewed: &[Reviewed]) -> (Option<Reviewed>, Vec<Reviewed>) {
    let mut by_loss: Vec<Reviewed> = reviewed.to_vec();
    by_loss.sort_by(|a, b| a.loss().total_cmp(&b.loss()).then(a.strike.cmp(&b.strike)));
    let best = by_loss.first().copied().filter(|b| b.loss() <= SMALL);
    let worst = by_loss
        .iter()
        .rev()
        .filter(|r| r.loss() > SMALL && r.best.chance >= LIKELY)
        .take(2)
        .copied()
        .collect();
    (best, worst)
}
