//! What the referee refuses. A refused action changes nothing.

use crate::piece::PieceKind;
use crate::seat::Seat;

/// Why the referee refused an action.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RulesError {
    /// A match setting out of its range.
    #[error("setting `{field}` cannot be played: allowed is {allowed}")]
    BadSetting {
        /// The setting.
        field: &'static str,
        /// Its allowed values.
        allowed: &'static str,
    },
    /// A ruleset name that is no preset.
    #[error("there is no ruleset \"{0}\": the presets are classic, icf, freestyle and disc_pool")]
    NoSuchRuleset(String),
    /// Nothing more is played once the match is over.
    #[error("the match is over")]
    MatchOver,
    /// The seat is empty in this mode.
    #[error("{seat} does not play in this match (seats in play: {in_play:?})")]
    SeatNotInMatch {
        /// The seat that tried to act.
        seat: Seat,
        /// The seats that play.
        in_play: Vec<u8>,
    },
    /// Another seat is to play.
    #[error("it is {expected}'s turn, not {seat}'s")]
    NotYourTurn {
        /// The seat that tried to act.
        seat: Seat,
        /// The seat to play.
        expected: Seat,
    },
    /// Returned pieces wait to be placed (X3) before anyone strikes.
    #[error("returned pieces wait for {by} to place them in the centre first")]
    PlacementOwed {
        /// The seat that places them.
        by: Seat,
    },
    /// The toss's winner chooses who breaks before anyone strikes (IC6).
    #[error("{by} won the toss and chooses who breaks first")]
    TossOwed {
        /// The seat that won the toss.
        by: Seat,
    },
    /// No toss waits for a choice.
    #[error("there is no toss to choose after: the break is decided")]
    NoToss,
    /// Another seat won the toss.
    #[error("{expected} won the toss and chooses, not {seat}")]
    NotYourToss {
        /// The seat that tried to choose.
        seat: Seat,
        /// The seat that won the toss.
        expected: Seat,
    },
    /// Nothing waits to be placed.
    #[error("no returned piece waits to be placed")]
    NothingToPlace,
    /// Another seat places the returned pieces.
    #[error("{expected} places the returned pieces, not {seat}")]
    NotYourPlacing {
        /// The seat that tried to place.
        seat: Seat,
        /// The seat that places.
        expected: Seat,
    },
    /// A placement that does not name each waiting piece once.
    #[error("the placement names {named:?} but {waiting:?} wait: name each waiting piece once, or none to place them all nearest the centre")]
    WrongPiecesPlaced {
        /// The kinds named.
        named: Vec<PieceKind>,
        /// The kinds waiting.
        waiting: Vec<PieceKind>,
    },
    /// A strike is being judged.
    #[error("a strike is already under way: resolve it first")]
    StrikeUnderWay,
    /// Only a strike under way can be judged.
    #[error("no strike is under way: begin one before resolving it")]
    NoStrike,
    /// A shot summary that claims more pieces than the board has.
    #[error("the shot pockets or loses {claimed} {kind} but only {on_board} lie on the board")]
    ImpossibleShot {
        /// The kind claimed.
        kind: PieceKind,
        /// How many the shot claims.
        claimed: usize,
        /// How many lie on the board.
        on_board: usize,
    },
    /// The striker belongs in `striker_pocketed`.
    #[error("the shot lists the striker among the pieces: report it with `striker_pocketed`")]
    StrikerAsPiece,
    /// The one striker cannot both drop and leave the board.
    #[error("the shot has the striker both pocketed and off the board: it can only be one")]
    StrikerTwice,
    /// Only F7 and F8 are declared; the others come from the shot.
    #[error("{0} cannot be declared: only touching a piece (F7) or breaking a striking rule (F8) can")]
    NotDeclarable(&'static str),
    /// A clause id that names no foul.
    #[error("there is no foul \"{0}\": fouls are F1 to F8")]
    NoSuchFoul(String),
    /// Play time that is negative or not a number.
    #[error("time must be a finite, non-negative number of seconds (got {0})")]
    BadTime(f64),
    /// A saved match that is damaged or impossible.
    #[error("saved match is damaged: {0}")]
    BadSave(String),
}
