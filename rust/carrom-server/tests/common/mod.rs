//! The server as its operator runs it — the real process on a loopback port, over a real
//! database: a SQLite file under the target folder, and PostgreSQL when the test command has
//! started a cluster (`CARROM_TEST_POSTGRES` names it; `cargo xtask test` and `.ci/run` do).

#![allow(dead_code)]

pub mod lag;
pub mod play;

use carrom_server::bot::Bot;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, Ipv4Addr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// How long a test waits for anything the server should do at once.
pub const WAIT: Duration = Duration::from_secs(20);

static MADE: AtomicU32 = AtomicU32::new(0);
/// Bots made, for each a loopback address of its own.
static DEVICES: AtomicU32 = AtomicU32::new(0);

/// A fresh database of each kind this run has, named after `test`.
pub async fn databases(test: &str) -> Vec<String> {
    let n = MADE.fetch_add(1, Ordering::Relaxed);
    let folder = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("carrom-server");
    std::fs::create_dir_all(&folder).unwrap();
    let file = folder.join(format!("{test}-{}-{n}.sqlite", std::process::id()));
    let _ = std::fs::remove_file(&file);
    let mut all = vec![format!("sqlite://{}?mode=rwc", file.display())];
    match std::env::var("CARROM_TEST_POSTGRES") {
        Ok(base) if !base.is_empty() => {
            let name = format!("{test}_{}_{n}", std::process::id()).to_lowercase();
            use sqlx::Connection;
            let mut admin = sqlx::PgConnection::connect(&format!("{base}/postgres")).await.unwrap();
            sqlx::query(&format!("DROP DATABASE IF EXISTS {name}")).execute(&mut admin).await.unwrap();
            sqlx::query(&format!("CREATE DATABASE {name}")).execute(&mut admin).await.unwrap();
            all.push(format!("{base}/{name}"));
        }
        _ => eprintln!("{test}: CARROM_TEST_POSTGRES is not set: run against SQLite only"),
    }
    all
}

/// A carrom-server process.
pub struct Running {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub address: String,
    /// Its database.
    pub database: String,
}

impl Running {
    /// Starts the server on `database` with `options` added to the defaults of the tests (no
    /// turn timer), and waits until it listens.
    pub fn start(database: &str, options: &[&str]) -> Running {
        Running::start_in(Command::new(env!("CARGO_BIN_EXE_carrom-server")), database, options)
    }

    /// Starts it as `start` does, allowed to open at most `files` descriptors (`ulimit -n`),
    /// as on a small machine or in a tight container.
    pub fn start_with_files(database: &str, options: &[&str], files: u32) -> Running {
        let mut command = Command::new("sh");
        command.args([
            "-c",
            &format!("ulimit -n {files} && exec \"$0\" \"$@\""),
            env!("CARGO_BIN_EXE_carrom-server"),
        ]);
        Running::start_in(command, database, options)
    }

    fn start_in(mut command: Command, database: &str, options: &[&str]) -> Running {
        command.args(["--listen", "127.0.0.1:0", "--database", database]);
        if !options.contains(&"--turn-seconds") {
            command.args(["--turn-seconds", "0"]);
        }
        let mut child = command
            .args(options)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the server starts");
        let stdout = child.stdout.take().unwrap();
        let mut lines = BufReader::new(stdout).lines();
        let address = loop {
            let line = lines.next().expect("the server says where it listens").unwrap();
            if let Some(address) = line.strip_prefix("carrom-server listening on ") {
                break address.to_string();
            }
        };
        // Keep reading its output, so that it never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        Running { child, address, database: database.to_string() }
    }

    /// The players `names`, connecting again, each told a match waits for them and seated in
    /// it again (a server started again on the match they played).
    pub async fn resumed(&self, names: [&str; 2]) -> (Bot, Bot) {
        let mut bots = vec![];
        for name in names {
            let mut bot = self.bot(name, &token(name)).await;
            let (_, playing) = play::welcome(&mut bot).await;
            assert!(playing, "{name} is told a match waits");
            bot.ask(&carrom_net::lobby::ToServer::Resume).await.unwrap();
            play::matched(&mut bot).await;
            bots.push(bot);
        }
        let second = bots.remove(1);
        (bots.remove(0), second)
    }

    /// Starts a process that must refuse to start: what it said on standard error.
    pub fn refused(database: &str, options: &[&str]) -> String {
        let child = Command::new(env!("CARGO_BIN_EXE_carrom-server"))
            .args(["--listen", "127.0.0.1:0", "--database", database])
            .args(options)
            .env("RUST_LOG", "error")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the server starts");
        Running::ended(child)
    }

    /// Waits (at most `WAIT`) for `child` to end unsuccessfully: what it said on standard error.
    fn ended(mut child: Child) -> String {
        let deadline = Instant::now() + WAIT;
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                panic!("the process did not stop within {WAIT:?}");
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        let mut said = String::new();
        if let Some(mut stderr) = child.stderr.take() {
            let _ = stderr.read_to_string(&mut said);
        }
        assert!(!status.success(), "it ended well, saying: {said}");
        said
    }

    /// Waits (at most `WAIT`) for this process to stop by itself, unsuccessfully: its exit
    /// status's code.
    pub fn stops_by_itself(&mut self) -> Option<i32> {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(!status.success());
                return status.code();
            }
            assert!(Instant::now() < deadline, "it did not stop by itself within {WAIT:?}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// A bot connected to this server from a loopback address of its own, as each device
    /// comes from its own address.
    pub async fn bot(&self, name: &str, token: &str) -> Bot {
        let n = DEVICES.fetch_add(1, Ordering::Relaxed);
        let own = Ipv4Addr::new(127, 3, (n / 200) as u8, (n % 200 + 10) as u8);
        self.bot_from(own.into(), name, token).await
    }

    /// A bot connected from the loopback address `from` (several bots of one address stand
    /// for two accounts on one device, or one household).
    pub async fn bot_from(&self, from: IpAddr, name: &str, token: &str) -> Bot {
        let seed = u64::from(MADE.fetch_add(1, Ordering::Relaxed));
        Bot::connect_from(&self.address, Some(from), name, token, seed).await.unwrap()
    }

    /// A bot connected through `address` (a relay in front of this server).
    pub async fn bot_by(&self, address: &str, name: &str, token: &str) -> Bot {
        Bot::connect(address, name, token, u64::from(MADE.fetch_add(1, Ordering::Relaxed))).await.unwrap()
    }

    /// `GET path`: the status and the body.
    pub fn get(&self, path: &str) -> (u16, String) {
        self.request("GET", path, "")
    }

    /// `POST path` with a JSON `body`: the status and the body.
    pub fn post(&self, path: &str, body: &str) -> (u16, String) {
        self.request("POST", path, body)
    }

    /// `GET path` with `headers` (whole lines, without their line ends): the status and body.
    pub fn get_with(&self, path: &str, headers: &[&str]) -> (u16, String) {
        self.request_with("GET", path, "", headers)
    }

    fn request(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        self.request_with(method, path, body, &[])
    }

    fn request_with(&self, method: &str, path: &str, body: &str, headers: &[&str]) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream.set_read_timeout(Some(WAIT)).unwrap();
        let extra: String = headers.iter().map(|h| format!("{h}\r\n")).collect();
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\n\
             {extra}Content-Length: {}\r\n\r\n{body}",
            self.address,
            body.len()
        )
        .unwrap();
        let mut text = String::new();
        stream.read_to_string(&mut text).unwrap();
        let status = text.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        let body = text.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
        (status, body)
    }

    /// The value of a metric line that starts with `name` (summed over its labels).
    pub fn metric(&self, name: &str) -> f64 {
        let (_, text) = self.get("/metrics");
        text.lines()
            .filter(|l| l.starts_with(name) && l[name.len()..].starts_with([' ', '{']))
            .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
            .sum()
    }

    /// Sends it `signal` (`STOP` freezes it, as a long pause or a cut-off machine would look to
    /// the others; `CONT` lets it go on).
    pub fn signal(&self, signal: &str) {
        let status =
            Command::new("kill").args([&format!("-{signal}"), &self.child.id().to_string()]).status();
        assert!(status.is_ok_and(|s| s.success()), "kill -{signal}");
    }

    /// Kills it at once, as a crash would (`kill -9`).
    pub fn kill(mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.database.clone()
    }

    /// Asks it to stop (SIGTERM) and waits for it: its exit status.
    pub fn stop(mut self) -> std::process::ExitStatus {
        let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "the server did not stop within {WAIT:?} of SIGTERM");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A device token for a test player.
pub fn token(name: &str) -> String {
    format!("{:0<32}", format!("test-{name}-"))
}
