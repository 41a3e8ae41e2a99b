//! The codes and addresses a player types or a server names: a room's code, read as typed, and
//! a match server's address, checked before a device dials it.

use crate::error::NetError;

/// The longest server address a device follows.
pub(crate) const MAX_URL_HOST: usize = 260;
/// The characters of a room code: capital letters and digits that cannot be misread for one
/// another (no 0/O, 1/I/L).
pub const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// Characters in a room code.
pub const CODE_LENGTH: usize = 6;

/// Whether `text` is a match server's address a device may dial: `ws://` or `wss://`, a host
/// of ASCII letters, digits, dots, dashes (or an IPv6 address's brackets and colons), then
/// any path of printable ASCII without spaces.
pub fn is_server_url(text: &str) -> bool {
    let Some(rest) = text.strip_prefix("wss://").or_else(|| text.strip_prefix("ws://")) else {
        return false;
    };
    let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let host_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '[' | ']' | ':');
    !host.is_empty()
        && host.len() <= MAX_URL_HOST
        && host.chars().all(host_char)
        && path.chars().all(|c| c.is_ascii_graphic())
}

/// A room code as a player typed it (any case, spaces or dashes between), or why it cannot be
/// one.
pub fn normal_code(typed: &str) -> Result<String, NetError> {
    let code: String = typed
        .chars()
        .filter(|c| !matches!(c, ' ' | '-'))
        .take(CODE_LENGTH + 1)
        .collect::<String>()
        .to_uppercase();
    let fits = code.len() == CODE_LENGTH && code.bytes().all(|b| CODE_ALPHABET.contains(&b));
    if !fits {
        return Err(NetError::OutOfRange {
            what: "room code",
            value: code.chars().count() as f32,
            allowed: "6 letters and digits, as the friend who made the room was given",
        });
    }
    Ok(code)
}
