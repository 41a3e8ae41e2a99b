//! `CarromAi`: the computer opponent of carrom-core, thinking on a pool of worker threads so
//! that the game never waits for it. It answers by signal on the main thread.

use crate::alive::alive;
use crate::board::CarromBoard;
use crate::convert;
use crate::enums::Level;
use crate::refusal::Refused;
use crate::units::vector;
use carrom_core::ai::{plan, Budget, Shot};
use godot::classes::{INode, Node};
use godot::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuilder};
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
/// The longest and shortest a decision may be given, seconds.
const TIME_BUDGET: std::ops::RangeInclusive<f64> = 0.05..=5.0;
/// Worker threads a search may be given (0: one per core but one).
const THREADS: std::ops::RangeInclusive<i64> = 0..=64;

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
        self.job = None;
        let shot = answer.and_then(|shot| {
            let board = alive(&self.board).ok_or("CarromAi.board is not set")?;
            let board = board.bind();
            Ok((shot, board.units(), board.table().spec().physics.max_striker_speed))
        });
        match shot {
            Ok((shot, units, max)) => {
                let seat = i64::from(u8::from(shot.seat));
                let power = f64::from(shot.speed / max).clamp(0.0001, 1.0);
                self.signals().shot_ready().emit(
                    seat,
                    units.pixels(shot.offset),
                    vector(shot.direction),
                    power,
                );
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
    /// No shot could be found (says why).
    #[signal]
    fn think_failed(reason: GString);

    /// The range of each setting: {"time_budget": [low, high], "threads": [low, high]}.
    #[func]
    fn get_limits() -> VarDictionary {
        crate::variant::limits(&[
            ("time_budget", *TIME_BUDGET.start(), *TIME_BUDGET.end()),
            ("threads", *THREADS.start() as f64, *THREADS.end() as f64),
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
        let seat = convert::seat(seat)?;
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
            return Err("already thinking: wait for shot_ready or call cancel()".into());
        }
        let board = alive(&self.board).ok_or("CarromAi.board must be set to a CarromBoard")?;
        let (table, game) = {
            let board = board.bind();
            let here = board.game().ok_or("no match under way: call CarromRules.start_match first")?;
            (here.table().clone_at_rest().ok_or("pieces are still moving")?, here.rules().clone())
        };
        game.may_act(seat).map_err(|e| e.to_string())?;
        let pool = self.pool()?;
        let seed = (self.seed as u64).wrapping_add(self.decisions);
        self.decisions += 1;
        let budget = Budget { time_limit: Some(Duration::from_secs_f64(self.time_budget)) };
        let cancel = Arc::new(AtomicBool::new(false));
        let (send, answer) = channel();
        let flag = cancel.clone();
        let level = level.into();
        // The search runs on the pool, and its parallel phases on the pool's threads.
        pool.spawn(move || {
            let shot = plan(&table, &game, seat, level, seed, budget, &flag)
                .map(|p| p.played)
                .map_err(|e| e.to_string());
            // The node may have gone; then nobody waits for the answer.
            send.send(shot).ok();
        });
        self.job = Some(Job { answer, cancel });
        Ok(())
    }

    /// The worker threads for `threads`, started on first use or when the number changed.
    fn pool(&mut self) -> Result<Arc<ThreadPool>, String> {
        if !THREADS.contains(&self.threads) {
            return Err(format!(
                "CarromAi.threads must lie between 0 (one per core but one) and 64 (got {})",
                self.threads
            ));
        }
        if let Some((threads, pool)) = &self.pool {
            if *threads == self.threads {
                return Ok(pool.clone());
            }
        }
        let threads = match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1)),
            n => n as usize,
        };
        let pool = ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("carrom-ai-{i}"))
            .build()
            .map_err(|e| format!("could not start the computer's threads: {e}"))?;
        let pool = Arc::new(pool);
        self.pool = Some((self.threads, pool.clone()));
        Ok(pool)
    }

    /// Worker threads the computer thinks on (after its first decision; 0 before).
    #[func]
    fn get_thread_count(&self) -> i64 {
        self.pool.as_ref().map_or(0, |(_, p)| p.current_num_threads() as i64)
    }

    /// Stops thinking; no `shot_ready` follows. Safe to call at any time.
    #[func]
    fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Whether a search is under way.
    #[func]
    fn is_thinking(&self) -> bool {
        self.job.is_some()
    }
}
