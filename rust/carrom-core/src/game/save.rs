//! The one saved match: the table, the rules (settings included) and the replay so far, in one
//! versioned JSON document. Loading checks the version, the size and every part, and that the
//! parts agree with each other, before anything is used.

use super::{GameError, Referee, Replay};
use crate::physics::{Place, Snapshot, Table};
use crate::piece::PieceKind;
use crate::rules::{Match, QueenState};
use serde::{Deserialize, Serialize};

/// What the document says it is.
const FORMAT: &str = "carrom-match";
/// The version this build writes and reads (2: the replay records each strike's outcome, and
/// the match must be what its replay's verdicts lead to).
pub const SAVE_VERSION: u32 = 2;
/// What a document says it is, read before the rest.
#[derive(Deserialize)]
struct Header {
    format: Option<String>,
    version: Option<u64>,
}

/// The largest document read: a whole match with its replay is far smaller.
pub const MAX_SAVE_BYTES: usize = 4 << 20;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Document {
    format: String,
    version: u32,
    table: Snapshot,
    rules: Match,
    replay: Replay,
}

/// The match on `table` refereed by `referee`, as one document.
pub fn write(table: &Table, referee: &Referee) -> Result<String, GameError> {
    let document = Document {
        format: FORMAT.into(),
        version: SAVE_VERSION,
        table: table.snapshot().map_err(GameError::Table)?,
        rules: referee.rules().clone(),
        replay: referee.replay().clone(),
    };
    serde_json::to_string(&document).map_err(|e| GameError::BadSave(format!("cannot be written: {e}")))
}

/// A match read back from `write`'s text, checked whole.
pub fn read(text: &str) -> Result<(Table, Referee), GameError> {
    if text.len() > MAX_SAVE_BYTES {
        return Err(GameError::BadSave(format!(
            "{} bytes is more than the {MAX_SAVE_BYTES} a saved match may have",
            text.len()
        )));
    }
    // The header first, alone, so that another version is named as such; then the whole
    // document straight into typed parts, without a tree of the text in between.
    let header: Header =
        serde_json::from_str(text).map_err(|e| GameError::BadSave(format!("not JSON: {e}")))?;
    if header.format.as_deref() != Some(FORMAT) {
        return Err(GameError::BadSave(format!(
            "it is not a saved carrom match (no \"format\": \"{FORMAT}\")"
        )));
    }
    let found = header.version.unwrap_or(0);
    if found != u64::from(SAVE_VERSION) {
        return Err(GameError::SaveVersion { found, supported: SAVE_VERSION });
    }
    let document: Document = serde_json::from_str(text).map_err(|e| GameError::BadSave(e.to_string()))?;
    let table = Table::restore(&document.table)?;
    let rules = document.rules.checked()?;
    let replay = document.replay;
    if replay.settings != *rules.settings() || replay.seed != rules.seed() {
        return Err(GameError::BadSave(
            "the replay was not played under the match's settings and seed".into(),
        ));
    }
    // The record and the state tell one story: the rules' state is what the replay's verdicts
    // lead to, judged without the physics (whether each strike really did what its outcome
    // says is checked when the replay is played again).
    if replay.judge()? != rules {
        return Err(GameError::BadSave("the match is not where its replay's verdicts lead".into()));
    }
    if table.is_moving() != rules.is_striking() {
        return Err(GameError::BadSave(
            "the table and the rules disagree on whether a shot is under way".into(),
        ));
    }
    if !table.is_moving() {
        agree(&table, &rules)?;
    }
    Ok((table, Referee::from_parts(rules, replay)))
}

/// At rest, the rules count exactly the coins and queen that lie on the table.
fn agree(table: &Table, rules: &Match) -> Result<(), GameError> {
    let on_table =
        |kind: PieceKind| table.pieces().iter().filter(|p| p.kind == kind && p.place == Place::Board).count();
    // Pieces waiting for an opponent to place them (X3) are the rules' on the board already.
    let waiting =
        |kind: PieceKind| rules.placing().map_or(0, |p| p.pieces.iter().filter(|k| **k == kind).count());
    let on_table = |kind: PieceKind| on_table(kind) + waiting(kind);
    let board = rules.board();
    for kind in [PieceKind::White, PieceKind::Black] {
        if on_table(kind) != usize::from(board.on_board.get(kind)) {
            return Err(GameError::BadSave(format!(
                "the table has {} {kind} coins on the board, the rules count {}",
                on_table(kind),
                board.on_board.get(kind)
            )));
        }
    }
    if (on_table(PieceKind::Queen) == 1) != (board.queen == QueenState::OnBoard) {
        return Err(GameError::BadSave("the table and the rules disagree on where the queen is".into()));
    }
    Ok(())
}
