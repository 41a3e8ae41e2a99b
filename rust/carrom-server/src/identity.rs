//! Who a device is: the player its secret token makes (only the token's hash is kept), under
//! the name it gives now, once the name and token are ones the server takes.

use crate::names;
use crate::refused::LobbyError;
use crate::secret::hash;
use crate::server::Server;
use crate::store::SignedIn;
use carrom_net::players::{check_name, check_token, MAX_TOKEN};

/// The shortest device token the server takes: a short one could be guessed.
const MIN_TOKEN: usize = 16;

/// The player whose device has `token`, made on first sight, now called `name`: their public
/// id, the device's and their friend tag. Refused, saying why, for a name or token that is not
/// allowed. Only the token's hash is kept.
pub async fn sign_in(server: &Server, name: &str, token: &str) -> Result<SignedIn, LobbyError> {
    let name = &names::normal(name);
    check_identity_of(name, token)?;
    let new_id = crate::server::random_id();
    let signed = server.store.player(&hash(token), name, &names::look(name), &new_id).await;
    signed?.ok_or_else(|| LobbyError::NameTaken(name.clone()))
}

/// Whether `name` and `token` are a name and a device token the server takes, or why not.
pub fn check_identity_of(name: &str, token: &str) -> Result<(), LobbyError> {
    check_name(name)?;
    check_token(token)?;
    check_token_length(token)
}

/// Whether `token` is long enough not to be guessed.
pub fn check_token_length(token: &str) -> Result<(), LobbyError> {
    if token.len() < MIN_TOKEN {
        return Err(LobbyError::ShortToken { got: token.len(), min: MIN_TOKEN, max: MAX_TOKEN });
    }
    Ok(())
}
