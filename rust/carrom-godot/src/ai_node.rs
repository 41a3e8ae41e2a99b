//! `CarromAi`: the computer opponent of carrom-core, thinking on a worker thread so that the
//! game never waits for it. It answers by signal on the main thread.

use crate::board::CarromBoard;
use crate::rules_node::CarromRules;
use crate::{convert, variant::vector};
use carrom_core::ai::{plan, Budget, Level, Shot};
use godot::classes::{INode, Node};
use godot::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::sync::Arc;
use std::time::Duration;

struct Job {
    answer: Receiver<Result<Shot, String>>,
    cancel: Arc<AtomicBool>,
}

/// Plays a seat for the computer: `think(seat, level)` starts a search on a worker thread and
/// `shot_ready` brings the shot back (place at `offset`, strike along `direction` with `power`,
/// the same arguments `CarromBoard.place_striker` and `strike` take).
#[derive(GodotClass)]
#[class(base=Node)]
pub struct CarromAi {
    /// The board to play on.
    #[export(node_path = ("CarromBoard"))]
    board: NodePath,
    /// The referee of the match (the computer plays by its rules).
    #[export(node_path = ("CarromRules"))]
    rules: NodePath,
    /// Longest a decision may take, seconds; the best shot found so far is played then.
    #[export(range = (0.05, 5.0, 0.05))]
    time_budget: f64,
    /// Seed of the computer's unsteady hand; each decision adds its number to it.
    #[export]
    seed: i64,
    decisions: u64,
    job: Option<Job>,
    base: Base<Node>,
}

#[godot_api]
impl INode for CarromAi {
    fn init(base: Base<Node>) -> Self {
        Self {
            board: NodePath::default(),
            rules: NodePath::default(),
            time_budget: 0.5,
            seed: 0,
            decisions: 0,
            job: None,
            base,
        }
    }

    fn process(&mut self, _delta: f64) {
        let Some(job) = &self.job else { return };
        let answer = match job.answer.try_recv() {
            Ok(answer) => answer,
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => Err("the search stopped without an answer".into()),
        };
        self.job = None;
        match answer {
            Ok(shot) => {
                let ppm = self.board_node().map_or(1000.0, |b| b.bind().pixels());
                let max = self.board_node().map_or(1.0, |b| b.bind().max_speed());
                let seat = i64::from(u8::from(shot.seat));
                let offset = f64::from(shot.offset * ppm);
                let power = f64::from(shot.speed / max).clamp(0.0001, 1.0);
                self.signals().shot_ready().emit(seat, offset, vector(shot.direction), power);
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
    /// The computer's shot for `seat`: offset in pixels along its baseline, a direction, and
    /// power 0–1.
    #[signal]
    fn shot_ready(seat: i64, offset: f64, direction: Vector2, power: f64);
    /// No shot could be found (say why).
    #[signal]
    fn think_failed(reason: GString);

    /// Starts thinking for `seat` at `level` ("easy", "medium" or "hard"). Returns false, with
    /// an error, if the arguments or the state do not allow it (not that seat's turn, pieces
    /// moving, already thinking).
    #[func]
    fn think(&mut self, seat: i64, level: GString) -> bool {
        match self.start(seat, &level.to_string()) {
            Ok(()) => true,
            Err(e) => {
                godot_error!("CarromAi.think: {e}");
                false
            }
        }
    }

    fn start(&mut self, seat: i64, level: &str) -> Result<(), String> {
        let seat = convert::seat(seat)?;
        let level = Level::from_name(level)
            .ok_or(format!("level must be \"easy\", \"medium\" or \"hard\", got \"{level}\""))?;
        if self.job.is_some() {
            return Err("already thinking: wait for shot_ready or call cancel()".into());
        }
        let board = self.board_node().ok_or("board must point to a CarromBoard")?;
        let rules = self.rules_node().ok_or("rules must point to a CarromRules")?;
        let table = board.bind().table_copy().ok_or("pieces are still moving")?;
        let game = rules.bind().match_copy().ok_or("no match under way: call start_match first")?;
        if game.to_play() != Some(seat) {
            return Err(format!("it is not seat {}'s turn", u8::from(seat)));
        }
        let seed = (self.seed as u64).wrapping_add(self.decisions);
        self.decisions += 1;
        let budget = Budget { time_limit: Some(Duration::from_secs_f64(self.time_budget.clamp(0.01, 60.0))) };
        let cancel = Arc::new(AtomicBool::new(false));
        let (send, answer) = channel();
        let flag = cancel.clone();
        std::thread::Builder::new()
            .name("carrom-ai".into())
            .spawn(move || {
                let shot = plan(&table, &game, seat, level, seed, budget, &flag)
                    .map(|p| p.played)
                    .map_err(|e| e.to_string());
                let _ = send.send(shot);
            })
            .map_err(|e| format!("could not start a thread: {e}"))?;
        self.job = Some(Job { answer, cancel });
        Ok(())
    }

    /// Stops thinking; no `shot_ready` follows. Safe to call at any time.
    #[func]
    fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel.store(true, Ordering::Relaxed);
        }
    }

    #[func]
    fn is_thinking(&self) -> bool {
        self.job.is_some()
    }

    fn board_node(&self) -> Option<Gd<CarromBoard>> {
        self.base().get_node_or_null(&self.board)?.try_cast::<CarromBoard>().ok()
    }

    fn rules_node(&self) -> Option<Gd<CarromRules>> {
        self.base().get_node_or_null(&self.rules)?.try_cast::<CarromRules>().ok()
    }
}
