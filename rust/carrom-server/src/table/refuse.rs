//! Frames the match refuses: each is counted and told (a flood once a second), and a connection
//! that keeps saying hello — the table said it for the connection, from the identity the lobby
//! proved — is cut off, so that it cannot keep its table busy refusing it.

use super::{Table, MAX_REFUSED_HERE};
use carrom_net::{Host, NetError, PeerId};

impl Table {
    /// Whether `peer` is told why `error` refused its message at `now`: always, but for a
    /// flood, which it hears of once a second.
    fn tell_refusal(&mut self, peer: PeerId, error: &NetError, now: f64) -> bool {
        let Some(guest) = self.guests.get_mut(&peer) else { return true };
        if !matches!(error, NetError::RateLimited { .. }) {
            return true;
        }
        if now - guest.told_to_slow_at < 1.0 {
            return false;
        }
        guest.told_to_slow_at = now;
        true
    }

    /// Refuses a frame of `peer`'s for `error`: counted, told (a flood once a second), and a
    /// connection that keeps saying hello is cut off.
    pub(super) fn refuse(&mut self, peer: PeerId, error: &NetError, now: f64) {
        self.server.metrics().refused(error);
        tracing::debug!(table = %self.spec.id, peer, %error, "refused");
        if self.tell_refusal(peer, error, now) {
            self.deliver(vec![Host::refusal(peer, error)], None);
        }
        let Some(guest) = self.guests.get_mut(&peer) else { return };
        if matches!(error, NetError::HelloTwice) {
            guest.refused_here += 1;
        }
        if guest.refused_here > MAX_REFUSED_HERE {
            tracing::info!(table = %self.spec.id, peer, "a connection that kept saying hello was cut off");
            guest.outbox.hang_up();
        }
    }
}
