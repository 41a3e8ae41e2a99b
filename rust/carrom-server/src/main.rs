//! `carrom-server`: see `carrom_server::config::Config` for its options, and docs/online.md.

#![deny(clippy::unwrap_used)]

use clap::Parser;
use std::io::IsTerminal;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let config = carrom_server::config::Config::parse();
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // Logs go to standard error (standard output says where the server listens), coloured only
    // for a terminal.
    let logs = tracing_subscriber::fmt().with_writer(std::io::stderr).with_env_filter(filter);
    if config.json_logs {
        logs.json().init();
    } else {
        logs.with_ansi(std::io::stderr().is_terminal()).init();
    }
    match carrom_server::run(config).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("carrom-server: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}
