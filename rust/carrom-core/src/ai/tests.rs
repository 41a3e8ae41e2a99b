use super::*;
use crate::game::{Action, Game, Turn};
use crate::physics::{Place, Pocket};
use crate::piece::{PieceId, PieceKind};
use crate::rules::{MatchSettings, Mode, Ruleset};
use crate::spec::BoardSpec;

/// The seeds' singles with returned pieces back at once (X1): these tests weigh the shots a
/// seat plans, and a placement owed between strikes would only stand in their way.
pub(super) fn singles_x1() -> MatchSettings {
    MatchSettings::with_rules(Mode::Singles, Ruleset { opponent_places: false, ..Ruleset::classic() })
}

/// A singles game after its break, with the seat to play.
pub(super) fn after_break(seed: u64) -> Game {
    let mut game = Game::new(BoardSpec::icf(), singles_x1(), seed).unwrap();
    let seat = game.rules().to_play().unwrap();
    let dir = Vec2::ZERO - crate::baseline::striker_spot(game.table().spec(), seat, 0.0);
    game.perform(&Action::Strike { seat, offset: 0.0, direction: dir, speed: 6.5 }).unwrap();
    game
}

#[test]
fn every_planned_shot_is_legal_for_its_seat() {
    for seed in 0..6 {
        let game = after_break(seed);
        let seat = game.rules().to_play().unwrap();
        for level in Level::ALL {
            let shot = plan_shot(game.table(), game.rules(), seat, level, seed).unwrap();
            assert_eq!(shot.seat, seat);
            let mut table = game.table().clone_at_rest().unwrap();
            table.place_striker(seat, shot.offset).expect("K1-legal, free spot");
            table.strike(shot.direction, shot.speed).expect("forward, within the speed limit");
        }
    }
}

#[test]
fn the_break_is_planned_too() {
    let game = Game::new(BoardSpec::icf(), MatchSettings::default(), 4).unwrap();
    let seat = game.rules().to_play().unwrap();
    let shot = plan_shot(game.table(), game.rules(), seat, Level::Medium, 1).unwrap();
    assert!(shot.speed > 0.8 * game.table().spec().physics.max_striker_speed, "a break is struck hard");
}

#[test]
fn the_same_seed_gives_the_same_shot() {
    let game = after_break(3);
    let seat = game.rules().to_play().unwrap();
    for level in Level::ALL {
        let a = plan_shot(game.table(), game.rules(), seat, level, 42).unwrap();
        let b = plan_shot(game.table(), game.rules(), seat, level, 42).unwrap();
        assert_eq!(a, b);
    }
}

/// A position where the seat's last coin sits in the jaws of a far pocket, the queen covered:
/// pocketing it wins the board.
pub(super) fn coin_in_the_jaws(seed: u64) -> (Table, Match, PieceId) {
    let mut rules = Match::new(singles_x1(), seed).unwrap();
    let mut table = Table::new(BoardSpec::icf()).unwrap();
    let seat = rules.to_play().unwrap();
    let colour = rules.board().colour_of(rules.side_of(seat).unwrap()).unwrap();
    for kinds in [vec![colour], vec![PieceKind::Queen, colour], vec![colour; 6]] {
        rules.begin_strike(seat).unwrap();
        rules.resolve(&crate::rules::ShotSummary::pocketing(&kinds)).unwrap();
    }
    assert_eq!(rules.to_play(), Some(seat));
    let spec = table.spec().clone();
    let mut own = table.pieces().iter().filter(|p| p.kind == colour).map(|p| p.id).collect::<Vec<_>>();
    let coin = own.pop().unwrap();
    for id in own.into_iter().chain([PieceId::QUEEN]) {
        table.set_piece(id, Place::Pocket(Pocket(0)), Pocket(0).centre(&spec)).unwrap();
    }
    let pocket = Pocket::ALL.into_iter().find(|p| p.centre(&spec).dot(seat.towards()) < 0.0).unwrap();
    let inward = (-pocket.centre(&spec)).normalized().unwrap();
    let jaws = pocket.centre(&spec) + inward * (spec.pocket_radius() + spec.coin_diameter / 2.0 + 0.004);
    table.set_piece(coin, Place::Board, jaws).unwrap();
    (table, rules, coin)
}

#[test]
fn above_easy_a_coin_in_the_jaws_is_pocketed() {
    for seed in [1, 2, 5] {
        let (start, rules, coin) = coin_in_the_jaws(seed);
        let seat = rules.to_play().unwrap();
        for level in [Level::Medium, Level::Hard] {
            let shot = plan_shot(&start, &rules, seat, level, seed).unwrap();
            let mut table = start.clone_at_rest().unwrap();
            table.place_striker(seat, shot.offset).unwrap();
            table.strike(shot.direction, shot.speed).unwrap();
            let report = table.run_to_rest().unwrap();
            assert!(
                report.pocketed.iter().any(|p| p.piece == coin),
                "{level:?} seed {seed} missed: {shot:?} {report:?}"
            );
        }
    }
}

#[test]
fn a_cancelled_search_still_answers_with_a_legal_shot() {
    let game = after_break(9);
    let seat = game.rules().to_play().unwrap();
    let shot =
        plan(game.table(), game.rules(), seat, Level::Hard, 1, Budget::default(), &AtomicBool::new(true))
            .unwrap()
            .played;
    let mut table = game.table().clone_at_rest().unwrap();
    assert!(table.place_striker(seat, shot.offset).is_ok());
}

#[test]
fn every_phase_of_the_search_keeps_to_a_spent_time_limit() {
    let game = after_break(4);
    let seat = game.rules().to_play().unwrap();
    let spent = Budget { time_limit: Some(Duration::ZERO) };
    let plan =
        plan(game.table(), game.rules(), seat, Level::Hard, 4, spent, &AtomicBool::new(false)).unwrap();
    // One candidate and nothing more: no nudges, no wobble check. Nothing past the limit but
    // the one shot a decision needs, so however busy the machine, the limit is overrun by one
    // shot at most (figures in docs/benchmarks.md).
    assert_eq!(plan.simulations, 1);
    let free = plan_with_no_limit(&game, seat);
    assert!(free > 1, "without a limit the search goes on ({free} shots)");
    // The expert's first look, full step and look ahead keep to it too: one shot on the coarse
    // table is its decision.
    let expert =
        super::plan(game.table(), game.rules(), seat, Level::Expert, 4, spent, &AtomicBool::new(false))
            .unwrap();
    assert_eq!(expert.simulations, 1);
    assert!(game.table().check_striker_spot(seat, expert.played.offset).is_ok(), "and a legal one");
    // Alone and told its hand, the expert weighs its shots over the hand: that keeps to it too.
    let alone = alone_after_break(0.0);
    let seat = alone.rules().to_play().unwrap();
    let told = Player { level: Level::Expert, hand: Some(Hand::CARROM_RL) };
    let decided = plan_as(alone.table(), alone.rules(), seat, told, 4, spent, &AtomicBool::new(false));
    assert_eq!(decided.map(|p| p.simulations), Ok(1));
}

/// Runs `f` on a pool of `threads` worker threads.
fn on_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(f)
}

#[test]
fn every_level_plans_the_same_shot_on_any_number_of_threads() {
    let game = after_break(5);
    let seat = game.rules().to_play().unwrap();
    for level in Level::ALL {
        let decide = || {
            super::plan(
                game.table(),
                game.rules(),
                seat,
                level,
                77,
                Budget::default(),
                &AtomicBool::new(false),
            )
            .unwrap()
        };
        let one = on_threads(1, decide);
        for threads in [2, 3] {
            assert_eq!(on_threads(threads, decide), one, "{level:?} on {threads} threads");
        }
    }
}

fn plan_with_no_limit(game: &Game, seat: crate::seat::Seat) -> u32 {
    let budget = Budget::default();
    plan(game.table(), game.rules(), seat, Level::Easy, 4, budget, &AtomicBool::new(false))
        .unwrap()
        .simulations
}

/// `coin_in_the_jaws` turned round: the seat's last coin sits in the centre inside a ring of
/// six opponent's coins, where nothing pockets it, and another opponent's coin waits in the
/// jaws of a pocket on the far side.
fn nothing_to_pocket_and_an_easy_coin_left(seed: u64) -> (Table, Match, PieceId) {
    let (mut table, rules, own) = coin_in_the_jaws(seed);
    let seat = rules.to_play().unwrap();
    let spec = table.spec().clone();
    let colour = rules.board().colour_of(rules.side_of(seat).unwrap()).unwrap();
    let theirs = table
        .pieces()
        .iter()
        .filter(|p| p.kind.is_coin() && p.kind != colour)
        .map(|p| p.id)
        .collect::<Vec<_>>();
    for id in &theirs {
        table.set_piece(*id, Place::Pocket(Pocket(1)), Pocket(1).centre(&spec)).unwrap();
    }
    table.set_piece(own, Place::Board, Vec2::ZERO).unwrap();
    let (ring, rest) = theirs.split_at(6);
    for (i, id) in ring.iter().enumerate() {
        let angle = std::f32::consts::TAU * i as f32 / 6.0;
        let at = Vec2::new(libm::cosf(angle), libm::sinf(angle)) * (spec.coin_diameter + 0.0005);
        table.set_piece(*id, Place::Board, at).unwrap();
    }
    let easy = &rest[0];
    let pocket = Pocket::ALL.into_iter().find(|p| p.centre(&spec).dot(seat.towards()) < 0.0).unwrap();
    let inward = (-pocket.centre(&spec)).normalized().unwrap();
    let jaws = pocket.centre(&spec) + inward * (spec.pocket_radius() + spec.coin_diameter / 2.0 + 0.01);
    table.set_piece(*easy, Place::Board, jaws).unwrap();
    (table, rules, *easy)
}

#[test]
fn with_nothing_to_pocket_the_expert_breaks_up_the_coin_it_would_leave_the_opponent() {
    for seed in [1, 2] {
        let (start, rules, easy) = nothing_to_pocket_and_an_easy_coin_left(seed);
        let seat = rules.to_play().unwrap();
        let jaws = start.pieces()[easy.index()].position;
        let budget = Budget::default();
        let decision =
            plan(&start, &rules, seat, Level::Expert, seed, budget, &AtomicBool::new(false)).unwrap();
        let mut table = start.clone_at_rest().unwrap();
        let mut after = rules.clone();
        let ruling = Turn::judged(&mut table, &mut after).perform(&decision.intended.action()).unwrap();
        assert!(ruling.verdict.fouls().is_empty(), "seed {seed}: a safety, not a foul: {:?}", ruling.verdict);
        let moved = table.pieces()[easy.index()].position.distance(jaws);
        assert!(moved > 0.05, "seed {seed}: the coin in the jaws moved only {moved} m");
    }
}

/// The seat holds eight coins and the queen is in the jaws of a far pocket. Its last coin lies
/// in the jaws of the other far pocket (`cover` set), ready to cover her, or in the centre
/// inside a ring of the opponent's coins, where nothing covers her.
pub(super) fn queen_in_the_jaws(seed: u64, cover: bool) -> (Table, Match, PieceId) {
    let mut rules = Match::new(singles_x1(), seed).unwrap();
    let mut table = Table::new(BoardSpec::icf()).unwrap();
    let seat = rules.to_play().unwrap();
    let colour = rules.board().colour_of(rules.side_of(seat).unwrap()).unwrap();
    for kinds in [vec![colour], vec![colour; 7]] {
        rules.begin_strike(seat).unwrap();
        rules.resolve(&crate::rules::ShotSummary::pocketing(&kinds)).unwrap();
    }
    let spec = table.spec().clone();
    for id in table
        .pieces()
        .iter()
        .filter(|p| p.kind.is_coin() || p.kind == PieceKind::Queen)
        .map(|p| p.id)
        .collect::<Vec<_>>()
    {
        table.set_piece(id, Place::Pocket(Pocket(0)), Pocket(0).centre(&spec)).unwrap();
    }
    let jaws = |pocket: Pocket| {
        let inward = (-pocket.centre(&spec)).normalized().unwrap();
        pocket.centre(&spec) + inward * (spec.pocket_radius() + spec.coin_diameter / 2.0 + 0.004)
    };
    let far: Vec<Pocket> =
        Pocket::ALL.into_iter().filter(|p| p.centre(&spec).dot(seat.towards()) < 0.0).collect();
    table.set_piece(PieceId::QUEEN, Place::Board, jaws(far[0])).unwrap();
    let last = table.pieces().iter().find(|p| p.kind == colour).unwrap().id;
    let theirs: Vec<PieceId> =
        table.pieces().iter().filter(|p| p.kind.is_coin() && p.kind != colour).map(|p| p.id).collect();
    if cover {
        table.set_piece(last, Place::Board, jaws(far[1])).unwrap();
    } else {
        table.set_piece(last, Place::Board, Vec2::ZERO).unwrap();
        for (i, id) in theirs[..6].iter().enumerate() {
            let angle = std::f32::consts::TAU * i as f32 / 6.0;
            let at = Vec2::new(libm::cosf(angle), libm::sinf(angle)) * (spec.coin_diameter + 0.0005);
            table.set_piece(*id, Place::Board, at).unwrap();
        }
    }
    (table, rules, last)
}

#[test]
fn q_the_expert_pockets_the_queen_only_when_a_cover_can_follow() {
    for seed in [1, 2, 3, 4] {
        for cover in [true, false] {
            let (start, rules, _) = queen_in_the_jaws(seed, cover);
            let seat = rules.to_play().unwrap();
            let budget = Budget::default();
            let decision =
                plan(&start, &rules, seat, Level::Expert, seed, budget, &AtomicBool::new(false)).unwrap();
            let mut table = start.clone_at_rest().unwrap();
            let report =
                Turn::judged(&mut table, &mut rules.clone()).perform(&decision.intended.action()).unwrap();
            let queen = report.report.unwrap().pocketed.iter().any(|p| p.piece == PieceId::QUEEN);
            assert_eq!(queen, cover, "seed {seed}, cover {cover}: queen pocketed {queen}");
        }
    }
}

#[test]
fn a_given_hand_is_off_by_its_spread_and_keeps_every_shot_legal() {
    let game = after_break(5);
    let seat = game.rules().to_play().unwrap();
    // A shot well below the striker's top speed, so that no pace is held to it.
    let meant = Shot { seat, offset: 0.05, direction: -seat.towards(), speed: 3.0 };
    let hand = Hand::CARROM_RL;
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let (mut turns, mut paces) = (vec![], vec![]);
    for _ in 0..4000 {
        let spoiled = hand.spoil(game.table(), meant, &mut rng);
        assert!(seat.is_forward(spoiled.direction), "the striker still goes forward");
        let d = meant.direction.normalized().unwrap();
        let cross = d.x * spoiled.direction.y - d.y * spoiled.direction.x;
        turns.push(libm::atan2f(cross, d.dot(spoiled.direction)));
        paces.push(spoiled.speed / meant.speed);
    }
    let spread = |v: &[f32], centre: f32| {
        let mean = v.iter().sum::<f32>() / v.len() as f32;
        let sd = (v.iter().map(|x| (x - mean).powi(2)).sum::<f32>() / v.len() as f32).sqrt();
        (mean - centre, sd)
    };
    let (bias, sd) = spread(&turns, 0.0);
    assert!(bias.abs() < 0.002 && (sd / hand.aim - 1.0).abs() < 0.05, "aim: bias {bias}, sd {sd}");
    let (bias, sd) = spread(&paces, 1.0);
    assert!(bias.abs() < 0.001 && (sd / hand.pace - 1.0).abs() < 0.05, "pace: bias {bias}, sd {sd}");
}

#[test]
fn a_player_given_a_hand_plans_a_legal_shot_it_meant_and_the_hand_spoils_it() {
    let game = after_break(2);
    let seat = game.rules().to_play().unwrap();
    let player = Player { level: Level::Hard, hand: Some(Hand::CARROM_RL) };
    let plan =
        plan_as(game.table(), game.rules(), seat, player, 7, Budget::default(), &AtomicBool::new(false))
            .unwrap();
    assert_ne!(plan.intended, plan.played, "the hand is off");
    for shot in [plan.intended, plan.played] {
        let mut table = game.table().clone_at_rest().unwrap();
        table.place_striker(seat, shot.offset).expect("K1-legal, free spot");
        table.strike(shot.direction, shot.speed).expect("forward, within the speed limit");
    }
    let again =
        plan_as(game.table(), game.rules(), seat, player, 7, Budget::default(), &AtomicBool::new(false))
            .unwrap();
    assert_eq!(plan, again, "the same seed, the same decision and the same spoiling");
}

/// A game alone whose last two coins lie in the player's own corners, behind the baseline,
/// where the seed-2 board of `cargo xtask clear` left them: no pocketing line the geometry
/// finds gets there.
fn coins_in_own_corners() -> (Table, Match, [PieceId; 2]) {
    let mut rules = Match::new(MatchSettings::solo(crate::rules::Ruleset::classic()), 2).unwrap();
    let seat = rules.to_play().unwrap();
    for kinds in
        [vec![PieceKind::White; 9], vec![PieceKind::Queen, PieceKind::Black], vec![PieceKind::Black; 6]]
    {
        rules.begin_strike(seat).unwrap();
        rules.resolve(&crate::rules::ShotSummary::pocketing(&kinds)).unwrap();
    }
    let mut table = Table::new(BoardSpec::icf()).unwrap();
    let spec = table.spec().clone();
    let coins: Vec<PieceId> = table.pieces().iter().filter(|p| p.kind.is_coin()).map(|p| p.id).collect();
    for id in coins.iter().skip(2).copied().chain([PieceId::QUEEN]) {
        table.set_piece(id, Place::Pocket(Pocket(0)), Pocket(0).centre(&spec)).unwrap();
    }
    // Seat 0's own corners: towards the seat, a little in from each side.
    let (back, side) = (seat.towards(), seat.right());
    let corner = |s: f32| back * 0.333 + side * (s * 0.305);
    table.set_piece(coins[0], Place::Board, corner(1.0)).unwrap();
    table.set_piece(coins[1], Place::Board, corner(-1.0)).unwrap();
    (table, rules, [coins[0], coins[1]])
}

#[test]
fn cb1_alone_with_only_coins_in_its_own_corners_the_computer_still_moves_one() {
    let (start, rules, corner_coins) = coins_in_own_corners();
    let seat = rules.to_play().unwrap();
    for level in [Level::Medium, Level::Hard, Level::Expert] {
        let plan = plan(&start, &rules, seat, level, 3, Budget::default(), &AtomicBool::new(false)).unwrap();
        let mut table = start.clone_at_rest().unwrap();
        table.place_striker(seat, plan.intended.offset).unwrap();
        table.strike(plan.intended.direction, plan.intended.speed).unwrap();
        table.run_to_rest().unwrap();
        let moved = corner_coins.iter().any(|id| {
            let (before, after) = (&start.pieces()[id.index()], &table.pieces()[id.index()]);
            before.place != after.place || before.position.distance(after.position) > 0.002
        });
        assert!(moved, "{level:?} played a shot that moves nothing: {:?}", plan.intended);
    }
}

#[test]
fn cb1_alone_medium_clears_the_boards_where_its_cut_list_kept_only_hits_from_one_end() {
    // Boards of `cargo xtask clear --levels medium` that went to the cap: on 252 the last coin
    // lay against the player's own cushion, every hit the cut list kept came from the far end
    // of the baseline, and each missed it or pocketed the striker, strike after strike.
    for seed in [23, 252] {
        let board = clear_alone(seed, Level::Medium.into(), 80, Budget::default(), |_, _| {}).unwrap();
        assert!(board.cleared, "board {seed} not cleared in {} strikes", board.strikes);
    }
}

#[test]
fn cb1_alone_medium_banks_off_the_far_cushion_onto_a_coin_by_its_own_pocket() {
    // Boards that went to the cap after the hits were spread: one coin a few centimetres from
    // a pocket at the player's back, which only a bank off the far cushion reaches. Every bank
    // aimed by the mirror ran wide of it (the cushion narrows the striker's angle), so every
    // line was a shot that moves nothing, strike after strike.
    for seed in [163, 354] {
        let board = clear_alone(seed, Level::Medium.into(), 80, Budget::default(), |_, _| {}).unwrap();
        assert!(board.cleared, "board {seed} not cleared in {} strikes", board.strikes);
    }
}

/// Whether `shot` fouls when played on `table` under `rules`.
fn fouls(table: &Table, rules: &Match, shot: Shot) -> bool {
    let (mut table, mut rules) = (table.clone_at_rest().unwrap(), rules.clone());
    let ruling = Turn::judged(&mut table, &mut rules).perform(&shot.action()).unwrap();
    !ruling.verdict.fouls().is_empty()
}

#[test]
fn the_expert_picks_shots_that_stay_clean_struck_a_little_harder_or_softer() {
    // A straight shot at the exact pace may stop the striker at the pocket's lip, and one per
    // cent more send it in after the coin: the expert's hand is that far off in pace.
    let pace = Level::Expert.style().speed_noise;
    let mut fragile = vec![];
    for seed in 0..8 {
        let game = after_break(seed);
        let seat = game.rules().to_play().unwrap();
        let budget = Budget::default();
        let decision =
            plan(game.table(), game.rules(), seat, Level::Expert, seed, budget, &AtomicBool::new(false))
                .unwrap();
        let meant = decision.intended;
        if fouls(game.table(), game.rules(), meant) {
            continue;
        }
        let max = game.table().spec().physics.max_striker_speed;
        for factor in [1.0 - pace, 1.0 + pace] {
            let struck = Shot { speed: (meant.speed * factor).min(max), ..meant };
            if fouls(game.table(), game.rules(), struck) {
                fragile.push((seed, factor));
            }
        }
    }
    assert!(fragile.is_empty(), "shots that foul a little off pace (seed, pace): {fragile:?}");
}

/// A board alone after a break at the centre from `offset` metres along the baseline.
fn alone_after_break(offset: f32) -> Game {
    let settings = MatchSettings::solo(crate::rules::Ruleset::classic());
    let mut game = Game::new(BoardSpec::icf(), settings, 1).unwrap();
    let seat = game.rules().to_play().unwrap();
    let dir = Vec2::ZERO - crate::baseline::striker_spot(game.table().spec(), seat, offset);
    game.perform(&Action::Strike { seat, offset, direction: dir, speed: 6.5 }).unwrap();
    game
}

/// How often `shot` pockets a piece without a foul as `hand` plays it, over `draws` tries.
fn chance(game: &Game, shot: Shot, hand: Hand, draws: usize) -> f32 {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let made = (0..draws)
        .filter(|_| {
            let (mut table, mut rules) = (game.table().clone_at_rest().unwrap(), game.rules().clone());
            let played = hand.spoil(&table, shot, &mut rng);
            let ruling = Turn::judged(&mut table, &mut rules).perform(&played.action()).unwrap();
            ruling.verdict.fouls().is_empty() && ruling.report.is_some_and(|r| !r.pocketed.is_empty())
        })
        .count();
    made as f32 / draws as f32
}

#[test]
fn cb1_alone_with_carrom_rl_hand_the_expert_plays_the_shots_that_hand_brings_off() {
    // Struck perfectly, most shots that pocket a coin are worth alike; 2° off, few of them
    // still go in. The expert told its hand picks among them by how often that hand makes them.
    let (mut knowing, mut unknowing) = (0.0, 0.0);
    for offset in [-0.15, -0.09, -0.03, 0.03, 0.09, 0.15] {
        let game = alone_after_break(offset);
        let seat = game.rules().to_play().unwrap();
        let pick = |hand| {
            let player = Player { level: Level::Expert, hand };
            plan_as(game.table(), game.rules(), seat, player, 5, Budget::default(), &AtomicBool::new(false))
                .unwrap()
                .intended
        };
        let (told, untold) = (pick(Some(Hand::CARROM_RL)), pick(None));
        let (a, b) = (chance(&game, told, Hand::CARROM_RL, 48), chance(&game, untold, Hand::CARROM_RL, 48));
        knowing += a;
        unknowing += b;
    }
    assert!(knowing > unknowing + 0.4, "told its hand {knowing}, not told {unknowing} (sums over 6 boards)");
}

#[test]
fn the_computers_fallback_shot_goes_straight_ahead_gently_from_a_free_spot() {
    let mut table = Table::new(BoardSpec::icf()).unwrap();
    for seat in Seat::ALL {
        let shot = fallback_shot(&table, seat);
        table.check_striker_spot(seat, shot.offset).unwrap();
        table.check_flick(seat, shot.direction, shot.speed).unwrap();
        assert!(shot.direction.dot(-seat.towards()) > 0.999, "{seat} strikes straight ahead");
        assert!(shot.speed < table.spec().physics.max_striker_speed / 2.0, "gently");
    }
    // A coin on the middle of the baseline: the striker stands aside, still on a legal spot.
    let seat = Seat::ALL[0];
    let middle = crate::baseline::striker_spot(table.spec(), seat, 0.0);
    table.set_piece(PieceId::QUEEN, Place::Board, middle).unwrap();
    let shot = fallback_shot(&table, seat);
    assert!(shot.offset.abs() > 0.0);
    table.check_striker_spot(seat, shot.offset).unwrap();
}
