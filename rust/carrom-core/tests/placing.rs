//! Returned pieces placed by an opponent (X3) on a real table: they wait beside the board,
//! nobody strikes until the next seat places them, a spot is checked before anything moves,
//! and the placement is part of the replay and the save.

use carrom_core::game::{Action, Game, GameError, Spot};
use carrom_core::physics::Place;
use carrom_core::rules::{MatchSettings, Mode, RulesError, Ruleset};
use carrom_core::{BoardSpec, PieceKind, Seat, Vec2};
mod common;

use common::random_strike;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The seeds' rules, under which the opponent places (the preset says so: X3).
fn placing_settings(mode: Mode) -> MatchSettings {
    let settings = MatchSettings::new(mode);
    assert!(settings.rules.opponent_places, "every preset has the opponent place");
    settings
}

/// The seeds' rules played with returned pieces going back at once (X1), to hold placements
/// beside.
fn x1_settings(mode: Mode) -> MatchSettings {
    MatchSettings::with_rules(mode, Ruleset { opponent_places: false, ..Ruleset::classic() })
}

/// Random strikes from `seed` until pieces wait to be placed; the game and the seat whose
/// turn sent them back.
fn until_pieces_wait(settings: MatchSettings, seed: u64) -> (Game, Seat) {
    let mut game = Game::new(BoardSpec::icf(), settings, seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..600 {
        let action = random_strike(&game, &mut rng).expect("a legal spot");
        let Action::Strike { seat, .. } = action else { unreachable!() };
        game.perform(&action).unwrap();
        if game.rules().placing().is_some() {
            return (game, seat);
        }
        assert!(!game.rules().is_over(), "the match ended before a piece went back");
    }
    panic!("no piece went back in 600 random strikes");
}

fn on_board(game: &Game, kind: PieceKind) -> usize {
    game.table().pieces().iter().filter(|p| p.kind == kind && p.place == Place::Board).count()
}

/// A free spot inside the outer circle for `kind`, away from the centre, found by walking a
/// ring: what a player dragging a piece would find.
fn free_spot(game: &Game, kind: PieceKind, placed: &[Spot]) -> Vec2 {
    for ring in [0.06_f32, 0.045, 0.03] {
        for step in 0..48 {
            let angle = step as f32 * std::f32::consts::TAU / 48.0;
            let at = Vec2::new(ring * angle.cos(), ring * angle.sin());
            if carrom_core::game::placement::refusal(game.table(), kind, at, placed).is_none() {
                return at;
            }
        }
    }
    panic!("no free spot for {kind} inside the outer circle");
}

#[test]
fn x3_returned_pieces_wait_for_the_next_seat_and_nobody_strikes_first() {
    for (mode, seed) in [(Mode::Singles, 1), (Mode::Doubles, 2), (Mode::Points, 3)] {
        let (mut game, fouler) = until_pieces_wait(placing_settings(mode), seed);
        let placing = game.rules().placing().unwrap().clone();
        let seats = mode.seats();
        let next = seats[(seats.iter().position(|s| *s == fouler).unwrap() + 1) % seats.len()];
        assert_eq!(placing.by, next, "{mode:?}: the seat after the fouler places");
        // The waiting pieces are off the board on the table, yet the rules count them on it.
        let board = game.rules().board();
        for kind in [PieceKind::White, PieceKind::Black] {
            let waiting = placing.pieces.iter().filter(|k| **k == kind).count();
            assert_eq!(on_board(&game, kind) + waiting, usize::from(board.on_board.get(kind)), "{mode:?}");
        }
        let to_play = game.rules().to_play().unwrap();
        let strike = game.place_striker(to_play, 0.0);
        assert_eq!(strike, Err(GameError::Rules(RulesError::PlacementOwed { by: placing.by })), "{mode:?}");
        let wrong = seats.iter().copied().find(|s| *s != placing.by).unwrap();
        assert!(matches!(game.place(wrong, &[]), Err(GameError::Rules(RulesError::NotYourPlacing { .. }))));
        // Placed where the placer chose, the pieces are on the board and play goes on.
        let mut spots = vec![];
        for &kind in &placing.pieces {
            let at = free_spot(&game, kind, &spots);
            spots.push(Spot { kind, at });
        }
        let ruling = game.place(placing.by, &spots).unwrap();
        assert_eq!(ruling.returned.len(), spots.len());
        for (returned, spot) in ruling.returned.iter().zip(&spots) {
            let piece = game.table().piece(returned.piece).unwrap();
            assert_eq!((piece.place, piece.position), (Place::Board, spot.at), "{mode:?}");
        }
        assert!(game.rules().placing().is_none());
        game.place_striker(to_play, 0.0).unwrap();
    }
}

#[test]
fn x3_a_spot_outside_the_circle_on_a_piece_or_for_the_wrong_piece_is_refused_and_moves_nothing() {
    let (mut game, _) = until_pieces_wait(placing_settings(Mode::Singles), 4);
    let placing = game.rules().placing().unwrap().clone();
    let kind = placing.pieces[0];
    let before = game.to_json().unwrap();
    let rest: Vec<Spot> = placing.pieces[1..]
        .iter()
        .enumerate()
        .map(|(i, &k)| Spot { kind: k, at: Vec2::new(-0.05, 0.02 * i as f32) })
        .collect();
    let outside = [vec![Spot { kind, at: Vec2::new(0.2, 0.0) }], rest.clone()].concat();
    assert!(matches!(game.place(placing.by, &outside), Err(GameError::Placement { .. })));
    let occupied =
        game.table().pieces().iter().find(|p| p.place == Place::Board && p.kind != PieceKind::Striker);
    if let Some(other) = occupied.filter(|p| p.position.length() < 0.06) {
        let on_top = [vec![Spot { kind, at: other.position }], rest.clone()].concat();
        assert!(matches!(game.place(placing.by, &on_top), Err(GameError::Placement { .. })));
    }
    let striker = [vec![Spot { kind: PieceKind::Striker, at: Vec2::ZERO }], rest.clone()].concat();
    assert!(game.place(placing.by, &striker).is_err());
    let twice = [placing.pieces.clone(), placing.pieces.clone()].concat();
    let twice: Vec<Spot> = twice.iter().map(|&k| Spot { kind: k, at: Vec2::ZERO }).collect();
    assert!(matches!(
        game.place(placing.by, &twice),
        Err(GameError::Rules(RulesError::WrongPiecesPlaced { .. }))
    ));
    assert_eq!(game.to_json().unwrap(), before, "a refused placement changes nothing");
}

#[test]
fn x3_the_queen_goes_as_near_the_centre_as_she_can() {
    use carrom_core::game::placement::refusal;
    // A white coin on the centre, everything else off the board: the queen's nearest free
    // spots touch it, on any side.
    let mut table = carrom_core::Table::new(BoardSpec::icf()).unwrap();
    let mut spots = vec![None; 19];
    spots[1] = Some(Vec2::ZERO);
    table.arrange(&spots).unwrap();
    let spec = table.spec().clone();
    let (rq, rc) = (spec.radius(PieceKind::Queen), spec.radius(PieceKind::White));
    let touching = rq + rc + 1e-5;
    for side in [
        Vec2::new(touching, 0.0),
        Vec2::new(0.0, -touching),
        Vec2::new(-1.0, 1.0).normalized().unwrap() * touching,
    ] {
        assert_eq!(refusal(&table, PieceKind::Queen, side, &[]), None, "beside the centre coin at {side:?}");
    }
    assert_eq!(refusal(&table, PieceKind::Queen, Vec2::ZERO, &[]), Some("it would overlap a piece there"));
    let far = Vec2::new(0.0, touching + 1.5 * rq);
    assert_eq!(
        refusal(&table, PieceKind::Queen, far, &[]),
        Some("the queen goes as near the centre as she can")
    );
    assert_eq!(refusal(&table, PieceKind::White, far, &[]), None, "a coin may go anywhere in the circle");
    // Pieces placed before her in the same placement cannot push her out: she goes first.
    let ring: Vec<Spot> = (0..6)
        .map(|i| {
            let a = i as f32 * std::f32::consts::TAU / 6.0;
            Spot { kind: PieceKind::Black, at: Vec2::new(a.cos(), a.sin()) * (2.0 * rc + 1e-5) }
        })
        .collect();
    let beyond = Vec2::new(0.0, 3.0 * rc + rq + 0.002);
    assert_eq!(
        refusal(&table, PieceKind::Queen, beyond, &ring),
        Some("the queen goes as near the centre as she can")
    );
    let outside = Vec2::new(spec.outer_circle_diameter / 2.0, 0.0);
    assert_eq!(
        refusal(&table, PieceKind::White, outside, &[]),
        Some("a returned piece goes wholly inside the outer circle")
    );
}

#[test]
fn x3_an_empty_placement_puts_them_where_x1_would_have() {
    for seed in [5, 6, 7] {
        let (mut placed, _) = until_pieces_wait(placing_settings(Mode::Singles), seed);
        let by = placed.rules().placing().unwrap().by;
        placed.place(by, &[]).unwrap();
        // The same strikes without an opponent placing: X1 at once.
        let strikes: Vec<Action> =
            placed.replay().actions.iter().filter(|a| matches!(a, Action::Strike { .. })).cloned().collect();
        let mut automatic = Game::new(BoardSpec::icf(), x1_settings(Mode::Singles), seed).unwrap();
        for strike in &strikes {
            automatic.perform(strike).unwrap();
        }
        assert_eq!(placed.table().snapshot().unwrap(), automatic.table().snapshot().unwrap(), "seed {seed}");
    }
}

#[test]
fn x3_the_placement_is_in_the_replay_and_the_save() {
    let (mut game, _) = until_pieces_wait(placing_settings(Mode::Singles), 8);
    // Saved while the pieces wait, loaded, placed: the same as placing without the save.
    let loaded = Game::from_json(&game.to_json().unwrap()).unwrap();
    assert_eq!(loaded.rules().placing(), game.rules().placing());
    let placing = game.rules().placing().unwrap().clone();
    let mut spots = vec![];
    for &kind in &placing.pieces {
        let at = free_spot(&game, kind, &spots);
        spots.push(Spot { kind, at });
    }
    let mut loaded = loaded;
    game.place(placing.by, &spots).unwrap();
    loaded.place(placing.by, &spots).unwrap();
    assert_eq!(loaded.to_json().unwrap(), game.to_json().unwrap());
    let mut rng = ChaCha8Rng::seed_from_u64(80);
    for _ in 0..6 {
        let Some(action) = random_strike(&game, &mut rng) else { break };
        if game.rules().placing().is_some() {
            break;
        }
        game.perform(&action).unwrap();
    }
    let replayed = game.replay().play().unwrap();
    assert_eq!(replayed.to_json().unwrap(), game.to_json().unwrap(), "the replay plays the placement again");
    assert_eq!(game.replay().judge().unwrap(), *game.rules(), "judged without the physics too");
}

#[test]
fn x3_alone_nobody_places_and_pieces_go_back_at_once() {
    let settings = MatchSettings::solo(Default::default());
    assert!(settings.rules.opponent_places);
    let mut game = Game::new(BoardSpec::icf(), settings, 9).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for _ in 0..200 {
        let Some(action) = random_strike(&game, &mut rng) else { break };
        game.perform(&action).unwrap();
        assert!(game.rules().placing().is_none(), "nobody else sits at the board");
        if game.rules().is_over() {
            break;
        }
    }
}

#[test]
fn x3_the_computer_places_every_waiting_piece_on_a_legal_spot_the_same_every_time() {
    for (mode, seed) in [(Mode::Singles, 11), (Mode::Doubles, 12), (Mode::Points, 13)] {
        let (mut game, _) = until_pieces_wait(placing_settings(mode), seed);
        let placing = game.rules().placing().unwrap().clone();
        let spots = carrom_core::ai::placement::place(game.table(), game.rules(), placing.by);
        assert_eq!(spots.len(), placing.pieces.len(), "{mode:?}: a spot for each waiting piece");
        assert_eq!(spots, carrom_core::ai::placement::place(game.table(), game.rules(), placing.by));
        // Nothing waits for any other seat.
        let other = mode.seats().iter().copied().find(|s| *s != placing.by).unwrap();
        assert!(carrom_core::ai::placement::place(game.table(), game.rules(), other).is_empty());
        game.place(placing.by, &spots).unwrap();
        assert!(game.rules().placing().is_none(), "{mode:?}");
    }
}

#[test]
fn x3_the_computer_weighs_a_shot_the_same_whoever_places_what_it_sends_back() {
    use carrom_core::ai::{plan_shot, Level};
    let (mut placed, _) = until_pieces_wait(placing_settings(Mode::Singles), 5);
    let by = placed.rules().placing().unwrap().by;
    placed.place(by, &[]).unwrap();
    let strikes: Vec<Action> =
        placed.replay().actions.iter().filter(|a| matches!(a, Action::Strike { .. })).cloned().collect();
    let mut automatic = Game::new(BoardSpec::icf(), x1_settings(Mode::Singles), 5).unwrap();
    for strike in &strikes {
        automatic.perform(strike).unwrap();
    }
    let seat = placed.rules().to_play().unwrap();
    for level in [Level::Medium, Level::Expert] {
        let with = plan_shot(placed.table(), placed.rules(), seat, level, 3).unwrap();
        let without = plan_shot(automatic.table(), automatic.rules(), seat, level, 3).unwrap();
        assert_eq!(with, without, "{level:?}: the same shot, whoever places what it sends back");
    }
}

#[test]
fn x3_a_person_placing_starts_from_where_x1_would_put_the_pieces() {
    use carrom_core::game::placement::{proposals, refusal};
    for seed in [5, 6, 7, 8] {
        let (mut game, _) = until_pieces_wait(placing_settings(Mode::Singles), seed);
        let placing = game.rules().placing().unwrap().clone();
        let proposed = proposals(game.table(), &placing.pieces);
        assert_eq!(proposed.len(), placing.pieces.len(), "seed {seed}: a spot for each waiting piece");
        let spots: Vec<Spot> =
            placing.pieces.iter().zip(&proposed).map(|(&kind, &at)| Spot { kind, at }).collect();
        for (i, spot) in spots.iter().enumerate() {
            assert_eq!(refusal(game.table(), spot.kind, spot.at, &spots[..i]), None, "seed {seed}");
        }
        if !placing.pieces.contains(&PieceKind::Queen) {
            let ruling = game.place(placing.by, &[]).unwrap();
            let x1: Vec<Vec2> = ruling.returned.iter().map(|r| r.at).collect();
            assert_eq!(proposed, x1, "seed {seed}: the proposals are X1's spots");
        }
    }
}

#[test]
fn x3_every_preset_has_the_opponent_place() {
    for name in Ruleset::PRESETS {
        let settings = MatchSettings::with_rules(Mode::Singles, Ruleset::preset(name).unwrap());
        assert!(settings.opponent_places(), "{name}");
    }
    // Alone nobody else sits at the board (CB1), and a ruleset may turn it off (X1).
    assert!(!MatchSettings::solo(Ruleset::classic()).opponent_places());
    assert!(!x1_settings(Mode::Doubles).opponent_places());
    // A save from before the setting: its ruleset fields without it read as off.
    let mut old = serde_json::to_value(MatchSettings::new(Mode::Singles)).unwrap();
    old.as_object_mut().unwrap().remove("opponent_places");
    let old: MatchSettings = serde_json::from_value(old).unwrap();
    assert!(!old.opponent_places(), "a match from before was played with X1");
}
