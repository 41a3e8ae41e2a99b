//! What a node remembers of the notices it delivered, so that none is delivered twice.

use std::collections::HashMap;

/// How far back a sweep looks past the last notice it saw, milliseconds: a notice written by a
/// transaction that committed late is still found, and the ids already delivered are skipped.
pub const OVERLAP_MS: i64 = 5_000;

/// The notices a node delivered lately.
#[derive(Default)]
pub struct Delivered {
    /// The latest notice's time seen, the database's milliseconds (0: none yet).
    pub since_ms: i64,
    /// The ids delivered within the overlap, with their times.
    pub ids: HashMap<String, i64>,
}
