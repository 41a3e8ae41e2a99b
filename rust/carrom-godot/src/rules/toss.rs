//! The toss and the match of games (RULES.md IC5, IC6): who won the toss, the choice, and the
//! games won so far. carrom-core decides everything; this only converts.

use super::announce::ints;
use super::CarromRules;
use crate::convert;
use crate::refusal::Refused;
use carrom_core::rules::Match;
use godot::prelude::*;

#[godot_api(secondary)]
impl CarromRules {
    /// The seat that won the toss and has yet to choose who breaks, or -1 when none waits.
    #[func]
    fn get_toss_seat(&self) -> i64 {
        convert::or_minus_one(self.with_rules(|m| m.toss().map(u8::from)).flatten())
    }

    /// The toss's winner `seat` chooses to break (`breaks`) or to let the seat after it break.
    /// Refused when no toss waits or another seat won it.
    #[func(gd_self)]
    fn choose_break(this: Gd<Self>, seat: i64, breaks: bool) -> Result<(), Refused> {
        let seat = convert::seat(seat)?;
        let mut board = this.bind().board_or("choose_break")?;
        let ruled = board.bind_mut().rule(|turn| turn.choose_break(seat, breaks));
        ruled
    }

    /// Games the match is played over (1 when the match is one game).
    #[func]
    fn get_games_in_match(&self) -> i64 {
        self.with_rules(Match::games_in_match).unwrap_or(1).into()
    }

    /// The game under way (or the last, once the match is over), from 1.
    #[func]
    fn get_game_number(&self) -> i64 {
        self.with_rules(Match::game_number).unwrap_or(1).into()
    }

    /// Games each side has won.
    #[func]
    fn get_games_won(&self) -> PackedInt32Array {
        ints(&self.with_rules(Match::games_won).unwrap_or_default())
    }
}
