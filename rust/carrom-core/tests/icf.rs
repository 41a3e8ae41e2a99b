//! The ICF ruleset (RULES.md, IC1–IC6): each law where the federation's game differs from the
//! seeds', one or more tests per clause, and the preset played whole.

use carrom_core::game::{Action, Game, Replay};
use carrom_core::physics::Place;
use carrom_core::rules::{
    Foul, Match, MatchSettings, Mode, Outcome, Penalty, ReturnReason, RuleEvent, RulesError, Ruleset,
    ShotSummary, Side, Verdict,
};
use carrom_core::{BoardSpec, PieceKind, Seat, Vec2};
use PieceKind::{Queen, White};
mod turns;
use turns::{continues, own_colour, play, pocket, striker_in, win_board_from_break};

fn icf(mode: Mode) -> MatchSettings {
    MatchSettings::with_rules(mode, Ruleset::icf())
}

/// An ICF match whose toss's winner chose to break.
fn icf_match(seed: u64) -> Match {
    let mut m = Match::new(icf(Mode::Singles), seed).unwrap();
    let winner = m.toss().expect("the ICF match begins with a toss");
    m.choose_break(winner, true).unwrap();
    m
}

fn board_points(v: &Verdict) -> Vec<u32> {
    v.events
        .iter()
        .find_map(|e| match e {
            RuleEvent::BoardFinished { points, .. } => Some(points.clone()),
            _ => None,
        })
        .expect("the board ends")
}

#[test]
fn ic1_the_queen_is_worth_three_until_the_winner_has_22() {
    let mut m = icf_match(3);
    let a = m.side_of(m.to_play().unwrap()).unwrap();
    // Breakers alternate and each clears from the break: 12 a board (nine coins, the queen's
    // three) while below 22.
    for (board, expected) in [(1, 12), (2, 12), (3, 24), (4, 24)] {
        let breaker = m.side_of(m.to_play().unwrap()).unwrap();
        let points = board_points(&win_board_from_break(&mut m));
        assert_eq!(points[breaker.index()], 12, "board {board}");
        assert_eq!(m.scores()[breaker.index()], expected, "board {board}");
    }
    // Side A has 24: its fifth board is worth the nine coins alone.
    assert_eq!(m.side_of(m.to_play().unwrap()), Some(a));
    let v = win_board_from_break(&mut m);
    assert_eq!(board_points(&v)[a.index()], 9, "no queen once the winner has 22");
    let tally = v.events.iter().find_map(|e| match e {
        RuleEvent::BoardFinished { tally, .. } => Some(tally[a.index()]),
        _ => None,
    });
    assert_eq!(tally.map(|t| (t.queen_covered, t.queen_points)), Some((true, 0)));
}

#[test]
fn ic1_the_classic_queen_counts_at_any_total() {
    let rules = Ruleset { target_points: 100, ..Ruleset::classic() };
    let mut m = Match::new(MatchSettings::with_rules(Mode::Singles, rules), 3).unwrap();
    for _ in 0..4 {
        win_board_from_break(&mut m);
    }
    let side = m.side_of(m.to_play().unwrap()).unwrap();
    assert!(m.scores()[side.index()] >= 22);
    assert_eq!(board_points(&win_board_from_break(&mut m))[side.index()], 14);
}

#[test]
fn ic2_a_break_attempt_that_touches_a_piece_is_the_break() {
    let touch = ShotSummary { touched: true, ..ShotSummary::nothing() };
    let mut m = icf_match(1);
    let breaker = m.to_play().unwrap();
    let v = play(&mut m, touch.clone());
    assert!(m.board().broken, "touched: broken");
    assert!(v.events.contains(&RuleEvent::TurnPasses { from: breaker, to: breaker.opposite() }));
    // Under the seeds' rules the same strike is a failed attempt.
    let mut classic = Match::new(MatchSettings::new(Mode::Singles), 1).unwrap();
    let v = play(&mut classic, touch);
    assert!(!classic.board().broken);
    assert!(v.events.iter().any(|e| matches!(e, RuleEvent::BreakFailed { attempts_left: 2, .. })));
}

#[test]
fn ic2_on_the_table_a_soft_touch_breaks_under_icf_and_not_under_the_seeds_rules() {
    // A gentle strike straight at the formation: the softest of these that touches a piece
    // without moving one out of the outer circle.
    let strike = |rules: Ruleset, speed: f32| {
        let mut game =
            Game::new(BoardSpec::icf(), MatchSettings::with_rules(Mode::Singles, rules), 4).unwrap();
        if let Some(winner) = game.rules().toss() {
            game.choose_break(winner, true).unwrap();
        }
        let seat = game.rules().to_play().unwrap();
        let at = game.place_striker(seat, 0.0).unwrap();
        game.strike(Vec2::ZERO - at, speed).unwrap();
        let ruling = game.run_to_rest().unwrap();
        (ruling.report.unwrap(), game.rules().board().broken)
    };
    let speed = (4..40)
        .map(|tenth| tenth as f32 / 10.0)
        .find(|speed| {
            let (report, broken) = strike(Ruleset::classic(), *speed);
            report.first_touched.is_some() && !report.broke_formation && !broken
        })
        .expect("a strike that touches the formation and leaves it whole");
    let (report, broken) = strike(Ruleset::icf(), speed);
    assert!(report.first_touched.is_some() && !report.broke_formation);
    assert!(broken, "at {speed} m/s the touch is the break under ICF");
}

#[test]
fn ic3_own_coins_pocketed_with_the_striker_go_back_with_a_penalty_and_the_player_strikes_again() {
    let mut m = icf_match(2);
    let seat = m.to_play().unwrap();
    let side = m.side_of(seat).unwrap();
    let c = own_colour(&m);
    play(&mut m, pocket(&[c, c]));
    let v = play(&mut m, striker_in(&[c]));
    assert!(v.events.contains(&RuleEvent::Foul {
        seat,
        foul: Foul::StrikerPocketed,
        penalty: Penalty::Piece(c)
    }));
    assert!(v.events.contains(&RuleEvent::PieceReturned { kind: c, reason: ReturnReason::WithStriker }));
    assert!(v.events.contains(&RuleEvent::PieceReturned { kind: c, reason: ReturnReason::Penalty }));
    assert!(continues(&v), "{v:?}");
    assert_eq!(m.to_play(), Some(seat));
    // Two came up: the one pocketed with the striker and the penalty.
    assert_eq!(m.board().held[side.index()].get(c), 1);
    assert_eq!(m.board().on_board.get(c), 8);
}

#[test]
fn ic3_the_striker_alone_or_with_another_foul_still_ends_the_turn() {
    // The striker alone, and with an own coin and an opponent's (F3 as well).
    for with_coins in [false, true] {
        let mut m = icf_match(2);
        let seat = m.to_play().unwrap();
        let c = own_colour(&m);
        play(&mut m, pocket(&[c]));
        let kinds = if with_coins { vec![c, c.other_colour()] } else { vec![] };
        let v = play(&mut m, striker_in(&kinds));
        assert_eq!(m.to_play(), Some(seat.opposite()), "{kinds:?}: {v:?}");
    }
    // Under the seeds' rules an own coin with the striker stays down and the turn ends (F1).
    let mut classic = Match::new(MatchSettings::new(Mode::Singles), 2).unwrap();
    let seat = classic.to_play().unwrap();
    let c = own_colour(&classic);
    play(&mut classic, pocket(&[c]));
    play(&mut classic, striker_in(&[c]));
    assert_eq!(classic.to_play(), Some(seat.opposite()));
}

#[test]
fn ic4_pocketing_the_last_coin_before_the_queen_loses_the_board() {
    let mut m = icf_match(5);
    let seat = m.to_play().unwrap();
    let (side, other) = (m.side_of(seat).unwrap(), m.side_of(seat.opposite()).unwrap());
    let c = own_colour(&m);
    play(&mut m, pocket(&[c; 8]));
    let v = play(&mut m, pocket(&[c]));
    assert!(v.events.contains(&RuleEvent::Foul {
        seat,
        foul: Foul::LastPieceBeforeQueen,
        penalty: Penalty::BoardLost
    }));
    // The opponent takes the board with the queen's three (the fouler has no coin left).
    let mut expected = vec![0, 0];
    expected[other.index()] = 3;
    assert_eq!(board_points(&v), expected);
    assert_eq!(m.board().number, 2);
    assert_eq!(m.scores()[side.index()], 0);
}

/// The breaker pockets one of its own coins and misses (`with_queen`: and covers the queen
/// first); the opponent pockets all but one of theirs and misses. The breaker is to play.
fn opponent_down_to_one(m: &mut Match, with_queen: bool) -> (Seat, PieceKind) {
    let seat = m.to_play().unwrap();
    let c = own_colour(m);
    let miss = ShotSummary { broke_formation: true, ..ShotSummary::nothing() };
    play(m, pocket(&[c]));
    if with_queen {
        play(m, pocket(&[Queen, c]));
    }
    play(m, miss.clone());
    play(m, pocket(&[c.other_colour(); 8]));
    play(m, miss);
    assert_eq!(m.to_play(), Some(seat));
    (seat, c)
}

#[test]
fn ic4_pocketing_the_opponents_last_coin_before_the_queen_loses_the_board_with_your_coins_left() {
    let mut m = icf_match(5);
    let (seat, c) = opponent_down_to_one(&mut m, false);
    let other = m.side_of(seat.opposite()).unwrap();
    let v = play(&mut m, pocket(&[c.other_colour()]));
    assert!(v.events.contains(&RuleEvent::Foul {
        seat,
        foul: Foul::OpponentLastPiece,
        penalty: Penalty::BoardLost
    }));
    let mut expected = vec![0, 0];
    expected[other.index()] = 8 + 3;
    assert_eq!(board_points(&v), expected, "the fouler's eight coins left and the queen");
}

#[test]
fn ic4_with_the_queen_covered_a_last_coin_is_the_seeds_foul() {
    let mut m = icf_match(5);
    let (seat, c) = opponent_down_to_one(&mut m, true);
    let v = play(&mut m, pocket(&[c.other_colour()]));
    assert!(v.events.contains(&RuleEvent::Foul {
        seat,
        foul: Foul::OpponentLastPiece,
        penalty: Penalty::Piece(c)
    }));
    assert_eq!(m.board().number, 1, "the board goes on");
}

/// Plays boards, the breaker clearing each, until the game under way ends.
fn play_game(m: &mut Match) -> Verdict {
    loop {
        let v = win_board_from_break(m);
        if v.events.iter().any(|e| matches!(e, RuleEvent::GameFinished { .. })) {
            return v;
        }
    }
}

fn game_finished(v: &Verdict) -> (u32, Option<Side>, Vec<u32>) {
    v.events
        .iter()
        .find_map(|e| match e {
            RuleEvent::GameFinished { number, winner, games_won, .. } => {
                Some((*number, *winner, games_won.clone()))
            }
            _ => None,
        })
        .unwrap()
}

#[test]
fn ic5_a_match_is_the_best_of_three_games_each_from_nil_the_first_break_passing() {
    let mut m = icf_match(3);
    let first = m.to_play().unwrap();
    let (a, b) = (m.side_of(first).unwrap(), m.side_of(first.opposite()).unwrap());
    // Game 1: A breaks boards 1, 3, 5 and so reaches 25 first (12, 24, 33).
    let v = play_game(&mut m);
    let mut won = vec![0, 0];
    won[a.index()] = 1;
    assert_eq!(game_finished(&v), (1, Some(a), won.clone()));
    assert!(!m.is_over());
    assert_eq!((m.game_number(), m.scores(), m.board().number), (2, &[0, 0][..], 1));
    assert!(v.events.contains(&RuleEvent::BoardStarted { number: 1, breaker: first.opposite() }));
    assert_eq!(m.games()[0].board_points.len(), 5);
    // Game 2: B breaks first, and wins it; game 3 decides.
    let v = play_game(&mut m);
    won[b.index()] = 1;
    assert_eq!(game_finished(&v), (2, Some(b), won.clone()));
    assert_eq!(m.to_play(), Some(first));
    let v = play_game(&mut m);
    won[a.index()] = 2;
    assert_eq!(game_finished(&v), (3, Some(a), won.clone()));
    assert_eq!(m.outcome(), Some(&Outcome::Won(a)));
    assert_eq!(m.games_won(), won);
    assert!(v
        .events
        .iter()
        .any(|e| matches!(e, RuleEvent::MatchFinished { winner: Some(w), .. } if *w == a)));
}

#[test]
fn ic5_two_games_won_end_the_match_without_a_third() {
    let rules = Ruleset { target_points: 10, ..Ruleset::icf() };
    let mut m = Match::new(MatchSettings::with_rules(Mode::Singles, rules), 8).unwrap();
    let winner = m.toss().unwrap();
    m.choose_break(winner, true).unwrap();
    let a = m.side_of(winner).unwrap();
    // One board reaches 10: the breaker of each game's first board wins it. Game 2 is broken
    // by B, who then misses, and A clears.
    play_game(&mut m);
    let c = own_colour(&m);
    play(&mut m, pocket(&[c]));
    play(&mut m, ShotSummary { broke_formation: true, ..ShotSummary::nothing() });
    let v = win_board_from_break(&mut m);
    assert_eq!(game_finished(&v).1, Some(a));
    assert_eq!(m.outcome(), Some(&Outcome::Won(a)));
    assert_eq!(m.games().len(), 2);
}

#[test]
fn ic5_a_save_whose_games_decided_the_match_cannot_go_on() {
    let mut m = icf_match(3);
    play_game(&mut m);
    let saved = m.to_json().unwrap();
    assert_eq!(Match::from_json(&saved).unwrap(), m, "a match of games saves and loads");
    let mut doc: serde_json::Value = serde_json::from_str(&saved).unwrap();
    let game = doc["games"][0].clone();
    doc["games"] = serde_json::json!([game.clone(), game]);
    let err = Match::from_json(&doc.to_string()).unwrap_err();
    assert!(err.to_string().contains("games played have decided the match"), "{err}");
    doc["games"] = serde_json::json!([{ "scores": [30, 0], "board_points": [[1, 0]] }]);
    let err = Match::from_json(&doc.to_string()).unwrap_err();
    assert!(err.to_string().contains("sums of its boards"), "{err}");
    let one_game = Ruleset::classic();
    doc["games"] = serde_json::json!([]);
    doc["settings"] = serde_json::to_value(MatchSettings::with_rules(Mode::Singles, one_game)).unwrap();
    assert!(Match::from_json(&doc.to_string()).is_ok(), "no games kept in a match of one");
}

#[test]
fn ic6_the_toss_winner_chooses_to_break_or_to_let_the_other_break() {
    for seed in 0..6 {
        let m = Match::new(icf(Mode::Singles), seed).unwrap();
        let winner = m.toss().unwrap();
        // Nobody strikes before the choice, and only the winner chooses.
        assert_eq!(m.clone().begin_strike(winner), Err(RulesError::TossOwed { by: winner }));
        assert_eq!(
            m.clone().choose_break(winner.opposite(), true),
            Err(RulesError::NotYourToss { seat: winner.opposite(), expected: winner })
        );
        for (breaks, breaker) in [(true, winner), (false, winner.opposite())] {
            let mut chosen = m.clone();
            let v = chosen.choose_break(winner, breaks).unwrap();
            assert!(v.events.contains(&RuleEvent::BreakChosen { seat: winner, breaker }));
            assert_eq!((chosen.to_play(), chosen.board().breaker), (Some(breaker), breaker));
            let side = chosen.side_of(breaker).unwrap();
            assert_eq!(chosen.board().colour_of(side), Some(White), "the breaker plays white");
            assert_eq!(chosen.choose_break(winner, breaks), Err(RulesError::NoToss));
        }
    }
}

#[test]
fn ic6_the_choice_is_in_the_replay_and_the_save() {
    let mut game = Game::new(BoardSpec::icf(), icf(Mode::Doubles), 9).unwrap();
    let winner = game.rules().toss().unwrap();
    let waiting = game.to_json().unwrap();
    assert_eq!(Game::from_json(&waiting).unwrap().rules().toss(), Some(winner), "saved before the choice");
    game.choose_break(winner, false).unwrap();
    let breaker = Seat::ALL[(u8::from(winner) as usize + 1) % 4];
    assert_eq!(game.rules().to_play(), Some(breaker));
    assert_eq!(game.replay().actions, vec![Action::ChooseBreak { seat: winner, breaks: false }]);
    let replayed: Replay = Replay::from_json(&game.replay().to_json().unwrap()).unwrap();
    assert_eq!(replayed.play().unwrap().rules(), game.rules());
    assert_eq!(replayed.judge().unwrap(), *game.rules());
    // The table is the formation, the striker in hand.
    let striker = game.table().piece(carrom_core::PieceId::STRIKER).unwrap();
    assert_eq!(striker.place, Place::Hand);
}

#[test]
fn ic6_without_a_toss_chance_picks_the_breaker_and_nobody_chooses() {
    let mut m = Match::new(MatchSettings::new(Mode::Singles), 4).unwrap();
    assert_eq!(m.toss(), None);
    let seat = m.to_play().unwrap();
    assert_eq!(m.choose_break(seat, true), Err(RulesError::NoToss));
    // Alone there is nobody to toss with.
    let solo = Match::new(MatchSettings::solo(Ruleset::icf()), 4).unwrap();
    assert_eq!(solo.toss(), None);
    assert_eq!(solo.games_in_match(), 1);
}
