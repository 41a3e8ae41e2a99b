//! Replays: checked, played again from their start (whole, to a step, or one action on),
//! measured, and written for the match under way.

use super::CarromRules;
use crate::alive::alive;
use crate::refusal::{value_or_default, Refused};
use carrom_core::game::Replay;
use godot::prelude::*;

#[godot_api(secondary)]
impl CarromRules {
    /// Why a replay (from `get_replay`, or a file someone shared) cannot be watched, or ""
    /// when it can: read and judged by the rules alone, without the physics, so it costs
    /// microseconds an action however long the match; each strike is checked against its
    /// record when it is played. Changes nothing, logs nothing.
    #[func]
    fn check_replay(text: GString) -> GString {
        match Replay::from_json(&text.to_string()).and_then(|replay| replay.judge().map(drop)) {
            Ok(()) => GString::new(),
            Err(e) => GString::from(e.to_string().as_str()),
        }
    }

    /// Plays a replay (from `get_replay`) again from its start, bit for bit, through the same
    /// turn sequence as live play, and makes where it ends the match under way. A damaged
    /// replay, or one with an action the rules refuse, is refused and nothing changes.
    #[func(gd_self)]
    fn play_replay(this: Gd<Self>, text: GString) -> Result<(), Refused> {
        let game = Replay::from_json(&text.to_string())?.play()?;
        CarromRules::take_match(this, game)
    }

    /// `play_replay` of only the first `actions` actions of a replay: the match as it stood
    /// then, to step through a finished match forwards and back (`get_replay_length` says how
    /// many there are; more than that plays them all). Refused as `play_replay` is, and for a
    /// count below zero.
    #[func(gd_self)]
    fn play_replay_to(this: Gd<Self>, text: GString, actions: i64) -> Result<(), Refused> {
        let actions = usize::try_from(actions)
            .map_err(|_| format!("a replay is played to 0 actions or more (got {actions})"))?;
        let game = Replay::from_json(&text.to_string())?.up_to(actions).play()?;
        CarromRules::take_match(this, game)
    }

    /// Plays the next action of a replay on the board as it was played (a strike rolls on
    /// screen and is announced like any other), when the match here is that replay's first
    /// actions (`play_replay_to` set it up, and each shot came to rest). For a viewer that
    /// plays a finished match shot by shot; `get_replay_progress` says where it stands.
    /// Refused, and nothing changes, when the replay is damaged, the match here is another
    /// one, a shot still rolls, or the replay is at its end.
    #[func(gd_self)]
    fn play_replay_next(this: Gd<Self>, text: GString) -> Result<(), Refused> {
        let whole = Replay::from_json(&text.to_string())?;
        let mut board = this.bind().board_or("play_replay_next")?;
        let next = {
            let bound = board.bind();
            let game = bound.game().ok_or("no match on the board: call play_replay_to first")?;
            whole.next_after(game.replay())?.clone()
        };
        let played = board.bind_mut().play(&next);
        played
    }

    /// How many of its replay's actions the match on the board has played: the step a
    /// replay viewer stands on. -1 with no match.
    #[func]
    fn get_replay_progress(&self) -> i64 {
        let board = alive(&self.board);
        let actions = board.as_ref().and_then(|b| b.bind().game().map(|g| g.replay().actions.len()));
        actions.map_or(-1, |n| n as i64)
    }

    /// How many actions (strikes, declared fouls, passed turns, added time) a replay holds;
    /// a damaged replay is refused with an error and gives -1.
    #[func]
    fn get_replay_length(text: GString) -> i64 {
        let length =
            Replay::from_json(&text.to_string()).map(|r| r.actions.len() as i64).map_err(Refused::from);
        length.unwrap_or_else(|refused| {
            refused.log();
            -1
        })
    }

    /// The replay of the match so far (how it began and every action) as JSON, for
    /// `play_replay`.
    #[func]
    fn get_replay(&self) -> GString {
        let text = self.with_game(|game| game.replay().to_json().map_err(Refused::from));
        let text =
            text.unwrap_or_else(|| Err("no match to replay: call start_match or load_match first".into()));
        GString::from(value_or_default(text).as_str())
    }
}
