//! Hostile input: damaged and edited saves, replays and snapshots, and table calls with
//! special numbers, never panic, hang or load an impossible match. CI runs a short pass; a long
//! one is `PROPTEST_CASES=20000 PROPTEST_RNG_SEED=$RANDOM cargo test --release -p carrom-core
//! --test hostile` (without a seed every run tries the same cases).

use carrom_core::game::{Action, Game, Replay};
use carrom_core::rules::{Foul, MatchSettings, Mode};
use carrom_core::{practice, BoardSpec, Seat, Snapshot, Table, Vec2};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use std::sync::OnceLock;

/// Places any returned pieces that wait (X3), all nearest the centre, by the seat owed them.
fn place_waiting(game: &mut Game) {
    if let Some(placing) = game.rules().placing() {
        let seat = placing.by;
        game.perform(&Action::Place { seat, spots: vec![] }).unwrap();
    }
}

/// A match of a few strikes with a timed-out turn, a declared foul, a placement of returned
/// pieces and play time among them, saved at rest and saved in the middle of a shot.
fn saves() -> &'static (String, String) {
    static SAVES: OnceLock<(String, String)> = OnceLock::new();
    SAVES.get_or_init(|| {
        let settings = MatchSettings { time_limit_seconds: Some(900.0), ..MatchSettings::new(Mode::Doubles) };
        let mut game = Game::new(BoardSpec::icf(), settings, 17).unwrap();
        for i in 0..4 {
            let seat = game.rules().to_play().unwrap();
            match i {
                1 => game.perform(&Action::Pass { seat }).map(drop).unwrap(),
                2 => game.perform(&Action::DeclareFoul { seat, foul: Foul::TouchedPiece }).map(drop).unwrap(),
                _ => game.perform(&Action::AddTime { seconds: 31.5 }).map(drop).unwrap(),
            }
            place_waiting(&mut game);
            let seat = game.rules().to_play().unwrap();
            let offset = game.table().nearest_free_striker_offset(seat, 0.03 * i as f32).unwrap();
            let direction = -seat.towards() + seat.right() * (0.2 * i as f32 - 0.3);
            game.perform(&Action::Strike { seat, offset, direction, speed: 5.0 }).unwrap();
            place_waiting(&mut game);
        }
        let at_rest = game.to_json().unwrap();
        let seat = game.rules().to_play().unwrap();
        let offset = game.table().nearest_free_striker_offset(seat, 0.0).unwrap();
        game.place_striker(seat, offset).unwrap();
        game.strike(-seat.towards(), 6.0).unwrap();
        for _ in 0..25 {
            game.step().unwrap();
        }
        (at_rest, game.to_json().unwrap())
    })
}

/// Numbers that break careless code.
const SPECIAL: [&str; 10] = ["0", "-0", "1e30", "-1e30", "1e400", "4294967296", "-1", "255", "0.5", "1e-40"];

#[derive(Clone, Debug)]
enum Damage {
    Truncate(usize),
    FlipBit(usize, u8),
    Number(usize, usize),
}

fn damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        any::<usize>().prop_map(Damage::Truncate),
        (any::<usize>(), 0u8..8).prop_map(|(at, bit)| Damage::FlipBit(at, bit)),
        (any::<usize>(), 0..SPECIAL.len()).prop_map(|(at, n)| Damage::Number(at, n)),
    ]
}

/// `text` with one piece of damage done.
fn damaged(text: &str, damage: &Damage) -> String {
    let mut bytes = text.as_bytes().to_vec();
    match *damage {
        Damage::Truncate(at) => bytes.truncate(at % bytes.len()),
        Damage::FlipBit(at, bit) => {
            let i = at % bytes.len();
            bytes[i] ^= 1 << bit;
        }
        Damage::Number(at, n) => {
            // Replace the number that starts at or after `at` with a special one.
            let start = (at % bytes.len()..bytes.len()).find(|i| bytes[*i].is_ascii_digit());
            if let Some(start) = start {
                let end = (start..bytes.len())
                    .find(|i| !(bytes[*i].is_ascii_digit() || b".eE+-".contains(&bytes[*i])))
                    .unwrap_or(bytes.len());
                bytes.splice(start..end, SPECIAL[n].bytes());
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Plays on from a loaded game: the shot under way to rest, then one strike of the seat to
/// play. Refusals are fine; a panic or an endless loop is not.
fn play_on(mut game: Game) {
    if game.table().is_moving() {
        game.run_to_rest().unwrap();
    }
    if let Some(seat) = game.rules().to_play() {
        if let Some(offset) = game.table().nearest_free_striker_offset(seat, 0.0) {
            let _ = game.perform(&Action::Strike { seat, offset, direction: -seat.towards(), speed: 4.0 });
        }
    }
    let text = game.to_json().unwrap();
    assert!(Game::from_json(&text).is_ok(), "a loaded match saves and loads again");
}

/// Found by the long run: a save whose board has a queen of 1e-40 kg loaded, and its shots
/// crushed pieces into her until the match could not be saved again.
#[test]
fn regression_a_save_with_a_weightless_queen_is_refused() {
    let mut doc: serde_json::Value = serde_json::from_str(&saves().1).unwrap();
    doc["table"]["spec"]["queen_mass"] = serde_json::json!(1e-40);
    let text = doc.to_string();
    let error = Game::from_json(&text).err().unwrap().to_string();
    assert!(error.contains("queen_mass"), "{error}");
}

/// Found by a CI run, the same kind of damage elsewhere in the spec.
#[test]
fn regression_another_tiny_number_in_a_save_is_refused_or_plays() {
    let text = damaged(&saves().1, &Damage::Number(8574854940473101603, 9));
    if let Ok(game) = Game::from_json(&text) {
        play_on(game);
    }
}

/// The same cases every run (CI must not pass or fail by chance); a long run picks its own
/// seed with `PROPTEST_RNG_SEED`.
fn seed() -> RngSeed {
    RngSeed::Fixed(std::env::var("PROPTEST_RNG_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(20_261_130))
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        failure_persistence: None,
        rng_seed: seed(),
        ..ProptestConfig::default()
    })]

    #[test]
    fn damaged_saves_load_or_are_refused_and_never_break_the_game(d in damage(), moving in any::<bool>()) {
        let (at_rest, in_motion) = saves();
        let text = damaged(if moving { in_motion } else { at_rest }, &d);
        if let Ok(game) = Game::from_json(&text) {
            play_on(game);
        }
    }

    #[test]
    fn damaged_replays_play_or_are_refused(d in damage()) {
        let replay = Game::from_json(&saves().0).unwrap().replay().to_json().unwrap();
        if let Ok(replay) = Replay::from_json(&damaged(&replay, &d)) {
            if let Ok(game) = replay.play() {
                play_on(game);
            }
        }
    }

    #[test]
    fn damaged_snapshots_restore_or_are_refused(d in damage()) {
        let table = Game::from_json(&saves().1).unwrap().table().snapshot().unwrap().to_json();
        if let Ok(mut table) = Snapshot::from_json(&damaged(&table, &d)).and_then(|s| Table::restore(&s)) {
            if table.is_moving() {
                table.run_to_rest().unwrap();
            }
        }
    }

    #[test]
    fn position_codes_of_any_bytes_set_up_a_playable_table_or_are_refused(
        bytes in prop::collection::vec(any::<u8>(), 70..80), text in ".{0,300}",
    ) {
        use base64::Engine;
        let body = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&bytes);
        for code in [format!("{}{body}", practice::CODE_PREFIX), text] {
            let mut table = Table::icf();
            let laid = practice::Position::from_code(&code).map(|p| p.set_up(&mut table));
            if let Ok(Ok(())) = laid {
                // A position that sets up is one a shot can be played from.
                let seat = Seat::new(0).unwrap();
                if let Some(offset) = table.nearest_free_striker_offset(seat, 0.0) {
                    table.place_striker(seat, offset).unwrap();
                    table.strike(-seat.towards(), 5.0).unwrap();
                    table.run_to_rest().unwrap();
                }
            }
        }
    }

    #[test]
    fn table_calls_with_special_numbers_are_refused_or_played(
        seat in 0i64..4, offset in prop::num::f32::ANY, x in prop::num::f32::ANY,
        y in prop::num::f32::ANY, speed in prop::num::f32::ANY,
    ) {
        let mut table = Table::new(BoardSpec::icf()).unwrap();
        let seat = Seat::new(seat).unwrap();
        let _ = table.place_striker(seat, offset);
        let _ = table.nearest_free_striker_offset(seat, offset);
        if table.strike(Vec2::new(x, y), speed).is_ok() {
            let report = table.run_to_rest().unwrap();
            prop_assert!(table.pieces().iter().all(|p| p.position.is_finite()), "{report:?}");
        }
    }
}
