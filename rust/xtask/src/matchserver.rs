//! The match server as the online checks use it: `carrom-server` built and started on a
//! loopback port over a SQLite file of its own, and stopped after (SIGTERM, as an operator
//! would), and a game process whose output is read as it comes (to learn a match's code).

use crate::cargo::{cargo, target_dir, workspace_root};
use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A running carrom-server.
pub struct MatchServer {
    child: Child,
    /// `ws://127.0.0.1:PORT/ws`.
    pub url: String,
    log: Arc<Mutex<String>>,
}

impl MatchServer {
    /// Builds the server (as the tests built it) and starts it with `options`.
    pub fn start(options: &[&str]) -> Result<MatchServer, String> {
        MatchServer::start_as("debug", options)
    }

    /// Builds the server in `profile` (`debug` or `release`) and starts it with `options`.
    pub fn start_as(profile: &str, options: &[&str]) -> Result<MatchServer, String> {
        MatchServer::start_on(profile, options, None)
    }

    /// As `start_as`, on CPU `core` alone when given (with `taskset`).
    pub fn start_on(profile: &str, options: &[&str], core: Option<u32>) -> Result<MatchServer, String> {
        MatchServer::launch(profile, options, core, "127.0.0.1:0", true)
    }

    /// A debug server listening on `listen`, on an empty database.
    pub fn start_at(listen: &str) -> Result<MatchServer, String> {
        MatchServer::launch("debug", &[], None, listen, true)
    }

    /// A debug server listening on `listen` over the database the last one used (a server
    /// started again after a crash).
    pub fn again_at(listen: &str) -> Result<MatchServer, String> {
        MatchServer::launch("debug", &[], None, listen, false)
    }

    /// A debug server as node `id` of a fleet over the checks' one database (`fresh`: emptied
    /// first), with `options`.
    pub fn node(id: &str, options: &[&str], fresh: bool) -> Result<MatchServer, String> {
        let mut with = vec!["--node", id];
        with.extend_from_slice(options);
        MatchServer::launch("debug", &with, None, "127.0.0.1:0", fresh)
    }

    /// A release server as node `id` of a fleet over the database at `url` (PostgreSQL).
    pub fn node_on(id: &str, url: &str, options: &[&str]) -> Result<MatchServer, String> {
        let mut with = vec!["--node", id, "--database", url];
        with.extend_from_slice(options);
        MatchServer::launch("release", &with, None, "127.0.0.1:0", false)
    }

    /// Starts the server, over the checks' SQLite file (emptied first when `fresh`) unless
    /// `options` name a database.
    fn launch(
        profile: &str,
        options: &[&str],
        core: Option<u32>,
        listen: &str,
        fresh: bool,
    ) -> Result<MatchServer, String> {
        let root = workspace_root();
        let mut build = Command::new(cargo());
        build.args(["build", "-q", "-p", "carrom-server"]).current_dir(&root);
        if profile == "release" {
            build.arg("--release");
        }
        let built = build.status().map_err(|e| format!("cargo build: {e}"))?;
        if !built.success() {
            return Err("carrom-server did not build".into());
        }
        let folder = target_dir()?.join("online-checks");
        std::fs::create_dir_all(&folder).map_err(|e| e.to_string())?;
        let database = folder.join("server.sqlite");
        if fresh {
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(folder.join(format!("server.sqlite{suffix}")));
            }
        }
        let binary = target_dir()?.join(profile).join("carrom-server");
        let mut command = match core {
            Some(core) => {
                let mut c = Command::new("taskset");
                c.args(["-c", &core.to_string()]).arg(&binary);
                c
            }
            None => Command::new(&binary),
        };
        command.args(["--listen", listen, "--turn-seconds", "0"]);
        if !options.contains(&"--database") {
            command.arg("--database").arg(format!("sqlite://{}?mode=rwc", database.display()));
        }
        let mut child = command
            .args(options)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("could not start carrom-server: {e}"))?;
        let log = Arc::new(Mutex::new(String::new()));
        collect(child.stderr.take(), log.clone());
        let mut lines = BufReader::new(child.stdout.take().ok_or("no output")?).lines();
        let address = loop {
            match lines.next() {
                Some(Ok(line)) => {
                    if let Some(address) = line.strip_prefix("carrom-server listening on ") {
                        break address.to_string();
                    }
                }
                _ => {
                    return Err(format!(
                        "carrom-server did not start: {}",
                        log.lock().map(|l| l.clone()).unwrap_or_default()
                    ))
                }
            }
        };
        std::thread::spawn(move || for _ in lines {});
        Ok(MatchServer { child, url: format!("ws://{address}/ws"), log })
    }

    /// `host:port`.
    pub fn address(&self) -> &str {
        self.url.trim_start_matches("ws://").trim_end_matches("/ws")
    }

    /// `GET path`: the body.
    pub fn get(&self, path: &str) -> Option<String> {
        use std::io::Write;
        let address = self.address();
        let mut stream = std::net::TcpStream::connect(address).ok()?;
        stream.set_read_timeout(Some(Duration::from_secs(10))).ok()?;
        write!(stream, "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n").ok()?;
        let mut text = String::new();
        stream.read_to_string(&mut text).ok()?;
        Some(text.split_once("\r\n\r\n")?.1.to_string())
    }

    /// The value of the metric `name` (a line without labels), 0 when it has none.
    pub fn metric(&self, name: &str) -> f64 {
        let text = self.get("/metrics").unwrap_or_default();
        text.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok()).unwrap_or(0.0)
    }

    /// Kills it at once (`kill -9`), as a crash would.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Its process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Stops it with SIGTERM and returns its log, or why it did not stop cleanly.
    pub fn stop(mut self) -> Result<String, String> {
        let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        let deadline = Instant::now() + Duration::from_secs(20);
        let status = loop {
            if let Some(status) = self.child.try_wait().map_err(|e| e.to_string())? {
                break status;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                return Err("carrom-server did not stop within 20 s of SIGTERM".into());
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        let log = self.log.lock().map(|l| l.clone()).unwrap_or_default();
        if !status.success() {
            return Err(format!("carrom-server ended with {status}: {log}"));
        }
        Ok(log)
    }
}

impl Drop for MatchServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads `from` into `log` as it comes, on a thread of its own.
fn collect(from: Option<impl Read + Send + 'static>, log: Arc<Mutex<String>>) {
    let Some(from) = from else { return };
    std::thread::spawn(move || {
        for line in BufReader::new(from).lines().map_while(Result::ok) {
            if let Ok(mut log) = log.lock() {
                log.push_str(&line);
                log.push('\n');
            }
        }
    });
}

/// A child process whose output is gathered as it comes.
pub struct Watched {
    child: Child,
    log: Arc<Mutex<String>>,
}

impl Watched {
    /// Gathers `child`'s output (both streams) from now on.
    pub fn new(mut child: Child) -> Watched {
        let log = Arc::new(Mutex::new(String::new()));
        collect(child.stdout.take(), log.clone());
        collect(child.stderr.take(), log.clone());
        Watched { child, log }
    }

    /// What follows `prefix` on the first line that starts with it, waiting at most `wait`.
    pub fn line_after(&self, prefix: &str, wait: Duration) -> Option<String> {
        let deadline = Instant::now() + wait;
        loop {
            let found = self.found(|l| l.strip_prefix(prefix).map(str::to_string));
            if found.is_some() || Instant::now() >= deadline {
                return found;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The first of the lines printed so far that `pick` picks, looked at once.
    pub fn found<T>(&self, pick: impl FnMut(&str) -> Option<T>) -> Option<T> {
        self.log.lock().ok()?.lines().find_map(pick)
    }

    /// Waits for it to end (stopping it past `limit`) and returns all it printed.
    pub fn finish(mut self, limit: Duration) -> String {
        let started = Instant::now();
        while matches!(self.child.try_wait(), Ok(None)) {
            if started.elapsed() > limit {
                let _ = self.child.kill();
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.wait();
        // The reading threads end with the pipes; give them a moment to hand the last lines.
        std::thread::sleep(Duration::from_millis(200));
        self.log.lock().map(|l| l.clone()).unwrap_or_default()
    }
}
