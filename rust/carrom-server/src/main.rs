//! `carrom-server`: see `carrom_server::config::Config` for its options, and docs/online.md.

use clap::Parser;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let config = carrom_server::config::Config::parse();
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    if config.json_logs {
        tracing_subscriber::fmt().json().with_env_filter(filter).init();
    } else {
        tracing_subscriber::fmt().with_env_filter(filter).init();
    }
    match carrom_server::run(config).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("carrom-server: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}
