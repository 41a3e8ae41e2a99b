//! How good a simulated shot was for the seat that played it, judged by the rules' verdict and
//! the position it leaves.

use crate::physics::{Pocket, Table};
use crate::rules::{Match, QueenState, ReturnReason, RuleEvent, Scoring, Side, Verdict};

/// A pocket is "near" within this distance of its opening, metres.
const NEAR_POCKET: f32 = 0.07;

/// Score of a shot by `side`: `before` and `after` are the match around the verdict.
pub fn score(before: &Match, after: &Match, verdict: &Verdict, table: &Table, side: Side) -> f32 {
    let mut s = 0.0;
    let mut fouled = false;
    for event in &verdict.events {
        match event {
            RuleEvent::Foul { .. } if !fouled => {
                fouled = true;
                s -= 60.0;
            }
            RuleEvent::PieceReturned { reason: ReturnReason::Penalty | ReturnReason::Due, .. } => s -= 10.0,
            RuleEvent::QueenCovered { seat } if before.side_of(*seat) == Some(side) => s += 35.0,
            RuleEvent::QueenPocketed { seat } if before.side_of(*seat) == Some(side) => s += 6.0,
            RuleEvent::TurnContinues { .. } => s += 5.0,
            RuleEvent::BoardFinished { winner, points, .. } => {
                let ours = points.get(side.index()).copied().unwrap_or(0) as f32;
                s += if *winner == Some(side) { 300.0 + 5.0 * ours } else { -100.0 + 5.0 * ours };
            }
            RuleEvent::GameFinished { winner, .. } => s += if *winner == Some(side) { 600.0 } else { -600.0 },
            RuleEvent::MatchFinished { winner, .. } => {
                s += if *winner == Some(side) { 2000.0 } else { -2000.0 }
            }
            _ => {}
        }
    }
    if verdict.new_board() {
        return s;
    }
    // Pieces gained this shot: coins held, or scored by pieces their points in coins of the
    // cheaper colour, so a white worth twice a black is worth going for twice as much.
    let rules = &before.settings().rules;
    let coin = rules.black_points.min(rules.white_points).max(1) as f32;
    let held = |m: &Match| match m.settings().scoring() {
        Scoring::Pieces => m.board_points_now(None)[side.index()] as f32 / coin,
        Scoring::Board => f32::from(m.board().held[side.index()].total()),
    };
    s += 14.0 * (held(after) - held(before));
    if after.board().queen == (QueenState::AwaitingCover { side }) {
        s += 4.0;
    }
    s + leave(after, table, side)
}

/// The position left: own coins by the pockets are good (for the next strike or the next
/// turn), the opponents' are bad.
fn leave(after: &Match, table: &Table, side: Side) -> f32 {
    let spec = table.spec();
    let mut s = 0.0;
    for piece in table.pieces().iter().filter(|p| p.on_board() && p.kind.is_coin()) {
        let near = Pocket::ALL.iter().any(|pk| pk.centre(spec).distance(piece.position) < NEAR_POCKET);
        if !near {
            continue;
        }
        s += if after.board().is_own(side, piece.kind) { 1.5 } else { -2.5 };
    }
    s
}
