//! Physics behaviour the game relies on: the ICF run test, no tunnelling, conservation,
//! determinism, collisions that obey momentum and energy, pockets that take what is sent in.

use carrom_core::physics::{Event, Place, Pocket};
use carrom_core::{BoardSpec, PieceId, PieceKind, Seat, Table, TableError, Vec2};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn seat(i: i64) -> Seat {
    Seat::new(i).unwrap()
}

/// A table with only the striker left in play.
fn empty_table() -> Table {
    let mut table = Table::new(BoardSpec::icf()).unwrap();
    for id in 0..19 {
        table.set_piece(PieceId::new(id).unwrap(), Place::Off, Vec2::ZERO).unwrap();
    }
    table
}

/// Steps a shot to rest, returning every event and the striker's path.
fn run(table: &mut Table) -> (Vec<Event>, Vec<Vec2>) {
    let mut events = vec![];
    let mut path = vec![table.piece(PieceId::STRIKER).unwrap().position];
    while table.is_moving() {
        events.extend(table.step());
        path.push(table.piece(PieceId::STRIKER).unwrap().position);
    }
    (events, path)
}

#[test]
fn icf_run_test_max_power_striker_makes_3_5_to_7_runs() {
    let mut table = empty_table();
    let spec = table.spec().clone();
    table.place_striker(seat(0), 0.0).unwrap();
    table.strike(Vec2::new(0.0, -1.0), spec.physics.max_striker_speed).unwrap();
    let (events, path) = run(&mut table);
    let travelled: f32 = path.windows(2).map(|w| w[0].distance(w[1])).sum();
    let run_length = spec.playing_surface - spec.striker_diameter;
    let runs = travelled / run_length;
    let bounces = events.iter().filter(|e| matches!(e, Event::Cushion { .. })).count();
    println!("ICF run test: {runs:.2} runs, {bounces} cushion hits");
    assert!((3.5..7.0).contains(&runs), "{runs} runs, {bounces} bounces");
    assert!(bounces >= 3, "{bounces} cushion hits");
}

#[test]
fn no_tunnelling_no_nan_under_random_max_power_shots() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut table = Table::new(BoardSpec::icf()).unwrap();
    let spec = table.spec().clone();
    let half = spec.half_surface();
    let mut shots = 0;
    while shots < 2000 {
        if shots % 30 == 0 {
            table.reset();
        }
        let s = seat(rng.random_range(0..4));
        let offset = rng.random_range(-0.18..0.18);
        if table.place_striker(s, offset).is_err() {
            continue;
        }
        let angle = rng.random_range(-1.5f32..1.5);
        let forward = -s.towards();
        let dir = forward * libm::cosf(angle) + s.right() * libm::sinf(angle);
        table.strike(dir, spec.physics.max_striker_speed).unwrap();
        let report = table.run_to_rest().unwrap();
        assert!(report.off_board.is_empty(), "shot {shots}: {:?} left the board", report.off_board);
        for p in table.pieces() {
            assert!(p.position.is_finite() && p.velocity.is_finite(), "NaN in {p:?}");
            if p.on_board() {
                let r = spec.radius(p.kind);
                assert!(
                    p.position.x.abs() <= half - r + 1e-3 && p.position.y.abs() <= half - r + 1e-3,
                    "{p:?}"
                );
            }
        }
        // Conservation: every piece is on the board or in a pocket, never lost.
        let accounted =
            table.pieces().iter().filter(|p| matches!(p.place, Place::Board | Place::Pocket(_))).count();
        assert_eq!(accounted, 20, "shot {shots}");
        if table.piece(PieceId::STRIKER).unwrap().place != Place::Board {
            table.set_piece(PieceId::STRIKER, Place::Hand, Vec2::ZERO).unwrap();
        }
        shots += 1;
    }
}

#[test]
fn pocketed_pieces_match_the_events_and_stay_pocketed() {
    let mut table = Table::new(BoardSpec::icf()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut dropped = std::collections::BTreeSet::new();
    for _ in 0..40 {
        let s = seat(rng.random_range(0..4));
        if table.place_striker(s, rng.random_range(-0.18..0.18)).is_err() {
            continue;
        }
        let dir = -s.towards() + s.right() * rng.random_range(-0.8f32..0.8);
        table.strike(dir, rng.random_range(1.0..6.0)).unwrap();
        let (events, _) = run(&mut table);
        for e in &events {
            if let Event::Pocketed { piece, .. } = e {
                if *piece != PieceId::STRIKER {
                    assert!(dropped.insert(*piece), "{piece} dropped twice");
                }
            }
        }
        let in_pockets: std::collections::BTreeSet<PieceId> = table
            .pieces()
            .iter()
            .filter(|p| matches!(p.place, Place::Pocket(_)) && p.kind != PieceKind::Striker)
            .map(|p| p.id)
            .collect();
        assert_eq!(in_pockets, dropped);
    }
}

fn break_shot(table: &mut Table) {
    table.place_striker(seat(0), 0.02).unwrap();
    table.strike(Vec2::new(-0.05, -1.0), 6.0).unwrap();
}

#[test]
fn determinism_same_shot_twice_gives_identical_snapshots() {
    let mut a = Table::new(BoardSpec::icf()).unwrap();
    let mut b = Table::new(BoardSpec::icf()).unwrap();
    break_shot(&mut a);
    break_shot(&mut b);
    let ra = a.run_to_rest().unwrap();
    let rb = b.run_to_rest().unwrap();
    assert_eq!(ra, rb);
    assert_eq!(a.snapshot().unwrap().to_json(), b.snapshot().unwrap().to_json());
}

#[test]
fn determinism_snapshot_mid_shot_restore_and_continue_equals_continuing() {
    let mut direct = Table::new(BoardSpec::icf()).unwrap();
    break_shot(&mut direct);
    for _ in 0..60 {
        direct.step();
    }
    let json = direct.snapshot().unwrap().to_json();
    let mut restored = Table::restore(&carrom_core::Snapshot::from_json(&json).unwrap()).unwrap();
    let (events_direct, _) = run(&mut direct);
    let (events_restored, _) = run(&mut restored);
    assert_eq!(events_direct, events_restored);
    assert_eq!(direct.snapshot().unwrap(), restored.snapshot().unwrap());
}

#[test]
fn determinism_restore_at_rest_then_next_shot_matches() {
    let mut direct = Table::new(BoardSpec::icf()).unwrap();
    break_shot(&mut direct);
    direct.run_to_rest().unwrap();
    let mut restored = Table::restore(&direct.snapshot().unwrap()).unwrap();
    for table in [&mut direct, &mut restored] {
        table.place_striker(seat(2), -0.05).unwrap();
        table.strike(Vec2::new(0.3, 1.0), 4.0).unwrap();
    }
    assert_eq!(direct.run_to_rest().unwrap(), restored.run_to_rest().unwrap());
    assert_eq!(direct.snapshot().unwrap(), restored.snapshot().unwrap());
}

#[test]
fn head_on_hit_conserves_momentum_and_loses_energy_as_restitution_says() {
    let mut table = empty_table();
    let spec = table.spec().clone();
    let coin = PieceId::new(1).unwrap();
    table.set_piece(coin, Place::Board, Vec2::new(0.0, 0.1)).unwrap();
    table.place_striker(seat(0), 0.0).unwrap();
    table.strike(Vec2::new(0.0, -1.0), 2.0).unwrap();
    let (ms, mc) = (spec.striker_mass, spec.coin_mass);
    let mut before = None;
    let mut after = None;
    while table.is_moving() && after.is_none() {
        let vs = table.piece(PieceId::STRIKER).unwrap().velocity;
        let events = table.step();
        if events.iter().any(|e| matches!(e, Event::Collision { .. })) {
            before = Some(vs);
            after =
                Some((table.piece(PieceId::STRIKER).unwrap().velocity, table.piece(coin).unwrap().velocity));
        }
    }
    let v = before.expect("the striker hit the coin").y;
    let (vs, vc) = after.unwrap();
    // One step of friction acts on both pieces after the hit; allow for it.
    let slack = spec.physics.sliding_friction * spec.physics.gravity * spec.physics.time_step * 2.0;
    let p_before = ms * v;
    let p_after = ms * vs.y + mc * vc.y;
    assert!((p_after - p_before).abs() <= (ms + mc) * slack, "momentum {p_before} -> {p_after}");
    let e = spec.physics.piece_restitution;
    let expected_coin = (1.0 + e) * ms / (ms + mc) * v;
    assert!(
        (vc.y - expected_coin).abs() <= 0.02 * expected_coin.abs() + slack,
        "coin {} vs {expected_coin}",
        vc.y
    );
    assert!(vc.x.abs() < 1e-3 && vs.x.abs() < 1e-3, "a head-on hit sends nothing sideways");
    let ke_before = 0.5 * ms * v * v;
    let ke_after = 0.5 * ms * vs.length_squared() + 0.5 * mc * vc.length_squared();
    assert!(ke_after < ke_before);
}

#[test]
fn coin_sent_straight_at_a_pocket_drops_into_it() {
    let mut table = empty_table();
    let spec = table.spec().clone();
    let start = carrom_core::baseline::striker_spot(&spec, seat(0), 0.0);
    let target = Pocket::new(1).unwrap().centre(&spec);
    let dir = (target - start).normalized().unwrap();
    let coin = PieceId::new(5).unwrap();
    table.set_piece(coin, Place::Board, start + dir * 0.3).unwrap();
    table.place_striker(seat(0), 0.0).unwrap();
    table.strike(dir, 3.0).unwrap();
    let report = table.run_to_rest().unwrap();
    assert_eq!(report.pocketed.len(), 1);
    assert_eq!((report.pocketed[0].piece, report.pocketed[0].pocket), (coin, Pocket::new(1).unwrap()));
    assert_eq!(report.first_touched, Some(coin));
    assert_eq!(table.piece(coin).unwrap().place, Place::Pocket(Pocket::new(1).unwrap()));
}

#[test]
fn break_shot_breaks_the_formation_and_reports_the_first_touch() {
    let mut table = Table::new(BoardSpec::icf()).unwrap();
    break_shot(&mut table);
    let report = table.run_to_rest().unwrap();
    assert!(report.broke_formation);
    assert!(report.first_touched.is_some());
    assert_eq!(report.seat, Some(seat(0)));
    assert!(!report.stopped_early);
}

#[test]
fn bad_strikes_are_refused_and_change_nothing() {
    let mut table = Table::new(BoardSpec::icf()).unwrap();
    assert_eq!(table.strike(Vec2::new(0.0, -1.0), 1.0), Err(TableError::StrikerNotPlaced));
    table.place_striker(seat(0), 0.0).unwrap();
    let before = table.snapshot().unwrap();
    let max = table.spec().physics.max_striker_speed;
    let bad = [
        (Vec2::new(0.0, -1.0), f32::NAN),
        (Vec2::new(0.0, -1.0), f32::INFINITY),
        (Vec2::new(0.0, -1.0), -1.0),
        (Vec2::new(0.0, -1.0), 0.0),
        (Vec2::new(0.0, -1.0), max * 1.01),
        (Vec2::ZERO, 1.0),
        (Vec2::new(f32::NAN, -1.0), 1.0),
        (Vec2::new(0.0, 1.0), 1.0),
        (Vec2::new(1.0, 0.0), 1.0),
    ];
    for (dir, speed) in bad {
        assert!(table.strike(dir, speed).is_err(), "{dir:?} {speed}");
        assert_eq!(table.snapshot().unwrap(), before);
    }
    let err = table.strike(Vec2::new(0.0, -1.0), 99.0).unwrap_err();
    assert!(err.to_string().contains("at most"), "{err}");
    table.strike(Vec2::new(0.0, -1.0), 3.0).unwrap();
    assert_eq!(table.strike(Vec2::new(0.0, -1.0), 3.0), Err(TableError::StillMoving));
    assert_eq!(table.place_striker(seat(0), 0.0), Err(TableError::StillMoving));
}

#[test]
fn k1_illegal_striker_spots_are_refused() {
    let mut table = Table::new(BoardSpec::icf()).unwrap();
    let before = table.snapshot().unwrap();
    assert!(table.place_striker(seat(1), 0.2).is_err(), "straddles a base circle");
    assert!(table.place_striker(seat(1), 0.5).is_err(), "beyond the baseline");
    assert!(table.place_striker(seat(1), f32::NAN).is_err());
    assert_eq!(table.snapshot().unwrap(), before);
    // A coin on the baseline blocks the spot it sits on.
    let spot = carrom_core::baseline::striker_spot(table.spec(), seat(1), 0.1);
    table.set_piece(PieceId::new(3).unwrap(), Place::Board, spot).unwrap();
    let err = table.place_striker(seat(1), 0.1).unwrap_err();
    assert!(err.to_string().contains("overlap"), "{err}");
}

#[test]
fn x1_returned_piece_goes_to_the_free_spot_nearest_the_centre() {
    let mut table = Table::new(BoardSpec::icf()).unwrap();
    table.set_piece(PieceId::new(0).unwrap(), Place::Off, Vec2::ZERO).unwrap();
    let spot = table.return_to_centre(PieceId::new(0).unwrap()).unwrap();
    assert_eq!(spot, Vec2::ZERO, "the queen's own spot was free");
    assert_eq!(
        table.return_to_centre(PieceId::new(0).unwrap()),
        Err(TableError::NotOffTheBoard(PieceId::new(0).unwrap()))
    );
    table.set_piece(PieceId::new(4).unwrap(), Place::Off, Vec2::ZERO).unwrap();
    // The centre is taken: the coin goes to the nearest gap, its old spot in the ring.
    let spot = table.return_to_centre(PieceId::new(4).unwrap()).unwrap();
    let spec = table.spec().clone();
    assert!((spot.length() - spec.coin_diameter).abs() < 1e-3, "{spot:?}");
}

#[test]
fn snapshot_of_garbage_is_refused_with_a_reason() {
    let err = carrom_core::Snapshot::from_json("{nope").unwrap_err();
    assert!(matches!(err, TableError::BadSnapshot(_)));
    let mut json: serde_json::Value =
        serde_json::from_str(&Table::new(BoardSpec::icf()).unwrap().snapshot().unwrap().to_json()).unwrap();
    json["pieces"][3]["kind"] = serde_json::json!("Queen");
    let snap = carrom_core::Snapshot::from_json(&json.to_string()).unwrap();
    assert!(matches!(Table::restore(&snap), Err(TableError::BadSnapshot(_))));
}

#[test]
fn k1_nearest_free_striker_spot_steps_around_a_blocking_coin() {
    let mut table = Table::new(BoardSpec::icf()).unwrap();
    let spot = carrom_core::baseline::striker_spot(table.spec(), seat(0), 0.0);
    table.set_piece(PieceId::new(3).unwrap(), Place::Board, spot).unwrap();
    let free = table.nearest_free_striker_offset(seat(0), 0.0).unwrap();
    assert!(table.check_striker_spot(seat(0), free).is_ok());
    assert!(free.abs() > 0.03 && free.abs() < 0.045, "just clear of the coin: {free}");
    assert_eq!(table.nearest_free_striker_offset(seat(0), 0.1), Some(0.1), "a free spot stays put");
}

/// A change to a snapshot's JSON.
type Edit = dyn FnOnce(&mut serde_json::Value);

/// The table's snapshot as JSON, edited by `edit`, restored.
fn restore_edited(table: &Table, edit: impl FnOnce(&mut serde_json::Value)) -> Result<Table, TableError> {
    let mut value: serde_json::Value = serde_json::from_str(&table.snapshot().unwrap().to_json()).unwrap();
    edit(&mut value);
    Table::restore(&carrom_core::Snapshot::from_json(&value.to_string()).unwrap())
}

#[test]
fn a_saved_shot_in_motion_is_data_played_again_never_engine_state() {
    let mut table = Table::new(BoardSpec::icf()).unwrap();
    break_shot(&mut table);
    for _ in 0..30 {
        table.step();
    }
    let text = table.snapshot().unwrap().to_json();
    assert!(!text.contains("world") && text.contains("\"steps\":30"), "{text}");
    // More steps than the shot lasts, or any edit of the strike, is refused without hanging.
    let bound = carrom_core::physics::MAX_RESUMED_STEPS;
    let too_long = restore_edited(&table, |v| v["shot"]["steps"] = bound.into()).err().unwrap();
    assert!(too_long.to_string().contains("settles"), "{too_long}");
    let past_bound = restore_edited(&table, |v| v["shot"]["steps"] = u32::MAX.into()).err().unwrap();
    assert!(past_bound.to_string().contains("at most"), "{past_bound}");
    let backwards = restore_edited(&table, |v| v["shot"]["direction"]["y"] = 1.0.into()).err().unwrap();
    assert!(backwards.to_string().contains("saved strike"), "{backwards}");
    let restored = restore_edited(&table, |_| {}).unwrap();
    assert_eq!(restored.snapshot().unwrap(), table.snapshot().unwrap());
}

#[test]
fn impossible_tables_are_refused_by_name() {
    let table = Table::new(BoardSpec::icf()).unwrap();
    let cases: [(&str, Box<Edit>); 8] = [
        ("outside", Box::new(|v| v["pieces"][3]["position"]["x"] = 2.0.into())),
        ("pocket", Box::new(|v| v["pieces"][3]["position"] = serde_json::json!({"x": 0.35, "y": 0.35}))),
        ("on top", Box::new(|v| v["pieces"][4]["position"] = v["pieces"][3]["position"].clone())),
        ("pocket 200", Box::new(|v| v["pieces"][3]["place"] = serde_json::json!({"Pocket": 200}))),
        ("in hand", Box::new(|v| v["pieces"][3]["place"] = "Hand".into())),
        ("moves", Box::new(|v| v["pieces"][3]["velocity"]["x"] = 1e30.into())),
        ("not finite", Box::new(|v| v["pieces"][3]["position"]["x"] = serde_json::Value::Null)),
        ("striker", Box::new(|v| v["placed_striker"] = serde_json::json!([0, 0.3]))),
    ];
    for (what, edit) in cases {
        assert!(restore_edited(&table, edit).is_err(), "{what} was accepted");
    }
}

#[test]
fn a_coin_cannot_be_put_in_hand_nor_a_board_shrunk_under_the_striker() {
    let mut table = Table::new(BoardSpec::icf()).unwrap();
    assert_eq!(
        table.set_piece(PieceId::new(3).unwrap(), Place::Hand, Vec2::ZERO),
        Err(TableError::NotInHand(PieceId::new(3).unwrap()))
    );
    table.place_striker(seat(0), 0.2191).unwrap();
    let mut smaller = BoardSpec::icf();
    smaller.baseline_length = 0.4;
    smaller.validate().unwrap();
    let before = table.snapshot().unwrap();
    let error = table.set_spec(smaller).unwrap_err();
    assert!(matches!(error, TableError::Placement(_)), "{error}");
    assert_eq!(table.snapshot().unwrap(), before);
}

#[test]
fn an_oversized_snapshot_is_refused_before_it_is_read() {
    let huge = format!("\"{}\"", "x".repeat(carrom_core::physics::MAX_SNAPSHOT_BYTES));
    assert!(carrom_core::Snapshot::from_json(&huge).unwrap_err().to_string().contains("bytes"));
}
