//! What the referee refuses. A refused action changes nothing.

use crate::piece::PieceKind;
use crate::seat::Seat;

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RulesError {
    #[error("setting `{field}` is out of range: allowed is {allowed}")]
    BadSetting { field: &'static str, allowed: &'static str },
    #[error("the match is over")]
    MatchOver,
    #[error("{seat} does not play in this match (seats in play: {in_play:?})")]
    SeatNotInMatch { seat: Seat, in_play: Vec<u8> },
    #[error("it is {expected}'s turn, not {seat}'s")]
    NotYourTurn { seat: Seat, expected: Seat },
    #[error("a strike is already under way: resolve it first")]
    StrikeUnderWay,
    #[error("no strike is under way: begin one before resolving it")]
    NoStrike,
    #[error("the shot pockets or loses {claimed} {kind} but only {on_board} lie on the board")]
    ImpossibleShot { kind: PieceKind, claimed: usize, on_board: usize },
    #[error("the shot lists the striker among the pieces: report it with `striker_pocketed`")]
    StrikerAsPiece,
    #[error("{0} cannot be declared: only touching a piece (F7) or breaking a striking rule (F8) can")]
    NotDeclarable(&'static str),
    #[error("there is no foul \"{0}\": fouls are F1 to F8")]
    NoSuchFoul(String),
    #[error("time must be a finite, non-negative number of seconds (got {0})")]
    BadTime(f64),
    #[error("saved match is damaged: {0}")]
    BadSave(String),
}
