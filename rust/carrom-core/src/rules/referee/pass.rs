//! A turn that passes without a strike: what an online turn timer does when it runs out, and
//! the forfeit of a player who lets it run out three turns in a row (see RULES.md, T2 and G3,
//! both open: the seed has no clock on a turn).

use super::scoring::leaders_among;
use super::{Match, Outcome};
use crate::rules::error::RulesError;
use crate::rules::event::{RuleEvent, Verdict};
use crate::rules::side::Side;
use crate::seat::Seat;

/// Turns timed out in a row that forfeit the match.
pub const TIMEOUTS_TO_FORFEIT: u8 = 3;

impl Match {
    /// `seat`, the seat to play, let its time run out. The turn ends as after a strike that
    /// pockets nothing, without a foul: a queen owed a cover goes back (Q4), a due stays owed,
    /// and a breaker's attempts pass to the next player with the break. The third time in a
    /// row for the same seat, its side forfeits the match — except alone (CB1), where there is
    /// nobody to forfeit to: the turn comes back, however often it runs out.
    pub fn pass(&mut self, seat: Seat) -> Result<Verdict, RulesError> {
        self.may_act(seat)?;
        let side = self.check_seat(seat)?;
        let count = &mut self.timeouts[self.turn];
        *count = count.saturating_add(1);
        let in_a_row = *count;
        let mut verdict = Verdict::default();
        verdict.push(RuleEvent::TimedOut { seat, in_a_row });
        if in_a_row >= TIMEOUTS_TO_FORFEIT && self.mode().side_count() > 1 {
            self.forfeit(seat, side, &mut verdict);
        } else {
            self.end_turn(&mut verdict);
        }
        self.owe_placement(seat, &verdict);
        Ok(verdict)
    }

    /// A seat acted in its turn: its run of timeouts is over.
    pub(crate) fn reset_timeouts(&mut self) {
        if let Some(count) = self.timeouts.get_mut(self.turn) {
            *count = 0;
        }
    }

    /// `side` gives up: the board under way is scored as it stands without a winner (in the
    /// points game each player keeps what they hold), and the match goes to the best of the
    /// other sides on points — with two sides, always the other one.
    fn forfeit(&mut self, seat: Seat, side: Side, verdict: &mut Verdict) {
        verdict.push(RuleEvent::Forfeited { seat, side });
        self.score_board(None, verdict);
        let leaders = leaders_among(&self.scores, |s| s != side);
        let winner = (leaders.len() == 1).then(|| leaders[0]);
        self.outcome = Some(match winner {
            Some(side) => Outcome::Won(side),
            None => Outcome::Drawn(leaders),
        });
        verdict.push(RuleEvent::MatchFinished { winner, scores: self.scores.clone() });
    }
}
