//! The penalty of a foul (F0): the one piece a fouler gives back, or a due when it holds
//! nothing, and dues paid from what the side pockets later.

use super::Match;
use crate::piece::PieceKind;
use crate::rules::event::{ReturnReason, RuleEvent, Verdict};
use crate::rules::foul::{Foul, Penalty};
use crate::rules::queen::QueenState;
use crate::rules::side::Side;

impl Match {
    /// F0 for a declared foul: the penalty piece, and the turn ends.
    pub(crate) fn punish(&mut self, fouls: &[Foul], verdict: &mut Verdict) {
        let seat = self.seat_to_play();
        if let Ok(side) = self.check_seat(seat) {
            let mut returns = vec![];
            if self.board.queen.uncovered_with() == Some(side) {
                returns.push((PieceKind::Queen, ReturnReason::QueenByFoul));
                self.board.queen = QueenState::OnBoard;
            }
            self.punish_with(fouls, side, seat, returns, verdict);
        }
    }

    /// The foul events, the pieces that must go back, and the one penalty piece of the strike
    /// (or a due when the fouler holds nothing).
    pub(super) fn punish_with(
        &mut self,
        fouls: &[Foul],
        side: Side,
        seat: crate::seat::Seat,
        returns: Vec<(PieceKind, ReturnReason)>,
        verdict: &mut Verdict,
    ) {
        let penalty = match self.board.penalty_piece(side, self.cheaper_first()) {
            Some(kind) => {
                self.board.give_back(side, kind);
                Penalty::Piece(kind)
            }
            None => {
                let dues = &mut self.board.dues[side.index()];
                *dues = dues.saturating_add(1);
                Penalty::Due
            }
        };
        for (i, foul) in fouls.iter().enumerate() {
            let penalty = if i == 0 { penalty } else { Penalty::Shared };
            verdict.push(RuleEvent::Foul { seat, foul: *foul, penalty });
        }
        for (kind, reason) in returns {
            verdict.push(RuleEvent::PieceReturned { kind, reason });
        }
        if let Penalty::Piece(kind) = penalty {
            verdict.push(RuleEvent::PieceReturned { kind, reason: ReturnReason::Penalty });
        }
    }

    /// Dues owed by `side` are paid from what it now holds, in the strike that pocketed it
    /// (see RULES.md). A side never both owes and holds once a strike is judged, so a strike
    /// that pockets nothing never pays.
    pub(super) fn pay_dues(&mut self, side: Side, verdict: &mut Verdict) {
        while self.board.dues[side.index()] > 0 {
            let Some(kind) = self.board.penalty_piece(side, self.cheaper_first()) else { break };
            self.board.give_back(side, kind);
            self.board.dues[side.index()] -= 1;
            verdict.push(RuleEvent::PieceReturned { kind, reason: ReturnReason::Due });
        }
    }

    /// Without colours a penalty takes a side's least valuable coin: black first unless a
    /// white is worth less.
    pub(super) fn cheaper_first(&self) -> [PieceKind; 2] {
        let rules = &self.settings.rules;
        if rules.white_points < rules.black_points {
            [PieceKind::White, PieceKind::Black]
        } else {
            [PieceKind::Black, PieceKind::White]
        }
    }
}
