//! What the rules tests share: a turn played from a summary of what its strike did, without the
//! physics, so that a test names only the pieces that went down.

use carrom_core::rules::{Match, RuleEvent, ShotSummary, Verdict};
use carrom_core::PieceKind;

/// Returned pieces that wait for a placer (X3) placed as they wait, nearest the centre.
pub fn place_owed(m: &mut Match) {
    if let Some(by) = m.placing().map(|p| p.by) {
        m.place(by, &[]).unwrap();
    }
}

/// The seat to play takes a strike that does `shot` (any placement owed made first).
pub fn play(m: &mut Match, shot: ShotSummary) -> Verdict {
    place_owed(m);
    let seat = m.to_play().expect("match still on");
    m.begin_strike(seat).unwrap();
    m.resolve(&shot).unwrap()
}

/// A strike that pockets `kinds` and nothing else.
pub fn pocket(kinds: &[PieceKind]) -> ShotSummary {
    ShotSummary::pocketing(kinds)
}

/// A strike that pockets `kinds` and the striker with them.
pub fn striker_in(kinds: &[PieceKind]) -> ShotSummary {
    ShotSummary { striker_pocketed: true, ..pocket(kinds) }
}

/// The colour of the side whose seat is to play.
pub fn own_colour(m: &Match) -> PieceKind {
    let side = m.side_of(m.to_play().unwrap()).unwrap();
    m.board().colour_of(side).unwrap()
}

/// Whether the player to strike goes on after this verdict.
pub fn continues(v: &Verdict) -> bool {
    v.events.iter().any(|e| matches!(e, RuleEvent::TurnContinues { .. }))
}

/// The breaker clears the board from the break with the queen: a coin, the queen, the rest.
pub fn win_board_from_break(m: &mut Match) -> Verdict {
    let c = own_colour(m);
    play(m, pocket(&[c]));
    play(m, pocket(&[PieceKind::Queen]));
    play(m, pocket(&[c; 8]))
}
