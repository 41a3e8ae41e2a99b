//! Practice without rules: positions set up by hand and shared as a short text code
//! (`position`), trick shots — set positions with a goal and stars for strikes used
//! (`trick`) — the daily challenge, a trick made from the date (`daily`), an attempt at it as
//! the match server checks it (`entry`), and the match
//! alone the expert and the coach plan a set position in (`alone`).

mod alone;
mod daily;
mod entry;
mod position;
mod trick;

pub use alone::{after_the_break, hints_alone, ALONE};
pub use daily::{daily, daily_day, expert_strokes, solved_by_the_expert, DAILY_PREFIX, DAILY_TRIES};
pub use entry::{play_attempt, DailyEntry, EntryError, Stroke, MAX_ENTRY_BYTES};
pub use position::{Position, PositionError, CODE_PREFIX, MAX_CODE_CHARS};
pub use trick::{
    read_tricks, write_tricks, Attempt, CoinColour, Failure, Goal, Progress, Trick, TrickError, MAX_STRIKES,
    MAX_TRICKS, MAX_TRICKS_BYTES, TRICKS_VERSION,
};
