//! `bots`: load on a match server. Pairs of bots ask it for quick matches of singles and play
//! them over loopback as devices do — each bot with its own copy of the match, answering every
//! shot with its hash, so a desync shows as a resent state — striking at random after a think
//! time. Reports the shots played, the time from a strike leaving a bot to its shot coming
//! back (checked and simulated by the server), and any resync or failure. With `--people S`,
//! each bot also sends a quick-chat phrase and asks for its friends list every S seconds, as a
//! person in a match with the list a tap away would.

use carrom_net::lobby::{ToClient, ToServer};
use carrom_server::bot::{Aim, Bot, BotError};
use std::time::{Duration, Instant};

struct Options {
    /// The servers to enter through, bot by bot in turn (a fleet's nodes).
    addresses: Vec<String>,
    matches: usize,
    think: f64,
    seconds: f64,
    ramp: f64,
    /// Seconds between a bot's quick-chat phrases and friends-list asks (0: none).
    people: f64,
}

/// What one bot did.
#[derive(Default)]
struct Played {
    turns: u32,
    latencies: Vec<Duration>,
    resyncs: u32,
    refusals: usize,
    failed: Option<String>,
}

pub fn run(args: &[String]) -> Result<(), String> {
    let options = parse(args)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let started = Instant::now();
    let played = runtime.block_on(play_all(&options));
    let wall = started.elapsed().as_secs_f64();
    report(&options, &played, wall)
}

async fn play_all(options: &Options) -> Vec<Played> {
    let bots = options.matches * 2;
    let mut tasks = vec![];
    for i in 0..bots {
        let address = options.addresses[i % options.addresses.len()].clone();
        let delay = Duration::from_secs_f64(options.ramp * i as f64 / bots as f64);
        let think = Duration::from_secs_f64(options.think);
        let until = Duration::from_secs_f64(options.ramp + options.seconds);
        let people = (options.people > 0.0).then(|| Duration::from_secs_f64(options.people));
        tasks.push(tokio::spawn(async move {
            tokio::time::sleep(delay).await;
            play_one(&address, i, think, until.saturating_sub(delay), people).await
        }));
    }
    let mut played = vec![];
    for task in tasks {
        played
            .push(task.await.unwrap_or_else(|e| Played { failed: Some(e.to_string()), ..Played::default() }));
    }
    played
}

async fn play_one(
    address: &str,
    i: usize,
    think: Duration,
    play_for: Duration,
    people: Option<Duration>,
) -> Played {
    let mut played = Played::default();
    let token = format!("loadbot-{i:024}");
    let wait = Duration::from_secs(60);
    let result: Result<Bot, BotError> = async {
        let mut bot = Bot::connect(address, &format!("bot {i}"), &token, i as u64).await?.aiming(Aim::Random);
        bot.until(wait, |m| matches!(m, ToClient::Welcome { .. }).then_some(())).await?;
        bot.ask(&ToServer::Quick { mode: "singles".into(), rules: "classic".into() }).await?;
        bot.until(wait, |m| matches!(m, ToClient::Matched { .. }).then_some(())).await?;
        let began = Instant::now();
        let over = |b: &Bot| began.elapsed() > play_for || b.game().is_some_and(|g| g.rules().is_over());
        let Some(every) = people else {
            bot.play_until(think, wait, over).await?;
            return Ok(bot);
        };
        // The bots of a match talk at their own moments: each starts part of the way in.
        let mut next = began + every.mul_f64((i % 7) as f64 / 7.0);
        let mut said = 0;
        loop {
            bot.play_until(think, wait, |b| over(b) || Instant::now() >= next).await?;
            if over(&bot) {
                return Ok(bot);
            }
            let phrase = carrom_net::lobby::PHRASES[(i + said) % carrom_net::lobby::PHRASES.len()];
            bot.ask(&ToServer::Chat { phrase: phrase.into() }).await?;
            bot.ask(&ToServer::Friends).await?;
            said += 1;
            next += every;
        }
    }
    .await;
    match result {
        Ok(bot) => {
            played.turns = bot.turns;
            played.resyncs = bot.resyncs;
            played.refusals = bot.refusals.len();
            played.latencies.clone_from(&bot.latencies);
            bot.close().await;
        }
        Err(error) => played.failed = Some(error.to_string()),
    }
    played
}

fn report(options: &Options, played: &[Played], wall: f64) -> Result<(), String> {
    let mut latencies: Vec<f64> =
        played.iter().flat_map(|p| p.latencies.iter().map(|d| d.as_secs_f64() * 1000.0)).collect();
    latencies.sort_by(f64::total_cmp);
    let at =
        |q: f64| latencies.get(((latencies.len() as f64 - 1.0) * q).round() as usize).copied().unwrap_or(0.0);
    // Both bots of a match play every turn: each turn counted once.
    let shots: u32 = played.iter().map(|p| p.turns).sum::<u32>() / 2;
    let resyncs: u32 = played.iter().map(|p| p.resyncs).sum();
    let refusals: usize = played.iter().map(|p| p.refusals).sum();
    let failed: Vec<&String> = played.iter().filter_map(|p| p.failed.as_ref()).collect();
    println!(
        "{} matches ({} bots), {:.0} s: {shots} shots ({:.1} a second); strike to shot p50 {:.1} ms, p99 {:.1} ms, \
         worst {:.1} ms over {} strikes; {resyncs} resyncs, {refusals} refusals, {} bots failed",
        options.matches,
        played.len(),
        wall,
        f64::from(shots) / wall,
        at(0.5),
        at(0.99),
        latencies.last().copied().unwrap_or(0.0),
        latencies.len(),
        failed.len(),
    );
    println!(
        "BOTS matches={} shots={shots} p50_ms={:.2} p99_ms={:.2} resyncs={resyncs} failed={}",
        options.matches,
        at(0.5),
        at(0.99),
        failed.len()
    );
    if let Some(first) = failed.first() {
        return Err(format!("{} bots failed, the first: {first}", failed.len()));
    }
    if resyncs > 0 {
        return Err(format!("{resyncs} states were resent: a bot's match differed from the server's"));
    }
    Ok(())
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options =
        Options { addresses: vec![], matches: 100, think: 5.0, seconds: 60.0, ramp: 10.0, people: 0.0 };
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || value.parse::<f64>().ok().filter(|v| v.is_finite() && *v >= 0.0);
        match flag.as_str() {
            "--address" => options.addresses = value.split(',').map(str::to_string).collect(),
            "--matches" => options.matches = value.parse().map_err(|_| "--matches is a whole number")?,
            "--think" => options.think = number().ok_or("--think is seconds, 0 or more")?,
            "--seconds" => options.seconds = number().ok_or("--seconds is seconds, 0 or more")?,
            "--ramp" => options.ramp = number().ok_or("--ramp is seconds, 0 or more")?,
            "--people" => options.people = number().ok_or("--people is seconds between chats, 0 or more")?,
            other => return Err(format!("bots: unknown option {other}")),
        }
    }
    if options.addresses.iter().all(String::is_empty) {
        return Err("bots --address HOST:PORT[,HOST:PORT…] (running carrom-servers) is needed".into());
    }
    if !(1..=20_000).contains(&options.matches) {
        return Err("--matches is 1 to 20000".into());
    }
    Ok(options)
}
