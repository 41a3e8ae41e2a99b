//! What of a connection's frames reaches the match: nothing before a hello the table made
//! itself from the lobby's proved identity, no second hello, and a connection that keeps
//! sending what is refused is cut off.

use super::{Table, MAX_REFUSED_HERE};
use carrom_net::message::{decode, encode, MAX_TO_HOST_BYTES};
use carrom_net::{Host, NetError, PeerId, ToHost};

impl Table {
    /// Whether `peer` is told why `error` refused its message at `now`: always, but for a
    /// flood, which it hears of once a second.
    pub(super) fn tell_refusal(&mut self, peer: PeerId, error: &NetError, now: f64) -> bool {
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
    /// connection that keeps sending what its table refuses is cut off.
    pub(super) fn refuse(&mut self, peer: PeerId, error: &NetError, now: f64) {
        self.server.metrics().refused(error);
        tracing::debug!(table = %self.spec.id, peer, %error, "refused");
        if self.tell_refusal(peer, error, now) {
            self.deliver(vec![Host::refusal(peer, error)], None);
        }
        if let Some(guest) = self.guests.get(&peer).filter(|g| g.refused_here > MAX_REFUSED_HERE) {
            tracing::info!(table = %self.spec.id, peer, "a connection that would not say hello was cut off");
            guest.outbox.hang_up();
        }
    }

    /// What of `peer`'s frame may reach the match. The match hears a connection only once it
    /// has said hello, and the hello it hears is the table's own, made from the identity the
    /// lobby proved on this connection (the player's public id, from the device token's hash):
    /// nothing a device writes in a hello can name another player. A second hello is refused
    /// here; frames before an accepted hello are refused here, and a connection that sends
    /// many of them is cut off. `Err` is the refusal to tell the device (`None`: say nothing).
    pub(super) fn admit(&mut self, peer: PeerId, bytes: Vec<u8>) -> Result<Vec<u8>, Option<NetError>> {
        let Some(guest) = self.guests.get_mut(&peer) else { return Err(None) };
        // One decode decides: what fails to decode is the host's to refuse with its reason.
        let hello = match decode::<ToHost>(&bytes, MAX_TO_HOST_BYTES) {
            Ok(ToHost::Hello { token, .. }) => Some(token),
            _ => None,
        };
        match (guest.hello, hello) {
            (true, None) => Ok(bytes),
            (true, Some(_)) => {
                guest.refused_here += 1;
                Err(Some(NetError::HelloTwice))
            }
            (false, Some(token)) if token != guest.token => {
                guest.refused_here += 1;
                Err(Some(NetError::ForgedToken))
            }
            (false, Some(_)) => {
                Ok(encode(&ToHost::Hello { name: guest.name.clone(), token: guest.player.clone() }))
            }
            (false, None) => {
                guest.refused_here += 1;
                Err(Some(NetError::NoHello))
            }
        }
    }
}
