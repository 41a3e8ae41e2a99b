//! The state hash: SHA-256 of the match as its save document (table, rules, settings and the
//! strikes so far). Two peers with the same hash have the same match, bit for bit; the save's
//! format is the one `CarromRules.save_match` writes, so a Godot peer hashes what it saves.

use carrom_core::game::{Game, GameError};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;

/// A match's state hash, sent as 64 hex digits.
#[derive(Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct StateHash([u8; 32]);

impl StateHash {
    /// The hash of a saved match's text.
    pub fn of_save(text: &str) -> StateHash {
        StateHash(Sha256::digest(text.as_bytes()).into())
    }

    /// The hash of `game` as it stands.
    pub fn of_game(game: &Game) -> Result<StateHash, GameError> {
        Ok(StateHash::of_save(&game.to_json()?))
    }
}

impl fmt::Display for StateHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

impl fmt::Debug for StateHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "StateHash({self})")
    }
}

impl From<StateHash> for String {
    fn from(hash: StateHash) -> String {
        hash.to_string()
    }
}

impl TryFrom<String> for StateHash {
    type Error = String;

    fn try_from(text: String) -> Result<StateHash, String> {
        let bad = || format!("a state hash is 64 hex digits (got {} characters)", text.len());
        if text.len() != 64 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(bad());
        }
        let mut bytes = [0u8; 32];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).map_err(|_| bad())?;
        }
        Ok(StateHash(bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_reads_back_from_its_text() {
        let hash = StateHash::of_save("{}");
        let back = StateHash::try_from(hash.to_string()).unwrap();
        assert_eq!(back, hash);
        assert_ne!(StateHash::of_save("{ }"), hash);
    }

    #[test]
    fn a_forged_hash_text_is_refused() {
        assert!(StateHash::try_from("abc".to_string()).is_err());
        assert!(StateHash::try_from("z".repeat(64)).is_err());
    }
}
