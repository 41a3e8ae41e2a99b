//! Quick chat: a fixed phrase from a player to the others at their match, shown over the
//! sender's seat. Past its pace it is dropped, not relayed; a player who blocked the sender
//! is not sent it. There is no free text: nothing to moderate.

use crate::lobby::{Desk, Me};
use crate::people::PeopleError;
use crate::refused::LobbyError;
use crate::server::Server;
use crate::table::ToTable;
use carrom_net::lobby::check_phrase;
use carrom_net::rate::RateLimit;
use std::sync::Arc;

/// Phrases a player may send a minute, and at once: a person's pace, not a flood's.
pub const CHATS_PER_MINUTE: u32 = 20;
const CHAT_BURST: u32 = 3;

/// A connection's pace of quick chat.
pub fn chat_pace() -> RateLimit {
    RateLimit::per_minute(CHATS_PER_MINUTE, CHAT_BURST)
}

impl Desk {
    pub(super) async fn chat(
        &mut self,
        server: &Arc<Server>,
        me: &Me,
        phrase: &str,
    ) -> Result<(), LobbyError> {
        check_phrase(phrase)?;
        let joined = self.slot.lock().ok().and_then(|slot| slot.clone());
        let joined = joined.ok_or(PeopleError::NotInAMatch)?;
        if self.chat_pace.take(server.now()).is_err() {
            server.metrics.refused_as("ChatTooFast");
            return Ok(());
        }
        let quiet = server.store.blockers_of(&me.player).await?;
        let chat = ToTable::Chat { peer: self.peer, phrase: phrase.to_string(), quiet };
        // A busy table drops a phrase rather than hold the lobby.
        let _ = joined.tx.try_send(chat);
        Ok(())
    }
}
