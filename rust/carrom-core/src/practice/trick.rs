//! Trick shots: a set position, a goal ("pocket the queen and cover her in one turn", "clear
//! three coins off one cushion") and stars for the strikes it took. The list is data a game
//! maker extends (`godot-project/data/trick_shots.json`); it is read as untrusted text, bounded
//! and checked field by field. An attempt is judged from each shot's report, with no referee:
//! pocketing the striker or knocking a piece off the board fails it, as would the strike limit.

use super::position::Position;
use crate::physics::{ShotReport, Table};
use crate::piece::PieceKind;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// What a trick-shot file says it is.
const FORMAT: &str = "carrom-trick-shots";
/// The version this build reads.
pub const TRICKS_VERSION: u32 = 1;
/// The largest file read.
pub const MAX_TRICKS_BYTES: usize = 256 << 10;
/// The most tricks a file may hold.
pub const MAX_TRICKS: usize = 200;
/// The most strikes a trick may allow.
pub const MAX_STRIKES: u8 = 20;

/// What a trick asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Goal {
    /// Pocket `count` coins (of `colour` when it is given).
    Pocket {
        /// How many.
        count: u8,
        /// White or black; any colour when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        colour: Option<CoinColour>,
    },
    /// Pocket the queen and a coin after her (or with her) to cover her.
    QueenAndCover,
}

/// A coin's colour, as a trick names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CoinColour {
    /// White coins.
    White,
    /// Black coins.
    Black,
}

impl CoinColour {
    /// The piece kind of this colour.
    pub fn kind(self) -> PieceKind {
        match self {
            CoinColour::White => PieceKind::White,
            CoinColour::Black => PieceKind::Black,
        }
    }
}

/// One trick shot, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Trick {
    /// A stable name of lowercase letters, digits and underscores: it keys the trick's text.
    pub id: String,
    /// The position it starts from.
    pub position: Position,
    /// The baseline it is struck from.
    pub seat: Seat,
    /// What must be done.
    pub goal: Goal,
    /// Whether every strike must pocket something (the goal done in one turn).
    pub one_turn: bool,
    /// Strikes that earn three, two and one star; more than the last fails.
    pub stars: [u8; 3],
}

/// A trick as written in the file (or made by the daily challenge), before it is checked.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Written {
    pub id: String,
    pub position: String,
    pub seat: u8,
    pub goal: Goal,
    #[serde(default)]
    pub one_turn: bool,
    pub stars: [u8; 3],
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    format: String,
    version: u32,
    tricks: Vec<Written>,
}

/// Why a trick-shot file was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("trick shots refused: {0}")]
pub struct TrickError(pub String);

/// The tricks of a trick-shot file, each checked: a name, a position a table can have, a seat,
/// a goal that can be met there, and strike limits that grow.
pub fn read_tricks(text: &str) -> Result<Vec<Trick>, TrickError> {
    let bad = |why: String| Err(TrickError(why));
    if text.len() > MAX_TRICKS_BYTES {
        return bad(format!("{} bytes is more than the {MAX_TRICKS_BYTES} a file may have", text.len()));
    }
    let file: File = serde_json::from_str(text).map_err(|e| TrickError(e.to_string()))?;
    if file.format != FORMAT || file.version != TRICKS_VERSION {
        return bad(format!("it must say \"format\": \"{FORMAT}\", \"version\": {TRICKS_VERSION}"));
    }
    if file.tricks.is_empty() || file.tricks.len() > MAX_TRICKS {
        return bad(format!("a file holds 1 to {MAX_TRICKS} tricks, not {}", file.tricks.len()));
    }
    let mut tricks: Vec<Trick> = Vec::with_capacity(file.tricks.len());
    for (i, written) in file.tricks.into_iter().enumerate() {
        let trick = check(written).map_err(|why| TrickError(format!("trick {}: {why}", i + 1)))?;
        if tricks.iter().any(|t| t.id == trick.id) {
            return bad(format!("trick {}: the id \"{}\" is used twice", i + 1, trick.id));
        }
        tricks.push(trick);
    }
    Ok(tricks)
}

/// A trick-shot file's text holding `tricks`, which `read_tricks` reads back as they are.
pub fn write_tricks(tricks: &[Trick]) -> String {
    let tricks = tricks
        .iter()
        .map(|t| Written {
            id: t.id.clone(),
            position: t.position.to_code(),
            seat: u8::from(t.seat),
            goal: t.goal.clone(),
            one_turn: t.one_turn,
            stars: t.stars,
        })
        .collect();
    let file = File { format: FORMAT.to_string(), version: TRICKS_VERSION, tricks };
    // Strings, numbers and lists alone: nothing here can fail to serialize.
    serde_json::to_string_pretty(&file).unwrap_or_default()
}

pub(super) fn check(w: Written) -> Result<Trick, String> {
    let id_ok = !w.id.is_empty()
        && w.id.len() <= 32
        && w.id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if !id_ok {
        return Err("the id must be 1 to 32 lowercase letters, digits or underscores".into());
    }
    let seat = Seat::new(w.seat.into()).map_err(|e| e.to_string())?;
    let position = Position::from_code(&w.position).map_err(|e| e.to_string())?;
    let mut table = Table::icf();
    position.set_up(&mut table).map_err(|e| e.to_string())?;
    let on_board = |kind: PieceKind| table.pieces().iter().filter(|p| p.kind == kind && p.on_board()).count();
    let coins = on_board(PieceKind::White) + on_board(PieceKind::Black);
    match w.goal {
        Goal::Pocket { count, colour } => {
            let there = colour.map_or(coins, |c| on_board(c.kind()));
            if count == 0 || usize::from(count) > there {
                return Err(format!("the goal asks for {count} coins where the position has {there}"));
            }
        }
        Goal::QueenAndCover => {
            if on_board(PieceKind::Queen) == 0 || coins == 0 {
                return Err("the queen and a coin to cover her must be on the board".into());
            }
        }
    }
    let [three, two, one] = w.stars;
    if !(1 <= three && three <= two && two <= one && one <= MAX_STRIKES) {
        return Err(format!("stars must be strike counts from 1 to {MAX_STRIKES}, in growing order"));
    }
    Ok(Trick { id: w.id, position, seat, goal: w.goal, one_turn: w.one_turn, stars: w.stars })
}

/// How an attempt stands after a strike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Not done yet: strike again.
    Going,
    /// Done in `strikes`, for `stars` (1–3).
    Done {
        /// Strikes used.
        strikes: u8,
        /// Stars earned.
        stars: u8,
    },
    /// Failed, and why.
    Failed(Failure),
}

/// Why an attempt failed: also a stable key for the game's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The striker went into a pocket.
    StrikerPocketed,
    /// A piece left the board.
    PieceOffBoard,
    /// A strike pocketed nothing where the goal is to be done in one turn.
    TurnEnded,
    /// The strikes for one star are used up.
    OutOfStrikes,
}

impl Failure {
    /// A stable lowercase key.
    pub fn key(self) -> &'static str {
        match self {
            Failure::StrikerPocketed => "striker_pocketed",
            Failure::PieceOffBoard => "piece_off_board",
            Failure::TurnEnded => "turn_ended",
            Failure::OutOfStrikes => "out_of_strikes",
        }
    }
}

/// One attempt at a trick, judged strike by strike.
#[derive(Clone, Debug)]
pub struct Attempt {
    trick: Trick,
    strikes: u8,
    pocketed: Vec<PieceKind>,
    queen_covered: bool,
    progress: Progress,
}

impl Attempt {
    /// A fresh attempt at `trick`; lay its position out with [`Trick::set_up`].
    pub fn new(trick: Trick) -> Attempt {
        Attempt { trick, strikes: 0, pocketed: vec![], queen_covered: false, progress: Progress::Going }
    }

    /// The trick attempted.
    pub fn trick(&self) -> &Trick {
        &self.trick
    }

    /// Strikes used so far.
    pub fn strikes(&self) -> u8 {
        self.strikes
    }

    /// How it stands.
    pub fn progress(&self) -> Progress {
        self.progress
    }

    /// Counts one strike from what its shot did. A finished attempt stays as it finished.
    pub fn record(&mut self, report: &ShotReport) -> Progress {
        if self.progress != Progress::Going {
            return self.progress;
        }
        self.strikes = self.strikes.saturating_add(1);
        let dropped: Vec<PieceKind> = report.pocketed_kinds().collect();
        let queen_before = self.pocketed.contains(&PieceKind::Queen);
        let queen_now = dropped.contains(&PieceKind::Queen);
        if (queen_before || queen_now) && dropped.iter().any(|k| k.is_coin()) {
            self.queen_covered = true;
        }
        self.pocketed.extend(&dropped);
        self.progress = if report.striker_pocketed.is_some() {
            Progress::Failed(Failure::StrikerPocketed)
        } else if !report.off_board.is_empty() {
            Progress::Failed(Failure::PieceOffBoard)
        } else if self.goal_met() {
            Progress::Done { strikes: self.strikes, stars: self.stars_for(self.strikes) }
        } else if self.trick.one_turn && dropped.is_empty() {
            Progress::Failed(Failure::TurnEnded)
        } else if self.strikes >= self.trick.stars[2] {
            Progress::Failed(Failure::OutOfStrikes)
        } else {
            Progress::Going
        };
        self.progress
    }

    fn goal_met(&self) -> bool {
        match self.trick.goal {
            Goal::Pocket { count, colour } => {
                let wanted = |k: &&PieceKind| colour.map_or(k.is_coin(), |c| **k == c.kind());
                self.pocketed.iter().filter(wanted).count() >= usize::from(count)
            }
            Goal::QueenAndCover => self.queen_covered,
        }
    }

    fn stars_for(&self, strikes: u8) -> u8 {
        let [three, two, _] = self.trick.stars;
        if strikes <= three {
            3
        } else if strikes <= two {
            2
        } else {
            1
        }
    }
}

impl Trick {
    /// Lays the trick's position out on `table`, the striker in hand.
    pub fn set_up(&self, table: &mut Table) -> Result<(), super::PositionError> {
        self.position.set_up(table)
    }
}
