//! Scenario tests of the rules, one or more per clause of RULES.md (ids in the names) and per
//! decision written there.

use carrom_core::rules::{
    Foul, Match, MatchSettings, Mode, Outcome, Penalty, QueenState, ReturnReason, RuleEvent, RulesError,
    Ruleset, ShotSummary, Side, Tally, Verdict,
};
use carrom_core::{PieceKind, Seat};
use PieceKind::{Black, Queen, White};
mod turns;
use turns::{continues, own_colour, place_owed, play, pocket, striker_in, win_board_from_break};

fn new_match(mode: Mode) -> Match {
    Match::new(MatchSettings::new(mode), 1).unwrap()
}

/// A strike that breaks or moves pieces but pockets nothing.
fn miss() -> ShotSummary {
    ShotSummary { broke_formation: true, ..ShotSummary::default() }
}

/// A match whose formation is broken, the breaker still to play.
fn broken(mode: Mode) -> Match {
    broken_with(MatchSettings::new(mode))
}

/// A match of `settings` whose formation is broken, the breaker still to play.
fn broken_with(settings: MatchSettings) -> Match {
    let mut m = Match::new(settings, 1).unwrap();
    let seat = m.to_play().unwrap();
    m.begin_strike(seat).unwrap();
    // A break that pockets nothing ends the turn; hand it back round to the breaker.
    m.resolve(&miss()).unwrap();
    while m.to_play() != Some(seat) {
        play(&mut m, miss());
    }
    m
}

fn has(v: &Verdict, wanted: &RuleEvent) -> bool {
    v.events.contains(wanted)
}

fn passes(v: &Verdict) -> bool {
    v.events.iter().any(|e| matches!(e, RuleEvent::TurnPasses { .. }))
}

// --- Seats and setup -------------------------------------------------------------------

#[test]
fn s1_first_player_is_random_by_seed_and_plays_white() {
    let firsts: std::collections::BTreeSet<Seat> =
        (0..20).map(|seed| Match::new(MatchSettings::default(), seed).unwrap().to_play().unwrap()).collect();
    assert_eq!(firsts.len(), 2, "both players get to start for some seed");
    for seed in 0..10 {
        let a = Match::new(MatchSettings::default(), seed).unwrap();
        let b = Match::new(MatchSettings::default(), seed).unwrap();
        assert_eq!(a.to_play(), b.to_play());
        let side = a.side_of(a.to_play().unwrap()).unwrap();
        assert_eq!(a.board().colour_of(side), Some(White));
    }
}

#[test]
fn m2_doubles_partners_share_white_and_turns_go_round_four_seats() {
    let mut m = broken(Mode::Doubles);
    let first = m.to_play().unwrap();
    let side = m.side_of(first).unwrap();
    assert_eq!(m.board().colour_of(side), Some(White));
    assert_eq!(m.board().colour_of(m.side_of(first.opposite()).unwrap()), Some(White));
    let mut seen = vec![first];
    for _ in 0..3 {
        play(&mut m, miss());
        seen.push(m.to_play().unwrap());
    }
    seen.sort();
    assert_eq!(seen, Seat::ALL.to_vec());
}

// --- The break ------------------------------------------------------------------------

#[test]
fn s4_f6_three_failed_breaks_are_a_foul_and_pass_the_break() {
    let mut m = new_match(Mode::Singles);
    let breaker = m.to_play().unwrap();
    for left in [2, 1] {
        let v = play(&mut m, ShotSummary::nothing());
        assert!(has(&v, &RuleEvent::BreakFailed { seat: breaker, attempts_left: left }));
        assert_eq!(m.to_play(), Some(breaker));
    }
    let v = play(&mut m, ShotSummary::nothing());
    assert!(has(&v, &RuleEvent::Foul { seat: breaker, foul: Foul::FailedBreak, penalty: Penalty::Due }));
    assert_eq!(m.to_play(), Some(breaker.opposite()));
    // The next player breaks with three attempts of their own.
    let v = play(&mut m, ShotSummary::nothing());
    assert!(has(&v, &RuleEvent::BreakFailed { seat: breaker.opposite(), attempts_left: 2 }));
}

#[test]
fn s4_break_counts_once_a_piece_leaves_the_outer_circle() {
    let mut m = new_match(Mode::Singles);
    let v = play(&mut m, miss());
    assert!(v.fouls().is_empty() && passes(&v));
    assert!(m.board().broken);
}

#[test]
fn s4_a_pocketed_piece_breaks_and_continues() {
    let mut m = new_match(Mode::Singles);
    let v = play(&mut m, ShotSummary { pocketed: vec![White], ..ShotSummary::nothing() });
    assert!(m.board().broken && continues(&v));
}

#[test]
fn s4_the_break_passes_round_the_table_board_by_board() {
    let mut m = new_match(Mode::Singles);
    let first = m.to_play().unwrap();
    let v = win_board(&mut m);
    assert!(has(&v, &RuleEvent::BoardStarted { number: 2, breaker: first.opposite() }));
    assert_eq!(m.to_play(), Some(first.opposite()));
    let side = m.side_of(first.opposite()).unwrap();
    assert_eq!(m.board().colour_of(side), Some(White), "the breaker plays white");
}

// --- Turns ------------------------------------------------------------------------------

#[test]
fn t1_own_piece_gives_another_strike() {
    let mut m = broken(Mode::Singles);
    let c = own_colour(&m);
    let seat = m.to_play().unwrap();
    let v = play(&mut m, pocket(&[c]));
    assert!(has(&v, &RuleEvent::TurnContinues { seat }));
}

#[test]
fn t2_nothing_pocketed_passes_the_turn() {
    let mut m = broken(Mode::Singles);
    let seat = m.to_play().unwrap();
    let v = play(&mut m, miss());
    assert!(has(&v, &RuleEvent::TurnPasses { from: seat, to: seat.opposite() }));
}

// --- The queen ----------------------------------------------------------------------------

#[test]
fn q1_q3_queen_before_own_piece_returns_at_end_of_turn() {
    let mut m = broken(Mode::Singles);
    let seat = m.to_play().unwrap();
    let v = play(&mut m, pocket(&[Queen]));
    assert!(has(&v, &RuleEvent::QueenPocketed { seat }));
    assert!(continues(&v), "T1: the queen earns another strike");
    assert!(matches!(m.board().queen, QueenState::TooEarly { .. }));
    // Even pocketing an own piece now does not make her count.
    let c = own_colour(&m);
    play(&mut m, pocket(&[c]));
    let v = play(&mut m, miss());
    assert!(has(&v, &RuleEvent::PieceReturned { kind: Queen, reason: ReturnReason::QueenTooEarly }));
    assert_eq!(m.board().queen, QueenState::OnBoard);
}

#[test]
fn q2_queen_covered_by_own_piece_on_the_next_strike() {
    let mut m = broken(Mode::Singles);
    let c = own_colour(&m);
    let seat = m.to_play().unwrap();
    play(&mut m, pocket(&[c]));
    let v = play(&mut m, pocket(&[Queen]));
    assert!(has(&v, &RuleEvent::QueenPocketed { seat }) && continues(&v));
    let v = play(&mut m, pocket(&[c]));
    assert!(has(&v, &RuleEvent::QueenCovered { seat }));
    assert_eq!(m.board().queen, QueenState::Covered { side: m.side_of(seat).unwrap() });
}

#[test]
fn q4_queen_not_covered_goes_back() {
    let mut m = broken(Mode::Singles);
    let c = own_colour(&m);
    play(&mut m, pocket(&[c]));
    play(&mut m, pocket(&[Queen]));
    let v = play(&mut m, miss());
    assert!(has(&v, &RuleEvent::PieceReturned { kind: Queen, reason: ReturnReason::QueenNotCovered }));
    assert!(passes(&v));
    assert_eq!(m.board().queen, QueenState::OnBoard);
}

#[test]
fn q4_open_queen_and_cover_in_one_strike_is_covered() {
    let mut m = broken(Mode::Singles);
    let c = own_colour(&m);
    let seat = m.to_play().unwrap();
    let v = play(&mut m, pocket(&[Queen, c]));
    assert!(has(&v, &RuleEvent::QueenCovered { seat }));
    assert!(matches!(m.board().queen, QueenState::Covered { .. }));
}

// --- Fouls ------------------------------------------------------------------------------

#[test]
fn f0_f1_striker_pocketed_costs_a_piece_and_ends_the_turn() {
    let mut m = broken(Mode::Singles);
    let c = own_colour(&m);
    let seat = m.to_play().unwrap();
    play(&mut m, pocket(&[c, c]));
    let v = play(&mut m, striker_in(&[]));
    assert!(has(&v, &RuleEvent::Foul { seat, foul: Foul::StrikerPocketed, penalty: Penalty::Piece(c) }));
    assert!(has(&v, &RuleEvent::PieceReturned { kind: c, reason: ReturnReason::Penalty }));
    assert!(passes(&v));
    let side = m.side_of(seat).unwrap();
    assert_eq!(m.board().held[side.index()].get(c), 1);
    assert_eq!(m.board().on_board.get(c), 8);
}

#[test]
fn f1_own_pieces_pocketed_with_the_striker_stay_pocketed() {
    let mut m = broken(Mode::Singles);
    let c = own_colour(&m);
    let side = m.side_of(m.to_play().unwrap()).unwrap();
    let v = play(&mut m, striker_in(&[c, c]));
    // Two kept, one of them given back as the penalty.
    assert_eq!(v.returns(), vec![c]);
    assert_eq!(m.board().held[side.index()].get(c), 1);
}

#[test]
fn f2_piece_off_the_board_is_returned_and_is_a_foul() {
    let mut m = broken(Mode::Singles);
    let seat = m.to_play().unwrap();
    let v = play(&mut m, ShotSummary { off_board: vec![Black], ..miss() });
    assert!(v.fouls().contains(&Foul::PieceOffBoard));
    assert!(has(&v, &RuleEvent::PieceReturned { kind: Black, reason: ReturnReason::OffBoard }));
    assert!(has(&v, &RuleEvent::TurnPasses { from: seat, to: seat.opposite() }));
    assert_eq!(m.board().on_board.get(Black), 9);
}

#[test]
fn f3_opponent_piece_returned_own_pieces_stay_plus_penalty() {
    let mut m = broken(Mode::Singles);
    let c = own_colour(&m);
    let side = m.side_of(m.to_play().unwrap()).unwrap();
    let v = play(&mut m, pocket(&[c, c.other_colour(), c]));
    assert_eq!(v.fouls(), vec![Foul::OpponentPiece]);
    assert!(has(
        &v,
        &RuleEvent::PieceReturned { kind: c.other_colour(), reason: ReturnReason::OpponentPiece }
    ));
    assert!(has(&v, &RuleEvent::PieceReturned { kind: c, reason: ReturnReason::Penalty }));
    assert_eq!(m.board().held[side.index()].get(c), 1);
    assert_eq!(m.board().on_board.get(c.other_colour()), 9);
    assert!(passes(&v));
}

#[test]
fn f3_queen_pocketed_with_an_opponent_piece_goes_back() {
    let mut m = broken(Mode::Singles);
    let c = own_colour(&m);
    play(&mut m, pocket(&[c]));
    let v = play(&mut m, pocket(&[Queen, c.other_colour()]));
    assert!(has(&v, &RuleEvent::PieceReturned { kind: Queen, reason: ReturnReason::QueenByFoul }));
    assert_eq!(m.board().queen, QueenState::OnBoard);
}

#[test]
fn f4_last_piece_before_the_queen_returns_it_and_a_penalty_piece() {
    let mut m = broken(Mode::Singles);
    let c = own_colour(&m);
    let side = m.side_of(m.to_play().unwrap()).unwrap();
    play(&mut m, pocket(&[c; 8]));
    let v = play(&mut m, pocket(&[c]));
    assert_eq!(v.fouls(), vec![Foul::LastPieceBeforeQueen]);
    assert!(has(&v, &RuleEvent::PieceReturned { kind: c, reason: ReturnReason::LastPiece }));
    assert!(has(&v, &RuleEvent::PieceReturned { kind: c, reason: ReturnReason::Penalty }));
    assert_eq!(m.board().on_board.get(c), 2);
    assert_eq!(m.board().held[side.index()].get(c), 7);
}

#[test]
fn f5_opponent_last_piece_is_returned_with_a_penalty() {
    let mut m = broken(Mode::Singles);
    let c = own_colour(&m);
    // The opponent clears down to one coin without the queen: F4 keeps giving them back, so
    // build the position by pocketing 8 of theirs on their turns.
    play(&mut m, miss());
    play(&mut m, pocket(&[c.other_colour(); 8]));
    play(&mut m, miss());
    assert_eq!(m.board().on_board.get(c.other_colour()), 1);
    let seat = m.to_play().unwrap();
    let v = play(&mut m, pocket(&[c.other_colour()]));
    assert!(has(&v, &RuleEvent::Foul { seat, foul: Foul::OpponentLastPiece, penalty: Penalty::Due }));
    assert!(has(
        &v,
        &RuleEvent::PieceReturned { kind: c.other_colour(), reason: ReturnReason::OpponentPiece }
    ));
    assert_eq!(m.board().on_board.get(c.other_colour()), 1);
}

#[test]
fn f7_f8_declared_fouls_cost_a_piece_and_the_turn() {
    let mut m = broken(Mode::Singles);
    let c = own_colour(&m);
    let seat = m.to_play().unwrap();
    play(&mut m, pocket(&[c]));
    let v = m.declare_foul(seat, Foul::TouchedPiece).unwrap();
    assert!(has(&v, &RuleEvent::Foul { seat, foul: Foul::TouchedPiece, penalty: Penalty::Piece(c) }));
    assert!(passes(&v));
    place_owed(&mut m);
    let next = m.to_play().unwrap();
    let v = m.declare_foul(next, Foul::StrikingRule).unwrap();
    assert!(has(&v, &RuleEvent::Foul { seat: next, foul: Foul::StrikingRule, penalty: Penalty::Due }));
    assert_eq!(m.declare_foul(seat, Foul::StrikerPocketed), Err(RulesError::NotDeclarable("F1")));
}

#[test]
fn f0_open_due_is_owed_with_nothing_pocketed_and_paid_with_the_next_piece() {
    let mut m = broken(Mode::Singles);
    let c = own_colour(&m);
    let seat = m.to_play().unwrap();
    let side = m.side_of(seat).unwrap();
    let v = play(&mut m, striker_in(&[]));
    assert!(has(&v, &RuleEvent::Foul { seat, foul: Foul::StrikerPocketed, penalty: Penalty::Due }));
    assert_eq!(m.board().dues[side.index()], 1);
    play(&mut m, miss());
    let v = play(&mut m, pocket(&[c]));
    assert!(has(&v, &RuleEvent::PieceReturned { kind: c, reason: ReturnReason::Due }));
    assert!(continues(&v), "the strike still pocketed a piece of theirs");
    assert_eq!(m.board().dues[side.index()], 0);
    assert_eq!(m.board().held[side.index()].get(c), 0);
}

#[test]
fn f0_open_a_due_is_paid_in_the_strike_that_pockets_even_a_foul_one_never_after_a_miss() {
    let mut m = broken(Mode::Singles);
    let c = own_colour(&m);
    let seat = m.to_play().unwrap();
    let side = m.side_of(seat).unwrap();
    play(&mut m, striker_in(&[]));
    assert_eq!(m.board().dues[side.index()], 1);
    while m.to_play() != Some(seat) {
        play(&mut m, miss());
    }
    // Two own coins with the striker: one is the penalty, the other pays the due at once.
    let v = play(&mut m, striker_in(&[c, c]));
    assert!(has(&v, &RuleEvent::PieceReturned { kind: c, reason: ReturnReason::Due }));
    assert_eq!(m.board().dues[side.index()], 0);
    assert_eq!(m.board().held[side.index()].get(c), 0);
    while m.to_play() != Some(seat) {
        play(&mut m, miss());
    }
    let v = play(&mut m, miss());
    assert!(!v.events.iter().any(|e| matches!(e, RuleEvent::PieceReturned { .. })), "a miss pays nothing");
}

#[test]
fn f0_open_one_penalty_per_strike_however_many_fouls() {
    let mut m = broken(Mode::Singles);
    let c = own_colour(&m);
    play(&mut m, pocket(&[c, c, c]));
    let v = play(
        &mut m,
        ShotSummary { striker_pocketed: true, off_board: vec![Black], ..pocket(&[c.other_colour()]) },
    );
    assert_eq!(v.fouls().len(), 3);
    let penalties = v
        .events
        .iter()
        .filter(|e| matches!(e, RuleEvent::PieceReturned { reason: ReturnReason::Penalty, .. }))
        .count();
    assert_eq!(penalties, 1);
}

// --- Scoring a board ----------------------------------------------------------------------

/// The seat to play clears its colour with the queen: queen, cover, then the rest.
fn win_board(m: &mut Match) -> Verdict {
    let c = own_colour(m);
    play(m, pocket(&[c]));
    play(m, pocket(&[Queen]));
    play(m, pocket(&[c]));
    play(m, pocket(&[c; 7]))
}

#[test]
fn p1_p2_p3_clearing_with_the_queen_scores_opponent_coins_plus_five() {
    let mut m = broken(Mode::Singles);
    let seat = m.to_play().unwrap();
    let side = m.side_of(seat).unwrap();
    let colour = own_colour(&m);
    let v = win_board(&mut m);
    let mut expected = vec![0, 0];
    expected[side.index()] = 9 + 5;
    let BoardEnd { winner, points, scores, tally } = board_finished(&v).expect("the board ends");
    assert_eq!((winner, points, scores), (Some(side), &expected, &expected));
    // The tally says how: nine of the opponents' coins left (P2), five for the queen (P3).
    let won = tally[side.index()];
    assert_eq!((won.coin_points, won.queen_points, won.queen_covered), (9, 5, true));
    assert_eq!(won.held.get(colour), 9);
    let lost = tally[1 - side.index()];
    assert_eq!((lost.points(), lost.queen_covered), (0, false));
}

/// The board end of a verdict: winner, points, totals and tally.
struct BoardEnd<'a> {
    winner: Option<Side>,
    points: &'a Vec<u32>,
    scores: &'a Vec<u32>,
    tally: &'a Vec<Tally>,
}

fn board_finished(v: &Verdict) -> Option<BoardEnd<'_>> {
    v.events.iter().find_map(|e| match e {
        RuleEvent::BoardFinished { winner, points, scores, tally, .. } => {
            Some(BoardEnd { winner: *winner, points, scores, tally })
        }
        _ => None,
    })
}

#[test]
fn p3_queen_covered_by_the_loser_scores_nothing() {
    let mut m = broken(Mode::Singles);
    let c = own_colour(&m);
    let winner_seat = m.to_play().unwrap();
    let winner = m.side_of(winner_seat).unwrap();
    play(&mut m, pocket(&[c; 3]));
    play(&mut m, miss());
    // The opponent takes and covers the queen, pockets two, then misses.
    play(&mut m, pocket(&[c.other_colour()]));
    play(&mut m, pocket(&[Queen]));
    play(&mut m, pocket(&[c.other_colour()]));
    play(&mut m, miss());
    let v = play(&mut m, pocket(&[c; 6]));
    let mut points = vec![0, 0];
    points[winner.index()] = 7;
    let BoardEnd { winner: won_by, points: board_points, scores, tally } =
        board_finished(&v).expect("the board ends");
    assert_eq!((won_by, board_points, scores), (Some(winner), &points, &m.scores().to_vec()));
    // The loser covered the queen: it shows in the tally, and scores nothing.
    let loser = tally[1 - winner.index()];
    assert_eq!((loser.queen_covered, loser.points()), (true, 0));
    assert_eq!(tally[winner.index()].queen_points, 0);
}

#[test]
fn p1_a_foul_strike_cannot_clear_the_board() {
    let mut m = broken(Mode::Singles);
    let c = own_colour(&m);
    play(&mut m, pocket(&[c]));
    play(&mut m, pocket(&[Queen, c]));
    let v = play(&mut m, striker_in(&[c; 7]));
    assert!(!v.events.iter().any(|e| matches!(e, RuleEvent::BoardFinished { .. })));
    assert!(has(&v, &RuleEvent::PieceReturned { kind: c, reason: ReturnReason::LastPiece }));
    assert_eq!(m.board().on_board.get(c), 2, "the last piece and the penalty piece");
}

// --- The match ----------------------------------------------------------------------------

#[test]
fn g3_first_to_25_wins_the_match() {
    let mut m = new_match(Mode::Singles);
    let mut last = Verdict::default();
    while !m.is_over() {
        let seat = m.to_play().unwrap();
        // Whoever breaks clears the board with the queen: 14 points a board.
        if !m.board().broken {
            play(&mut m, miss());
            while m.to_play() != Some(seat) {
                play(&mut m, miss());
            }
        }
        last = win_board(&mut m);
    }
    let scores = m.scores().to_vec();
    let winner = match m.outcome().unwrap() {
        Outcome::Won(side) => *side,
        other => panic!("{other:?}"),
    };
    assert!(scores[winner.index()] >= 25);
    assert!(has(&last, &RuleEvent::MatchFinished { winner: Some(winner), scores }));
    assert_eq!(m.begin_strike(Seat::ALL[0]), Err(RulesError::MatchOver));
}

#[test]
fn g4_highest_total_wins_after_the_last_board() {
    let settings = MatchSettings {
        rules: Ruleset { max_boards: 3, target_points: 100, ..Ruleset::classic() },
        ..MatchSettings::default()
    };
    let mut m = Match::new(settings, 5).unwrap();
    let first_side = m.side_of(m.to_play().unwrap()).unwrap();
    for _ in 0..3 {
        let seat = m.to_play().unwrap();
        let c = own_colour(&m);
        play(&mut m, pocket(&[c]));
        assert_eq!(m.to_play(), Some(seat));
        play(&mut m, pocket(&[Queen]));
        play(&mut m, pocket(&[c; 8]));
    }
    assert!(m.is_over());
    // Breakers alternate: the first side won boards 1 and 3.
    assert_eq!(m.outcome(), Some(&Outcome::Won(first_side)));
    assert_eq!(m.board_points().len(), 3);
}

#[test]
fn g4_open_a_tie_after_the_last_board_plays_one_deciding_board() {
    let settings = MatchSettings {
        rules: Ruleset { max_boards: 2, target_points: 100, ..Ruleset::classic() },
        ..MatchSettings::default()
    };
    let mut m = Match::new(settings, 5).unwrap();
    for _ in 0..2 {
        let v = win_board_from_break(&mut m);
        assert!(!v.events.iter().any(|e| matches!(e, RuleEvent::MatchFinished { .. })));
    }
    assert_eq!(m.scores()[0], m.scores()[1]);
    assert_eq!(m.board().number, 3);
    let v = win_board_from_break(&mut m);
    assert!(v.events.iter().any(|e| matches!(e, RuleEvent::MatchFinished { winner: Some(_), .. })));
}

#[test]
fn g1_open_time_up_ends_the_match_when_the_board_ends() {
    let settings = MatchSettings { time_limit_seconds: Some(600.0), ..MatchSettings::default() };
    let mut m = Match::new(settings, 2).unwrap();
    assert!(m.add_time(599.0).unwrap().events.is_empty());
    assert_eq!(m.add_time(2.0).unwrap().events, vec![RuleEvent::TimeUp]);
    assert!(!m.is_over(), "the board under way is played out");
    let v = win_board_from_break(&mut m);
    assert!(v.events.iter().any(|e| matches!(e, RuleEvent::MatchFinished { .. })));
    assert!(m.is_over());
    assert!(matches!(m.add_time(f64::NAN), Err(RulesError::BadTime(_))));
    assert!(matches!(m.add_time(-1.0), Err(RulesError::BadTime(_))));
}

// --- The points game (M3) -------------------------------------------------------------------

#[test]
fn m3_pieces_score_for_whoever_pockets_them() {
    let mut m = broken(Mode::Points);
    let seat = m.to_play().unwrap();
    let side = m.side_of(seat).unwrap();
    let v = play(&mut m, pocket(&[Black, White, White]));
    assert!(v.fouls().is_empty() && continues(&v));
    assert_eq!(m.board_points_now(None)[side.index()], 1 + 2 + 2);
}

#[test]
fn m3_open_penalty_takes_the_least_valuable_piece() {
    let mut m = broken(Mode::Points);
    let seat = m.to_play().unwrap();
    let side = m.side_of(seat).unwrap();
    play(&mut m, pocket(&[White, Black]));
    let v = play(&mut m, striker_in(&[]));
    assert!(has(&v, &RuleEvent::Foul { seat, foul: Foul::StrikerPocketed, penalty: Penalty::Piece(Black) }));
    assert_eq!(m.board_points_now(None)[side.index()], 2);
}

#[test]
fn m3_open_queen_needs_a_coin_first_and_a_cover_of_any_colour() {
    let mut m = broken(Mode::Points);
    let seat = m.to_play().unwrap();
    let side = m.side_of(seat).unwrap();
    play(&mut m, pocket(&[Black]));
    play(&mut m, pocket(&[Queen]));
    let v = play(&mut m, pocket(&[White]));
    assert!(has(&v, &RuleEvent::QueenCovered { seat }));
    assert_eq!(m.board_points_now(None)[side.index()], 1 + 5 + 2);
    // The tally parts the points: a black and a white held (1 + 2), the queen's 5.
    let t = m.board_tally(None)[side.index()];
    assert_eq!((t.held.black, t.held.white, t.coin_points, t.queen_points), (1, 1, 3, 5));
}

#[test]
fn m3_open_board_ends_when_the_board_is_empty_and_the_queen_with_no_coins_left_is_covered() {
    // A target beyond one board's 32 points, so that the board plays out.
    let settings = MatchSettings {
        rules: Ruleset { target_points: 40, ..Ruleset::classic() },
        ..MatchSettings::new(Mode::Points)
    };
    let mut m = broken_with(settings);
    let seat = m.to_play().unwrap();
    let side = m.side_of(seat).unwrap();
    play(&mut m, pocket(&[Black; 9]));
    play(&mut m, pocket(&[White; 9]));
    let v = play(&mut m, pocket(&[Queen]));
    assert!(has(&v, &RuleEvent::QueenCovered { seat }));
    let mut points = vec![0, 0, 0];
    points[side.index()] = 9 + 18 + 5;
    assert!(v.events.iter().any(|e| matches!(e, RuleEvent::BoardFinished { points: p, .. } if *p == points)));
    assert_eq!(m.scores()[side.index()], 32);
    assert!(!m.is_over(), "32 points is short of 40");
}

#[test]
fn m3_no_colour_fouls_in_the_points_game() {
    let mut m = broken(Mode::Points);
    let v = play(&mut m, pocket(&[White, Black]));
    assert!(v.fouls().is_empty());
}

// --- Clearing the board alone (CB) ---------------------------------------------------------

fn solo() -> Match {
    Match::new(MatchSettings::solo(Ruleset::classic()), 1).unwrap()
}

#[test]
fn cb1_one_player_alone_plays_every_coin_and_the_turn_never_leaves_them() {
    let mut m = solo();
    let seat = m.to_play().unwrap();
    assert_eq!(seat, Seat::ALL[0]);
    assert_eq!(m.scores().len(), 1, "one side");
    // A break that pockets nothing, a miss, a foul: the same player strikes next each time.
    for shot in [miss(), miss(), striker_in(&[])] {
        play(&mut m, shot);
        assert_eq!(m.to_play(), Some(seat));
    }
    let v = play(&mut m, pocket(&[White, Black]));
    assert!(v.fouls().is_empty() && continues(&v), "both colours are the player's");
    assert!(!Mode::ALL.contains(&Mode::Solo) && Mode::from_name("solo").is_none(), "never offered online");
}

#[test]
fn cb2_the_queen_needs_a_coin_first_and_a_cover_and_a_foul_costs_a_coin() {
    let mut m = solo();
    play(&mut m, miss());
    let seat = m.to_play().unwrap();
    play(&mut m, pocket(&[Queen]));
    let v = play(&mut m, miss());
    assert!(has(&v, &RuleEvent::PieceReturned { kind: Queen, reason: ReturnReason::QueenTooEarly }));
    play(&mut m, pocket(&[Black, Black]));
    let v = play(&mut m, striker_in(&[]));
    assert!(has(&v, &RuleEvent::Foul { seat, foul: Foul::StrikerPocketed, penalty: Penalty::Piece(Black) }));
    assert_eq!(m.board().on_board, carrom_core::rules::Coins { white: 9, black: 8 });
    play(&mut m, pocket(&[Queen]));
    let v = play(&mut m, pocket(&[White]));
    assert!(has(&v, &RuleEvent::QueenCovered { seat }));
}

#[test]
fn cb3_the_game_ends_when_nothing_is_left_on_the_board() {
    // Not at a ruleset's target, nor after its boards: alone, one board played out.
    let rules = Ruleset { target_points: 5, max_boards: 3, ..Ruleset::classic() };
    let mut m = Match::new(MatchSettings::solo(rules), 1).unwrap();
    play(&mut m, pocket(&[Black; 9]));
    let v = play(&mut m, pocket(&[White; 8]));
    assert!(!m.is_over() && continues(&v));
    // The last coin with the queen still out: she is covered by pocketing her alone (M3).
    play(&mut m, pocket(&[White]));
    assert!(!m.is_over(), "the queen is still on the board");
    let v = play(&mut m, pocket(&[Queen]));
    assert!(has(&v, &RuleEvent::QueenCovered { seat: Seat::ALL[0] }));
    assert_eq!(m.outcome(), Some(&Outcome::Won(Side::new(0).unwrap())));
    assert_eq!(m.to_play(), None);
}

// --- Refused actions ------------------------------------------------------------------------

#[test]
fn wrong_state_actions_are_refused_and_change_nothing() {
    let mut m = new_match(Mode::Singles);
    let before = m.clone();
    let seat = m.to_play().unwrap();
    assert_eq!(m.resolve(&miss()), Err(RulesError::NoStrike));
    assert_eq!(
        m.begin_strike(Seat::ALL[1]),
        Err(RulesError::SeatNotInMatch { seat: Seat::ALL[1], in_play: vec![0, 2] })
    );
    assert_eq!(
        m.begin_strike(seat.opposite()),
        Err(RulesError::NotYourTurn { seat: seat.opposite(), expected: seat })
    );
    assert_eq!(m, before);
    m.begin_strike(seat).unwrap();
    assert_eq!(m.begin_strike(seat), Err(RulesError::StrikeUnderWay));
    let striking = m.clone();
    let impossible = pocket(&[Queen, Queen]);
    assert!(matches!(
        m.resolve(&impossible),
        Err(RulesError::ImpossibleShot { kind: Queen, claimed: 2, .. })
    ));
    assert_eq!(
        m.resolve(&ShotSummary { pocketed: vec![PieceKind::Striker], ..miss() }),
        Err(RulesError::StrikerAsPiece)
    );
    assert_eq!(m, striking);
    m.resolve(&miss()).unwrap();
    assert_eq!(m.resolve(&miss()), Err(RulesError::NoStrike), "a strike cannot be resolved twice");
}

#[test]
fn bad_settings_name_the_field() {
    let err = Match::new(
        MatchSettings { rules: Ruleset { max_boards: 0, ..Ruleset::classic() }, ..MatchSettings::default() },
        0,
    )
    .unwrap_err();
    assert!(err.to_string().contains("max_boards"), "{err}");
    let err = Match::new(MatchSettings { time_limit_seconds: Some(-5.0), ..MatchSettings::default() }, 0)
        .unwrap_err();
    assert!(err.to_string().contains("time_limit_seconds"), "{err}");
}

#[test]
fn a_match_saved_mid_board_loads_equal_and_plays_on_the_same() {
    let mut m = broken(Mode::Doubles);
    let c = own_colour(&m);
    play(&mut m, pocket(&[c, Queen]));
    let mut loaded = Match::from_json(&m.to_json().unwrap()).unwrap();
    assert_eq!(loaded, m);
    let a = play(&mut m, miss());
    let b = play(&mut loaded, miss());
    assert_eq!(a, b);
    assert!(matches!(Match::from_json("{}"), Err(RulesError::BadSave(_))));
    let mut tampered: serde_json::Value = serde_json::from_str(&m.to_json().unwrap()).unwrap();
    tampered["board"]["on_board"]["white"] = serde_json::json!(12);
    assert!(matches!(Match::from_json(&tampered.to_string()), Err(RulesError::BadSave(_))));
}

#[test]
fn impossible_matches_are_refused_by_name() {
    let m = broken(Mode::Singles);
    let text = m.to_json().unwrap();
    type Edit = fn(&mut serde_json::Value);
    let cases: [(&str, Edit); 7] = [
        ("white", |v| v["board"]["white_side"] = serde_json::Value::Null),
        ("queen", |v| v["board"]["queen"] = serde_json::json!({"Covered": {"side": 2}})),
        ("breaker", |v| v["board"]["breaker"] = 1.into()),
        ("board number", |v| v["board"]["number"] = 0.into()),
        ("sums", |v| v["scores"][0] = 7.into()),
        ("board number", |v| v["outcome"] = serde_json::json!({"Won": 0})),
        ("failed breaks", |v| v["board"]["failed_breaks"] = 255.into()),
    ];
    for (named, edit) in cases {
        let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
        edit(&mut value);
        let error = Match::from_json(&value.to_string()).unwrap_err().to_string();
        assert!(error.contains(named), "{named}: {error}");
    }
}

#[test]
fn p2_a_side_that_does_not_play_is_answered_not_a_panic() {
    let m = broken(Mode::Singles);
    let third = carrom_core::rules::Side::new(2).unwrap();
    assert_eq!(m.board_points_now(Some(third)), vec![0, 0]);
    assert_eq!(m.board().penalty_piece(third, [Black, White]), None);
    assert!(carrom_core::rules::Side::new(5).is_err());
}

#[test]
fn f1_f2_a_striker_both_pocketed_and_off_the_board_is_refused() {
    let mut m = broken(Mode::Singles);
    let seat = m.to_play().unwrap();
    m.begin_strike(seat).unwrap();
    let shot = ShotSummary { off_board: vec![PieceKind::Striker], ..striker_in(&[]) };
    assert_eq!(m.resolve(&shot), Err(RulesError::StrikerTwice));
}

#[test]
fn f0_x1_stable_keys_name_penalties_places_and_return_reasons() {
    use carrom_core::physics::{Place, Pocket};
    assert_eq!(Penalty::Piece(White).key(), "white");
    assert_eq!(Penalty::Due.key(), "due");
    assert_eq!(Penalty::Shared.key(), "shared");
    assert_eq!(Place::Pocket(Pocket::new(2).unwrap()).key(), "pocket");
    assert_eq!(Place::Hand.key(), "hand");
    assert_eq!(ReturnReason::QueenNotCovered.key(), "queen_not_covered");
    assert_eq!(ReturnReason::OpponentPiece.key(), "opponent_piece");
}

// --- A turn that times out (online turn timer; T2 and G3, open) ------------------------------

#[test]
fn t2_open_a_timed_out_turn_passes_without_a_foul_and_keeps_dues() {
    let mut m = broken(Mode::Singles);
    let seat = m.to_play().unwrap();
    let side = m.side_of(seat).unwrap();
    play(&mut m, striker_in(&[]));
    play(&mut m, miss());
    assert_eq!(m.board().dues[side.index()], 1, "the foul with nothing held left a due");
    let v = m.pass(seat).unwrap();
    assert_eq!(
        v.events,
        vec![
            RuleEvent::TimedOut { seat, in_a_row: 1 },
            RuleEvent::TurnPasses { from: seat, to: seat.opposite() }
        ],
        "no foul, no piece back: only the turn passes"
    );
    assert_eq!(m.board().dues[side.index()], 1, "the due is still owed");
    assert_eq!(m.pass(seat), Err(RulesError::NotYourTurn { seat, expected: seat.opposite() }));
}

#[test]
fn t2_open_a_timeout_sends_a_queen_owed_a_cover_back() {
    let mut m = broken(Mode::Singles);
    let c = own_colour(&m);
    let seat = m.to_play().unwrap();
    play(&mut m, pocket(&[c]));
    play(&mut m, pocket(&[Queen]));
    let v = m.pass(seat).unwrap();
    assert!(has(&v, &RuleEvent::PieceReturned { kind: Queen, reason: ReturnReason::QueenNotCovered }));
    assert_eq!(m.board().queen, QueenState::OnBoard);
}

#[test]
fn t2_open_a_timeout_in_the_break_passes_the_break_with_fresh_attempts() {
    let mut m = new_match(Mode::Singles);
    let breaker = m.to_play().unwrap();
    play(&mut m, ShotSummary::nothing());
    m.pass(breaker).unwrap();
    assert_eq!(m.to_play(), Some(breaker.opposite()));
    let v = play(&mut m, ShotSummary::nothing());
    assert!(has(&v, &RuleEvent::BreakFailed { seat: breaker.opposite(), attempts_left: 2 }));
}

#[test]
fn g3_open_three_timeouts_in_a_row_forfeit_the_match() {
    let mut m = broken(Mode::Singles);
    let seat = m.to_play().unwrap();
    let side = m.side_of(seat).unwrap();
    // Two timeouts, a strike, then two more: the strike broke the run.
    for _ in 0..2 {
        m.pass(seat).unwrap();
        play(&mut m, miss());
    }
    play(&mut m, miss());
    play(&mut m, miss());
    for n in 1..=2 {
        let v = m.pass(seat).unwrap();
        assert!(has(&v, &RuleEvent::TimedOut { seat, in_a_row: n }) && passes(&v));
        play(&mut m, miss());
    }
    let v = m.pass(seat).unwrap();
    let other = m.side_of(seat.opposite()).unwrap();
    assert!(has(&v, &RuleEvent::Forfeited { seat, side }));
    assert!(has(&v, &RuleEvent::MatchFinished { winner: Some(other), scores: vec![0, 0] }));
    assert_eq!(m.outcome(), Some(&Outcome::Won(other)));
    assert_eq!(m.pass(seat.opposite()), Err(RulesError::MatchOver));
    // The forfeited match saves and loads like any finished one.
    assert_eq!(Match::from_json(&m.to_json().unwrap()).unwrap(), m);
}

#[test]
fn cb1_g3_open_alone_a_turn_timed_out_again_and_again_comes_back_and_saves() {
    let mut m = broken(Mode::Solo);
    let seat = m.to_play().unwrap();
    for n in 1..=5 {
        let v = m.pass(seat).unwrap();
        assert!(has(&v, &RuleEvent::TimedOut { seat, in_a_row: n }));
        assert_eq!(m.to_play(), Some(seat), "alone the turn comes back");
        // A match saved after more timeouts than would forfeit two sides still loads.
        assert_eq!(Match::from_json(&m.to_json().unwrap()).unwrap(), m);
    }
    assert!(!m.is_over());
}

#[test]
fn g3_open_a_forfeit_in_the_points_game_goes_to_the_best_of_the_others() {
    let mut m = broken(Mode::Points);
    let quitter = m.to_play().unwrap();
    play(&mut m, pocket(&[White, White]));
    play(&mut m, miss());
    let next = m.to_play().unwrap();
    play(&mut m, pocket(&[Black]));
    play(&mut m, miss());
    // The third player holds nothing; the quitter's 4 points count but cannot win.
    for _ in 0..3 {
        while m.to_play() != Some(quitter) {
            play(&mut m, miss());
        }
        m.pass(quitter).unwrap();
    }
    let next_side = m.side_of(next).unwrap();
    assert_eq!(m.outcome(), Some(&Outcome::Won(next_side)));
    assert_eq!(m.scores()[m.side_of(quitter).unwrap().index()], 4, "the board is scored as it stands");
}

#[test]
fn g3_open_a_saved_match_with_impossible_timeouts_is_refused() {
    let m = broken(Mode::Singles);
    let text = m.to_json().unwrap();
    let forged = text.replace("\"timeouts\":[0,0]", "\"timeouts\":[3,0]");
    assert_ne!(forged, text);
    assert!(matches!(Match::from_json(&forged), Err(RulesError::BadSave(_))));
    // A save from before the turn timer, without the count, loads with nobody timed out.
    let old = text.replace(",\"timeouts\":[0,0]", "");
    assert_eq!(Match::from_json(&old).unwrap(), m);
}

// --- Rulesets (R), Freestyle (FS), Disc Pool (DP) ------------------------------------

fn broken_under(mode: Mode, rules: Ruleset) -> Match {
    broken_with(MatchSettings::with_rules(mode, rules))
}

fn points_of(m: &Match, seat: Seat) -> u32 {
    m.board_points_now(None)[m.side_of(seat).unwrap().index()]
}

#[test]
fn r1_the_classic_ruleset_is_the_seeds_rules_and_presets_are_found_by_name() {
    assert_eq!(
        MatchSettings::new(Mode::Singles),
        MatchSettings::with_rules(Mode::Singles, Ruleset::classic())
    );
    for name in Ruleset::PRESETS {
        let preset = Ruleset::preset(name).unwrap();
        assert_eq!(preset.name, name);
        preset.validate().unwrap();
    }
    let err = Ruleset::preset("snooker").unwrap_err();
    assert!(err.to_string().contains("classic, icf, freestyle and disc_pool"), "{err}");
}

#[test]
fn r1_a_save_from_before_rulesets_reads_as_classic() {
    let m = Match::new(MatchSettings::default(), 4).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&m.to_json().unwrap()).unwrap();
    let settings = json["settings"].as_object_mut().unwrap();
    for key in ["ruleset", "colours", "queen", "queen_cover", "colour_fouls", "scoring"] {
        assert!(settings.remove(key).is_some(), "{key} is saved");
    }
    let loaded = Match::from_json(&json.to_string()).unwrap();
    assert_eq!(loaded, m);
}

#[test]
fn r2_three_players_never_play_colours_whatever_the_ruleset() {
    for rules in [Ruleset::classic(), Ruleset::disc_pool()] {
        let mut m = broken_under(Mode::Points, rules);
        assert_eq!(m.board().white_side, None);
        let seat = m.to_play().unwrap();
        // A white and a black both count for whoever pocketed them, by their values (M3).
        let v = play(&mut m, pocket(&[White, Black]));
        assert!(continues(&v) && !v.events.iter().any(|e| matches!(e, RuleEvent::Foul { .. })));
        assert_eq!(points_of(&m, seat), 3);
    }
}

#[test]
fn r3_dp1_without_the_queen_the_board_has_none_and_a_shot_cannot_claim_her() {
    let mut m = broken_under(Mode::Singles, Ruleset::disc_pool());
    assert_eq!(m.board().queen, QueenState::NotPlayed);
    let seat = m.to_play().unwrap();
    m.begin_strike(seat).unwrap();
    let err = m.resolve(&pocket(&[Queen])).unwrap_err();
    assert!(matches!(err, RulesError::ImpossibleShot { kind: Queen, on_board: 0, .. }), "{err}");
}

#[test]
fn r3_dp3_the_first_side_to_clear_its_colour_wins_the_board_without_a_queen_bonus() {
    let mut m = broken_under(Mode::Singles, Ruleset::disc_pool());
    let seat = m.to_play().unwrap();
    let colour = own_colour(&m);
    let theirs = colour.other_colour();
    // Eight coins, then the ninth: no F4 (there is no queen to pocket first), the board is won.
    assert!(continues(&play(&mut m, pocket(&[colour; 8]))));
    play(&mut m, pocket(&[theirs, theirs])); // a foul: F3, a penalty coin back
    while m.to_play() != Some(seat) {
        play(&mut m, miss());
    }
    let left = m.board().on_board.get(colour);
    let v = play(&mut m, pocket(&vec![colour; usize::from(left)]));
    let finished = v.events.iter().find_map(|e| match e {
        RuleEvent::BoardFinished { winner, points, tally, .. } => {
            Some((*winner, points.clone(), tally.clone()))
        }
        _ => None,
    });
    let (winner, points, tally) = finished.expect("the board ends");
    let side = m.side_of(seat).unwrap();
    assert_eq!(winner, Some(side));
    assert_eq!(points[side.index()], tally[side.index()].coin_points);
    assert_eq!(tally[side.index()].queen_points, 0);
    assert!(points[side.index()] > 0, "the opponents' coins left count (P2)");
}

#[test]
fn dp2_an_opponents_coin_is_a_foul_in_disc_pool() {
    let mut m = broken_under(Mode::Singles, Ruleset::disc_pool());
    let theirs = own_colour(&m).other_colour();
    let v = play(&mut m, pocket(&[theirs]));
    assert!(v.events.iter().any(|e| matches!(e, RuleEvent::Foul { foul: Foul::OpponentPiece, .. })));
    assert!(passes(&v));
}

#[test]
fn r4_without_the_cover_the_queen_is_the_sides_the_moment_she_drops() {
    let rules = Ruleset { name: "no_cover".into(), queen_cover: false, ..Ruleset::classic() };
    let mut m = broken_under(Mode::Singles, rules);
    let seat = m.to_play().unwrap();
    // Before any coin of its own (Q3 would send her back under the classic rules).
    let v = play(&mut m, pocket(&[Queen]));
    assert!(has(&v, &RuleEvent::QueenCovered { seat }));
    assert_eq!(m.board().queen.covered_by(), m.side_of(seat));
    assert!(continues(&v));
}

#[test]
fn r5_without_colour_fouls_an_opponents_coin_counts_for_its_owner_but_never_their_last() {
    let rules = Ruleset { name: "house".into(), colour_fouls: false, ..Ruleset::classic() };
    let mut m = broken_under(Mode::Singles, rules);
    let seat = m.to_play().unwrap();
    let theirs = own_colour(&m).other_colour();
    let owner = Side::new(1 - i64::from(m.side_of(seat).unwrap().number())).unwrap();
    let v = play(&mut m, pocket(&[theirs, theirs]));
    assert!(!v.events.iter().any(|e| matches!(e, RuleEvent::Foul { .. })), "{v:?}");
    assert!(passes(&v), "an opponent's coin earns no strike");
    assert_eq!(m.board().held[owner.index()].get(theirs), 2);
    // Down to their last coin: it goes back rather than clear their colour on our strike.
    let mut m = broken_under(
        Mode::Singles,
        Ruleset { name: "house".into(), colour_fouls: false, ..Ruleset::classic() },
    );
    let theirs = own_colour(&m).other_colour();
    let v = play(&mut m, pocket(&[theirs; 9]));
    assert!(has(&v, &RuleEvent::PieceReturned { kind: theirs, reason: ReturnReason::OpponentPiece }));
    assert_eq!(m.board().on_board.get(theirs), 1);
    assert_eq!(m.board().held[owner.index()].get(theirs), 8);
}

#[test]
fn r5_an_owner_who_owes_a_due_pays_it_with_the_coin_it_was_given() {
    let mut m = broken_under(
        Mode::Singles,
        Ruleset { name: "house".into(), colour_fouls: false, ..Ruleset::classic() },
    );
    let theirs = own_colour(&m).other_colour();
    play(&mut m, miss());
    let owner = m.side_of(m.to_play().unwrap()).unwrap();
    play(&mut m, striker_in(&[])); // a foul with nothing held: a due
    assert_eq!(m.board().dues[owner.index()], 1);
    let v = play(&mut m, pocket(&[theirs]));
    assert!(has(&v, &RuleEvent::PieceReturned { kind: theirs, reason: ReturnReason::Due }), "{v:?}");
    assert_eq!((m.board().dues[owner.index()], m.board().held[owner.index()].total()), (0, 0));
    Match::from_json(&m.to_json().unwrap()).expect("a consistent match");
}

#[test]
fn r7_impossible_rulesets_are_refused_naming_the_field() {
    let cases = [
        (Ruleset { colours: false, ..Ruleset::classic() }, "scoring"),
        (Ruleset { white_points: 0, black_points: 0, ..Ruleset::freestyle() }, "white_points"),
        (Ruleset { queen_points: 500, ..Ruleset::freestyle() }, "queen_points"),
        (Ruleset { target_points: 0, ..Ruleset::freestyle() }, "target_points"),
        (Ruleset { name: "Has Spaces".into(), ..Ruleset::classic() }, "ruleset"),
        (Ruleset { name: String::new(), ..Ruleset::classic() }, "ruleset"),
        (Ruleset { break_attempts: 0, ..Ruleset::disc_pool() }, "break_attempts"),
    ];
    for (rules, field) in cases {
        let err = Match::new(MatchSettings::with_rules(Mode::Singles, rules), 1).unwrap_err();
        assert!(matches!(&err, RulesError::BadSetting { field: f, .. } if *f == field), "{field}: {err}");
    }
}

#[test]
fn fs1_freestyle_every_piece_scores_its_value_for_whoever_pockets_it() {
    let mut m = broken_under(Mode::Singles, Ruleset::freestyle());
    assert_eq!(m.board().white_side, None, "no colours");
    let seat = m.to_play().unwrap();
    let v = play(&mut m, pocket(&[White, Black]));
    assert!(continues(&v) && !v.events.iter().any(|e| matches!(e, RuleEvent::Foul { .. })));
    assert_eq!(points_of(&m, seat), 30, "a white 20 and a black 10");
}

#[test]
fn fs1_freestyle_ends_the_moment_a_player_reaches_160() {
    let mut m = broken_under(Mode::Singles, Ruleset::freestyle());
    let seat = m.to_play().unwrap();
    play(&mut m, pocket(&[White; 7])); // 140
    assert!(!m.is_over());
    let v = play(&mut m, pocket(&[White])); // 160
    assert_eq!(m.outcome(), Some(&Outcome::Won(m.side_of(seat).unwrap())));
    assert!(v.events.iter().any(|e| matches!(e, RuleEvent::MatchFinished { .. })));
    assert_eq!(m.scores()[m.side_of(seat).unwrap().index()], 160);
}

#[test]
fn fs2_pocketing_the_striker_returns_the_least_valuable_piece_and_its_points() {
    let mut m = broken_under(Mode::Singles, Ruleset::freestyle());
    let seat = m.to_play().unwrap();
    play(&mut m, pocket(&[White, Black]));
    let v = play(&mut m, striker_in(&[]));
    assert!(has(&v, &RuleEvent::Foul { seat, foul: Foul::StrikerPocketed, penalty: Penalty::Piece(Black) }));
    assert_eq!(points_of(&m, seat), 20, "the black's 10 points went back with it");
    assert!(passes(&v));
}

#[test]
fn fs3_the_freestyle_queen_needs_a_cover_and_then_scores_50() {
    let mut m = broken_under(Mode::Singles, Ruleset::freestyle());
    let seat = m.to_play().unwrap();
    play(&mut m, pocket(&[Black]));
    let v = play(&mut m, pocket(&[Queen]));
    assert!(has(&v, &RuleEvent::QueenPocketed { seat }) && continues(&v));
    assert_eq!(points_of(&m, seat), 10, "not hers until covered");
    let v = play(&mut m, pocket(&[White]));
    assert!(has(&v, &RuleEvent::QueenCovered { seat }));
    assert_eq!(points_of(&m, seat), 80);
}
