//! This machine's player's aim, for the others to see while they wait: sent as often as it
//! changes, but never more than `AIMS_PER_SECOND` a second, so that the host (which takes 20
//! messages a second from a peer) never refuses a player for aiming.

use super::{now, CarromNet};
use crate::refusal::Refused;
use carrom_net::{Exact, Outgoing, Replica, ToPeer};
use godot::prelude::*;

#[godot_api(secondary)]
impl CarromNet {
    /// Where this machine's player aims now (call it whenever the aim changes, every frame if
    /// need be): sent at most ten times a second, the others showing the latest. Refused only
    /// for values that are not a seat, an offset or a direction.
    #[func]
    fn aim(&mut self, seat: i64, offset: f64, direction: Vector2) -> Result<(), Refused> {
        let (seat, offset, direction) = self.exact_aim(seat, offset, direction)?;
        if self.aim_pace.take(now()).is_err() {
            return Ok(());
        }
        if self.host.is_some() {
            let aim = ToPeer::Aim {
                seat: u8::from(seat),
                offset: Exact::new(offset),
                direction: [Exact::new(direction.x), Exact::new(direction.y)],
            };
            self.deliver(vec![Outgoing::All(aim)]);
        } else if self.replica.is_some() {
            let bytes = Replica::aim(seat, offset, direction);
            self.signals().send_to_host().emit(&PackedByteArray::from(bytes.as_slice()));
        }
        Ok(())
    }
}
