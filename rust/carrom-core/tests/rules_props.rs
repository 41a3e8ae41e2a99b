//! Property tests over whole matches of random legal shot summaries, and whole matches of
//! each mode driven to their end.

use carrom_core::rules::{Match, MatchSettings, Mode, Outcome, QueenState, RuleEvent, ShotSummary};
use carrom_core::PieceKind;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random strike that could happen on this board: pieces pocketed are pieces still on it.
/// `keen` (0–1) is how often a strike pockets something.
fn random_shot(m: &Match, rng: &mut ChaCha8Rng, keen: f64) -> ShotSummary {
    let board = m.board();
    let mut shot = ShotSummary { broke_formation: rng.random_bool(0.8), ..ShotSummary::default() };
    let mut whites = board.on_board.white;
    let mut blacks = board.on_board.black;
    let mut queen = board.queen == QueenState::OnBoard;
    if rng.random_bool(keen) {
        for _ in 0..rng.random_range(1..=3) {
            let pick = rng.random_range(0..19);
            let kind = if pick == 0 && queen {
                queen = false;
                PieceKind::Queen
            } else if pick % 2 == 0 && whites > 0 {
                whites -= 1;
                PieceKind::White
            } else if blacks > 0 {
                blacks -= 1;
                PieceKind::Black
            } else {
                continue;
            };
            shot.pocketed.push(kind);
        }
    }
    shot.striker_pocketed = rng.random_bool(0.05);
    if rng.random_bool(0.01) && blacks > 0 {
        shot.off_board.push(PieceKind::Black);
    }
    shot
}

/// Plays strikes until the match ends or `limit` strikes, checking the invariants after each.
fn play_out(m: &mut Match, rng: &mut ChaCha8Rng, keen: f64, limit: usize) -> Result<(), TestCaseError> {
    let max_boards = m.settings().max_boards as usize;
    for _ in 0..limit {
        let Some(seat) = m.to_play() else { return Ok(()) };
        let scores_before = m.scores().to_vec();
        // Now and then a turn times out instead (T2, G3 open: three in a row forfeit).
        let verdict = if rng.random_bool(0.05) {
            m.pass(seat).map_err(|e| TestCaseError::fail(e.to_string()))?
        } else {
            let shot = random_shot(m, rng, keen);
            m.begin_strike(seat).map_err(|e| TestCaseError::fail(e.to_string()))?;
            m.resolve(&shot).map_err(|e| TestCaseError::fail(e.to_string()))?
        };
        // The 19 pieces are accounted for: coins on the board or held, the queen somewhere.
        prop_assert!(m.board().coins_accounted(), "{:?}", m.board());
        // Scores never go down.
        for (before, after) in scores_before.iter().zip(m.scores()) {
            prop_assert!(after >= before);
        }
        // Returned pieces are pieces, never the striker.
        prop_assert!(!verdict.returns().contains(&PieceKind::Striker));
        prop_assert!(m.board_points().len() <= max_boards + 1);
        // Save and load give the same match.
        let loaded =
            Match::from_json(&m.to_json().unwrap()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&loaded, &*m);
    }
    Ok(())
}

fn mode_strategy() -> impl Strategy<Value = Mode> {
    prop_oneof![Just(Mode::Singles), Just(Mode::Doubles), Just(Mode::Points)]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_matches_keep_pieces_and_scores_and_save_exactly(
        mode in mode_strategy(), seed in any::<u64>(), max_boards in 1u32..4, target in 5u32..40
    ) {
        let settings = MatchSettings { mode, max_boards, target_points: target, ..MatchSettings::default() };
        let mut m = Match::new(settings, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_out(&mut m, &mut rng, 0.6, 4000)?;
        // With strikes that pocket often, every match ends within its limits.
        prop_assert!(m.is_over(), "not over after 4000 strikes: {:?}", m.board());
        let scores = m.scores();
        match m.outcome().unwrap() {
            Outcome::Won(side) => prop_assert_eq!(scores[side.index()], *scores.iter().max().unwrap()),
            Outcome::Drawn(sides) => prop_assert!(sides.len() >= 2),
        }
    }
}

fn whole_match(mode: Mode, seed: u64) -> Match {
    let mut m = Match::new(MatchSettings::new(mode), seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    play_out(&mut m, &mut rng, 0.5, 20_000).unwrap();
    m
}

fn check_finished(m: &Match) {
    assert!(m.is_over());
    let boards = m.board_points().len() as u32;
    assert!(boards >= 1 && boards <= m.settings().max_boards + 1);
    let totals: Vec<u32> =
        (0..m.scores().len()).map(|i| m.board_points().iter().map(|b| b[i]).sum()).collect();
    assert_eq!(totals, m.scores(), "totals are the sum of the boards");
    let reached = m.scores().iter().any(|s| *s >= m.settings().target_points);
    assert!(reached || boards >= m.settings().max_boards, "ended early: {:?} after {boards}", m.scores());
}

#[test]
fn g3_g4_whole_singles_match_to_the_end() {
    let m = whole_match(Mode::Singles, 3);
    check_finished(&m);
}

#[test]
fn m2_whole_doubles_match_to_the_end() {
    let m = whole_match(Mode::Doubles, 4);
    check_finished(&m);
    assert_eq!(m.scores().len(), 2, "two teams");
}

#[test]
fn m3_whole_points_match_to_the_end() {
    let m = whole_match(Mode::Points, 5);
    check_finished(&m);
    assert_eq!(m.scores().len(), 3, "three players");
}

#[test]
fn g3_m3_the_points_game_ends_the_moment_a_player_reaches_the_target() {
    let settings = MatchSettings { mode: Mode::Points, target_points: 9, ..MatchSettings::default() };
    let mut m = Match::new(settings, 9).unwrap();
    let strike = |m: &mut Match, kinds: &[PieceKind]| {
        let seat = m.to_play().unwrap();
        m.begin_strike(seat).unwrap();
        (seat, m.resolve(&ShotSummary::pocketing(kinds)).unwrap())
    };
    strike(&mut m, &[PieceKind::Black; 4]);
    assert!(!m.is_over(), "4 points is short of 9");
    // Two whites more: 8. One more black: 9, the target, with coins still on the board.
    strike(&mut m, &[PieceKind::White; 2]);
    let (seat, v) = strike(&mut m, &[PieceKind::Black]);
    let side = m.side_of(seat).unwrap();
    assert_eq!(m.outcome(), Some(&Outcome::Won(side)));
    assert!(v
        .events
        .iter()
        .any(|e| matches!(e, RuleEvent::MatchFinished { winner: Some(w), .. } if *w == side)));
    assert_eq!(m.scores()[side.index()], 9);
    assert!(m.board().on_board.total() > 0, "the board was not played out");
}
