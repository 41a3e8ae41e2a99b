//! A new match: its seeded game, its seats and how it is saved before its first shot, and the
//! random ids and codes the server hands out.

use crate::seating;
use crate::store::SavedMatch;
use crate::table::TableSpec;
use carrom_core::game::Game;
use carrom_core::rules::{MatchSettings, Mode, Ruleset};
use carrom_core::BoardSpec;
use carrom_net::lobby::{CODE_ALPHABET, CODE_LENGTH};

/// `N` bytes from the operating system's random source.
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0; N];
    // Without the system's randomness nothing the server hands out (ids, codes, seeds) is safe.
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    bytes
}

/// A new match of `mode` under `rules` for `entrants` (seated as the mode seats them), in a room
/// of `code`: what its table plays, its match, and how it is saved before its first shot.
pub fn fresh_match(
    code: String,
    mode: Mode,
    rules: &str,
    rated: bool,
    entrants: Vec<seating::Entrant>,
) -> Result<(TableSpec, Game, SavedMatch), String> {
    let ruleset = Ruleset::preset(rules).map_err(|e| e.to_string())?;
    let seed = u64::from_le_bytes(random_bytes::<8>());
    // The ruleset as it is, as the game on one device plays it: the toss's winner chooses who
    // breaks where it has a toss (IC6), the opponent places returned pieces (X3) where it says
    // so (every preset does); each player's device asks for them as for a strike.
    let settings = MatchSettings::with_rules(mode, ruleset);
    let game = Game::new(BoardSpec::icf(), settings, seed).map_err(|e| e.to_string())?;
    let spec = TableSpec {
        id: random_id(),
        code,
        mode,
        rules: rules.to_string(),
        rated,
        seated: seating::seat(mode, entrants),
    };
    let saved = spec.saved(0, game.to_json().map_err(|e| e.to_string())?);
    Ok((spec, game, saved))
}

/// A new room code: `CODE_LENGTH` characters of the unambiguous alphabet.
pub fn random_code() -> String {
    random_letters(CODE_LENGTH)
}

/// `n` characters of the unambiguous alphabet of room codes, each as likely as the others (a
/// byte past the last whole run of the alphabet is drawn again).
pub fn random_letters(n: usize) -> String {
    let letters = CODE_ALPHABET.len();
    let fair = 256 - 256 % letters;
    let mut out = String::with_capacity(n);
    while out.len() < n {
        for b in random_bytes::<16>() {
            if usize::from(b) < fair && out.len() < n {
                out.push(CODE_ALPHABET[usize::from(b) % letters] as char);
            }
        }
    }
    out
}

/// A new random id: 16 hexadecimal digits.
pub fn random_id() -> String {
    random_bytes::<8>().iter().map(|b| format!("{b:02x}")).collect()
}
