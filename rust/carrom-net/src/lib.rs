//! Network play for carrom-core: a host-authoritative lockstep protocol.
//!
//! Every machine runs the same core, and the same strike on the same table gives the same
//! result bit for bit; so peers exchange only what players *intend* (seat, striker offset,
//! direction, power, as exact bits), never positions. The host checks each intent with the
//! rules, numbers it and sends it to everyone; every peer plays it and answers with a hash of
//! its whole state; a peer whose hash differs is sent the host's state, which it checks like
//! any save before it loads it.
//!
//! This crate is the protocol only: the messages ([`message`]), their checks, the state hash
//! ([`hash`]), the host's side ([`host`]) and a peer's ([`replica`]). Bytes come and go through
//! whatever transport the game uses (Godot's `MultiplayerAPI`); the tests join a host and its
//! peers in one process. Everything a peer sends is untrusted: bounded in size and rate, and
//! checked field by field. See `docs/online.md` at the repository's root.

// A peer or a client can make this code run: it answers with an error, never a panic.
#![cfg_attr(not(test), deny(clippy::unwrap_used))]

pub mod beacon;
pub mod bits;
pub mod clock;
pub mod driver;
pub mod error;
pub mod hash;
pub mod holder;
pub mod host;
pub mod host_code;
pub mod intent;
pub mod lobby;
pub mod message;
pub mod name;
pub mod pick;
pub mod placed;
pub mod players;
pub mod rate;
pub mod replica;
pub mod request;
pub mod rested;
pub mod served;

pub use beacon::Beacon;
pub use bits::Exact;
pub use driver::{Driver, Stage};
pub use error::{NetError, Refusal};
pub use hash::StateHash;
pub use host::{Addressed, Fan, Holder, Host, Outgoing, PeerId};
pub use intent::Intent;
pub use message::{ToHost, ToPeer, PROTOCOL};
pub use players::{Player, Who};
pub use replica::Replica;
pub use request::{Choice, Placement, Request};
pub use rested::Rested;
pub use served::Served;
