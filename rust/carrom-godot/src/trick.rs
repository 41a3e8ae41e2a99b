//! `CarromTrickShots`: carrom-core's trick shots on a `CarromBoard` with no referee. It reads
//! a trick-shot file, sets a trick's position up on the board, and judges each shot the board
//! finishes (the game calls `record_last_shot` on `shot_finished`). The day's challenge is
//! made on a thread of its own, so that a phone's frames keep coming while the expert works.

use crate::alive::alive;
use crate::board::CarromBoard;
use crate::refusal::Refused;
use carrom_core::practice::{
    daily, daily_day, read_tricks, write_tricks, Attempt, DailyEntry, Progress, Stroke, Trick,
};
use godot::classes::{INode, Node};
use godot::prelude::*;
use std::sync::mpsc::{channel, Receiver, TryRecvError};

/// Trick shots: set positions with a goal each and stars for the strikes used. `load_tricks`
/// reads a file (`godot-project/data/trick_shots.json` in the game); `start(index)` sets a
/// trick up on `board`; after each shot, `record_last_shot()` judges it and the node signals
/// `trick_done(strikes, stars)` or `trick_failed(reason)` when the attempt ends.
#[derive(GodotClass)]
#[class(init, base=Node)]
pub struct CarromTrickShots {
    /// The board the tricks are played on (with no `CarromRules` refereeing it).
    #[export]
    board: Option<Gd<CarromBoard>>,
    tricks: Vec<Trick>,
    attempt: Option<Attempt>,
    /// The board's shot count when the attempt began or last counted a shot, so that no shot
    /// counts twice and none from before the attempt counts at all.
    counted: u64,
    /// The strikes of the attempt under way, as the board took them: a daily challenge's entry.
    strokes: Vec<Stroke>,
    /// The day whose challenge is being made, and where its file's text will come.
    preparing: Option<(i64, Receiver<Result<String, String>>)>,
    base: Base<Node>,
}

#[godot_api]
impl INode for CarromTrickShots {
    /// Hands the day's challenge over once its thread has made it.
    fn process(&mut self, _delta: f64) {
        let Some((day, made)) = &self.preparing else { return };
        let day = *day;
        let made = match made.try_recv() {
            Ok(made) => made,
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => Err(format!("making the challenge of day {day} stopped")),
        };
        self.preparing = None;
        let text = made.unwrap_or_else(|why| {
            Refused(why).log();
            String::new()
        });
        self.signals().daily_challenge_ready().emit(day, &GString::from(text.as_str()));
    }
}

/// The challenge of `day` as a trick-shot file's text, or why there is none.
fn challenge_file(day: u32) -> Result<String, String> {
    let trick = daily(day).ok_or_else(|| format!("no challenge could be made for day {day}"))?;
    Ok(write_tricks(&[trick]))
}

/// `day` as the daily challenge counts days, if it lies from 1 January 1970 to 31 December 9999.
fn challenge_day(day: i64) -> Result<u32, String> {
    // 1 January 10000 is day 2,932,897.
    u32::try_from(day)
        .ok()
        .filter(|d| *d <= 2_932_896)
        .ok_or_else(|| format!("a day from 0 (1 January 1970) to 2932896 (the end of 9999), not {day}"))
}

#[godot_api]
impl CarromTrickShots {
    /// The trick was done in `strikes`, for `stars` (1–3).
    #[signal]
    fn trick_done(strikes: i64, stars: i64);
    /// The attempt failed: `reason` is "striker_pocketed", "piece_off_board", "turn_ended"
    /// (a strike pocketed nothing where the goal is one turn) or "out_of_strikes".
    #[signal]
    fn trick_failed(reason: GString);
    /// The challenge of `day` asked of `prepare_daily_challenge` is made: `text` is a trick-shot
    /// file holding it, for `load_tricks` ("" when none could be made).
    #[signal]
    fn daily_challenge_ready(day: i64, text: GString);

    /// The daily challenge of `day` (days since 1 January 1970, UTC:
    /// `floor(Time.get_unix_time_from_system() / 86400)`) as a trick-shot file's text holding
    /// that one trick (its id `daily_<day>`), for `load_tricks`: the same on every machine, and
    /// done by the expert before it is offered. It takes the expert about half a second on a
    /// desktop, so a game asks `prepare_daily_challenge` instead. A day before 1970 or after the year 9999 is refused with an error and gives "";
    /// so does a day for which no challenge could be made.
    #[func]
    fn get_daily_challenge(day: i64) -> GString {
        match challenge_day(day).and_then(challenge_file) {
            Ok(text) => GString::from(text.as_str()),
            Err(why) => {
                Refused(why).log();
                GString::new()
            }
        }
    }

    /// `get_daily_challenge(day)` made on a thread of its own: the node signals
    /// `daily_challenge_ready(day, text)` when it is ready ("" when no challenge could be made,
    /// with an error), so the game's frames go on meanwhile. A second call while one is under
    /// way replaces it: only the last day asked for is signalled. A day out of range is refused.
    #[func]
    fn prepare_daily_challenge(&mut self, day: i64) -> Result<(), Refused> {
        let number = challenge_day(day)?;
        let (send, made) = channel();
        std::thread::Builder::new()
            .name(format!("daily challenge {day}"))
            .spawn(move || {
                // Nobody may be waiting any more (the node was freed, or another day asked for).
                let _ = send.send(challenge_file(number));
            })
            .map_err(|e| format!("no thread could be started for the daily challenge: {e}"))?;
        self.preparing = Some((day, made));
        Ok(())
    }

    /// Whether a day's challenge asked of `prepare_daily_challenge` is still being made.
    #[func]
    fn is_preparing_daily_challenge(&self) -> bool {
        self.preparing.is_some()
    }

    /// Reads the tricks of a trick-shot file's text. A file that is damaged, too large, or
    /// names an impossible trick is refused whole with the reason; the tricks read before stay.
    #[func]
    fn load_tricks(&mut self, text: GString) -> Result<(), Refused> {
        self.tricks = read_tricks(&text.to_string()).map_err(|e| Refused(e.to_string()))?;
        self.attempt = None;
        Ok(())
    }

    /// The tricks read, in file order: `id`, `seat` (the baseline struck from), `goal`
    /// ("pocket" or "queen_and_cover"), `count` and `colour` (`CarromBoard.KIND_WHITE` or
    /// `KIND_BLACK`, -1 for any) for a pocket goal, `one_turn`, and `stars` (the strikes that
    /// earn three, two and one star).
    #[func]
    fn get_tricks(&self) -> Array<VarDictionary> {
        crate::variant::dictionaries(&self.tricks, crate::fields::trick_fields)
    }

    /// Sets trick `index` up on the board (its pieces, the striker in hand) and begins a fresh
    /// attempt. Refused for an index out of range, or while the board is refereed or moving.
    #[func]
    fn start(&mut self, index: i64) -> Result<(), Refused> {
        let trick =
            usize::try_from(index).ok().and_then(|i| self.tricks.get(i)).cloned().ok_or_else(|| {
                format!("there is no trick {index}: tricks are 0 to {}", self.tricks.len() as i64 - 1)
            })?;
        let mut board = alive(&self.board).ok_or("CarromTrickShots.board must be set")?;
        board.bind_mut().set_position("set_position_code", &trick.position)?;
        self.counted = board.bind().last_shot().map_or(0, |(shot, _)| shot);
        self.attempt = Some(Attempt::new(trick));
        self.strokes.clear();
        Ok(())
    }

    /// Judges the shot the board last finished, as one strike of the attempt. Refused before
    /// `start`, and when no shot has finished since the attempt began or since it was last
    /// called (a shot counts once).
    #[func]
    fn record_last_shot(&mut self) -> Result<(), Refused> {
        let board = alive(&self.board).ok_or("CarromTrickShots.board must be set")?;
        let attempt = self.attempt.as_mut().ok_or("no trick under way: call start first")?;
        let was = attempt.progress();
        let progress = {
            let board = board.bind();
            let (shot, report) = board
                .last_shot()
                .filter(|(shot, _)| *shot > self.counted)
                .ok_or("no shot has finished since the last one counted")?;
            self.counted = shot;
            if was == Progress::Going {
                self.strokes.extend(board.last_stroke());
            }
            attempt.record(report)
        };
        if was == Progress::Going {
            match progress {
                Progress::Done { strikes, stars } => {
                    self.signals().trick_done().emit(i64::from(strikes), i64::from(stars))
                }
                Progress::Failed(why) => self.signals().trick_failed().emit(&GString::from(why.key())),
                Progress::Going => {}
            }
        }
        Ok(())
    }

    /// Strikes used in the attempt under way.
    #[func]
    fn get_strikes(&self) -> i64 {
        self.attempt.as_ref().map_or(0, |a| i64::from(a.strikes()))
    }

    /// The attempt just done at a daily challenge as the match server takes it (`POST
    /// /daily/<day>`): JSON text of the day and every strike's exact values, which the server
    /// plays again on its own to count the score. "" unless the trick is a day's challenge
    /// (`daily_<day>`) and the attempt is done.
    #[func]
    fn get_daily_entry(&self) -> GString {
        let Some(attempt) = self.attempt.as_ref() else { return GString::new() };
        match (daily_day(attempt.trick()), attempt.progress()) {
            (Some(day), Progress::Done { .. }) => {
                GString::from(DailyEntry { day, strikes: self.strokes.clone() }.to_json().as_str())
            }
            _ => GString::new(),
        }
    }

    /// Whether the attempt under way has ended (done or failed), or none was started.
    #[func]
    fn is_attempt_over(&self) -> bool {
        self.attempt.as_ref().is_none_or(|a| a.progress() != Progress::Going)
    }
}
