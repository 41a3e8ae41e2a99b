//! A match kept in the database: saved after every settled shot (before the shot is sent),
//! and its end recorded once, rated when both sides played.

use super::{Table, WRITE_WITHIN};
use crate::seating;
use crate::store::{Finished, StoreError};
use carrom_core::game::Action;
use carrom_net::lobby::{Change, Ending, ToClient};
use carrom_net::Holder;
use std::collections::BTreeSet;
use std::time::Instant;

impl Table {
    /// Saves the match when a shot has settled since the last save, and records its end.
    pub(super) async fn keep(&mut self) {
        if self.recorded.is_some() {
            return;
        }
        let shots = self.served.host().rested_shots();
        if self.saved_shots != Some(shots) {
            match self.save(shots).await {
                Ok(true) => {
                    self.saved_shots = Some(shots);
                    // What waited for this save goes out before anything after it (the end).
                    self.deliver_pending();
                }
                Ok(false) => {
                    tracing::warn!(table = %self.spec.id, "another node holds this match now: leaving it");
                    self.moved = true;
                    return;
                }
                Err(error) => {
                    // Nothing is recorded past a shot not yet saved (nor sent): tried again.
                    tracing::error!(table = %self.spec.id, %error, "the match could not be saved");
                    return;
                }
            }
        }
        let gone = self.gone_sides();
        if self.served.game().rules().is_over() || !gone.is_empty() {
            match self.record(&gone).await {
                Ok(()) => self.recorded = Some(Instant::now()),
                Err(error) => {
                    tracing::error!(table = %self.spec.id, %error, "the result could not be recorded")
                }
            }
        }
    }

    /// Saves the match; false when another node holds it now (this one was taken for dead).
    pub(super) async fn save(&self, shots: u32) -> Result<bool, StoreError> {
        let started = Instant::now();
        let saved = self.spec.saved(shots, self.served.host().rested_state().to_string());
        let holder = self.server.fence();
        let saving = self.server.store().save(&saved, &holder);
        // A database that does not answer holds the table no longer than this: it tries again.
        let held = tokio::time::timeout(WRITE_WITHIN, saving).await.map_err(|_| StoreError::TimedOut)??;
        self.server.metrics().database_write.observe(started.elapsed().as_secs_f64());
        Ok(held)
    }

    /// The sides a player of which has struck at least once in the match.
    pub(super) fn sides_that_struck(&self) -> BTreeSet<usize> {
        self.served
            .game()
            .replay()
            .actions
            .iter()
            .filter_map(|action| match action {
                Action::Strike { seat, .. } => Some(u8::from(*seat)),
                _ => None,
            })
            .filter_map(|seat| self.spec.seated.iter().find(|s| s.seat == seat).map(|s| s.side))
            .collect()
    }

    /// The sides of players who dropped and did not come back in time (the host has handed
    /// their seats to a stand-in, which the server does not play: the match is abandoned).
    pub(super) fn gone_sides(&self) -> Vec<usize> {
        let host = self.served.host();
        self.spec
            .seated
            .iter()
            .filter_map(|s| {
                let seat = carrom_net::intent::seat(s.seat).ok()?;
                matches!(host.holder(seat), Holder::StandIn(_)).then_some(s.side)
            })
            .collect()
    }

    pub(super) async fn record(&mut self, gone: &[usize]) -> Result<(), StoreError> {
        let game = self.served.game();
        let sides = game.rules().mode().side_count();
        let (ending, ranks) = if !gone.is_empty() && !game.rules().is_over() {
            (Ending::Abandoned, seating::abandoned_ranks(sides, gone))
        } else {
            let drawn = matches!(game.rules().outcome(), Some(carrom_core::rules::Outcome::Drawn(_)));
            (if drawn { Ending::Drawn } else { Ending::Won }, seating::ranks(game))
        };
        // A result counts for rating only once every side has struck: before that it says
        // nothing of skill (two accounts of one person could end a match at once). A side that
        // let its turns run out to the end, against a side that played, has lost all the same:
        // idling out a match is no way to dodge a loss (leaving is, and it costs a wait).
        let struck = self.sides_that_struck();
        let all_struck = self.spec.seated.iter().all(|s| struck.contains(&s.side));
        let idled_out = ending != Ending::Abandoned
            && !struck.is_empty()
            && ranks.iter().enumerate().all(|(side, rank)| *rank > 0 || struck.contains(&side));
        let rated = self.spec.rated && (all_struck || idled_out);
        let replay = game.replay().to_json().unwrap_or_default();
        let state = game.to_json().unwrap_or_default();
        let holder = self.server.fence();
        let finished = Finished {
            id: &self.spec.id,
            holder: &holder,
            ending,
            replay: &replay,
            state: &state,
            shots: self.served.host().rested_shots(),
            ladder: rated.then(|| self.spec.mode.name()),
            seated: &self.spec.seated,
            ranks: &ranks,
        };
        let finishing = self.server.store().finish(&finished);
        let changes =
            tokio::time::timeout(WRITE_WITHIN, finishing).await.map_err(|_| StoreError::TimedOut)??;
        if changes.is_some() && self.spec.rated && !rated && ending == Ending::Abandoned {
            // Leaving early costs no rating, so that it cannot be farmed; it costs a wait.
            // The players who left, not a partner who stayed.
            let host = self.served.host();
            let leavers: Vec<String> = self
                .spec
                .seated
                .iter()
                .filter(|s| {
                    carrom_net::intent::seat(s.seat)
                        .is_ok_and(|seat| matches!(host.holder(seat), Holder::StandIn(_)))
                })
                .map(|s| s.player.clone())
                .collect();
            let barring = self.server.store().bar_from_queue(&leavers, self.server.leaver_seconds());
            match tokio::time::timeout(WRITE_WITHIN, barring).await {
                Ok(Ok(())) => {}
                Ok(Err(error)) => {
                    tracing::error!(table = %self.spec.id, %error, "the leavers could not be barred")
                }
                Err(_) => tracing::error!(table = %self.spec.id, "the leavers could not be barred in time"),
            }
        }
        if let Some(changes) = changes {
            self.server.metrics().finished.inc();
            tracing::info!(table = %self.spec.id, ending = ending.as_str(), "the match is over");
            let changes = changes
                .into_iter()
                .map(|(s, before, after)| Change { seat: s.seat, name: s.name, before, after })
                .collect();
            self.tell_all(&ToClient::Over { changes, ending });
        }
        self.server.match_over(&self.spec);
        Ok(())
    }
}
