//! `cargo xtask selfplay --games N --levels hard,easy --ruleset freestyle` (carrom-lab, in
//! release): the computer plays whole singles matches against itself under a preset ruleset and
//! reports how each level does.

use carrom_core::ai::{plan, Budget, Level, Shot};
use carrom_core::game::{Game, Turn};
use carrom_core::rules::Match;
use carrom_core::rules::{MatchSettings, Mode, Outcome, RuleEvent, Ruleset};
use carrom_core::BoardSpec;
use carrom_core::Table;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

#[derive(Default)]
struct Tally {
    games: u32,
    wins: u32,
    draws: u32,
    points: u32,
    strikes_after_break: u32,
    pocketing_strikes: u32,
    strikes: u32,
    fouls: u32,
    deliberate_fouls: u32,
    boards: u32,
    times: Vec<Duration>,
}

/// Strikes after which an unfinished match is abandoned (it never happens in practice).
const STRIKE_CAP: usize = 3000;

pub fn run(args: &[String]) -> Result<(), String> {
    let mut games = 10u32;
    let mut levels = [Level::Hard, Level::Easy];
    let mut rules = Ruleset::classic();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--games" => {
                let value = rest.next().ok_or("--games needs a number")?;
                games = value.parse().map_err(|_| format!("--games takes a number, got {value}"))?;
            }
            "--levels" => {
                let value = rest.next().ok_or("--levels needs two levels, e.g. hard,easy")?;
                let named: Vec<Level> = value.split(',').filter_map(Level::from_name).collect();
                levels = named
                    .try_into()
                    .map_err(|_| format!("--levels takes two of easy, medium, hard: {value}"))?;
            }
            "--ruleset" => {
                let value = rest.next().ok_or("--ruleset needs a preset: classic, freestyle or disc_pool")?;
                rules = Ruleset::preset(value).map_err(|e| e.to_string())?;
            }
            other => return Err(format!("selfplay: unknown argument {other}")),
        }
    }
    let mut tallies = [Tally::default(), Tally::default()];
    let settings = MatchSettings::with_rules(Mode::Singles, rules);
    for g in 0..games {
        play_one(&settings, u64::from(g), levels, &mut tallies)?;
    }
    println!(
        "{games} singles matches of {} to {}, {} against {}",
        settings.rules.name,
        settings.rules.target_points,
        levels[0].name(),
        levels[1].name()
    );
    for (level, t) in levels.iter().zip(&mut tallies) {
        t.times.sort();
        let pick = |q: f64| {
            t.times.get(((t.times.len() as f64 - 1.0) * q).round() as usize).copied().unwrap_or_default()
        };
        println!(
            "{:>6}: {} wins, {} draws, {} points; pockets an own piece on {:.0}% of strikes after the break; \
             {:.2} fouls per board ({:.3} per strike, {:.3} as meant); decision {:.0} ms median, {:.0} ms p95",
            level.name(),
            t.wins,
            t.draws,
            t.points,
            100.0 * f64::from(t.pocketing_strikes) / f64::from(t.strikes_after_break.max(1)),
            f64::from(t.fouls) / f64::from(t.boards.max(1)),
            f64::from(t.fouls) / f64::from(t.strikes.max(1)),
            f64::from(t.deliberate_fouls) / f64::from(t.strikes.max(1)),
            pick(0.5).as_secs_f64() * 1e3,
            pick(0.95).as_secs_f64() * 1e3,
        );
    }
    Ok(())
}

/// Whether the shot as the computer meant it (without its hand's noise) is a foul.
fn fouls_as_meant(table: &Table, rules: &Match, shot: &Shot) -> bool {
    let (Some(mut table), mut rules) = (table.clone_at_rest(), rules.clone()) else { return false };
    Turn::judged(&mut table, &mut rules).perform(&shot.action()).is_ok_and(|r| !r.verdict.fouls().is_empty())
}

/// One match: level 0 plays side `g % 2`, so both levels break first equally often.
fn play_one(
    settings: &MatchSettings,
    g: u64,
    levels: [Level; 2],
    tallies: &mut [Tally; 2],
) -> Result<(), String> {
    let mut game = Game::new(BoardSpec::icf(), settings.clone(), g).map_err(|e| e.to_string())?;
    let who = |side: u8| usize::from(side % 2 != (g % 2) as u8);
    for strike in 0..STRIKE_CAP {
        let Some(seat) = game.rules().to_play() else { break };
        let side = game.rules().side_of(seat).ok_or("seat without side")?;
        let t = who(side.number());
        let broken = game.rules().board().broken;
        let board = game.rules().board().clone();
        let started = Instant::now();
        let decision = plan(
            game.table(),
            game.rules(),
            seat,
            levels[t],
            g * 100_000 + strike as u64,
            Budget::default(),
            &AtomicBool::new(false),
        )
        .map_err(|e| e.to_string())?;
        tallies[t].times.push(started.elapsed());
        tallies[t].deliberate_fouls +=
            u32::from(fouls_as_meant(game.table(), game.rules(), &decision.intended));
        let ruling = game.perform(&decision.played.action()).map_err(|e| e.to_string())?;
        let verdict = &ruling.verdict;
        let tally = &mut tallies[t];
        tally.strikes += 1;
        if broken {
            tally.strikes_after_break += 1;
            // An own piece: a coin of its colour, or any coin without colours.
            let own =
                ruling.report.as_ref().is_some_and(|r| r.pocketed_kinds().any(|k| board.is_own(side, k)));
            tally.pocketing_strikes += u32::from(own);
        }
        tally.fouls += u32::from(!verdict.fouls().is_empty());
        for e in &verdict.events {
            if matches!(e, RuleEvent::BoardFinished { .. }) {
                tallies[0].boards += 1;
                tallies[1].boards += 1;
            }
        }
    }
    for (i, tally) in tallies.iter_mut().enumerate() {
        let side = game.rules().scores().iter().enumerate().find(|(s, _)| who(*s as u8) == i).map(|(s, _)| s);
        let Some(side) = side else { continue };
        tally.games += 1;
        tally.points += game.rules().scores()[side];
        match game.rules().outcome() {
            Some(Outcome::Won(w)) if w.index() == side => tally.wins += 1,
            Some(Outcome::Drawn(_)) => tally.draws += 1,
            _ => {}
        }
    }
    Ok(())
}
