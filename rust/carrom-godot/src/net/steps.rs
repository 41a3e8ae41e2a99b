//! The steps of a turn online that are not strikes: the toss's choice (RULES.md IC6) and the
//! placement of returned pieces (X3), by the person here or by the computer on the host, sent
//! through the protocol like a strike so that every machine plays them alike.

use super::CarromNet;
use crate::convert;
use crate::refusal::Refused;
use carrom_core::game::Asked;
use carrom_net::placed::to_wire;
use carrom_net::{Choice, Placement, Request};
use godot::prelude::*;

#[godot_api(secondary)]
impl CarromNet {
    /// The person here places the returned pieces waiting for `seat`: `kinds[i]` at
    /// `positions[i]` (board pixels), or all nearest the centre when both are empty — as
    /// `CarromRules.place_returned` offline. The host checks it; `pieces_placed` says when it
    /// stands on this board.
    #[func(gd_self)]
    fn place_returned(
        mut this: Gd<Self>,
        seat: i64,
        kinds: PackedInt32Array,
        positions: PackedVector2Array,
    ) -> Result<(), Refused> {
        let seat = u8::from(convert::seat(seat)?);
        let units = this.bind().board()?.bind().units();
        let spots = crate::rules::placing::spots(&kinds, &positions, units)?;
        let spots = to_wire(&spots).ok_or("place_returned: the striker is never placed")?;
        this.bind_mut().send_request("place_returned", Request::Place(Placement { seat, spots }))?;
        CarromNet::show_due(this);
        Ok(())
    }

    /// The person here won the toss for `seat` and chooses to break (`breaks`) or to let the
    /// seat after it break — as `CarromRules.choose_break` offline, sent to the host.
    #[func(gd_self)]
    fn choose_break(mut this: Gd<Self>, seat: i64, breaks: bool) -> Result<(), Refused> {
        let seat = u8::from(convert::seat(seat)?);
        this.bind_mut().send_request("choose_break", Request::ChooseBreak(Choice { seat, breaks }))?;
        CarromNet::show_due(this);
        Ok(())
    }

    /// On the host, the computer playing `seat` does the step that waits for it: chooses who
    /// breaks after winning the toss (it breaks), or places the returned pieces where they
    /// hurt the other side most (as `CarromAi.place_returned`). Refused when neither waits for
    /// that seat.
    #[func(gd_self)]
    fn play_computer_step(mut this: Gd<Self>, seat: i64) -> Result<(), Refused> {
        let seat = convert::seat(seat)?;
        let request = {
            let net = this.bind();
            let board = net.board()?;
            let board = board.bind();
            let game = board.game().ok_or("play_computer_step: no match on the board")?;
            match game.awaited().filter(|a| a.seat == seat).map(|a| a.asked) {
                Some(Asked::ChooseBreak) => Request::ChooseBreak(Choice {
                    seat: u8::from(seat),
                    breaks: carrom_core::ai::BREAKS_AFTER_TOSS,
                }),
                Some(Asked::Place) => {
                    let spots = carrom_core::ai::placement::place(game.table(), game.rules(), seat);
                    let spots = to_wire(&spots).ok_or("play_computer_step: the striker is never placed")?;
                    Request::Place(Placement { seat: u8::from(seat), spots })
                }
                _ => {
                    return Err(format!(
                        "play_computer_step: neither a toss nor a placement waits for seat {seat}"
                    )
                    .into())
                }
            }
        };
        this.bind_mut().send_request("play_computer_step", request)?;
        CarromNet::show_due(this);
        Ok(())
    }
}
