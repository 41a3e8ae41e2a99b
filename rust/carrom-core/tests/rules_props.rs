//! Property tests over whole matches of random legal shot summaries, and whole matches of
//! each mode driven to their end.

use carrom_core::rules::{
    Match, MatchSettings, Mode, Outcome, QueenState, RuleEvent, Ruleset, Scoring, ShotSummary, Side,
};
use carrom_core::PieceKind;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random strike that could happen on this board: pieces pocketed are pieces still on it.
/// `keen` (0–1) is how often a strike pockets something.
fn random_shot(m: &Match, rng: &mut ChaCha8Rng, keen: f64) -> ShotSummary {
    let board = m.board();
    let mut shot = ShotSummary {
        broke_formation: rng.random_bool(0.8),
        touched: m.settings().rules.break_by_touch && rng.random_bool(0.5),
        ..ShotSummary::default()
    };
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
/// Returns the side that forfeited, if one did.
fn play_out(
    m: &mut Match,
    rng: &mut ChaCha8Rng,
    keen: f64,
    limit: usize,
) -> Result<Option<Side>, TestCaseError> {
    let max_boards = m.settings().rules.max_boards as usize;
    let mut forfeited = None;
    for _ in 0..limit {
        let Some(seat) = m.to_play() else { return Ok(forfeited) };
        // A toss is chosen before anyone strikes (IC6).
        if let Some(winner) = m.toss() {
            prop_assert!(m.clone().begin_strike(seat).is_err(), "a strike before the toss's choice");
            m.choose_break(winner, rng.random_bool(0.5)).map_err(|e| TestCaseError::fail(e.to_string()))?;
            continue;
        }
        let scores_before = m.scores().to_vec();
        let games_before = m.games().len();
        // Play time goes by on the match clock, which may run out (G1).
        let clock =
            m.add_time(rng.random_range(0.0..20.0)).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(clock.returns().is_empty() && !clock.new_board(), "the clock alone moves no piece");
        // Now and then a turn times out instead (T2, G3 open: three in a row forfeit).
        let verdict = if rng.random_bool(0.05) {
            m.pass(seat).map_err(|e| TestCaseError::fail(e.to_string()))?
        } else {
            let shot = random_shot(m, rng, keen);
            m.begin_strike(seat).map_err(|e| TestCaseError::fail(e.to_string()))?;
            m.resolve(&shot).map_err(|e| TestCaseError::fail(e.to_string()))?
        };
        // Pieces sent back wait for the next seat to place them (X3), and nobody strikes first.
        if let Some(placing) = m.placing().cloned() {
            prop_assert!(m.settings().opponent_places(), "pieces wait only where the match asks for it");
            let seats = m.mode().seats();
            let after = seats[(seats.iter().position(|s| *s == seat).unwrap() + 1) % seats.len()];
            prop_assert_eq!(placing.by, after, "the seat after the one whose turn sent them back places");
            prop_assert_eq!(&placing.pieces, &verdict.returns());
            let to_strike = m.to_play().unwrap();
            prop_assert!(m.begin_strike(to_strike).is_err(), "a strike before the placement");
            let loaded =
                Match::from_json(&m.to_json().unwrap()).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(&loaded, &*m, "a match saved while pieces wait");
            let mut kinds = placing.pieces.clone();
            if rng.random_bool(0.5) {
                kinds.reverse();
            } else {
                kinds.clear();
            }
            m.place(placing.by, &kinds).map_err(|e| TestCaseError::fail(e.to_string()))?;
        } else if m.settings().opponent_places() && !m.is_over() {
            prop_assert!(verdict.returns().is_empty() || verdict.new_board(), "pieces went back unplaced");
        }
        // The 19 pieces are accounted for: coins on the board or held, the queen somewhere.
        prop_assert!(m.board().coins_accounted(), "{:?}", m.board());
        // Scores never go down, but start from nil in the next game of a match of games (IC5).
        let next_game = m.games().len() > games_before && !m.is_over();
        for (before, after) in scores_before.iter().zip(m.scores()) {
            prop_assert!(after >= before || (next_game && *after == 0));
        }
        prop_assert!(m.games().len() as u32 <= m.games_in_match());
        for event in &verdict.events {
            if let RuleEvent::Forfeited { side, .. } = event {
                forfeited = Some(*side);
            }
        }
        // Returned pieces are pieces, never the striker.
        prop_assert!(!verdict.returns().contains(&PieceKind::Striker));
        prop_assert!(m.board_points().len() <= max_boards + 1);
        // Save and load give the same match.
        let loaded =
            Match::from_json(&m.to_json().unwrap()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&loaded, &*m);
    }
    Ok(forfeited)
}

fn mode_strategy() -> impl Strategy<Value = Mode> {
    prop_oneof![Just(Mode::Singles), Just(Mode::Doubles), Just(Mode::Points), Just(Mode::Solo)]
}

/// The four presets, and rulesets a modder could write: any mix of the switches that is
/// valid (board scoring only with colours), any piece values, and the ICF's laws one by one.
fn ruleset_strategy() -> impl Strategy<Value = Ruleset> {
    let icf_laws = (any::<[bool; 4]>(), proptest::option::of(1u32..40), prop_oneof![Just(1u32), Just(3u32)]);
    let modded = (any::<[bool; 4]>(), any::<bool>(), 0u32..30, 1u32..30, 0u32..60, icf_laws).prop_map(
        |([colours, queen, queen_cover, colour_fouls], board, black, white, queen_value, icf)| Ruleset {
            name: "modded".into(),
            colours,
            queen,
            queen_cover,
            colour_fouls,
            scoring: if board && colours { Scoring::Board } else { Scoring::Pieces },
            black_points: black,
            white_points: white,
            queen_points: queen_value,
            break_by_touch: icf.0[0],
            striker_returns_pocketed: icf.0[1],
            last_coin_loses_board: icf.0[2],
            toss: icf.0[3],
            queen_bonus_below: icf.1,
            games: icf.2,
            ..Ruleset::classic()
        },
    );
    prop_oneof![
        Just(Ruleset::classic()),
        Just(Ruleset::icf()),
        Just(Ruleset::freestyle()),
        Just(Ruleset::disc_pool()),
        modded
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_matches_keep_pieces_and_scores_and_save_exactly(
        mode in mode_strategy(), rules in ruleset_strategy(), seed in any::<u64>(), max_boards in 1u32..4,
        target in 5u32..40, time_limit in proptest::option::of(60.0f64..3000.0),
        opponent_places in any::<bool>()
    ) {
        // Targets scale with what a coin is worth, so a match of any ruleset can reach them.
        let coin = rules.black_points.max(rules.white_points).max(1);
        let rules = Ruleset { max_boards, target_points: (target * coin).min(1000), opponent_places, ..rules };
        let settings = MatchSettings { mode, rules, time_limit_seconds: time_limit };
        let mut m = Match::new(settings, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let forfeited = play_out(&mut m, &mut rng, 0.6, 4000)?;
        // With strikes that pocket often, every match ends within its limits.
        prop_assert!(m.is_over(), "not over after 4000 strikes: {:?}", m.board());
        // The winner has the most points of the sides that did not forfeit (G3, G4; T2 open).
        let best = m.scores().iter().enumerate().filter(|(i, _)| forfeited.is_none_or(|f| f.index() != *i));
        let best = best.map(|(_, s)| *s).max().unwrap();
        // In a match of games, the winner has won the most games instead (IC5).
        let games = m.games_won();
        let best_games = *games.iter().max().unwrap();
        match m.outcome().unwrap() {
            Outcome::Won(side) if m.games_in_match() > 1 && forfeited.is_none() => {
                prop_assert_eq!(games[side.index()], best_games);
            }
            Outcome::Won(side) => {
                prop_assert!(m.games_in_match() > 1 || m.scores()[side.index()] == best);
                prop_assert_ne!(Some(*side), forfeited);
            }
            Outcome::Drawn(sides) => prop_assert!(sides.len() >= 2),
        }
    }
}

fn whole_match(mode: Mode, seed: u64) -> (Match, Option<Side>) {
    whole_match_of(MatchSettings::new(mode), seed)
}

/// A whole match of random strikes, and the side that forfeited it if one did.
fn whole_match_of(settings: MatchSettings, seed: u64) -> (Match, Option<Side>) {
    let mut m = Match::new(settings, seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let forfeited = play_out(&mut m, &mut rng, 0.5, 20_000).unwrap();
    (m, forfeited)
}

/// Over, the totals the sum of the boards, and ended by the target, the last board or a
/// forfeit (three turns timed out in a row).
fn check_finished((m, forfeited): &(Match, Option<Side>)) {
    assert!(m.is_over());
    let boards = m.board_points().len() as u32;
    assert!(boards >= 1 && boards <= m.settings().rules.max_boards + 1);
    let totals: Vec<u32> =
        (0..m.scores().len()).map(|i| m.board_points().iter().map(|b| b[i]).sum()).collect();
    assert_eq!(totals, m.scores(), "totals are the sum of the boards");
    let reached = m.scores().iter().any(|s| *s >= m.settings().rules.target_points);
    assert!(
        reached || boards >= m.settings().rules.max_boards || forfeited.is_some(),
        "ended early: {:?} after {boards}",
        m.scores()
    );
}

#[test]
fn g3_g4_whole_singles_match_to_the_end() {
    let m = whole_match(Mode::Singles, 3);
    check_finished(&m);
}

#[test]
fn m2_whole_doubles_match_to_the_end() {
    let played = whole_match(Mode::Doubles, 4);
    check_finished(&played);
    assert_eq!(played.0.scores().len(), 2, "two teams");
}

#[test]
fn m3_whole_points_match_to_the_end() {
    let played = whole_match(Mode::Points, 5);
    check_finished(&played);
    assert_eq!(played.0.scores().len(), 3, "three players");
}

#[test]
fn cb3_whole_game_alone_to_the_end_clears_the_board() {
    for rules in [Ruleset::classic(), Ruleset::freestyle(), Ruleset::disc_pool()] {
        let played = whole_match_of(MatchSettings::solo(rules), 8);
        check_finished(&played);
        let (m, forfeited) = &played;
        assert_eq!(*forfeited, None, "alone, timeouts never forfeit");
        assert_eq!(m.board_points().len(), 1, "one board");
        assert_eq!(m.board().on_board.total(), 0, "nothing left on it");
        assert_eq!(m.outcome(), Some(&Outcome::Won(Side::new(0).unwrap())));
    }
}

#[test]
fn g3_m3_the_points_game_ends_the_moment_a_player_reaches_the_target() {
    let settings = MatchSettings {
        mode: Mode::Points,
        rules: Ruleset { target_points: 9, ..Ruleset::classic() },
        ..MatchSettings::default()
    };
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

#[test]
fn fs1_whole_freestyle_match_to_the_end() {
    for mode in [Mode::Singles, Mode::Doubles, Mode::Points] {
        let played = whole_match_of(MatchSettings::with_rules(mode, Ruleset::freestyle()), 6);
        check_finished(&played);
        let (m, forfeited) = &played;
        let reached = m.scores().iter().any(|s| *s >= 160);
        assert!(reached || forfeited.is_some(), "freestyle is played to 160: {:?}", m.scores());
    }
}

#[test]
fn dp1_whole_disc_pool_match_to_the_end_without_a_queen() {
    for mode in [Mode::Singles, Mode::Doubles] {
        let played = whole_match_of(MatchSettings::with_rules(mode, Ruleset::disc_pool()), 7);
        check_finished(&played);
        assert_eq!(played.0.board().queen, QueenState::NotPlayed);
    }
}
