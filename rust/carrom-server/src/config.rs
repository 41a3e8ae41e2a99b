//! What the person running the server can set, from the command line.

use clap::Parser;
use std::net::SocketAddr;
use std::path::PathBuf;

/// The carrom match server: quick match, friends' rooms, spectators and ratings over
/// WebSockets, every match simulated and checked here.
#[derive(Clone, Debug, Parser)]
#[command(name = "carrom-server", version)]
pub struct Config {
    /// Where to listen (the game's default server is 127.0.0.1:24681).
    #[arg(long, default_value = "127.0.0.1:24681")]
    pub listen: SocketAddr,
    /// The database: `sqlite://PATH` (made if missing) or `postgres://USER@HOST:PORT/NAME`.
    /// By default a SQLite file in the user's data folder.
    #[arg(long)]
    pub database: Option<String>,
    /// Seconds a player has for a turn before it passes (0: no timer, at most 600).
    #[arg(long, default_value_t = 45, value_parser = clap::value_parser!(u32).range(0..=600))]
    pub turn_seconds: u32,
    /// Seconds a match waits for a player who dropped before it ends as abandoned by them.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..=3600))]
    pub drop_seconds: u32,
    /// Seconds one device may be waited for in all over a match, its drops and its times away
    /// added up (by default three drop waits' worth); past that the match no longer waits for
    /// it: its turns are timed as if it were there (with no turn timer it is given up as
    /// abandoned at once).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=86400))]
    pub away_allowance: Option<u32>,
    /// Seconds a player who leaves a rated match before every side has struck waits before
    /// the next quick match (the match is not rated: leaving early costs no rating, but this).
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(0..=86400))]
    pub leaver_seconds: u32,
    /// Seconds a friend's room code lives before its match starts.
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u32).range(1..=86400))]
    pub code_seconds: u32,
    /// The most matches this process runs at once; more are refused (a fleet places them
    /// elsewhere).
    #[arg(long, default_value_t = 2000)]
    pub max_matches: usize,
    /// Seconds between pings to each device.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=60))]
    pub ping_seconds: u32,
    /// Seconds a link may be silent before it is taken for dead (a phone gone for good); a
    /// link silent less long (a tunnel) goes on. With the pings, a dead link is noticed within
    /// this plus a ping.
    #[arg(long, default_value_t = 14, value_parser = clap::value_parser!(u32).range(2..=600))]
    pub silent_seconds: u32,
    /// New connections an address may open a second, on average (twenty at once). Raise it for
    /// a load test from one machine.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub handshake_rate: u32,
    /// A proxy in front of the server (Caddy, nginx, a load balancer), by address or range
    /// (`10.0.0.0/8`); repeat for several. A connection from one of them has its device's
    /// address read from `X-Forwarded-For`, from the right, past trusted proxies only (the
    /// entries further left are the device's to write, and are not believed). Without it the
    /// header is ignored. A trusted proxy is held to the whole server's connection cap only.
    #[arg(long = "trusted-proxy", value_name = "CIDR")]
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// The most connections open at once (fewer if the process may not open that many files);
    /// past it a new connection is closed at once.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_connections: u64,
    /// The most connections open at once from one address (a household's devices share one).
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_connections_per_address: u32,
    /// Seconds a connection has to send its request's headers; then it is closed.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=300))]
    pub header_seconds: u32,
    /// Serve `wss://` with this certificate chain (PEM), so that a device reaching this process
    /// directly (an Agones pod) never sends its token in clear. Needs `--tls-key`.
    #[arg(long, value_name = "PEM", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,
    /// The private key of `--tls-cert` (PEM).
    #[arg(long, value_name = "PEM", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
    /// Seconds a request (a query, a daily entry: its body read, its answer made) may take;
    /// then it is answered 408 and its connection freed. A WebSocket's life is not counted.
    #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u32).range(1..=300))]
    pub request_seconds: u32,
    /// Seconds a WebSocket has to say the lobby's hello; then it is closed.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=300))]
    pub hello_seconds: u32,
    /// Run as an Agones game server: Ready, Health every 2 s, the `matches` Counter, Shutdown
    /// after a drain, to the SDK sidecar on `localhost:$AGONES_SDK_HTTP_PORT`.
    #[arg(long)]
    pub agones: bool,
    /// The Agones SDK's REST address, when not the pod's sidecar (a test's recorder).
    #[arg(long, value_name = "URL")]
    pub agones_sdk: Option<String>,
    /// This process's name in a fleet of servers over one PostgreSQL database: it holds the
    /// matches it runs under this name, and one started again under it takes them up at once.
    /// Unique in the fleet (a pod's name); by default the machine's host name.
    #[arg(long, value_name = "ID")]
    pub node: Option<String>,
    /// Where clients reach this process directly (`ws://HOST:PORT/ws` or `wss://…`), for the
    /// other nodes to send them here; by default `ws://` and the address it listens on.
    #[arg(long, value_name = "URL")]
    pub public_url: Option<String>,
    /// Write logs as JSON lines (for a log collector) instead of plain text.
    #[arg(long)]
    pub json_logs: bool,
    /// A file holding the operator's token (at least 24 characters, on its first line): with
    /// it, `GET /operator/reports` answers a request that carries `Authorization: Bearer
    /// TOKEN`. Without it, the operator's addresses answer nothing. Never a player's token.
    #[arg(long, value_name = "FILE")]
    pub operator_token_file: Option<PathBuf>,
}

impl Config {
    /// This node's id: the one given, or the host name.
    pub fn node_id(&self) -> String {
        self.node.clone().unwrap_or_else(|| {
            std::env::var("HOSTNAME")
                .ok()
                .or_else(|| std::fs::read_to_string("/etc/hostname").ok())
                .map(|name| name.trim().to_string())
                .filter(|name| !name.is_empty())
                .unwrap_or_else(|| "carrom-server".into())
        })
    }

    /// The hash of the operator's token, read from `--operator-token-file`; why not, for a file
    /// that cannot be read or a token too short to be safe.
    pub fn operator_hash(&self) -> Result<Option<String>, String> {
        let Some(file) = &self.operator_token_file else { return Ok(None) };
        let text = std::fs::read_to_string(file)
            .map_err(|e| format!("operator token file {}: {e}", file.display()))?;
        let token = text.lines().next().unwrap_or_default().trim();
        if token.chars().count() < MIN_OPERATOR_TOKEN {
            return Err(format!(
                "operator token file {}: the token must be at least {MIN_OPERATOR_TOKEN} characters",
                file.display()
            ));
        }
        Ok(Some(crate::secret::hash(token)))
    }

    /// The database to open: the one given, or SQLite in the user's data folder.
    pub fn database_url(&self) -> String {
        match &self.database {
            Some(url) => url.clone(),
            None => format!("sqlite://{}?mode=rwc", default_database().display()),
        }
    }
}

/// The shortest operator token the server takes.
const MIN_OPERATOR_TOKEN: usize = 24;

/// `$XDG_DATA_HOME/carrom/server.sqlite`, or under `~/.local/share`, or the working folder.
fn default_database() -> PathBuf {
    let data = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."));
    data.join("carrom").join("server.sqlite")
}
