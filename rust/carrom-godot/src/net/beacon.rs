//! Finding a host on the local network: the beacon a host broadcasts, and reading one.

use super::CarromNet;
use carrom_net::Beacon;
use godot::prelude::*;

#[godot_api(secondary)]
impl CarromNet {
    /// On the host: the datagram to broadcast on the local network so that players find this
    /// match (`read_beacon` reads it), for the host listening on `port`. Empty elsewhere.
    #[func]
    fn get_beacon(&self, port: i64) -> PackedByteArray {
        let (Some(host), Ok(port)) = (&self.host, u16::try_from(port)) else {
            return PackedByteArray::new();
        };
        let name = self.host_name.to_string();
        let open = u8::try_from(host.open_seats()).unwrap_or(u8::MAX);
        let Some(mode) = self.with_game(|game| game.rules().mode().name()) else {
            return PackedByteArray::new();
        };
        let beacon = Beacon::new(port, &name, mode, open);
        PackedByteArray::from(beacon.to_bytes().as_slice())
    }

    /// A host's beacon read from a datagram: `{port, name, mode, open}` ("singles", "doubles" or
    /// "points"; the seats still open), or an empty dictionary when it is not a beacon of this
    /// game's protocol. Anyone on the network can send one: every field is checked.
    #[func]
    fn read_beacon(bytes: PackedByteArray) -> VarDictionary {
        let beacon = Beacon::read(bytes.as_slice()).ok();
        beacon.map(|b| crate::variant::dictionary(crate::fields::beacon_fields(&b))).unwrap_or_default()
    }
}
