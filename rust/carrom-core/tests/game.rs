//! The table and the referee together: the rules' counts always match the pieces on the
//! table, and a game replays and reloads bit for bit.

use carrom_core::game::{save, Action, Asked, Game, GameError, Turn};
use carrom_core::physics::Place;
use carrom_core::rules::{MatchSettings, Mode, QueenState, Ruleset};
use carrom_core::{BoardSpec, PieceKind, Vec2};
mod common;

use common::random_turn;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn on_table(game: &Game, kind: PieceKind) -> usize {
    game.table().pieces().iter().filter(|p| p.kind == kind && p.place == Place::Board).count()
}

#[test]
fn rules_counts_match_the_table_after_every_shot() {
    for mode in [Mode::Singles, Mode::Doubles, Mode::Points] {
        let mut game = Game::new(BoardSpec::icf(), MatchSettings::new(mode), 21).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        for _ in 0..60 {
            let Some(action) = random_turn(&game, &mut rng) else { break };
            game.perform(&action).unwrap();
            check_counts(&game, mode);
        }
    }
}

#[test]
fn r3_every_preset_keeps_table_and_rules_agreed_through_saves_and_replays() {
    for name in Ruleset::PRESETS {
        let settings = MatchSettings::with_rules(Mode::Singles, Ruleset::preset(name).unwrap());
        let mut game = Game::new(BoardSpec::icf(), settings, 5).unwrap();
        // Under a toss (IC6) its winner lets the other break, so the replay holds the choice.
        if let Some(winner) = game.rules().toss() {
            game.choose_break(winner, false).unwrap();
        }
        let queen = game.rules().settings().rules.queen;
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for n in 0..80 {
            let Some(action) = random_turn(&game, &mut rng) else { break };
            game.perform(&action).unwrap();
            check_counts(&game, Mode::Singles);
            // Without the queen she never comes onto the table, on any board (R3).
            let queen_place = game.table().piece(carrom_core::PieceId::QUEEN).unwrap().place;
            assert!(queen || queen_place == Place::Off, "{name}: the queen is at {queen_place:?}");
            if n % 10 == 9 {
                game = Game::from_json(&game.to_json().unwrap()).unwrap();
            }
        }
        let replayed = game.replay().play().unwrap();
        assert_eq!(replayed.to_json().unwrap(), game.to_json().unwrap(), "{name}");
    }
}

/// The rules count exactly the coins and queen on the table or waiting beside it to be placed
/// (X3), the striker back in hand.
fn check_counts(game: &Game, mode: Mode) {
    let board = game.rules().board();
    let waiting =
        |kind| game.rules().placing().map_or(0, |p| p.pieces.iter().filter(|k| **k == kind).count());
    let counted = |kind| on_table(game, kind) + waiting(kind);
    assert_eq!(counted(PieceKind::White), usize::from(board.on_board.white), "{mode:?}");
    assert_eq!(counted(PieceKind::Black), usize::from(board.on_board.black), "{mode:?}");
    assert_eq!(counted(PieceKind::Queen) == 1, board.queen == QueenState::OnBoard, "{mode:?}");
    assert_eq!(game.table().piece(carrom_core::PieceId::STRIKER).unwrap().place, Place::Hand);
}

#[test]
fn replay_of_a_game_reproduces_it_bit_for_bit() {
    let mut game = Game::new(BoardSpec::icf(), MatchSettings::default(), 8).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for n in 0..25 {
        let Some(action) = random_turn(&game, &mut rng) else { break };
        game.perform(&action).unwrap();
        // A timed-out turn now and then is recorded and replayed like a strike.
        let striking = game.awaited().filter(|a| a.asked == Asked::Strike);
        if let (3, Some(awaited)) = (n % 7, striking) {
            game.perform(&Action::Pass { seat: awaited.seat }).unwrap();
        }
    }
    assert!(game.replay().actions.iter().any(|a| matches!(a, Action::Pass { .. })));
    let replayed = game.replay().play().unwrap();
    assert_eq!(replayed.to_json().unwrap(), game.to_json().unwrap());
}

#[test]
fn saved_game_loads_and_plays_on_the_same() {
    let mut game = Game::new(BoardSpec::icf(), MatchSettings::new(Mode::Points), 3).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..10 {
        let action = random_turn(&game, &mut rng).unwrap();
        game.perform(&action).unwrap();
    }
    let mut loaded = Game::from_json(&game.to_json().unwrap()).unwrap();
    for _ in 0..10 {
        let action = random_turn(&game, &mut rng).unwrap();
        assert_eq!(game.perform(&action), loaded.perform(&action));
    }
    assert_eq!(game.to_json().unwrap(), loaded.to_json().unwrap());
    assert!(Game::from_json("{\"table\": 3}").is_err());
}

#[test]
fn a_match_saved_mid_shot_finishes_the_same_after_loading() {
    let mut game = Game::new(BoardSpec::icf(), MatchSettings::default(), 12).unwrap();
    let seat = game.rules().to_play().unwrap();
    game.place_striker(seat, 0.02).unwrap();
    game.strike(-seat.towards(), 6.0).unwrap();
    for _ in 0..40 {
        game.step().unwrap();
    }
    let mut loaded = Game::from_json(&game.to_json().unwrap()).unwrap();
    assert_eq!(game.run_to_rest(), loaded.run_to_rest());
    assert_eq!(game.to_json().unwrap(), loaded.to_json().unwrap());
}

#[test]
fn a_save_of_another_version_or_kind_is_refused_by_name() {
    let game = Game::new(BoardSpec::icf(), MatchSettings::default(), 4).unwrap();
    let mut doc: serde_json::Value = serde_json::from_str(&game.to_json().unwrap()).unwrap();
    let other = save::SAVE_VERSION + 1;
    doc["version"] = other.into();
    let found = Game::from_json(&doc.to_string()).err();
    assert_eq!(found, Some(GameError::SaveVersion { found: other.into(), supported: save::SAVE_VERSION }));
    assert!(found.unwrap().to_string().contains(&format!("version {other}")));
    doc["version"] = save::SAVE_VERSION.into();
    doc["format"] = "something else".into();
    assert!(Game::from_json(&doc.to_string())
        .err()
        .unwrap()
        .to_string()
        .contains("not a saved carrom match"));
    let huge = " ".repeat(save::MAX_SAVE_BYTES + 1);
    assert!(Game::from_json(&huge).err().unwrap().to_string().contains("bytes"));
    assert!(Game::from_json("not json").err().unwrap().to_string().contains("not JSON"));
}

#[test]
fn a_save_whose_table_and_rules_disagree_is_refused() {
    let mut game = Game::new(BoardSpec::icf(), MatchSettings::default(), 2).unwrap();
    let seat = game.rules().to_play().unwrap();
    game.perform(&Action::Strike { seat, offset: 0.0, direction: -seat.towards(), speed: 6.0 }).unwrap();
    let text = game.to_json().unwrap();
    // The table shows one white fewer than the rules count: it lies in a pocket.
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let pieces = doc["table"]["pieces"].as_array_mut().unwrap();
    let white = pieces.iter_mut().find(|p| p["kind"] == "White" && p["place"] == "Board").unwrap();
    white["place"] = serde_json::json!({ "Pocket": 0 });
    let error = Game::from_json(&doc.to_string()).err().unwrap().to_string();
    assert!(error.contains("white coins"), "{error}");
    // A replay played under other settings.
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    doc["replay"]["seed"] = 99.into();
    assert!(Game::from_json(&doc.to_string()).err().unwrap().to_string().contains("seed"));
}

#[test]
fn one_check_says_whether_a_seat_may_act_with_one_message() {
    let mut game = Game::new(BoardSpec::icf(), MatchSettings::default(), 1).unwrap();
    let seat = game.rules().to_play().unwrap();
    let other = seat.opposite();
    let expected = game.turn().may_act(other).unwrap_err();
    assert_eq!(game.place_striker(other, 0.0).unwrap_err(), expected);
    assert_eq!(game.declare_foul(other, carrom_core::rules::Foul::TouchedPiece).unwrap_err(), expected);
    assert!(expected.to_string().contains("turn"));
    game.place_striker(seat, 0.0).unwrap();
    game.strike(-seat.towards(), 5.0).unwrap();
    let moving = game.turn().may_act(seat).unwrap_err();
    assert_eq!(game.place_striker(seat, 0.0).unwrap_err(), moving);
    assert!(moving.to_string().contains("moving"));
}

#[test]
fn free_play_judges_nothing_and_lets_any_seat_strike() {
    let mut table = carrom_core::Table::new(BoardSpec::icf()).unwrap();
    let mut turn = Turn::free(&mut table);
    let seat = carrom_core::Seat::new(1).unwrap();
    let ruling =
        turn.perform(&Action::Strike { seat, offset: 0.0, direction: -seat.towards(), speed: 6.0 }).unwrap();
    assert!(ruling.verdict.events.is_empty() && ruling.returned.is_empty());
    assert!(ruling.report.is_some_and(|r| r.seat == Some(seat)));
    assert!(turn.declare_foul(seat, carrom_core::rules::Foul::TouchedPiece).is_err());
}

#[test]
fn out_of_turn_and_mid_shot_actions_are_refused() {
    let mut game = Game::new(BoardSpec::icf(), MatchSettings::default(), 1).unwrap();
    let seat = game.rules().to_play().unwrap();
    assert!(game.place_striker(seat.opposite(), 0.0).is_err());
    assert!(
        game.place_striker(carrom_core::Seat::new(1).unwrap(), 0.0).is_err(),
        "seat 1 is empty in singles"
    );
    game.place_striker(seat, 0.0).unwrap();
    game.strike(-seat.towards(), 5.0).unwrap();
    assert!(game.place_striker(seat, 0.0).is_err());
    assert!(game.strike(Vec2::new(0.0, 1.0), 1.0).is_err());
    game.run_to_rest().unwrap();
}

#[test]
fn the_replay_keeps_each_offset_exactly_as_placed() {
    let mut game = Game::new(BoardSpec::icf(), MatchSettings::default(), 5).unwrap();
    let seat = game.rules().to_play().unwrap();
    game.place_striker(seat, -0.0).unwrap();
    game.strike(-seat.towards(), 6.0).unwrap();
    game.run_to_rest().unwrap();
    let Action::Strike { offset, .. } = game.replay().actions[0] else { panic!("a strike is recorded") };
    assert_eq!(offset.to_bits(), (-0.0f32).to_bits());
    assert_eq!(game.replay().play().unwrap().to_json().unwrap(), game.to_json().unwrap());
}

#[test]
fn a_spec_whose_shots_would_never_settle_is_refused() {
    let mut spec = BoardSpec::icf();
    spec.physics.time_step = 1e-9;
    assert!(spec.validate().unwrap_err().to_string().contains("time_step"));
    let mut spec = BoardSpec::icf();
    spec.physics.sliding_friction = 1e-9;
    spec.physics.max_shot_seconds = 1e30;
    let error = spec.validate().unwrap_err().to_string();
    assert!(error.contains("max_shot_seconds") || error.contains("sliding_friction"), "{error}");
    let mut spec = BoardSpec::icf();
    spec.physics.max_striker_speed = 0.01;
    assert!(spec.validate().unwrap_err().to_string().contains("max_striker_speed"));
}

#[test]
fn f0_dues_keep_counting_past_any_small_integer() {
    // 600 fouls with nothing pocketed: 300 dues for each side, no overflow.
    let mut game = Game::new(BoardSpec::icf(), MatchSettings::default(), 6).unwrap();
    for _ in 0..600 {
        let seat = game.rules().to_play().unwrap();
        game.declare_foul(seat, carrom_core::rules::Foul::TouchedPiece).unwrap();
    }
    assert_eq!(game.rules().board().dues, vec![300, 300]);
    assert!(Game::from_json(&game.to_json().unwrap()).is_ok());
}

#[test]
fn the_clock_never_reaches_infinity_and_the_match_still_saves() {
    let settings = MatchSettings { time_limit_seconds: Some(f64::MAX), ..MatchSettings::default() };
    let mut game = Game::new(BoardSpec::icf(), settings, 6).unwrap();
    game.add_time(f64::MAX).unwrap();
    game.add_time(f64::MAX).unwrap();
    let text = game.to_json().unwrap();
    assert_eq!(Game::from_json(&text).unwrap().to_json().unwrap(), text);
}

#[test]
fn a_save_loads_and_saves_again_to_the_same_text() {
    let mut game = Game::new(BoardSpec::icf(), MatchSettings::default(), 8).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for i in 0..6 {
        game.add_time(0.1 + f64::from(i) / 3.0).unwrap();
        let action = random_turn(&game, &mut rng).unwrap();
        game.perform(&action).unwrap();
    }
    let text = game.to_json().unwrap();
    let again = Game::from_json(&text).unwrap().to_json().unwrap();
    assert_eq!(Game::from_json(&again).unwrap().to_json().unwrap(), text);
    assert_eq!(again, text);
}

#[test]
fn a_refused_strike_leaves_the_match_and_its_record_as_they_were() {
    let mut game = Game::new(BoardSpec::icf(), MatchSettings::default(), 3).unwrap();
    let seat = game.rules().to_play().unwrap();
    game.place_striker(seat, 0.0).unwrap();
    let before = game.to_json().unwrap();
    assert!(game.strike(seat.towards(), 3.0).is_err(), "backwards (K3)");
    assert!(game.strike(-seat.towards(), 99.0).is_err(), "too fast");
    assert!(!game.table().is_moving() && !game.rules().is_striking());
    assert_eq!(game.to_json().unwrap(), before);
}

#[test]
fn a_replay_stepped_forwards_and_back_gives_the_same_state_at_every_step() {
    let mut game = Game::new(BoardSpec::icf(), MatchSettings::default(), 5).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    // The match as it stood after each action, played live.
    let mut live = vec![game.to_json().unwrap()];
    for n in 0..14 {
        let Some(action) = random_turn(&game, &mut rng) else { break };
        game.perform(&action).unwrap();
        live.push(game.to_json().unwrap());
        if n == 6 {
            let seat = game.rules().to_play().unwrap();
            game.perform(&Action::Pass { seat }).unwrap();
            live.push(game.to_json().unwrap());
        }
    }
    let replay = game.replay();
    let steps = replay.actions.len();
    assert_eq!(live.len(), steps + 1);
    let at = |k: usize| replay.up_to(k).play().unwrap().to_json().unwrap();
    let forwards: Vec<String> = (0..=steps).map(at).collect();
    // Each step is the match as it stood then, and back from the end each is the same again.
    for k in (0..=steps).rev() {
        assert_eq!(forwards[k], live[k], "step {k} of {steps} against the live match");
        assert_eq!(at(k), forwards[k], "step {k} of {steps}");
    }
    // The first step is the match as it began, the last the match as it ended; asking past
    // the end gives the end.
    let fresh = Game::new(BoardSpec::icf(), MatchSettings::default(), 5).unwrap();
    assert_eq!(forwards[0], fresh.to_json().unwrap());
    assert_eq!(forwards[steps], game.to_json().unwrap());
    assert_eq!(at(steps + 3), forwards[steps]);
    // Each step differs from the one before: every action did something.
    assert!(forwards.windows(2).all(|w| w[0] != w[1]));
}

#[test]
fn a_replay_played_on_one_action_at_a_time_is_the_recorded_match_and_says_where_it_ends() {
    let mut game = Game::new(BoardSpec::icf(), MatchSettings::default(), 9).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for _ in 0..8 {
        let Some(action) = random_turn(&game, &mut rng) else { break };
        game.perform(&action).unwrap();
    }
    let recorded = game.replay().clone();
    // From the start, each next action played on a live match leads to the recorded match.
    let mut viewer = recorded.up_to(0).play().unwrap();
    for k in 0..recorded.actions.len() {
        let next = recorded.next_after(viewer.replay()).unwrap().clone();
        assert_eq!(next, recorded.actions[k], "action {k}");
        viewer.perform(&next).unwrap();
    }
    assert_eq!(viewer.to_json().unwrap(), game.to_json().unwrap());
    let end = recorded.next_after(viewer.replay()).unwrap_err().to_string();
    assert!(end.contains("no next one"), "{end}");
    // Another match (another seed) is not this replay's start.
    let other = Game::new(BoardSpec::icf(), MatchSettings::default(), 10).unwrap();
    let stranger = recorded.next_after(other.replay()).unwrap_err().to_string();
    assert!(stranger.contains("not the start of this replay"), "{stranger}");
    // Nor is a match that went another way from the same start.
    let mut strayed = recorded.up_to(0).play().unwrap();
    let seat = strayed.rules().to_play().unwrap();
    strayed.perform(&Action::Pass { seat }).unwrap();
    assert!(recorded.next_after(strayed.replay()).is_err());
}
