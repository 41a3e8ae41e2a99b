//! Trick shots: the shipped file, attempts judged strike by strike, and files a game maker
//! might get wrong refused with the reason.

use carrom_core::physics::{Pocketing, ShotReport};
use carrom_core::practice::{
    daily, read_tricks, solved_by_the_expert, write_tricks, Attempt, Failure, Goal, Position, Progress, Trick,
};
use carrom_core::{PieceId, PieceKind, Pocket, Table};

const SHIPPED: &str = include_str!("../../../godot-project/data/trick_shots.json");

fn shipped(id: &str) -> Trick {
    read_tricks(SHIPPED).unwrap().into_iter().find(|t| t.id == id).unwrap()
}

/// A shot report that pocketed `kinds` (and the striker too, if `striker`).
fn report(kinds: &[PieceKind], striker: bool) -> ShotReport {
    let pocket = Pocket::new(1).unwrap();
    ShotReport {
        pocketed: kinds
            .iter()
            .map(|&kind| Pocketing { piece: PieceId::new(1).unwrap(), kind, pocket })
            .collect(),
        striker_pocketed: striker.then_some(pocket),
        ..ShotReport::default()
    }
}

#[test]
fn the_shipped_tricks_read_and_each_sets_up_its_position() {
    let tricks = read_tricks(SHIPPED).unwrap();
    assert_eq!(tricks.len(), 5);
    for trick in &tricks {
        let mut table = Table::icf();
        trick.set_up(&mut table).unwrap();
        assert_eq!(Position::of(&table), trick.position, "{}", trick.id);
    }
    assert_eq!(shipped("queen_and_cover").goal, Goal::QueenAndCover);
}

#[test]
fn stars_follow_the_strikes_used() {
    let trick = shipped("three_off_the_cushion"); // three whites; stars at 3, 4 and 6 strikes
    let mut quick = Attempt::new(trick.clone());
    quick.record(&report(&[PieceKind::White, PieceKind::White], false));
    assert_eq!(quick.record(&report(&[PieceKind::White], false)), Progress::Done { strikes: 2, stars: 3 });
    let mut slow = Attempt::new(trick);
    for _ in 0..3 {
        assert_eq!(slow.record(&report(&[], false)), Progress::Going, "misses count, in several turns");
    }
    slow.record(&report(&[PieceKind::White, PieceKind::White], false));
    assert_eq!(slow.record(&report(&[PieceKind::White], false)), Progress::Done { strikes: 5, stars: 1 });
}

#[test]
fn only_the_colour_asked_for_counts() {
    let mut a = Attempt::new(shipped("split_the_pair")); // two blacks
    assert_eq!(a.record(&report(&[PieceKind::White, PieceKind::Black], false)), Progress::Going);
    assert!(matches!(a.record(&report(&[PieceKind::Black], false)), Progress::Done { .. }));
}

#[test]
fn the_queen_needs_a_cover_in_the_same_turn() {
    let trick = shipped("queen_and_cover");
    let mut covered = Attempt::new(trick.clone());
    assert_eq!(covered.record(&report(&[PieceKind::Queen], false)), Progress::Going);
    assert_eq!(covered.record(&report(&[PieceKind::Black], false)), Progress::Done { strikes: 2, stars: 3 });
    let mut together = Attempt::new(trick.clone());
    assert!(matches!(
        together.record(&report(&[PieceKind::Queen, PieceKind::Black], false)),
        Progress::Done { .. }
    ));
    let mut missed = Attempt::new(trick);
    missed.record(&report(&[PieceKind::Queen], false));
    assert_eq!(missed.record(&report(&[], false)), Progress::Failed(Failure::TurnEnded));
}

#[test]
fn fouls_and_the_strike_limit_fail_an_attempt_which_then_stays_failed() {
    let mut fouled = Attempt::new(shipped("straight_in"));
    assert_eq!(fouled.record(&report(&[PieceKind::White], true)), Progress::Failed(Failure::StrikerPocketed));
    assert_eq!(
        fouled.record(&report(&[PieceKind::White], false)),
        Progress::Failed(Failure::StrikerPocketed)
    );
    let mut slow = Attempt::new(shipped("straight_in")); // one star at 3 strikes
    slow.record(&report(&[], false));
    slow.record(&report(&[], false));
    assert_eq!(slow.record(&report(&[], false)), Progress::Failed(Failure::OutOfStrikes));
}

#[test]
fn straight_in_can_be_done_in_one_strike() {
    // A search over spots and aims finds a one-strike solution: the trick is fair.
    let trick = shipped("straight_in");
    let seat = trick.seat;
    let done = (0..=20).any(|i| {
        let offset = -0.2 + 0.02 * i as f32;
        (0..=40).any(|j| {
            let mut table = Table::icf();
            trick.set_up(&mut table).unwrap();
            if table.place_striker(seat, offset).is_err() {
                return false;
            }
            let direction = -seat.towards() + seat.right() * (-0.2 + 0.025 * j as f32);
            table.strike(direction, 4.0).unwrap();
            let mut attempt = Attempt::new(trick.clone());
            matches!(attempt.record(&table.run_to_rest().unwrap()), Progress::Done { stars: 3, .. })
        })
    });
    assert!(done, "no strike pockets the coin");
}

#[test]
fn a_file_a_game_maker_got_wrong_is_refused_with_the_reason() {
    let one =
        |trick: &str| format!(r#"{{"format": "carrom-trick-shots", "version": 1, "tricks": [{trick}]}}"#);
    let code = Position::of(&Table::icf()).to_code();
    let cases = [
        ("not json".to_string(), "expected"),
        (r#"{"format": "x", "version": 1, "tricks": []}"#.to_string(), "format"),
        (
            one(&format!(
                r#"{{"id": "Bad Id", "position": "{code}", "seat": 0, "goal": {{"kind": "queen_and_cover"}}, "stars": [1, 2, 3]}}"#
            )),
            "lowercase",
        ),
        (
            one(&format!(
                r#"{{"id": "a", "position": "{code}", "seat": 7, "goal": {{"kind": "queen_and_cover"}}, "stars": [1, 2, 3]}}"#
            )),
            "seat",
        ),
        (
            one(&format!(
                r#"{{"id": "a", "position": "{code}", "seat": 0, "goal": {{"kind": "pocket", "count": 30}}, "stars": [1, 2, 3]}}"#
            )),
            "30 coins",
        ),
        (
            one(&format!(
                r#"{{"id": "a", "position": "{code}", "seat": 0, "goal": {{"kind": "queen_and_cover"}}, "stars": [3, 2, 1]}}"#
            )),
            "growing",
        ),
        (
            one(
                r#"{"id": "a", "position": "cp1.AAAA", "seat": 0, "goal": {"kind": "queen_and_cover"}, "stars": [1, 2, 3]}"#,
            ),
            "bytes",
        ),
        (
            one(&format!(
                r#"{{"id": "a", "position": "{code}", "seat": 0, "goal": {{"kind": "fly"}}, "stars": [1, 2, 3]}}"#
            )),
            "unknown variant",
        ),
        (" ".repeat(300 << 10), "bytes is more"),
    ];
    for (text, why) in cases {
        let err = read_tricks(&text).unwrap_err();
        assert!(err.to_string().contains(why), "{why}: {err}");
    }
    let twice = format!(
        r#"{{"format": "carrom-trick-shots", "version": 1, "tricks": [{t}, {t}]}}"#,
        t = format!(
            r#"{{"id": "a", "position": "{code}", "seat": 0, "goal": {{"kind": "queen_and_cover"}}, "stars": [1, 2, 3]}}"#
        )
    );
    assert!(read_tricks(&twice).unwrap_err().to_string().contains("used twice"));
}

#[test]
fn the_same_day_gives_the_same_challenge_and_the_next_day_another() {
    // 2 December 2026.
    let today = daily(20_789).expect("a challenge today");
    // Pinned: every player's device makes exactly this layout for that day. A change to the
    // generator, its random numbers or the physics that moves it gives players of two versions
    // two different challenges on the same day: it must be a deliberate one.
    assert_eq!(
        today.position.to_code(),
        "cp1.__________________________________________________________9JKFur________________XC1M1_____9RYlyH_____w"
    );
    assert_eq!(daily(20_789), Some(today.clone()));
    let tomorrow = daily(20_790).expect("a challenge tomorrow");
    assert_ne!(today.position, tomorrow.position);
    assert_eq!((today.id.as_str(), tomorrow.id.as_str()), ("daily_20789", "daily_20790"));
    // Each is a trick a file could hold: it reads back the same.
    for trick in [today, tomorrow] {
        assert_eq!(read_tricks(&write_tricks(std::slice::from_ref(&trick))).unwrap(), vec![trick.clone()]);
        assert!(solved_by_the_expert(&trick), "{trick:?}");
    }
}

#[test]
fn the_expert_solves_a_fair_trick_and_not_one_beyond_its_strikes() {
    let straight = shipped("straight_in");
    assert!(solved_by_the_expert(&straight));
    // Every coin of the queen-and-cover trick in one strike: more than anyone can do.
    let mut greedy = shipped("queen_and_cover");
    let coins = (1..=18).filter(|&id| greedy.position.spot(PieceId::new(id).unwrap()).is_some()).count();
    greedy.goal = Goal::Pocket { count: coins as u8, colour: None };
    greedy.stars = [1, 1, 1];
    assert!(!solved_by_the_expert(&greedy));
}

#[test]
fn the_shipped_tricks_written_out_read_back_the_same() {
    let tricks = read_tricks(SHIPPED).unwrap();
    assert_eq!(read_tricks(&write_tricks(&tricks)).unwrap(), tricks);
}
