//! Who sits where in the online match, as the host last told: the game asks here rather than
//! keeping a copy of its own. On the host the protocol's own holders answer whether the
//! computer plays a seat and which seats are this device's.

use super::{now, CarromNet};
use crate::convert;
use crate::enums::Who;
use carrom_net::Holder;
use godot::prelude::*;

#[godot_api(secondary)]
impl CarromNet {
    /// Who sits where: one dictionary per seat of the match, `{seat, name, who}` (`who` a
    /// `WHO_*`). Names are as the players gave them.
    #[func]
    fn get_players(&self) -> Array<VarDictionary> {
        crate::variant::dictionaries(&self.players, crate::fields::player_fields)
    }

    /// Who plays `seat` (`WHO_*`; `WHO_UNTOLD` before the host has said, or for a seat the
    /// match does not have).
    #[func]
    fn get_who(&self, seat: i64) -> Who {
        self.player(seat).map_or(Who::Untold, |p| p.who.into())
    }

    /// The name the player at `seat` gave ("" for none).
    #[func]
    fn get_player_name(&self, seat: i64) -> GString {
        self.player(seat).map(|p| GString::from(p.name.as_str())).unwrap_or_default()
    }

    /// Seats nobody has taken yet: the match starts when there are none.
    #[func]
    fn get_open_seats(&self) -> i64 {
        self.players.iter().filter(|p| p.who == carrom_net::Who::Open).count() as i64
    }

    /// The names of the players the match waits for (dropped, not yet back).
    #[func]
    fn get_waiting_names(&self) -> PackedStringArray {
        let away = self.players.iter().filter(|p| p.who == carrom_net::Who::Away);
        away.map(|p| GString::from(p.name.as_str())).collect()
    }

    /// Whole seconds the match still waits for them; 0 when it does not wait.
    #[func]
    fn get_wait_seconds(&self) -> i64 {
        (self.wait_until - now()).max(0.0).ceil() as i64
    }

    /// Whether the computer plays `seat` here: on the host, a computer's seat, or the seat of
    /// a player who dropped and did not come back in time.
    #[func]
    fn is_computer_seat(&self, seat: i64) -> bool {
        let (Some(host), Ok(seat)) = (&self.host, convert::seat(seat)) else { return false };
        host.holder(seat).is_computer()
    }

    /// Whether a person on this device plays `seat`: on the host, the host's person's seat; on
    /// a peer, a seat the host gave this device.
    #[func]
    fn is_local_seat(&self, seat: i64) -> bool {
        let Ok(seat) = convert::seat(seat) else { return false };
        match (&self.host, &self.replica) {
            (Some(host), _) => host.holder(seat) == Holder::Host,
            (None, Some(replica)) => replica.seats().contains(&seat),
            _ => false,
        }
    }

    /// Whether `seat` is played on another device, its shots coming from the host.
    #[func]
    fn is_remote_seat(&self, seat: i64) -> bool {
        match &self.host {
            Some(host) => {
                convert::seat(seat).is_ok_and(|s| matches!(host.holder(s), Holder::Device(_) | Holder::Open))
            }
            None => self.replica.is_some() && !self.is_local_seat(seat),
        }
    }
}

impl CarromNet {
    fn player(&self, seat: i64) -> Option<&carrom_net::Player> {
        self.players.iter().find(|p| i64::from(p.seat) == seat)
    }
}
