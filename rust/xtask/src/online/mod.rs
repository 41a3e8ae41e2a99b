//! The online checks of `cargo xtask test`: Godot processes — a host and clients, or a
//! dedicated server and clients — play the same match over ENet on 127.0.0.1 (the game's own
//! match scene, `OnlineLink` and `CarromNet`) and must end with the same state hash, without an
//! error line: singles, doubles with four processes, a client killed and rejoining, a hostile
//! client, the turn timer and a phone sent to the background. The plain pair also measures the
//! time from a release to the shot starting on the other screen, and the server run the
//! server's CPU time.

mod peers;
mod procs;
mod served;

use crate::godot::Godot;
use peers::*;
pub use procs::{cpu_seconds, resident_mb};
use served::*;
use std::path::Path;
use std::time::Duration;

/// The longest the pair may take before it is stopped and failed.
const LIMIT: Duration = Duration::from_secs(180);

/// Why a check failed, or `None`.
pub type Verdict = Option<String>;

/// An online check: two or three Godot processes, and why they disagree (or `None`).
type OnlineCheck = fn(&Godot, &Path, &Path) -> Result<Verdict, String>;

/// Every online check, by what it shows.
const CHECKS: [(&str, OnlineCheck); 16] = [
    ("a host and a client play the same match over ENet", pair),
    (
        "a host and a client play a whole ICF board to its end: the toss chosen, returned pieces placed, alike",
        whole_board,
    ),
    ("two clients play the same match on a dedicated server", server),
    ("four processes play doubles in step", doubles),
    ("a client killed mid-board rejoins and the board goes on", rejoin),
    (
        "a hostile client is refused four times, its refused strike given back with the reason, the match unharmed",
        hostile,
    ),
    ("the host is killed and the client keeps the match as it stood", host_leaves),
    ("a client who does not come back is stood in for by the computer", stand_in),
    ("the turn timer passes an idle player's turns and the third forfeits", timer),
    ("a client sent to the background mid-turn is waited for, its turn untimed, and plays on", background),
    ("a host and a client play the same match over WebSocket", websocket),
    ("two players play a quick-match board through carrom-server and a third watches", match_server),
    ("carrom-server killed mid-match and started again: both games reconnect and go on", server_restart),
    (
        "a fleet of three carrom-servers: sent on to a node, which is killed, and another takes the match",
        fleet,
    ),
    ("today's challenge played in the game is counted on carrom-server's world board", daily),
    ("two games become friends through carrom-server, one invites, the other accepts from the main menu", friends),
];
/// Runs every online check with the game in `game` (imported, its extension built) and user
/// data under `data`, printing each; stops, failed, at the first that fails. Returns how many
/// passed.
pub fn run_checks(godot: &Godot, game: &Path, data: &Path) -> Result<u32, String> {
    run_some(godot, game, data, "")
}

/// The online checks whose names contain `only` (all of them for "").
fn run_some(godot: &Godot, game: &Path, data: &Path, only: &str) -> Result<u32, String> {
    let mut passed = 0;
    for (name, check) in CHECKS.iter().filter(|(name, _)| name.contains(only)) {
        match check(godot, game, data)? {
            None => {
                println!("ok    {name}");
                passed += 1;
            }
            Some(why) => {
                println!("FAIL  {name}: {why}");
                return Err(format!("online: {name}: {why}"));
            }
        }
    }
    Ok(passed)
}

/// `cargo xtask online`: the online checks alone, on the extension as last built (`cargo
/// xtask build`), for work on the online layer.
pub fn run(args: &[String]) -> Result<(), String> {
    if args.len() > 1 {
        return Err("online takes at most one argument: a part of the names of the checks to run".into());
    }
    let only = args.first().map_or("", String::as_str);
    let godot = crate::godot::find()?.map_err(|n| format!("no Godot 4.3+ found: {}", n.looked.join("; ")))?;
    let game = crate::cargo::workspace_root().join("godot-project");
    let data = crate::cargo::target_dir()?.join("godot-test-data");
    let passed = run_some(&godot, &game, &data, only)?;
    println!("online: {passed} passed");
    Ok(())
}
