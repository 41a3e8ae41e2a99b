//! `cargo xtask selfplay --games N --levels expert,hard --mode singles --ruleset classic
//! --threads 2 [--placing computer,centre]` (carrom-lab, in release): the computer plays whole matches against itself and
//! reports how each level does, how fast it decides, and the load of the machine meanwhile.

use carrom_core::ai::{plan, Budget, Level, Shot};
use carrom_core::game::{Game, Turn};
use carrom_core::rules::{Match, MatchSettings, Mode, Outcome, Ruleset};
use carrom_core::{BoardSpec, Table};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

#[derive(Default)]
struct Tally {
    /// Sides this level played, over all matches, and the matches it won or drew (any of its
    /// sides).
    sides: u32,
    wins: u32,
    draws: u32,
    points: u32,
    strikes_after_break: u32,
    pocketing_strikes: u32,
    strikes: u32,
    fouls_as_meant: u32,
    fouls_by_hand: u32,
    simulations: u64,
    times: Vec<Duration>,
}

/// Strikes after which an unfinished match is abandoned (it never happens in practice).
const STRIKE_CAP: usize = 3000;

struct Options {
    games: u32,
    levels: [Level; 2],
    /// How each player places returned pieces (RULES.md X3), when an opponent places them:
    /// `true` the computer's choice, `false` nearest the centre (X1).
    placers: Option<[bool; 2]>,
    settings: MatchSettings,
    threads: usize,
}

fn options(args: &[String]) -> Result<Options, String> {
    let mut games = 10u32;
    let mut levels = [Level::Hard, Level::Easy];
    let mut rules = Ruleset::classic();
    let mut mode = Mode::Singles;
    let mut threads = 0;
    let mut placers = None;
    let names = |all: &[&str]| all.join(", ");
    let level_names = names(&Level::ALL.map(Level::name));
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let mut value = || rest.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--games" => {
                let value = value()?;
                games = value.parse().map_err(|_| format!("--games takes a number, got {value}"))?;
            }
            "--levels" => {
                let value = value()?;
                let named: Option<Vec<Level>> = value.split(',').map(Level::from_name).collect();
                levels = named
                    .and_then(|n| n.try_into().ok())
                    .ok_or(format!("--levels takes two of {level_names}, e.g. expert,hard: got {value}"))?;
            }
            "--mode" => {
                let value = value()?;
                mode = Mode::from_name(value).ok_or(format!(
                    "--mode takes one of {}: got {value}",
                    names(&Mode::ALL.map(Mode::name))
                ))?;
            }
            "--ruleset" => rules = Ruleset::preset(value()?).map_err(|e| e.to_string())?,
            "--threads" => {
                let value = value()?;
                threads = value
                    .parse()
                    .ok()
                    .filter(|n| (1..=256).contains(n))
                    .ok_or(format!("--threads takes a number from 1 to 256, got {value}"))?;
            }
            "--placing" => {
                let value = value()?;
                let named: Option<Vec<bool>> = value
                    .split(',')
                    .map(|p| match p {
                        "computer" => Some(true),
                        "centre" => Some(false),
                        _ => None,
                    })
                    .collect();
                placers = Some(named.and_then(|n| n.try_into().ok()).ok_or(format!(
                    "--placing takes two of computer, centre (who places returned pieces how), e.g. computer,centre: got {value}"
                ))?);
            }
            other => return Err(format!("selfplay: unknown argument {other}")),
        }
    }
    let rules = Ruleset { opponent_places: placers.is_some(), ..rules };
    let settings = MatchSettings::with_rules(mode, rules);
    Ok(Options { games, levels, placers, settings, threads })
}

pub fn run(args: &[String]) -> Result<(), String> {
    let options = options(args)?;
    // 0 threads: rayon's choice, one per core.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .thread_name(|i| format!("selfplay-{i}"))
        .build()
        .map_err(|e| format!("could not start the worker threads: {e}"))?;
    let load_before = load_average();
    let started = Instant::now();
    let mut tallies = [Tally::default(), Tally::default()];
    for g in 0..options.games {
        pool.install(|| play_one(&options, u64::from(g), &mut tallies))?;
    }
    let s = &options.settings;
    println!(
        "{} {} matches of {} to {}, {} against {}, {} worker threads, {:.0} s",
        options.games,
        s.mode.name(),
        s.rules.name,
        s.rules.target_points,
        options.levels[0].name(),
        options.levels[1].name(),
        pool.current_num_threads(),
        started.elapsed().as_secs_f64(),
    );
    if let Some(placers) = options.placers {
        let how = |p: bool| if p { "the computer's choice" } else { "nearest the centre" };
        println!("returned pieces placed by the opponent: {}, against {}", how(placers[0]), how(placers[1]));
    }
    println!("load average (1, 5, 15 min): {load_before} before, {} after", load_average());
    for (level, t) in options.levels.iter().zip(&mut tallies) {
        report(*level, t);
    }
    Ok(())
}

fn report(level: Level, t: &mut Tally) {
    t.times.sort();
    let pick = |q: f64| {
        t.times.get(((t.times.len() as f64 - 1.0) * q).round() as usize).copied().unwrap_or_default()
    };
    let thinking: f64 = t.times.iter().map(Duration::as_secs_f64).sum();
    let per_strike = |n: u32| f64::from(n) / f64::from(t.strikes.max(1));
    println!(
        "{:>6}: {} wins, {} draws in {} sides played, {} points; pockets an own piece on {:.0}% of \
         strikes after the break; fouls per strike {:.3} as meant, {:.3} by the hand; decision \
         {:.0} ms median, {:.0} ms p95; {:.0} shots simulated per second",
        level.name(),
        t.wins,
        t.draws,
        t.sides,
        t.points,
        100.0 * f64::from(t.pocketing_strikes) / f64::from(t.strikes_after_break.max(1)),
        per_strike(t.fouls_as_meant),
        per_strike(t.fouls_by_hand),
        pick(0.5).as_secs_f64() * 1e3,
        pick(0.95).as_secs_f64() * 1e3,
        t.simulations as f64 / thinking.max(1e-9),
    );
}

/// The load average as the kernel reports it, where it does.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// Whether the shot as the computer meant it (without its hand's noise) is a foul.
fn fouls_as_meant(table: &Table, rules: &Match, shot: &Shot) -> bool {
    let (Some(mut table), mut rules) = (table.clone_at_rest(), rules.clone()) else { return false };
    Turn::judged(&mut table, &mut rules).perform(&shot.action()).is_ok_and(|r| !r.verdict.fouls().is_empty())
}

/// One match: side `s` plays level `(s + g) % 2`, so each level breaks first equally often and,
/// with three players, has two seats in every other match.
fn play_one(options: &Options, g: u64, tallies: &mut [Tally; 2]) -> Result<(), String> {
    let settings = &options.settings;
    let mut game = Game::new(BoardSpec::icf(), settings.clone(), g).map_err(|e| e.to_string())?;
    let who = |side: usize| (side + g as usize) % 2;
    let mut strikes = 0;
    for strike in 0..STRIKE_CAP {
        strikes = strike + 1;
        let Some(seat) = game.rules().to_play() else { break };
        if let Some(winner) = game.rules().toss() {
            game.choose_break(winner, carrom_core::ai::BREAKS_AFTER_TOSS).map_err(|e| e.to_string())?;
            continue;
        }
        place_returned(options, &mut game, &who)?;
        let side = game.rules().side_of(seat).ok_or("seat without side")?;
        let t = who(side.index());
        let broken = game.rules().board().broken;
        let board = game.rules().board().clone();
        let started = Instant::now();
        let decision = plan(
            game.table(),
            game.rules(),
            seat,
            options.levels[t],
            g * 100_000 + strike as u64,
            Budget::default(),
            &AtomicBool::new(false),
        )
        .map_err(|e| e.to_string())?;
        tallies[t].times.push(started.elapsed());
        tallies[t].simulations += u64::from(decision.simulations);
        let meant_foul = fouls_as_meant(game.table(), game.rules(), &decision.intended);
        let ruling = game.perform(&decision.played.action()).map_err(|e| e.to_string())?;
        let tally = &mut tallies[t];
        tally.strikes += 1;
        if broken {
            tally.strikes_after_break += 1;
            // An own piece: a coin of its colour, or any coin without colours.
            let own =
                ruling.report.as_ref().is_some_and(|r| r.pocketed_kinds().any(|k| board.is_own(side, k)));
            tally.pocketing_strikes += u32::from(own);
        }
        let fouled = !ruling.verdict.fouls().is_empty();
        tally.fouls_as_meant += u32::from(meant_foul);
        tally.fouls_by_hand += u32::from(fouled && !meant_foul);
    }
    let scores = game.rules().scores();
    let sides: Vec<&str> = (0..scores.len()).map(|s| options.levels[who(s)].name()).collect();
    let end = match game.rules().outcome() {
        Some(Outcome::Won(w)) => format!("side {} ({}) won", w.index(), sides[w.index()]),
        Some(Outcome::Drawn(_)) => "drawn".into(),
        None => format!("unfinished after {STRIKE_CAP} strikes"),
    };
    let games = game.rules().games_won();
    eprintln!("match {g}: {end}, scores {scores:?}, games {games:?} (sides {sides:?}), {strikes} strikes");
    let (mut won, mut drew) = ([false; 2], [false; 2]);
    for (side, points) in scores.iter().enumerate() {
        let tally = &mut tallies[who(side)];
        tally.sides += 1;
        tally.points += points;
        match game.rules().outcome() {
            Some(Outcome::Won(w)) if w.index() == side => won[who(side)] = true,
            Some(Outcome::Drawn(d)) if d.iter().any(|s| s.index() == side) => drew[who(side)] = true,
            _ => {}
        }
    }
    for (tally, (won, drew)) in tallies.iter_mut().zip(won.into_iter().zip(drew)) {
        tally.wins += u32::from(won);
        tally.draws += u32::from(drew);
    }
    Ok(())
}

/// Returned pieces waiting for a player (RULES.md X3) placed as that player's `--placing` says.
fn place_returned(options: &Options, game: &mut Game, who: &dyn Fn(usize) -> usize) -> Result<(), String> {
    let (Some(placers), Some(placing)) = (options.placers, game.rules().placing().cloned()) else {
        return Ok(());
    };
    let side = game.rules().side_of(placing.by).ok_or("placer without side")?;
    let spots = if placers[who(side.index())] {
        carrom_core::ai::placement::place(game.table(), game.rules(), placing.by)
    } else {
        vec![]
    };
    game.place(placing.by, &spots).map(drop).map_err(|e| e.to_string())
}
