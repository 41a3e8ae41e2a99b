//! The computer's worker threads: a pool kept between decisions (remade when the number asked
//! for changes), each search run there with its seed, budget and cancel flag, and stopped on
//! request.

use super::{Answer, CarromAi, Job, THREADS};
use crate::refusal::Refused;
use carrom_core::ai::{AiError, Budget};
use godot::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuilder};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::channel;
use std::sync::Arc;
use std::time::Duration;

impl CarromAi {
    /// Runs `work` on the worker threads with this decision's seed, budget and cancel flag.
    pub(super) fn spawn(
        &mut self,
        work: impl FnOnce(u64, Budget, &AtomicBool) -> Result<Answer, AiError> + Send + 'static,
    ) -> Result<(), Refused> {
        let pool = self.pool()?;
        let seed = (self.seed as u64).wrapping_add(self.decisions);
        self.decisions += 1;
        let budget = Budget { time_limit: Some(Duration::from_secs_f64(self.time_budget)) };
        let cancel = Arc::new(AtomicBool::new(false));
        let (send, answer) = channel();
        let flag = cancel.clone();
        // The search runs on the pool, and its parallel phases on the pool's threads.
        pool.spawn(move || {
            let found = work(seed, budget, &flag).map_err(|e| e.to_string());
            // The node may have gone; then nobody waits for the answer.
            send.send(found).ok();
        });
        self.job = Some(Job { answer, cancel, plays: None });
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
}

#[godot_api(secondary)]
impl CarromAi {
    /// Worker threads the computer thinks on (after its first decision; 0 before).
    #[func]
    fn get_thread_count(&self) -> i64 {
        self.pool.as_ref().map_or(0, |(_, p)| p.current_num_threads() as i64)
    }

    /// Stops thinking; no `shot_ready`, `hints_ready` or `review_ready` follows. Safe to call at any time.
    #[func]
    pub(super) fn cancel(&mut self) {
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
