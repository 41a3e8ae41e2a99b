//! A host's beacon: a small datagram it broadcasts on the local network so that players can
//! pick its game from a list instead of typing an address. Whoever sends one is untrusted: a
//! beacon is read only if it is small, of this protocol, and every field is in range.

use crate::error::NetError;
use crate::message::PROTOCOL;
use crate::players::check_name;
use serde::{Deserialize, Serialize};

/// The largest beacon read; anything bigger is not one.
pub const MAX_BEACON_BYTES: usize = 256;
/// The games a beacon may offer, by the names the game uses.
pub const MODES: [&str; 3] = ["singles", "doubles", "points"];

/// A game hosted on this network.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Beacon {
    /// The protocol the host speaks: a beacon of another is not offered.
    pub carrom: u32,
    /// The port the host listens on.
    pub port: u16,
    /// The host's name ("" for a dedicated server).
    pub name: String,
    /// "singles", "doubles" or "points".
    pub mode: String,
    /// Seats still open.
    pub open: u8,
}

impl Beacon {
    /// A beacon for a game of `mode` hosted by `name` on `port` with `open` seats to take.
    pub fn new(port: u16, name: &str, mode: &str, open: u8) -> Beacon {
        Beacon { carrom: PROTOCOL, port, name: name.to_string(), mode: mode.to_string(), open }
    }

    /// The datagram to send.
    pub fn to_bytes(&self) -> Vec<u8> {
        // Plain data of strings and integers: serialising it cannot fail.
        serde_json::to_vec(self).unwrap_or_default()
    }

    /// A beacon read from a datagram, every field checked.
    pub fn read(bytes: &[u8]) -> Result<Beacon, NetError> {
        if bytes.len() > MAX_BEACON_BYTES {
            return Err(NetError::TooLarge { bytes: bytes.len(), limit: MAX_BEACON_BYTES });
        }
        let beacon: Beacon = serde_json::from_slice(bytes).map_err(|e| NetError::Malformed(e.to_string()))?;
        if beacon.carrom != PROTOCOL {
            return Err(NetError::Protocol { found: beacon.carrom, supported: PROTOCOL });
        }
        if beacon.port < 1024 {
            return Err(NetError::OutOfRange {
                what: "port",
                value: f32::from(beacon.port),
                allowed: "1024 to 65535",
            });
        }
        if !beacon.name.is_empty() {
            check_name(&beacon.name)?;
        }
        if !MODES.contains(&beacon.mode.as_str()) {
            return Err(NetError::Malformed(format!("no game \"{}\": games are {MODES:?}", beacon.mode)));
        }
        if beacon.open > 4 {
            return Err(NetError::OutOfRange {
                what: "open seats",
                value: f32::from(beacon.open),
                allowed: "0 to 4",
            });
        }
        Ok(beacon)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_beacon_reads_back_as_sent() {
        let beacon = Beacon::new(24680, "Asha K", "doubles", 2);
        assert_eq!(Beacon::read(&beacon.to_bytes()), Ok(beacon));
        let server = Beacon::new(24680, "", "singles", 2);
        assert_eq!(Beacon::read(&server.to_bytes()), Ok(server));
    }

    #[test]
    fn anything_else_on_the_port_is_not_a_beacon() {
        let bad = |b: Beacon| Beacon::read(&b.to_bytes()).is_err();
        assert!(bad(Beacon { carrom: PROTOCOL + 1, ..Beacon::new(24680, "a", "singles", 1) }));
        assert!(bad(Beacon::new(80, "a", "singles", 1)));
        assert!(bad(Beacon::new(24680, "<b>", "singles", 1)));
        assert!(bad(Beacon::new(24680, "a", "snooker", 1)));
        assert!(bad(Beacon::new(24680, "a", "singles", 9)));
        assert!(Beacon::read(&[b' '; 300]).is_err());
        assert!(Beacon::read(b"hello").is_err());
        let extra = br#"{"carrom":2,"port":24680,"name":"a","mode":"singles","open":1,"x":1}"#;
        assert!(Beacon::read(extra).is_err());
    }
}
