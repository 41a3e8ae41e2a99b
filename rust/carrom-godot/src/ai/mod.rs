//! `CarromAi`: the computer opponent (and coach) of carrom-core, thinking on a pool of worker
//! threads so that the game never waits for it. It answers by signal on the main thread.

mod workers;

use crate::alive::alive;
use crate::board::CarromBoard;
use crate::convert;
use crate::enums::Level;
use crate::refusal::Refused;
use crate::units::vector;
use carrom_core::ai::{
    fallback_shot, hints, plan, AiError, Ask, Budget, Hand, Hint, Reviewed, Shot, MOST_HINTS,
};
use carrom_core::game::Replay;
use carrom_core::physics::Table;
use carrom_core::practice::hints_alone;
use carrom_core::rules::Match;
use carrom_core::seat::Seat;
use godot::classes::{INode, Node};
use godot::prelude::*;
use rayon::ThreadPool;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, TryRecvError};
use std::sync::Arc;

/// What a search brings back.
enum Answer {
    /// The computer's shot, as its hand plays it.
    Shot(Shot),
    /// The coach's hints for a player, best first.
    Hints(Vec<Hint>),
    /// A board's review: the player's best strike, if one was as good as the coach's, and the
    /// worst two mistakes.
    Review(Option<Reviewed>, Vec<Reviewed>),
}

struct Job {
    answer: Receiver<Result<Answer, String>>,
    cancel: Arc<AtomicBool>,
    /// For the computer's shot: the seat it plays, which gets the fallback shot if the search
    /// fails (the computer always plays).
    plays: Option<Seat>,
}

/// The longest and shortest a decision may be given, seconds.
const TIME_BUDGET: std::ops::RangeInclusive<f64> = 0.05..=5.0;
/// Worker threads a search may be given (0: one per core but one).
const THREADS: std::ops::RangeInclusive<i64> = 0..=64;
/// The player's hand the coach may be told: degrees of aim and per cent of pace, one
/// standard deviation.
const HAND_AIM: std::ops::RangeInclusive<f64> = 0.0..=20.0;
const HAND_PACE: std::ops::RangeInclusive<f64> = 0.0..=50.0;

/// Plays a seat for the computer: `think(seat, level)` starts a search on a worker thread and
/// `shot_ready` brings the shot back (place at `offset`, strike along `direction` with `power`,
/// the same arguments `CarromBoard.place_striker` and `strike` take). As a coach,
/// `coach(seat, count)` finds the expert's best shots for a player and `hints_ready` brings
/// them back. One search at a time: a game that coaches while the computer plays uses two.
#[derive(GodotClass)]
#[class(init, base=Node)]
pub struct CarromAi {
    /// The board whose match the computer plays (by the rules of that match).
    #[export]
    board: Option<Gd<CarromBoard>>,
    /// Longest a decision may take, seconds; the best shot found so far is played then.
    #[export(range = (0.05, 5.0, 0.05))]
    #[init(val = 0.5)]
    time_budget: f64,
    /// Seed of the computer's unsteady hand; each decision adds its number to it.
    #[export]
    seed: i64,
    /// Worker threads the search may use; 0 uses one per core but one, which is left to the
    /// game so that its frames keep coming (at least one thread). The shot is the same for any
    /// number (without a time limit); more threads only find it sooner.
    #[export(range = (0.0, 64.0, 1.0))]
    threads: i64,
    /// The coach (`coach`): how far off the player's aim is, degrees, one standard deviation.
    /// Its hints are chosen for that hand, and their chances played with it. The default is
    /// the Carrom_rl project's measure of a hand, 2°.
    #[export(range = (0.0, 20.0, 0.1))]
    #[init(val = 2.0)]
    hand_aim_degrees: f64,
    /// The coach: how far off the player's pace is, per cent, one standard deviation (the
    /// Carrom_rl project's 1% by default).
    #[export(range = (0.0, 50.0, 0.1))]
    #[init(val = 1.0)]
    hand_pace_percent: f64,
    decisions: u64,
    job: Option<Job>,
    /// The worker threads, kept between decisions, and how many were asked for.
    pool: Option<(i64, Arc<ThreadPool>)>,
    base: Base<Node>,
}

#[godot_api]
impl INode for CarromAi {
    fn process(&mut self, _delta: f64) {
        let Some(job) = &self.job else { return };
        let answer = match job.answer.try_recv() {
            Ok(answer) => answer,
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => Err("the search stopped without an answer".into()),
        };
        let plays = job.plays;
        self.job = None;
        let answer = match (answer, plays) {
            (Err(reason), Some(seat)) => self.fallback(seat, &reason),
            (answer, _) => answer,
        };
        let answer = answer.and_then(|answer| {
            let board = alive(&self.board).ok_or("CarromAi.board is not set")?;
            let board = board.bind();
            Ok((answer, board.units(), board.table().spec().physics.max_striker_speed))
        });
        match answer {
            Ok((Answer::Shot(shot), units, max)) => {
                let seat = i64::from(u8::from(shot.seat));
                let power = convert::speed_to_power(shot.speed, max);
                self.signals().shot_ready().emit(
                    seat,
                    units.pixels(shot.offset),
                    vector(shot.direction),
                    power,
                );
            }
            Ok((Answer::Hints(found), units, max)) => {
                let found =
                    crate::variant::dictionaries(&found, |h| crate::fields::hint_fields(h, units, max));
                self.signals().hints_ready().emit(&found);
            }
            Ok((Answer::Review(best, worst), units, max)) => {
                let lines = best.iter().map(|b| ("best", b)).chain(worst.iter().map(|w| ("worst", w)));
                let lines = crate::variant::dictionaries(lines, |(kind, r)| {
                    crate::fields::reviewed_fields(kind, r, units, max)
                });
                self.signals().review_ready().emit(&lines);
            }
            Err(reason) => self.signals().think_failed().emit(&GString::from(reason.as_str())),
        }
    }

    fn exit_tree(&mut self) {
        self.cancel();
    }
}

#[godot_api]
impl CarromAi {
    /// Computer levels (`think`).
    #[constant]
    const LEVEL_EASY: i64 = Level::Easy as i64;
    #[constant]
    const LEVEL_MEDIUM: i64 = Level::Medium as i64;
    #[constant]
    const LEVEL_HARD: i64 = Level::Hard as i64;
    #[constant]
    const LEVEL_EXPERT: i64 = Level::Expert as i64;

    /// The computer's shot for `seat`: offset in pixels along its baseline, a direction, and
    /// power 0–1.
    #[signal]
    fn shot_ready(seat: i64, offset: f64, direction: Vector2, power: f64);
    /// The coach's hints (`coach`), best first: each a dictionary of "seat", "offset" (pixels
    /// along the baseline), "direction", "power" (as `shot_ready` gives a shot), "target" (the
    /// piece it means to pocket, -1 for none), "pocket" (0–3, -1 for none), "chance" (0–1, how
    /// often the player's hand brings it off) and "reason" ("break", "straight", "cut",
    /// "rebound", "combination", "queen", "cover", "safety", "least_harm").
    #[signal]
    fn hints_ready(hints: Array<VarDictionary>);
    /// A board's review (`review`): at most three strikes, each a dictionary of "kind" ("best":
    /// the strike that did best against the coach's shot, if about as well or better;
    /// "worst": a clear mistake, worst first), "strike" (its number in the board, from 1),
    /// "seat", "played" and "coach_value" (what the strike and the coach's shot were worth,
    /// in the search's points: a coin about 5, a foul -60) and "coach" (the coach's shot, as
    /// `hints_ready` gives one).
    #[signal]
    fn review_ready(lines: Array<VarDictionary>);
    /// No hint or review could be made (says why). The computer's own search never fails
    /// this way: without a shot it plays a gentle one straight ahead.
    #[signal]
    fn think_failed(reason: GString);

    /// The range of each setting: {"time_budget": [low, high], "threads": [low, high]}.
    #[func]
    fn get_limits() -> VarDictionary {
        crate::variant::limits(&[
            ("time_budget", *TIME_BUDGET.start(), *TIME_BUDGET.end()),
            ("threads", *THREADS.start() as f64, *THREADS.end() as f64),
            ("hand_aim_degrees", *HAND_AIM.start(), *HAND_AIM.end()),
            ("hand_pace_percent", *HAND_PACE.start(), *HAND_PACE.end()),
        ])
    }

    /// Every level, weakest first.
    #[func]
    fn get_levels() -> PackedInt32Array {
        carrom_core::ai::Level::ALL.iter().map(|l| Level::from(*l) as i32).collect()
    }

    /// A stable lowercase name of `level` ("easy", "medium", "hard", "expert"), for saves and
    /// translation keys.
    #[func]
    fn get_level_key(level: Level) -> GString {
        GString::from(carrom_core::ai::Level::from(level).name())
    }

    /// Starts thinking for `seat` at `level`. Refused when it is not that seat's turn, pieces
    /// move, or a search is already under way.
    #[func]
    fn think(&mut self, seat: i64, level: Level) -> Result<(), Refused> {
        let level = level.into();
        self.start(seat, move |table, game, seat, seed, budget, cancel| {
            plan(table, game, seat, level, seed, budget, cancel).map(|p| Answer::Shot(p.played))
        })?;
        if let Some(job) = &mut self.job {
            job.plays = convert::seat(seat).ok();
        }
        Ok(())
    }

    /// Starts the coach for `seat`: up to `count` (1–8) of the expert's best shots for a player
    /// whose hand is `hand_aim_degrees` and `hand_pace_percent` off, each coming to something
    /// different, brought back by `hints_ready`. On a board no `CarromRules` referees (a trick
    /// shot, practice) it coaches any seat as a player alone with the break behind them (RULES.md
    /// CB1), whatever pieces the board holds. Refused as `think` is, and for a count or a hand
    /// out of range.
    #[func]
    fn coach(&mut self, seat: i64, count: i64) -> Result<(), Refused> {
        let count = usize::try_from(count)
            .ok()
            .filter(|c| (1..=MOST_HINTS).contains(c))
            .ok_or_else(|| format!("a coach gives 1 to {MOST_HINTS} hints (asked for {count})"))?;
        let hand = self.hand()?;
        let seat = convert::seat(seat)?;
        self.may_start()?;
        let (table, game) = self.position()?;
        if let Some(game) = &game {
            game.may_act(seat).map_err(|e| e.to_string())?;
        }
        self.spawn(move |seed, budget, cancel| {
            let ask = Ask { hand, count, seed };
            match &game {
                Some(game) => hints(&table, game, seat, ask, budget, cancel),
                None => hints_alone(&table, seat, ask, budget, cancel),
            }
            .map(Answer::Hints)
        })
    }

    /// Starts a review of board `board` (numbered from 1) of a match's replay
    /// (`CarromRules.get_replay()`): each strike of `seats` set beside the coach's best from
    /// where it was played (for the hand of `hand_aim_degrees` and `hand_pace_percent`),
    /// brought back by `review_ready`. The coach's search for each strike keeps to
    /// `time_budget`. Refused for a damaged replay, a seat that does not exist, or a search
    /// under way.
    #[func]
    fn review(&mut self, replay: GString, board: i64, seats: PackedInt32Array) -> Result<(), Refused> {
        self.may_start()?;
        let replay = Replay::from_json(&replay.to_string())?;
        let board = u32::try_from(board)
            .ok()
            .filter(|b| *b >= 1)
            .ok_or(format!("boards are numbered from 1 (got {board})"))?;
        let seats = seats
            .as_slice()
            .iter()
            .map(|s| convert::seat(i64::from(*s)))
            .collect::<Result<Vec<Seat>, _>>()?;
        let hand = self.hand()?;
        self.spawn(move |seed, budget, cancel| {
            let ask = Ask { hand, count: 1, seed };
            let reviewed = carrom_core::ai::review(&replay, board, &seats, ask, budget, cancel)?;
            let (best, worst) = carrom_core::ai::best_and_worst(&reviewed);
            Ok(Answer::Review(best, worst))
        })
    }

    /// The computer places the returned pieces waiting for `seat` (RULES.md X3) where they help
    /// it most, at once: geometry alone, tens of milliseconds. Refused when nothing waits for
    /// that seat.
    #[func]
    fn place_returned(&mut self, seat: i64) -> Result<(), Refused> {
        let seat = convert::seat(seat)?;
        let mut board = alive(&self.board).ok_or("CarromAi.board must be set to a CarromBoard")?;
        let spots = {
            let board = board.bind();
            let game = board.game().ok_or("no match under way: call CarromRules.start_match first")?;
            carrom_core::ai::placement::place(game.table(), game.rules(), seat)
        };
        let ruled = board.bind_mut().rule(|turn| turn.place(seat, &spots));
        ruled
    }

    /// The computer that won the toss (`seat`, RULES.md IC6) chooses who breaks: itself, for
    /// the breaker strikes first with white. Refused when no toss waits for that seat. This node
    /// is not held while the board rules, so a listener may ask it to think at once.
    #[func(gd_self)]
    fn choose_break(this: Gd<Self>, seat: i64) -> Result<(), Refused> {
        let seat = convert::seat(seat)?;
        let board = alive(&this.bind().board);
        let mut board = board.ok_or("CarromAi.board must be set to a CarromBoard")?;
        let ruled = board.bind_mut().rule(|turn| turn.choose_break(seat, carrom_core::ai::BREAKS_AFTER_TOSS));
        ruled
    }

    /// The computer's shot for `seat` when its search failed for `reason`: the fallback shot,
    /// with a warning.
    fn fallback(&self, seat: Seat, reason: &str) -> Result<Answer, String> {
        let board = alive(&self.board).ok_or("CarromAi.board is not set")?;
        godot_warn!("carrom: the computer found no shot ({reason}); it plays a gentle one");
        let shot = fallback_shot(board.bind().table(), seat);
        Ok(Answer::Shot(shot))
    }

    /// The player's hand the coach is told, checked.
    fn hand(&self) -> Result<Hand, Refused> {
        let in_range = |name: &str, value: f64, range: &std::ops::RangeInclusive<f64>| {
            if range.contains(&value) {
                Ok(value as f32)
            } else {
                Err(format!(
                    "CarromAi.{name} must lie between {} and {} (got {value})",
                    range.start(),
                    range.end()
                ))
            }
        };
        let aim = in_range("hand_aim_degrees", self.hand_aim_degrees, &HAND_AIM)?.to_radians();
        let pace = in_range("hand_pace_percent", self.hand_pace_percent, &HAND_PACE)? / 100.0;
        Ok(Hand { aim, pace })
    }

    /// Checks the settings, the seat and the match, then runs `work` on the worker threads for
    /// a copy of the position; `process` hands its answer back.
    fn start(
        &mut self,
        seat: i64,
        work: impl FnOnce(&Table, &Match, Seat, u64, Budget, &AtomicBool) -> Result<Answer, AiError>
            + Send
            + 'static,
    ) -> Result<(), Refused> {
        let seat = convert::seat(seat)?;
        self.may_start()?;
        let (table, game) = self.position()?;
        let game = game.ok_or("no match under way: call CarromRules.start_match first")?;
        game.may_act(seat).map_err(|e| e.to_string())?;
        self.spawn(move |seed, budget, cancel| work(&table, &game, seat, seed, budget, cancel))
    }

    /// A copy of the board's table at rest, and of its match when a `CarromRules` referees it.
    fn position(&self) -> Result<(Table, Option<Match>), Refused> {
        let board = alive(&self.board).ok_or("CarromAi.board must be set to a CarromBoard")?;
        let board = board.bind();
        let table = board.table().clone_at_rest().ok_or("pieces are still moving")?;
        Ok((table, board.game().map(|game| game.rules().clone())))
    }

    /// Whether a search may start: the time budget in range and no search under way.
    fn may_start(&self) -> Result<(), Refused> {
        if !TIME_BUDGET.contains(&self.time_budget) {
            return Err(format!(
                "CarromAi.time_budget must lie between {} and {} seconds (got {})",
                TIME_BUDGET.start(),
                TIME_BUDGET.end(),
                self.time_budget
            )
            .into());
        }
        if self.job.is_some() {
            return Err("already thinking: wait for its signal (or think_failed), or call cancel()".into());
        }
        Ok(())
    }
}
