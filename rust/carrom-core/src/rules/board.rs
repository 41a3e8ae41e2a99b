//! One board of a match: which coins are still in play, what each side holds, the queen, the
//! break and the dues. Counts only: which physical coin goes back is the table's business.

use super::queen::QueenState;
use super::side::Side;
use crate::piece::PieceKind;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// Coins of each colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Coins {
    /// White coins.
    pub white: u8,
    /// Black coins.
    pub black: u8,
}

impl Coins {
    /// The nine and nine of a full set (E1).
    pub const FULL: Coins = Coins { white: 9, black: 9 };

    /// Coins of `kind` (0 for the queen and the striker).
    pub fn get(self, kind: PieceKind) -> u8 {
        match kind {
            PieceKind::White => self.white,
            PieceKind::Black => self.black,
            _ => 0,
        }
    }

    /// Coins of both colours.
    pub fn total(self) -> u8 {
        self.white + self.black
    }

    fn slot(&mut self, kind: PieceKind) -> Option<&mut u8> {
        match kind {
            PieceKind::White => Some(&mut self.white),
            PieceKind::Black => Some(&mut self.black),
            _ => None,
        }
    }

    /// `n` more of `kind`.
    pub fn add(&mut self, kind: PieceKind, n: u8) {
        if let Some(c) = self.slot(kind) {
            *c = c.saturating_add(n);
        }
    }

    /// `n` fewer of `kind`, down to none.
    pub fn take(&mut self, kind: PieceKind, n: u8) {
        if let Some(c) = self.slot(kind) {
            *c = c.saturating_sub(n);
        }
    }
}

/// One board of a match, as the rules count it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardState {
    /// 1 for the first board of the match.
    pub number: u32,
    /// The seat that breaks this board (S4).
    pub breaker: Seat,
    /// The side playing white (S1); `None` in the points game.
    pub white_side: Option<Side>,
    /// Coins on the board.
    pub on_board: Coins,
    /// Coins each side has pocketed and keeps, by side index.
    pub held: Vec<Coins>,
    /// Where the queen stands (Q1–Q4).
    pub queen: QueenState,
    /// Whether the formation has been broken (S4).
    pub broken: bool,
    /// Failed break attempts in the current turn (F6).
    pub failed_breaks: u8,
    /// Penalties owed by each side with nothing to pay them with (see RULES.md).
    pub dues: Vec<u32>,
}

impl BoardState {
    /// Board `number`, broken by `breaker`, `white_side` playing white, for `sides` sides,
    /// with the queen at the centre or, for a ruleset without her, not in play.
    pub fn new(number: u32, breaker: Seat, white_side: Option<Side>, sides: usize, queen: bool) -> Self {
        Self {
            number,
            breaker,
            white_side,
            on_board: Coins::FULL,
            held: vec![Coins::default(); sides],
            queen: if queen { QueenState::OnBoard } else { QueenState::NotPlayed },
            broken: false,
            failed_breaks: 0,
            dues: vec![0; sides],
        }
    }

    /// The colour `side` plays, if colours are played.
    pub fn colour_of(&self, side: Side) -> Option<PieceKind> {
        let white = self.white_side?;
        Some(if white == side { PieceKind::White } else { PieceKind::Black })
    }

    /// Whether a coin of `kind` counts as `side`'s own: its colour, or any coin in the points
    /// game.
    pub fn is_own(&self, side: Side, kind: PieceKind) -> bool {
        kind.is_coin() && self.colour_of(side).is_none_or(|c| c == kind)
    }

    /// How many of `side`'s own coins are still on the board.
    pub fn own_on_board(&self, side: Side) -> u8 {
        match self.colour_of(side) {
            Some(colour) => self.on_board.get(colour),
            None => self.on_board.total(),
        }
    }

    /// The piece a penalty or a due takes back from `side`, if it holds one: its colour, or
    /// without colours the first of `cheaper_first` it holds (its least valuable coin). `None`
    /// for a side that does not play.
    pub fn penalty_piece(&self, side: Side, cheaper_first: [PieceKind; 2]) -> Option<PieceKind> {
        let held = *self.held.get(side.index())?;
        let order: &[PieceKind] = match self.colour_of(side) {
            Some(PieceKind::White) => &[PieceKind::White],
            Some(_) => &[PieceKind::Black],
            None => &cheaper_first,
        };
        order.iter().copied().find(|k| held.get(*k) > 0)
    }

    /// Moves one held coin of `side` back onto the board (nothing for a side that does not
    /// play, or holds none of `kind`).
    pub fn give_back(&mut self, side: Side, kind: PieceKind) {
        let Some(held) = self.held.get_mut(side.index()) else { return };
        if held.get(kind) > 0 {
            held.take(kind, 1);
            self.on_board.add(kind, 1);
        }
    }

    /// Every coin is on the board or held by a side: 9 white, 9 black.
    pub fn coins_accounted(&self) -> bool {
        let held = self.held.iter().fold(Coins::default(), |mut sum, c| {
            sum.add(PieceKind::White, c.white);
            sum.add(PieceKind::Black, c.black);
            sum
        });
        u16::from(self.on_board.white) + u16::from(held.white) == 9
            && u16::from(self.on_board.black) + u16::from(held.black) == 9
    }
}
