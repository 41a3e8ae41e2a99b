//! A set position played by a player alone with the break behind them: the match the expert
//! and the coach plan in where there is none of the players' own — a trick shot, the daily
//! challenge, practice. The pieces are whatever the table holds; the match only says who
//! strikes (seat 0, from the bottom baseline) and what fouls (RULES.md CB1, CB2). Practice
//! strikes from any baseline: the table is turned so that baseline is seat 0's.

use super::{Position, PositionError};
use crate::ai::{hints, AiError, Ask, Budget, Hint};
use crate::physics::{Pocket, Table, TableError};
use crate::piece::PieceKind;
use crate::rules::{Match, MatchSettings, Ruleset, ShotSummary};
use crate::seat::Seat;
use std::sync::atomic::AtomicBool;

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

/// Whether every coin and the queen stand on the board inside the outer circle: the break is
/// still to come (S4 counts it made once a piece leaves that circle or drops).
pub fn formation_stands(table: &Table) -> bool {
    let outer = table.spec().outer_circle_diameter / 2.0;
    table
        .pieces()
        .iter()
        .filter(|p| p.kind != PieceKind::Striker)
        .all(|p| p.on_board() && p.position.length() < outer)
}

/// The match alone `table` is played in: a fresh one while the formation stands (the break
/// owed), else one with the break behind it.
fn match_alone(table: &Table) -> Option<Match> {
    if formation_stands(table) {
        Match::new(MatchSettings::solo(Ruleset::classic()), 0).ok()
    } else {
        after_the_break()
    }
}

/// The coach's hints (`ai::hints`) for a player alone striking from `seat`'s baseline on
/// `table`, at rest: a break while the formation stands. The table is turned a quarter at a time (exactly, so the position is the
/// same one seen from seat 0), coached there, and each hint turned back to `seat`.
pub fn hints_alone(
    table: &Table,
    seat: Seat,
    ask: Ask,
    budget: Budget,
    cancel: &AtomicBool,
) -> Result<Vec<Hint>, AiError> {
    let rules = match_alone(table).ok_or(AiError::NoLegalShot)?;
    let turns = seat.index() as u8;
    let mut turned = table.clone_at_rest().ok_or(AiError::StillMoving)?;
    Position::of(table).turned(4 - turns).set_up(&mut turned).map_err(|e| match e {
        PositionError::Table(e) => AiError::Table(e),
        other => AiError::Table(TableError::BadSnapshot(other.to_string())),
    })?;
    let found = hints(&turned, &rules, ALONE, ask, budget, cancel)?;
    Ok(found.into_iter().map(|hint| turned_back(hint, seat)).collect())
}

/// A hint for seat 0 on the table turned for `seat`, as `seat` plays it on the table itself.
fn turned_back(mut hint: Hint, seat: Seat) -> Hint {
    let turns = seat.index() as u8;
    hint.shot.seat = seat;
    hint.shot.direction = hint.shot.direction.quarter_turns(turns);
    hint.pocket = hint.pocket.map(|p| Pocket::ALL[(usize::from(p.number()) + seat.index()) % 4]);
    hint
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

    /// One white coin on the diagonal to seat 0's far right pocket (1), every other piece off.
    const ONE_COIN: &str = "cp1._____2GoOpj__________________________________________________________________________________________w";

    fn one_coin(turns: u8) -> Table {
        let mut table = Table::icf();
        Position::from_code(ONE_COIN).expect("a code").turned(turns).set_up(&mut table).expect("laid out");
        table
    }

    fn coach(table: &Table, seat: Seat) -> Vec<Hint> {
        let ask = Ask { hand: crate::ai::Hand::CARROM_RL, count: 2, seed: 7 };
        hints_alone(table, seat, ask, Budget::default(), &AtomicBool::new(false)).expect("hints")
    }

    #[test]
    fn cb1_from_any_baseline_the_coach_sees_the_same_position_turned() {
        let from_bottom = coach(&one_coin(0), ALONE);
        assert!(from_bottom.iter().any(|h| h.pocket.is_some()), "a hint pockets the coin: {from_bottom:?}");
        for seat in &Seat::ALL[1..] {
            let turns = seat.index() as u8;
            let from_seat = coach(&one_coin(turns), *seat);
            assert_eq!(from_seat.len(), from_bottom.len());
            for (hint, bottom) in from_seat.iter().zip(&from_bottom) {
                assert_eq!(hint.shot.seat, *seat);
                assert_eq!(hint.shot.offset, bottom.shot.offset, "{seat:?}: the same spot on its baseline");
                assert_eq!(hint.shot.direction, bottom.shot.direction.quarter_turns(turns), "turned with it");
                assert_eq!(hint.shot.speed, bottom.shot.speed);
                assert_eq!(hint.target, bottom.target, "the same coin");
                let turned = bottom.pocket.map(|p| Pocket::ALL[(usize::from(p.number()) + seat.index()) % 4]);
                assert_eq!(hint.pocket, turned, "the pocket turned with the board");
                assert_eq!(
                    (hint.chance, hint.reason, hint.worth),
                    (bottom.chance, bottom.reason, bottom.worth)
                );
            }
        }
    }

    #[test]
    fn cb1_alone_the_coach_offers_no_safety_while_a_coin_can_be_pocketed() {
        let ask = Ask { hand: crate::ai::Hand::CARROM_RL, count: 3, seed: 7 };
        let found = hints_alone(&one_coin(0), ALONE, ask, Budget::default(), &AtomicBool::new(false));
        let found = found.expect("hints");
        assert!(!found.is_empty());
        assert!(found.iter().all(|h| h.target.is_some()), "nobody to leave a safety to: {found:?}");
    }

    #[test]
    fn s4_alone_from_the_formation_the_coach_hints_a_break() {
        let table = Table::icf();
        assert!(formation_stands(&table) && !formation_stands(&one_coin(0)));
        let ask = Ask { hand: crate::ai::Hand::CARROM_RL, count: 1, seed: 7 };
        let found = hints_alone(&table, ALONE, ask, Budget::default(), &AtomicBool::new(false));
        let found = found.expect("hints");
        assert_eq!(found.first().map(|h| h.reason), Some(crate::ai::Reason::Break), "{found:?}");
    }
}
