//! A PostgreSQL cluster of the test command's own, under the target folder, on a loopback port:
//! made with Debian's `initdb` (package `postgresql`), started before the server's tests and
//! stopped after, whatever happened. As root (CI) the server runs as the `postgres` user, which
//! the package makes: PostgreSQL refuses to run as root.

use crate::cargo::target_dir;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A running cluster; stopped when dropped.
pub struct Cluster {
    bin: PathBuf,
    data: PathBuf,
    user: Option<&'static str>,
    port: u16,
}

/// Where Debian keeps PostgreSQL's programs: the newest version's folder, if any.
fn binaries() -> Option<PathBuf> {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(Result::ok)
        .filter_map(|e| {
            let version = e.file_name().to_string_lossy().parse::<u32>().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    found.sort();
    found.pop().map(|(_, bin)| bin)
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

impl Cluster {
    /// Makes and starts a fresh cluster, or says why there is none (PostgreSQL not installed).
    pub fn start() -> Result<Result<Cluster, String>, String> {
        let Some(bin) = binaries() else {
            return Ok(Err("no PostgreSQL under /usr/lib/postgresql (apt-get install postgresql)".into()));
        };
        let folder = target_dir()?.join("postgres-test");
        let _ = std::fs::remove_dir_all(&folder);
        let data = folder.join("data");
        std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        let user = is_root().then_some("postgres");
        if let Some(user) = user {
            run(Command::new("chown").args(["-R", user]).arg(&folder), "chown the cluster's folder")?;
        }
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| format!("no free port: {e}"))?
            .port();
        let cluster = Cluster { bin, data, user, port };
        cluster.pg(
            "initdb",
            &["-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync", "-D"],
            Some(&cluster.data),
        )?;
        let options = format!("-p {port} -c listen_addresses=127.0.0.1 -k {} -c fsync=off", folder.display());
        let log = folder.join("server.log");
        let log = log.to_string_lossy();
        cluster.pg(
            "pg_ctl",
            &["-w", "-t", "60", "-l", &log, "-o", &options, "start", "-D"],
            Some(&cluster.data),
        )?;
        println!(
            "== PostgreSQL {} on 127.0.0.1:{port} (data in {})",
            cluster.bin.display(),
            cluster.data.display()
        );
        Ok(Ok(cluster))
    }

    /// The URL of the cluster, without a database: the tests make their own.
    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}", self.port)
    }

    fn pg(&self, program: &str, args: &[&str], dir: Option<&Path>) -> Result<(), String> {
        let path = self.bin.join(program);
        let mut command = match self.user {
            Some(user) => {
                let mut c = Command::new("runuser");
                c.args(["-u", user, "--"]).arg(&path);
                c
            }
            None => Command::new(&path),
        };
        command.args(args);
        if let Some(dir) = dir {
            command.arg(dir);
        }
        run(command.stdout(Stdio::null()), program)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        match self.pg("pg_ctl", &["-w", "-m", "fast", "stop", "-D"], Some(&self.data.clone())) {
            Ok(()) => println!("== PostgreSQL stopped"),
            Err(e) => eprintln!("PostgreSQL did not stop: {e}"),
        }
    }
}

fn run(command: &mut Command, what: &str) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("{what}: could not start: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status})"))
    }
}
