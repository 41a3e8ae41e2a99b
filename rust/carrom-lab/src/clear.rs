//! `cargo xtask clear --seeds 1000 --levels expert --hand carrom_rl`: the computer clears the
//! board alone (RULES.md, CB1–CB3), as the Carrom_rl project measures its agents: all nineteen
//! pieces from the opening, the striker from the player's own baseline, every strike counted
//! (a pocketed striker too), at most 200 strikes a board and a time limit on each decision.
//! Reports strikes to clear (mean, median, p90), the boards left unfinished, and how long
//! each decision took on how many threads.

use crate::selfplay::load_average;
use carrom_core::ai::{clear_alone, Budget, Cleared, Hand, Level, Player};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Whose hand plays the shot the computer chose.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Hands {
    /// The level's own hand, as in a match.
    Own,
    /// Carrom_rl's noise: zero-mean Gaussian, 2° on the angle and 1% on the force (one
    /// standard deviation each), added to the shot the computer meant; the computer knows it.
    CarromRl,
}

impl Hands {
    fn name(self) -> &'static str {
        match self {
            Hands::Own => "own",
            Hands::CarromRl => "carrom_rl",
        }
    }

    fn player(self, level: Level) -> Player {
        match self {
            Hands::Own => Player::from(level),
            Hands::CarromRl => Player { level, hand: Some(Hand::CARROM_RL) },
        }
    }
}

struct Options {
    seeds: u64,
    first_seed: u64,
    levels: Vec<Level>,
    hands: Vec<Hands>,
    cap: u32,
    time_limit: Option<Duration>,
    threads: usize,
    jobs: usize,
}

const USAGE: &str = "clear [--seeds N] [--first-seed S] [--levels a,b] [--hand own|carrom_rl|both] \
[--cap STRIKES] [--time-limit-ms MS|none] [--threads N] [--jobs N]";

/// `value` as a number within `allowed`, or a refusal naming `arg` and the range.
fn number<T>(arg: &str, value: &str, allowed: std::ops::RangeInclusive<T>) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display,
{
    value.parse().ok().filter(|n| allowed.contains(n)).ok_or(format!(
        "{arg} takes a number from {} to {}, got {value}",
        allowed.start(),
        allowed.end()
    ))
}

fn options(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        seeds: 100,
        first_seed: 0,
        levels: vec![Level::Expert],
        hands: vec![Hands::CarromRl],
        cap: 200,
        time_limit: Some(Duration::from_millis(500)),
        threads: 1,
        jobs: 1,
    };
    let level_names = Level::ALL.map(Level::name).join(", ");
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let value = rest.next().ok_or(format!("{arg} needs a value\nusage: {USAGE}"))?;
        match arg.as_str() {
            "--seeds" => o.seeds = number(arg, value, 1..=100_000)?,
            "--first-seed" => o.first_seed = number(arg, value, 0..=1_000_000_000)?,
            "--cap" => o.cap = number(arg, value, 1..=10_000)?,
            "--threads" => o.threads = number(arg, value, 1..=256)?,
            "--jobs" => o.jobs = number(arg, value, 1..=256)?,
            "--time-limit-ms" if value == "none" => o.time_limit = None,
            "--time-limit-ms" => o.time_limit = Some(Duration::from_millis(number(arg, value, 1..=60_000)?)),
            "--levels" => {
                o.levels =
                    value.split(',').map(Level::from_name).collect::<Option<Vec<Level>>>().ok_or(format!(
                        "--levels takes some of {level_names}, e.g. expert,hard: got {value}"
                    ))?;
            }
            "--hand" => {
                o.hands = match value.as_str() {
                    "own" => vec![Hands::Own],
                    "carrom_rl" => vec![Hands::CarromRl],
                    "both" => vec![Hands::Own, Hands::CarromRl],
                    _ => return Err(format!("--hand takes own, carrom_rl or both: got {value}")),
                }
            }
            other => return Err(format!("clear: unknown argument {other}\nusage: {USAGE}")),
        }
    }
    Ok(o)
}

/// What one level with one hand did over every seed.
#[derive(Default)]
struct Tally {
    boards: Vec<Cleared>,
    times: Vec<Duration>,
    simulations: u64,
}

pub fn run(args: &[String]) -> Result<(), String> {
    let o = options(args)?;
    println!(
        "clearing the board alone: {} seeds from {}, at most {} strikes, {} a decision on {} thread(s), {} board(s) at a time",
        o.seeds,
        o.first_seed,
        o.cap,
        o.time_limit.map_or("no limit".into(), |l| format!("{} ms", l.as_millis())),
        o.threads,
        o.jobs,
    );
    println!("load average (1, 5, 15 min) before: {}", load_average());
    for &level in &o.levels {
        for &hand in &o.hands {
            let started = Instant::now();
            let tally = measure(&o, level, hand)?;
            report(level, hand, tally, started.elapsed(), o.threads);
        }
    }
    println!("load average (1, 5, 15 min) after: {}", load_average());
    Ok(())
}

/// Plays every seed, `o.jobs` boards at a time, each on its own pool of `o.threads`.
fn measure(o: &Options, level: Level, hand: Hands) -> Result<Tally, String> {
    let next = AtomicU64::new(0);
    let tally = Mutex::new(Tally::default());
    let failure = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..o.jobs {
            scope.spawn(|| {
                let pool = match rayon::ThreadPoolBuilder::new().num_threads(o.threads).build() {
                    Ok(pool) => pool,
                    Err(e) => return *failure.lock().unwrap() = Some(format!("no worker threads: {e}")),
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= o.seeds || failure.lock().unwrap().is_some() {
                        return;
                    }
                    match pool.install(|| clear_one(o, level, hand, o.first_seed + i)) {
                        Ok((board, times, simulations)) => {
                            let mut t = tally.lock().unwrap();
                            t.boards.push(board);
                            t.times.extend(times);
                            t.simulations += simulations;
                        }
                        Err(e) => *failure.lock().unwrap() = Some(e),
                    }
                }
            });
        }
    });
    match failure.into_inner().unwrap() {
        Some(e) => Err(e),
        None => Ok(tally.into_inner().unwrap()),
    }
}

/// One board from the opening (seed `seed`) until it is clear or the cap is reached: how it
/// went, how long each decision took and how many shots they simulated.
fn clear_one(
    o: &Options,
    level: Level,
    hand: Hands,
    seed: u64,
) -> Result<(Cleared, Vec<Duration>, u64), String> {
    let (mut times, mut simulations) = (vec![], 0_u64);
    let budget = Budget { time_limit: o.time_limit };
    let board = clear_alone(seed, hand.player(level), o.cap, budget, |decision, took| {
        times.push(took);
        simulations += u64::from(decision.simulations);
    })?;
    eprintln!(
        "{} ({}) seed {seed}: {} in {} strikes",
        level.name(),
        hand.name(),
        if board.cleared { "cleared" } else { "not cleared" },
        board.strikes
    );
    Ok((board, times, simulations))
}

/// The `q` quantile of `sorted` (0 to 1), between the two nearest values where it falls
/// between them: the median of 32 and 47 is 39.5.
pub(crate) fn quantile(sorted: &[f64], q: f64) -> f64 {
    let Some(last) = sorted.len().checked_sub(1) else { return 0.0 };
    let at = last as f64 * q.clamp(0.0, 1.0);
    let (low, high) = (at.floor() as usize, at.ceil() as usize);
    sorted[low] + (sorted[high] - sorted[low]) * (at - low as f64)
}

fn report(level: Level, hand: Hands, t: Tally, took: Duration, threads: usize) {
    let sorted = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v
    };
    let strikes = sorted(t.boards.iter().map(|b| f64::from(b.strikes)).collect());
    let times = sorted(t.times.iter().map(|d| d.as_secs_f64() * 1e3).collect());
    let mean = strikes.iter().sum::<f64>() / strikes.len().max(1) as f64;
    let unfinished = t.boards.iter().filter(|b| !b.cleared).count();
    let thinking = times.iter().sum::<f64>() / 1e3;
    println!(
        "{:>6} ({} hand): strikes to clear mean {mean:.1}, median {:.1}, p90 {:.1}; {unfinished} of {} boards \
         not cleared (counted at the cap); decision {:.0} ms median, {:.0} ms p95, {:.0} ms longest on \
         {threads} thread(s); {:.0} shots simulated per second; {:.0} s",
        level.name(),
        hand.name(),
        quantile(&strikes, 0.5),
        quantile(&strikes, 0.9),
        t.boards.len(),
        quantile(&times, 0.5),
        quantile(&times, 0.95),
        quantile(&times, 1.0),
        t.simulations as f64 / thinking.max(1e-9),
        took.as_secs_f64(),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn quantiles_fall_between_the_nearest_values() {
        assert_eq!(quantile(&[32.0, 47.0], 0.5), 39.5);
        assert_eq!(quantile(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0], 0.9), 10.0);
        assert_eq!(quantile(&[], 0.5), 0.0);
    }

    #[test]
    fn options_are_checked_and_name_what_is_allowed() {
        let o = options(&args("--seeds 1000 --levels expert,hard --hand both --time-limit-ms none")).unwrap();
        assert_eq!((o.seeds, o.levels.len(), o.hands.len(), o.time_limit), (1000, 2, 2, None));
        let refused = |text: &str| options(&args(text)).err().unwrap();
        assert!(refused("--seeds 0").contains("from 1 to 100000"));
        assert!(refused("--levels grandmaster").contains("easy, medium, hard, expert"));
        assert!(refused("--hand left").contains("own, carrom_rl or both"));
        assert!(refused("--cap").contains("needs a value"));
        assert!(refused("--colour white").contains("unknown argument"));
    }

    #[test]
    fn a_capped_board_is_reported_unfinished_with_every_strike_counted() {
        let o = options(&args("--seeds 1 --levels easy --cap 3 --time-limit-ms none")).unwrap();
        let (board, times, simulations) = clear_one(&o, Level::Easy, Hands::CarromRl, 5).unwrap();
        assert_eq!((board.strikes, board.cleared, times.len()), (3, false, 3));
        assert!(simulations >= 3);
    }
}
