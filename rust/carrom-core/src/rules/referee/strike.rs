//! Judging one strike: the break (S4, F6), fouls (F1–F5), the queen (Q1–Q4), continuation
//! (T1, T2), dues, and the end of the board (P1). The order of the steps is the order of the
//! events in the verdict.

use super::Match;
use crate::piece::PieceKind;
use crate::rules::error::RulesError;
use crate::rules::event::{ReturnReason, RuleEvent, Verdict};
use crate::rules::foul::{Foul, Penalty};
use crate::rules::queen::QueenState;
use crate::rules::ruleset::Scoring;
use crate::rules::shot::ShotSummary;
use crate::rules::side::Side;
use crate::seat::Seat;

/// F1, F2 from the shot itself: the striker pocketed, anything off the board (which goes back).
fn judge_shot_fouls(shot: &ShotSummary, facts: &mut Facts) {
    if shot.striker_pocketed {
        facts.fouls.push(Foul::StrikerPocketed);
    }
    if !shot.off_board.is_empty() {
        facts.fouls.push(Foul::PieceOffBoard);
    }
    for kind in shot.off_board.iter().filter(|k| **k != PieceKind::Striker) {
        facts.returns.push((*kind, ReturnReason::OffBoard));
    }
}

/// The facts of one strike as the referee works through it: who struck, what the strike
/// pocketed of its own, what the queen did, and the fouls and returns found so far.
struct Facts {
    seat: Seat,
    side: Side,
    /// Coins of its own the side pocketed with this strike, in the order they dropped.
    own_now: Vec<PieceKind>,
    /// Whether the side held a coin before this strike (Q1).
    held_before: bool,
    /// Whether the queen dropped.
    queen_in: bool,
    fouls: Vec<Foul>,
    returns: Vec<(PieceKind, ReturnReason)>,
}

impl Match {
    /// The verdict on the strike under way, given what it did: the break, the fouls of the
    /// shot, the pockets, the queen, the last coin, then the turn's end — one phase each, in
    /// the order of the events in the verdict.
    pub fn resolve(&mut self, shot: &ShotSummary) -> Result<Verdict, RulesError> {
        if self.is_over() {
            return Err(RulesError::MatchOver);
        }
        if !self.striking {
            return Err(RulesError::NoStrike);
        }
        self.check_shot(shot)?;
        self.striking = false;
        let mut verdict = Verdict::default();
        let seat = self.seat_to_play();
        let side = self.check_seat(seat)?;
        let mut facts = Facts {
            seat,
            side,
            own_now: vec![],
            held_before: self.board.held[side.index()].total() > 0,
            queen_in: shot.count(PieceKind::Queen) > 0,
            fouls: vec![],
            returns: vec![],
        };
        if self.judge_break(shot, &mut facts, &mut verdict) {
            self.count_held_time(&mut verdict);
            return Ok(verdict);
        }
        judge_shot_fouls(shot, &mut facts);
        self.judge_pockets(shot, &mut facts, &mut verdict);
        self.judge_queen(&facts, &mut verdict);
        if !facts.fouls.is_empty() && (facts.queen_in || self.board.queen.uncovered_with() == Some(side)) {
            // A foul strike earns no queen (see RULES.md).
            facts.returns.push((PieceKind::Queen, ReturnReason::QueenByFoul));
            self.board.queen = QueenState::OnBoard;
        }
        let strikes_again = self.return_with_striker(&mut facts);
        if self.last_coin_loses(&facts, &mut verdict) {
            self.count_held_time(&mut verdict);
            return Ok(verdict);
        }
        self.judge_last_coin(&mut facts);
        self.end_strike(facts, strikes_again, &mut verdict);
        self.count_held_time(&mut verdict);
        self.owe_placement(seat, &verdict);
        Ok(verdict)
    }

    /// The break (S4, F6): a strike that breaks the formation or pockets a piece breaks it (or,
    /// under a ruleset that says so, touches one: IC2); one that does nothing is a failed
    /// attempt, the last of them a foul. True when the verdict is
    /// complete: a failed attempt with attempts left, the breaker going on.
    fn judge_break(&mut self, shot: &ShotSummary, facts: &mut Facts, verdict: &mut Verdict) -> bool {
        if self.board.broken {
            return false;
        }
        let touch_breaks = self.settings.rules.break_by_touch && shot.touched;
        if shot.broke_formation || !shot.pocketed.is_empty() || touch_breaks {
            self.board.broken = true;
        } else if !shot.striker_pocketed && shot.off_board.is_empty() {
            self.board.failed_breaks += 1;
            let left = self.settings.rules.break_attempts.saturating_sub(self.board.failed_breaks);
            if left > 0 {
                verdict.push(RuleEvent::BreakFailed { seat: facts.seat, attempts_left: left });
                verdict.push(RuleEvent::TurnContinues { seat: facts.seat });
                return true;
            }
            facts.fouls.push(Foul::FailedBreak);
        }
        false
    }

    /// Pockets: own coins are kept; an opponent's go back (F3, F5), or without colour fouls
    /// count for their owner.
    fn judge_pockets(&mut self, shot: &ShotSummary, facts: &mut Facts, verdict: &mut Verdict) {
        let side = facts.side;
        let opponents = self.opponent_coins(side, shot);
        if opponents > 0 && !self.settings.colour_fouls() {
            facts.returns.extend(self.credit_opponent(side, opponents));
            // An owner who owed a due pays it at once with the coin it was given.
            self.pay_dues(Side(1 - side.0), verdict);
        } else if opponents > 0 {
            let opponent_colour = self.board.colour_of(side).map(PieceKind::other_colour);
            let left = opponent_colour.map_or(0, |c| self.board.on_board.get(c));
            facts.fouls.push(if usize::from(left) == opponents {
                Foul::OpponentLastPiece
            } else {
                Foul::OpponentPiece
            });
            for _ in 0..opponents {
                facts
                    .returns
                    .push((opponent_colour.unwrap_or(PieceKind::Black), ReturnReason::OpponentPiece));
            }
        }
        let own: Vec<PieceKind> =
            shot.pocketed.iter().copied().filter(|k| self.board.is_own(side, *k)).collect();
        for kind in own {
            self.board.on_board.take(kind, 1);
            self.board.held[side.index()].add(kind, 1);
            facts.own_now.push(kind);
        }
    }

    /// IC3: under a ruleset that says so, the side's own coins pocketed with the striker (its
    /// only foul) go back to the centre, and once the penalty is paid the player strikes again.
    /// True when they did.
    fn return_with_striker(&mut self, facts: &mut Facts) -> bool {
        let striker_alone = facts.fouls == [Foul::StrikerPocketed];
        if !(self.settings.rules.striker_returns_pocketed && striker_alone && !facts.own_now.is_empty()) {
            return false;
        }
        for kind in std::mem::take(&mut facts.own_now) {
            self.board.give_back(facts.side, kind);
            facts.returns.push((kind, ReturnReason::WithStriker));
        }
        true
    }

    /// IC4: under a ruleset that says so, a strike that pockets the side's own last coin, or
    /// the opponent's, while the queen is still to be won loses the board: the opponent takes
    /// it, the queen counted as theirs (IC1 still applies) with the fouler's coins left. True
    /// when it did, the board scored.
    fn last_coin_loses(&mut self, facts: &Facts, verdict: &mut Verdict) -> bool {
        let side = facts.side;
        let queen_to_win = !matches!(self.board.queen, QueenState::Covered { .. } | QueenState::NotPlayed);
        if !(self.settings.rules.last_coin_loses_board && self.settings.colours() && queen_to_win) {
            return false;
        }
        let own_last = !facts.own_now.is_empty() && self.board.own_on_board(side) == 0;
        let foul = if own_last {
            Foul::LastPieceBeforeQueen
        } else if facts.fouls.contains(&Foul::OpponentLastPiece) {
            Foul::OpponentLastPiece
        } else {
            return false;
        };
        let winner = Side(1 - side.0);
        verdict.push(RuleEvent::Foul { seat: facts.seat, foul, penalty: Penalty::BoardLost });
        // Dues lapse with the board: a fouler who owed one and pocketed coins now owes nothing.
        self.board.dues[side.index()] = 0;
        self.board.queen = QueenState::Covered { side: winner };
        self.finish_board(Some(winner), verdict);
        true
    }

    /// F4, and no foul strike may clear the board: the last coin goes back.
    fn judge_last_coin(&mut self, facts: &mut Facts) {
        let side = facts.side;
        if !(self.settings.colours() && !facts.own_now.is_empty() && self.board.own_on_board(side) == 0) {
            return;
        }
        if self.board.queen.covered_by().is_none() && self.board.queen != QueenState::NotPlayed {
            facts.fouls.push(Foul::LastPieceBeforeQueen);
        }
        if !facts.fouls.is_empty() {
            if let Some(colour) = self.board.colour_of(side) {
                self.board.give_back(side, colour);
                facts.returns.push((colour, ReturnReason::LastPiece));
            }
        }
    }

    /// The turn's end: a foul's penalty and the turn passes (or goes on, `strikes_again`:
    /// IC3); else the returns, dues, and the board won, the turn going on (T1) or passing (T2).
    fn end_strike(&mut self, facts: Facts, strikes_again: bool, verdict: &mut Verdict) {
        let Facts { seat, side, own_now, queen_in, fouls, returns, .. } = facts;
        if !fouls.is_empty() {
            self.punish_with(&fouls, side, seat, returns, verdict);
            // A due owed from before is paid at once with what this strike left the side.
            self.pay_dues(side, verdict);
            if strikes_again {
                verdict.push(RuleEvent::TurnContinues { seat });
            } else {
                self.end_turn(verdict);
            }
            return;
        }
        for (kind, reason) in returns {
            verdict.push(RuleEvent::PieceReturned { kind, reason });
        }
        self.pay_dues(side, verdict);
        if self.board_cleared(side) || self.target_reached_now() {
            self.finish_board(Some(side), verdict);
        } else if !own_now.is_empty() || queen_in {
            verdict.push(RuleEvent::TurnContinues { seat });
        } else {
            self.end_turn(verdict);
        }
    }

    /// Refuses a summary that does not fit the board: more pieces than lie on it.
    fn check_shot(&self, shot: &ShotSummary) -> Result<(), RulesError> {
        if shot.pocketed.contains(&PieceKind::Striker) {
            return Err(RulesError::StrikerAsPiece);
        }
        let striker_off = shot.off_board.iter().filter(|k| **k == PieceKind::Striker).count();
        if striker_off + usize::from(shot.striker_pocketed) > 1 {
            return Err(RulesError::StrikerTwice);
        }
        let queen_on = usize::from(self.board.queen.on_board());
        for kind in [PieceKind::White, PieceKind::Black, PieceKind::Queen] {
            let claimed = shot.count(kind) + shot.off_board.iter().filter(|k| **k == kind).count();
            let on_board =
                if kind == PieceKind::Queen { queen_on } else { usize::from(self.board.on_board.get(kind)) };
            if claimed > on_board {
                return Err(RulesError::ImpossibleShot { kind, claimed, on_board });
            }
        }
        Ok(())
    }

    fn opponent_coins(&self, side: Side, shot: &ShotSummary) -> usize {
        shot.pocketed.iter().filter(|k| k.is_coin() && !self.board.is_own(side, **k)).count()
    }

    /// Without colour fouls, `count` of the opponent's coins pocketed by `side` are the
    /// opponent's to keep, except the last of their colour, which goes back to the centre so
    /// that no board is cleared on another side's strike (see RULES.md, R5). Returns the
    /// pieces to put back.
    fn credit_opponent(&mut self, side: Side, count: usize) -> Vec<(PieceKind, ReturnReason)> {
        let Some(colour) = self.board.colour_of(side).map(PieceKind::other_colour) else { return vec![] };
        let owner = Side(1 - side.0);
        let mut returns = vec![];
        for _ in 0..count {
            if self.board.on_board.get(colour) <= 1 {
                returns.push((colour, ReturnReason::OpponentPiece));
            } else {
                self.board.on_board.take(colour, 1);
                self.board.held[owner.index()].add(colour, 1);
            }
        }
        returns
    }

    /// Q1–Q4 for a strike: a cover owed from the last strike, then the queen if she dropped.
    fn judge_queen(&mut self, facts: &Facts, verdict: &mut Verdict) {
        let Facts { seat, side, queen_in, held_before, .. } = *facts;
        let (own_now, foul) = (!facts.own_now.is_empty(), !facts.fouls.is_empty());
        if foul {
            if queen_in {
                verdict.push(RuleEvent::QueenPocketed { seat });
                self.board.queen = QueenState::TooEarly { side };
            }
            return;
        }
        if self.board.queen == (QueenState::AwaitingCover { side }) {
            if own_now {
                self.board.queen = QueenState::Covered { side };
                verdict.push(RuleEvent::QueenCovered { seat });
            } else {
                self.board.queen = QueenState::OnBoard;
                verdict.push(RuleEvent::PieceReturned {
                    kind: PieceKind::Queen,
                    reason: ReturnReason::QueenNotCovered,
                });
            }
        }
        if !queen_in {
            return;
        }
        verdict.push(RuleEvent::QueenPocketed { seat });
        // Without colours a queen with no coin left to cover her is covered at once; a ruleset
        // without the cover makes her the side's at once.
        let nothing_to_cover = !self.settings.colours() && self.board.on_board.total() == 0;
        self.board.queen = if own_now || nothing_to_cover || !self.settings.queen_cover() {
            verdict.push(RuleEvent::QueenCovered { seat });
            QueenState::Covered { side }
        } else if held_before {
            QueenState::AwaitingCover { side }
        } else {
            QueenState::TooEarly { side }
        };
    }

    /// P1: with colours, `side` has pocketed its last coin and the queen is covered (or not
    /// played); without, nothing is left on the board.
    fn board_cleared(&self, side: Side) -> bool {
        let queen_done = self.board.queen.covered_by().is_some() || self.board.queen == QueenState::NotPlayed;
        queen_done && self.board.own_on_board(side) == 0
    }

    /// G3, M3: scored by pieces, the match ends the moment a side's total with what it holds
    /// on this board reaches the target (scored by the board, points come only when it ends).
    /// Alone, only an empty board ends the game (CB3).
    fn target_reached_now(&self) -> bool {
        let target = self.settings.rules.target_points;
        self.settings.scoring() == Scoring::Pieces
            && self.mode() != crate::rules::Mode::Solo
            && self.scores.iter().zip(self.board_points_now(None)).any(|(total, now)| total + now >= target)
    }

    /// T2: the queen goes back if she was not earned (Q3, Q4), and the next seat plays.
    pub(crate) fn end_turn(&mut self, verdict: &mut Verdict) {
        let from = self.seat_to_play();
        match self.board.queen {
            QueenState::TooEarly { .. } => {
                self.board.queen = QueenState::OnBoard;
                verdict.push(RuleEvent::PieceReturned {
                    kind: PieceKind::Queen,
                    reason: ReturnReason::QueenTooEarly,
                });
            }
            QueenState::AwaitingCover { .. } => {
                self.board.queen = QueenState::OnBoard;
                verdict.push(RuleEvent::PieceReturned {
                    kind: PieceKind::Queen,
                    reason: ReturnReason::QueenNotCovered,
                });
            }
            _ => {}
        }
        self.board.failed_breaks = 0;
        self.turn = (self.turn + 1) % self.mode().seats().len();
        verdict.push(RuleEvent::TurnPasses { from, to: self.seat_to_play() });
    }
}
