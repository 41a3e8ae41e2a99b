//! Who a device is: the player its secret token makes (only the token's hash is kept), under
//! the name it gives now, once the name and token are ones the server takes.

use crate::names;
use crate::server::Server;
use crate::store::StoreError;
use carrom_net::players::{check_name, check_token, MAX_TOKEN};
use sha2::{Digest, Sha256};

/// The shortest device token the server takes: a short one could be guessed.
const MIN_TOKEN: usize = 16;

/// The player whose device has `token`, made on first sight, now called `name`: their public
/// id. Refused, saying why, for a name or token that is not allowed. Only the token's hash is
/// kept.
pub async fn sign_in(server: &Server, name: &str, token: &str) -> Result<String, String> {
    let name = &names::normal(name);
    check_identity_of(name, token)?;
    let hash: String = Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    let new_id = crate::server::random_id();
    let signed = server.store.player(&hash, name, &names::look(name), &new_id).await;
    signed.map_err(StoreError::refusal)?.ok_or_else(|| {
        format!("the name {name:?} looks like a ranked player's name: choose another (letters that look alike count as alike)")
    })
}

/// Whether `name` and `token` are a name and a device token the server takes, or why not.
pub fn check_identity_of(name: &str, token: &str) -> Result<(), String> {
    check_name(name).map_err(|e| e.to_string())?;
    check_token(token).map_err(|e| e.to_string())?;
    if token.len() < MIN_TOKEN {
        return Err(format!("token must be {MIN_TOKEN} to {MAX_TOKEN} characters (got {})", token.len()));
    }
    Ok(())
}
