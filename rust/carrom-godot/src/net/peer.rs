//! A peer's side: joining a host (a friend's, or the match server's table it was seated at),
//! and telling it when this player steps away.

use super::CarromNet;
use carrom_net::Replica;
use godot::prelude::*;

#[godot_api(secondary)]
impl CarromNet {
    /// Joins a host as `name`, with this device's `token` (kept between runs, so that seats
    /// come back after a drop): the hello goes out by `send_to_host`.
    #[func]
    fn join(&mut self, name: GString, token: GString) {
        self.become_peer();
        let hello = Replica::hello(&name.to_string(), &token.to_string());
        self.signals().send_to_host().emit(&PackedByteArray::from(hello.as_slice()));
    }

    /// Joins the match a match server seated this device at: the server knows the device from
    /// the lobby's hello, so nothing is sent; the match's welcome follows.
    #[func]
    fn join_seated(&mut self) {
        self.become_peer();
    }

    fn become_peer(&mut self) {
        self.host = None;
        self.replica = Some(Replica::new());
        self.driver.clear();
        match self.board() {
            Ok(board) => self.listen(&board),
            Err(refused) => refused.log(),
        }
    }

    /// This machine's player stepped away (`away`: the app went to the background) or came
    /// back: a peer tells the host, which waits for them as for a dropped player, their turn
    /// clock stopped. False where there is nobody to tell (on the host, offline).
    #[func]
    fn step_away(&mut self, away: bool) -> bool {
        if self.host.is_some() || self.replica.is_none() {
            return false;
        }
        let bytes = Replica::away(away);
        self.signals().send_to_host().emit(&PackedByteArray::from(bytes.as_slice()));
        true
    }
}
