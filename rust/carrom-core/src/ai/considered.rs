//! The shots a level considers before simulating any: pocketing lines at the coins it may go
//! for, hits at those no line reaches, break-ups of the opponent's coins for a level that looks
//! ahead, and safe shots when little else is open; most promising first.

use super::{candidate, Shot, Style};
use crate::physics::Table;
use crate::piece::{PieceId, PieceKind};
use crate::rules::{Match, QueenState, Side};
use crate::seat::Seat;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The shots a level considers, most promising first, at most `style.candidates`.
pub(super) fn candidates(
    base: &Table,
    rules: &Match,
    seat: Seat,
    side: Side,
    style: &Style,
    rng: &mut ChaCha8Rng,
) -> Vec<Shot> {
    let mut hits = vec![];
    let mut candidates = if !rules.board().broken {
        candidate::breaks(base, seat)
    } else {
        let targets = targets(base, rules, side);
        let mut found = vec![];
        // Targets no pocketing line reaches (a coin in the player's own corner, say) are at
        // least hit, and so are the last few, whose lines may all miss: a player who only ever
        // plays what moves nothing never clears a board alone.
        let mut unreached = vec![];
        for &target in &targets {
            let lines = candidate::pocketing(base, seat, &[target]);
            if lines.is_empty() {
                unreached.push(target);
            }
            found.extend(lines);
        }
        let hit = if found.len() < 12 || targets.len() <= FEW_TARGETS { &targets } else { &unreached };
        hits = hit.iter().map(|&target| candidate::attacks(base, seat, &[target])).collect();
        found.extend(hits.iter().flatten().cloned());
        if style.lookahead > 0 {
            found.extend(candidate::breakups(base, seat, &their_coins(base, rules, side)));
        }
        found
    };
    candidates.sort_by(|a, b| b.promise.total_cmp(&a.promise));
    if style.sees_half {
        // An easy player sees only some of the shots.
        candidates.retain(|_| rng.random_bool(0.5));
    }
    candidates.truncate(style.candidates);
    spread_hits(&mut candidates, &hits, style.candidates);
    if candidates.len() < 4 || (style.lookahead > 0 && rules.board().broken) {
        candidates.extend(candidate::safe(base, seat).into_iter().take(8));
    }
    candidates.into_iter().map(|c| c.shot).collect()
}

/// The hits in a level's list, cut to `limit` candidates, spread across every hit at each
/// target (`hits`, one list a target). Hits all promise alike, so the cut keeps those found
/// first, from one end of the baseline at one target; a target the cut lost gets its share of
/// a quarter of the list, taken from the last of the other candidates. The lines the geometry
/// promises can all fail (banks at coins in the player's own corners, say), and the hits kept
/// could all be at a coin no rebound from that end frees: a level that considers few shots
/// would then play the same shot that moves nothing for ever, alone (CB1).
fn spread_hits(candidates: &mut Vec<candidate::Candidate>, hits: &[Vec<candidate::Candidate>], limit: usize) {
    let kept: Vec<usize> = hits
        .iter()
        .map(|at| at.iter().filter(|h| candidates.iter().any(|c| c.shot == h.shot)).count())
        .collect();
    let lost = hits.iter().zip(&kept).filter(|(at, n)| !at.is_empty() && **n == 0).count();
    let share = (limit / HITS_KEPT).checked_div(lost).map_or(0, |n| n.max(1));
    let mut spread = vec![];
    for (at, &n) in hits.iter().zip(&kept) {
        let n = if n == 0 { share } else { n }.min(at.len());
        if let Some(stride) = at.len().checked_div(n) {
            spread.extend(at.iter().step_by(stride).take(n).cloned());
        }
    }
    spread.truncate(limit);
    candidates.retain(|c| !hits.iter().flatten().any(|h| h.shot == c.shot));
    candidates.truncate(limit.saturating_sub(spread.len()));
    candidates.extend(spread);
}

/// Targets the cut lost share up to one in this many of a level's candidates, for hits.
const HITS_KEPT: usize = 4;

/// Targets few enough that each is also hit whether or not a pocketing line is open to it.
const FEW_TARGETS: usize = 4;

/// Pieces `side` may go for: its own coins (any coin in the points game), and the queen once
/// it holds a coin and she is on the board.
pub(super) fn targets(table: &Table, rules: &Match, side: Side) -> Vec<PieceId> {
    let board = rules.board();
    let cover_ready = board.held[side.index()].total() > 0 || !rules.settings().queen_cover();
    let queen_ok = board.queen == QueenState::OnBoard && cover_ready;
    let awaiting_cover = board.queen == (QueenState::AwaitingCover { side });
    table
        .pieces()
        .iter()
        .filter(|p| p.on_board())
        .filter(|p| match p.kind {
            PieceKind::Queen => queen_ok && !awaiting_cover,
            PieceKind::Striker => false,
            kind => board.is_own(side, kind),
        })
        .map(|p| p.id)
        .collect()
}

/// Coins of `side`'s opponents (none without colours: every coin is everybody's).
fn their_coins(table: &Table, rules: &Match, side: Side) -> Vec<PieceId> {
    let board = rules.board();
    table
        .pieces()
        .iter()
        .filter(|p| p.on_board() && p.kind.is_coin() && !board.is_own(side, p.kind))
        .map(|p| p.id)
        .collect()
}
