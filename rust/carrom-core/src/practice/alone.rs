//! A set position played by a player alone with the break behind them: the match the expert
//! and the coach plan in where there is none of the players' own — a trick shot, the daily
//! challenge, practice. The pieces are whatever the table holds; the match only says who
//! strikes (seat 0, from the bottom baseline) and what fouls (RULES.md CB1, CB2).

use crate::piece::PieceKind;
use crate::rules::{Match, MatchSettings, Ruleset, ShotSummary};
use crate::seat::Seat;

/// The seat a player alone strikes from: the bottom baseline.
pub const ALONE: Seat = Seat::ALL[0];

/// A points game alone (CB1) whose break is behind it: one white counted in as the break's, so
/// the expert plans ordinary shots rather than a break, and the queen may be taken (CB2).
pub fn after_the_break() -> Option<Match> {
    let mut rules = Match::new(MatchSettings::solo(Ruleset::classic()), 0).ok()?;
    rules.begin_strike(ALONE).ok()?;
    rules.resolve(&ShotSummary::pocketing(&[PieceKind::White])).ok()?;
    Some(rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cb1_alone_after_the_break_the_same_seat_strikes_again_and_no_break_is_owed() {
        let rules = after_the_break().expect("a match alone is made");
        assert_eq!(rules.to_play(), Some(ALONE), "the player alone strikes again");
        assert!(rules.board().broken, "the break is behind them");
        assert!(rules.may_act(ALONE).is_ok(), "and may strike now");
    }
}
