//! The rules of the seeds as a pure state machine: a `Match` fed shot summaries, answering
//! with verdicts. Clause ids (`Q3`, `F4` …) are those of RULES.md at the repository's root,
//! which states every clause and each decision where the seeds are open.

mod board;
mod error;
mod event;
mod foul;
mod queen;
mod referee;
mod ruleset;
mod settings;
mod shot;
mod side;
mod tally;

pub use board::{BoardState, Coins};
pub use error::RulesError;
pub use event::{ReturnReason, RuleEvent, Verdict};
pub use foul::{Foul, Penalty};
pub use queen::QueenState;
pub use referee::{FinishedGame, Match, Outcome, Placing, TIMEOUTS_TO_FORFEIT};
pub use ruleset::{Ruleset, Scoring};
pub use settings::{MatchSettings, Mode};
pub use shot::ShotSummary;
pub use side::Side;
pub use tally::Tally;
