//! What the server keeps of a secret — a device's token, a link or recovery code, the
//! operator's token: its SHA-256, never the secret.

use sha2::{Digest, Sha256};

/// The SHA-256 of `secret`, in hexadecimal.
pub fn hash(secret: &str) -> String {
    Sha256::digest(secret.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}
