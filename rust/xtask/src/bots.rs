//! `cargo xtask bots [--matches N] [--nodes N] [--think S] [--seconds S]`: the match server
//! under load on this machine (with `--nodes`, a fleet over PostgreSQL). Starts carrom-server (release) over a SQLite file under target/, runs
//! `carrom-lab bots` against it on loopback, and reports what the server used while the bots
//! played: its CPU (so matches per core), its memory per match, and the bots' strike-to-shot
//! times. The bots share the machine's cores; the server's own CPU is read from /proc.

use crate::cargo::{cargo, target_dir, workspace_root};
use crate::matchserver::MatchServer;
use crate::online::{cpu_seconds, resident_mb};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Every bot connects from this machine's one address: the per-address limits a server keeps
/// against strangers are lifted for the load.
const LOAD_OPTIONS: &[&str] = &["--handshake-rate", "100000", "--max-connections-per-address", "100000"];

pub fn run(args: &[String]) -> Result<(), String> {
    let built = Command::new(cargo())
        .args(["build", "-q", "--release", "-p", "carrom-lab", "-p", "carrom-server"])
        .current_dir(workspace_root())
        .status()
        .map_err(|e| e.to_string())?;
    if !built.success() {
        return Err("carrom-lab did not build".into());
    }
    // Several loads may be asked for at once: `--matches 100,200,400`.
    let counts: Vec<usize> = option(args, "--matches")
        .unwrap_or("100")
        .split(',')
        .map(|n| n.trim().parse().map_err(|_| "--matches N[,N…]".to_string()))
        .collect::<Result<_, _>>()?;
    let nodes: usize = option(args, "--nodes").unwrap_or("1").parse().map_err(|_| "--nodes N".to_string())?;
    let mut rest: Vec<String> = vec![];
    let mut i = 0;
    while i < args.len() {
        if args[i] == "--matches" || args[i] == "--nodes" {
            i += 2;
            continue;
        }
        rest.push(args[i].clone());
        i += 1;
    }
    for matches in counts {
        if nodes > 1 {
            fleet_load(matches, nodes, &rest)?;
        } else {
            one_load(matches, &rest)?;
        }
    }
    Ok(())
}

/// One load of `matches` matches on a fleet of `nodes` release servers over a fresh PostgreSQL
/// cluster, the bots entering through the nodes in turn (the matchmaker sends half of them on).
/// Nothing is pinned: the nodes, the database and the bots share the machine's cores.
fn fleet_load(matches: usize, nodes: usize, args: &[String]) -> Result<(), String> {
    let cluster = crate::postgres::Cluster::start()??;
    let database = format!("{}/postgres", cluster.url());
    let servers = (0..nodes)
        .map(|n| MatchServer::node_on(&format!("node-{n}"), &database, LOAD_OPTIONS))
        .collect::<Result<Vec<_>, _>>()?;
    std::thread::sleep(Duration::from_millis(300));
    let pids: Vec<u32> = servers.iter().map(MatchServer::pid).collect();
    let memory = || pids.iter().map(|p| resident_mb(*p).unwrap_or(0.0)).sum::<f64>();
    let cpu = || pids.iter().map(|p| cpu_seconds(*p).unwrap_or(0.0)).sum::<f64>();
    let (idle_mb, cpu_before) = (memory(), cpu());
    let started = Instant::now();
    let addresses: Vec<&str> = servers.iter().map(MatchServer::address).collect();
    let mut lab = Command::new(target_dir()?.join("release/carrom-lab"))
        .args(["bots", "--address", &addresses.join(","), "--matches", &matches.to_string()])
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("could not start carrom-lab: {e}"))?;
    let (mut peak_mb, mut held) = (idle_mb, 0.0_f64);
    while lab.try_wait().map_err(|e| e.to_string())?.is_none() {
        peak_mb = peak_mb.max(memory());
        held = held.max(servers.iter().map(|s| s.metric("carrom_matches")).sum());
        std::thread::sleep(Duration::from_millis(1000));
    }
    let wall = started.elapsed().as_secs_f64();
    let cpu = cpu() - cpu_before;
    let output = lab.wait_with_output().map_err(|e| e.to_string())?;
    print!("{}", String::from_utf8_lossy(&output.stdout));
    let writes: f64 = servers.iter().map(|s| s.metric("carrom_database_write_seconds_count")).sum();
    let started_on: Vec<f64> = servers.iter().map(|s| s.metric("carrom_matches_started_total")).collect();
    let metrics: Vec<String> = servers.iter().map(|s| s.get("/metrics").unwrap_or_default()).collect();
    for server in servers {
        server.stop()?;
    }
    drop(cluster);
    let share = cpu / wall;
    println!(
        "the fleet of {nodes}, {matches} matches ({held:.0} at once at most; started on each node: {started_on:?}): \
         {cpu:.1} s of CPU in {wall:.0} s ({:.0} % of a core, so {:.0} such matches a core); \
         {idle_mb:.0} MB idle, {peak_mb:.0} MB at most ({:.0} KB a match); {:.0} saves a second to PostgreSQL",
        share * 100.0,
        if share > 0.0 { matches as f64 / share } else { 0.0 },
        (peak_mb - idle_mb).max(0.0) * 1024.0 / matches as f64,
        writes / wall,
    );
    for (n, text) in metrics.iter().enumerate() {
        let bound = |q: f64| {
            quantile_bound(text, "carrom_strike_to_shot_seconds", q)
                .map_or("?".into(), |s| format!("{:.2}", s * 1000.0))
        };
        println!("node-{n}'s own strike to shot: p50 under {} ms, p99 under {} ms", bound(0.5), bound(0.99));
    }
    if !output.status.success() {
        return Err("the bots failed: see above".into());
    }
    Ok(())
}

/// One load of `matches` matches on a fresh server.
fn one_load(matches: usize, args: &[String]) -> Result<(), String> {
    // With taskset, the server has the first core to itself and the bots the others, so that
    // the server's figures are its own; the bots' load on their core shows in their times.
    let pinned = Command::new("taskset").arg("-V").output().is_ok_and(|o| o.status.success());
    let server = MatchServer::start_on("release", LOAD_OPTIONS, pinned.then_some(0))?;
    let pid = server.pid();
    std::thread::sleep(Duration::from_millis(300));
    let idle_mb = resident_mb(pid).unwrap_or(0.0);
    let cpu_before = cpu_seconds(pid).unwrap_or(0.0);
    let started = Instant::now();
    let lab_binary = target_dir()?.join("release/carrom-lab");
    let mut lab = if pinned {
        let mut c = Command::new("taskset");
        c.args(["-c", "1-1023"]).arg(&lab_binary);
        c
    } else {
        Command::new(&lab_binary)
    };
    let mut lab = lab
        .args(["bots", "--address", server.address(), "--matches", &matches.to_string()])
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("could not start carrom-lab: {e}"))?;
    let mut peak_mb = idle_mb;
    while lab.try_wait().map_err(|e| e.to_string())?.is_none() {
        peak_mb = peak_mb.max(resident_mb(pid).unwrap_or(0.0));
        std::thread::sleep(Duration::from_millis(500));
    }
    let wall = started.elapsed().as_secs_f64();
    let cpu = cpu_seconds(pid).unwrap_or(0.0) - cpu_before;
    let output = lab.wait_with_output().map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&output.stdout);
    print!("{text}");
    let metrics = server.get("/metrics").unwrap_or_default();
    server.stop()?;
    let share = cpu / wall;
    println!(
        "the server, {matches} matches: {cpu:.1} s of CPU in {wall:.0} s ({:.1} % of a core, so {:.0} such matches a core); \
         {idle_mb:.0} MB idle, {peak_mb:.0} MB at most ({:.0} KB a match)",
        share * 100.0,
        if share > 0.0 { matches as f64 / share } else { 0.0 },
        (peak_mb - idle_mb).max(0.0) * 1024.0 / matches as f64,
    );
    let bound = |q: f64| {
        quantile_bound(&metrics, "carrom_strike_to_shot_seconds", q)
            .map_or("?".into(), |s| format!("{:.2}", s * 1000.0))
    };
    if pinned {
        println!("(the server alone on CPU 0, the bots on the others)");
    }
    println!(
        "the server's own strike to shot (arrival to the shot sent, simulated): p50 under {} ms, p99 under {} ms",
        bound(0.5),
        bound(0.99)
    );
    if !output.status.success() {
        return Err("the bots failed: see above".into());
    }
    Ok(())
}

/// The upper bound of the histogram bucket that holds quantile `q` of `name` in Prometheus text.
fn quantile_bound(metrics: &str, name: &str, q: f64) -> Option<f64> {
    let buckets: Vec<(f64, f64)> = metrics
        .lines()
        .filter_map(|l| l.strip_prefix(&format!("{name}_bucket{{le=\"")))
        .filter_map(|rest| {
            let (le, count) = rest.split_once("\"} ")?;
            let le = if le == "+Inf" { f64::INFINITY } else { le.parse().ok()? };
            Some((le, count.trim().parse().ok()?))
        })
        .collect();
    let total = buckets.last()?.1;
    buckets.iter().find(|(_, count)| *count >= total * q).map(|(le, _)| *le)
}

fn option<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).map(String::as_str)
}
