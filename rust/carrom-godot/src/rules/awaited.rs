//! Who the match waits for, and for what (carrom-core's `Awaited`): the one answer the game's
//! turn flow asks, so that no script works out the order of the toss, a placement and a strike.

use super::CarromRules;
use crate::convert;
use carrom_core::game::Asked;
use godot::prelude::*;

#[godot_api(secondary)]
impl CarromRules {
    /// What `get_awaited_kind` answers: the toss's winner chooses who breaks (RULES.md IC6).
    #[constant]
    const AWAITS_CHOICE: i64 = 0;
    /// Returned pieces wait for their placer (X3).
    #[constant]
    const AWAITS_PLACEMENT: i64 = 1;
    /// The seat to play strikes.
    #[constant]
    const AWAITS_STRIKE: i64 = 2;

    /// The seat the match waits for (the toss's winner, a placer, or the seat to strike), or
    /// -1 before a match or once it is over.
    #[func]
    fn get_awaited_seat(&self) -> i64 {
        let awaited = self.with_game(|g| g.awaited()).flatten();
        convert::or_minus_one(awaited.map(|a| u8::from(a.seat)))
    }

    /// What the match waits for (`AWAITS_*`), or -1 before a match or once it is over.
    #[func]
    fn get_awaited_kind(&self) -> i64 {
        match self.with_game(|g| g.awaited()).flatten().map(|a| a.asked) {
            Some(Asked::ChooseBreak) => Self::AWAITS_CHOICE,
            Some(Asked::Place) => Self::AWAITS_PLACEMENT,
            Some(Asked::Strike) => Self::AWAITS_STRIKE,
            None => -1,
        }
    }
}
