//! Who holds a seat of a hosted match: the person at the host, the computer, a device, nobody
//! yet, or the computer standing in for a device that dropped.

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Holder {
    /// The person at the host.
    Host,
    /// The computer, played by the host.
    Computer,
    /// The person whose device has this token.
    Device(String),
    /// Nobody yet: the next device that joins without a seat of its own takes it.
    Open,
    /// The computer, for the device with this token, which dropped and did not come back in
    /// time; the seat is theirs again when they do.
    StandIn(String),
}

impl Holder {
    /// Whether the host plays this seat itself: its person, or the computer.
    pub fn is_at_host(&self) -> bool {
        matches!(self, Holder::Host | Holder::Computer | Holder::StandIn(_))
    }

    /// Whether the computer plays this seat.
    pub fn is_computer(&self) -> bool {
        matches!(self, Holder::Computer | Holder::StandIn(_))
    }
}
