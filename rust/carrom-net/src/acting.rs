//! Who must act on a match at rest, and what the turn clock does for them when their time runs
//! out: the one answer the host's checks, its clock and the glue all share.

use carrom_core::game::{Action, Game};
use carrom_core::Seat;

/// The seat that must act on `game` now: the toss's winner while it owes its choice, the
/// placer while returned pieces wait, otherwise the seat to play; none once the match is over.
pub fn acting(game: &Game) -> Option<Seat> {
    let rules = game.rules();
    if rules.is_over() {
        return None;
    }
    rules.toss().or_else(|| rules.placing().map(|p| p.by)).or_else(|| rules.to_play())
}

/// What the turn clock does for the seat that must act when its time runs out: the turn
/// passes (T2); a toss's winner breaks (IC6); returned pieces go nearest the centre (X1, X3).
pub fn on_timeout(game: &Game) -> Option<Action> {
    let rules = game.rules();
    if rules.is_over() {
        return None;
    }
    if let Some(seat) = rules.toss() {
        return Some(Action::ChooseBreak { seat, breaks: true });
    }
    if let Some(placing) = rules.placing() {
        return Some(Action::Place { seat: placing.by, spots: vec![] });
    }
    rules.to_play().map(|seat| Action::Pass { seat })
}
