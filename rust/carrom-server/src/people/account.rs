//! A player's devices: a code shown on one device brings another to the same player, for a few
//! minutes and once; a recovery code, written down, does it any time. Every code is kept only
//! as its hash; a code guessed costs the guesser's address a try, and is logged.

use crate::doors::{Door, CLAIMS_PER_MINUTE};
use crate::identity::check_token_length;
use crate::lobby::{Desk, Me};
use crate::people::PeopleError;
use crate::refused::LobbyError;
use crate::secret::hash;
use crate::server::{random_letters, Server};
use carrom_net::lobby::{ToClient, LOBBY};
use carrom_net::players::check_token;
use std::sync::Arc;

/// How long a link code works, seconds.
pub const LINK_SECONDS: u32 = 600;
/// Characters of a link code, and of a recovery code.
const LINK_LETTERS: usize = 8;
const RECOVERY_LETTERS: usize = 16;

/// A code as a player typed it: capital letters and digits only (any case, spaces and dashes
/// dropped), or `None` when it cannot be a code.
fn normal(typed: &str) -> Option<String> {
    let code: String = typed.chars().filter(|c| !matches!(c, ' ' | '-')).take(RECOVERY_LETTERS + 1).collect();
    let code = code.to_uppercase();
    let fits = matches!(code.len(), LINK_LETTERS | RECOVERY_LETTERS)
        && code.bytes().all(|b| carrom_net::lobby::CODE_ALPHABET.contains(&b));
    fits.then_some(code)
}

/// `code` in groups of four, as it is shown.
fn grouped(code: &str) -> String {
    let chars: Vec<char> = code.chars().collect();
    chars.chunks(4).map(|c| c.iter().collect::<String>()).collect::<Vec<_>>().join("-")
}

impl Desk {
    /// This device becomes the player of `code` (a link code or a recovery code).
    pub(crate) async fn claim(
        &mut self,
        server: &Arc<Server>,
        lobby: u32,
        token: &str,
        code: &str,
    ) -> Result<(), LobbyError> {
        if self.me.is_some() {
            return Err(LobbyError::SecondHello);
        }
        if lobby != LOBBY {
            return Err(LobbyError::OtherLobby(lobby));
        }
        check_token(token)?;
        check_token_length(token)?;
        let shown: String = code.chars().take(24).collect();
        if !server.doors.may_enter(Door::Claim, self.address) {
            server.doors.refused(&server.metrics, self.address, "ClaimGuesses", "too many codes tried");
            return Err(PeopleError::ClaimsTooFast(CLAIMS_PER_MINUTE).into());
        }
        let claimed = match normal(code) {
            Some(code) => server.store.claim_code(&hash(&code)).await?,
            None => None,
        };
        let Some((player, how)) = claimed else {
            tracing::info!(address = %self.address, "a code that brings a device to no player was tried");
            return Err(PeopleError::NoCode(shown).into());
        };
        let token_hash = hash(token);
        server.store.link_device(&token_hash, &player).await?;
        let signed = server.store.devices(&player, &token_hash).await?;
        let device = signed.iter().find(|d| d.this).map(|d| d.id.clone()).unwrap_or_default();
        server.store.log_account(&player, how, &device, &self.address.to_string()).await?;
        tracing::info!(%player, %device, how, "a device joined its player");
        let person = server.store.person(&player).await?.ok_or(PeopleError::NoPlayer)?;
        let me = Me { player, name: person.name, device, token_hash };
        self.welcome(server, me, person.tag).await
    }

    pub(super) async fn link_code(&mut self, server: &Arc<Server>, me: &Me) -> Result<(), LobbyError> {
        let code = random_letters(LINK_LETTERS);
        let expires = crate::store::now() + i64::from(LINK_SECONDS);
        server.store.put_link_code(&me.player, &hash(&code), expires).await?;
        server.store.log_account(&me.player, "link_code", &me.device, &self.address.to_string()).await?;
        self.outbox.text(&ToClient::LinkCode { code: grouped(&code), expires_in: LINK_SECONDS });
        Ok(())
    }

    pub(super) async fn recovery(&mut self, server: &Arc<Server>, me: &Me) -> Result<(), LobbyError> {
        let code = random_letters(RECOVERY_LETTERS);
        server.store.put_recovery(&me.player, &hash(&code)).await?;
        server.store.log_account(&me.player, "recovery_code", &me.device, &self.address.to_string()).await?;
        self.outbox.text(&ToClient::Recovery { code: grouped(&code) });
        Ok(())
    }

    pub(super) async fn devices(&mut self, server: &Arc<Server>, me: &Me) -> Result<(), LobbyError> {
        let devices = server.store.devices(&me.player, &me.token_hash).await?;
        self.outbox.text(&ToClient::Devices { devices });
        Ok(())
    }

    pub(super) async fn unlink(
        &mut self,
        server: &Arc<Server>,
        me: &Me,
        device: &str,
    ) -> Result<(), LobbyError> {
        if !server.store.unlink(&me.player, device, &me.token_hash).await? {
            return Err(PeopleError::NoDevice.into());
        }
        server.store.log_account(&me.player, "unlinked", device, &self.address.to_string()).await?;
        self.devices(server, me).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_read_as_typed_and_shown_in_groups() {
        assert_eq!(normal("abcd-efgh").as_deref(), Some("ABCDEFGH"));
        assert_eq!(normal(" ABCD EFGH JKMN PQRS ").as_deref(), Some("ABCDEFGHJKMNPQRS"));
        assert_eq!(normal("ABCDEFG"), None, "between the two lengths");
        assert_eq!(normal("ABCDEFG0"), None, "0 is not in the alphabet");
        assert_eq!(grouped("ABCDEFGHJKMNPQRS"), "ABCD-EFGH-JKMN-PQRS");
    }
}
