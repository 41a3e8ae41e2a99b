//! The carrom match server: one process hosts many matches, each a carrom-net host over a
//! carrom-core match that it simulates and checks, reached over WebSockets. Quick match pairs
//! players of a near rating; friends share a room's code; anyone with the code can watch; a
//! device that drops comes back to its seat. Players, ratings, rooms and every match (saved
//! after each shot) live in SQLite or PostgreSQL. The daily challenge's board counts only
//! attempts it plays again itself. See `docs/online.md`.

// A peer or a client can make this code run: it answers with an error, never a panic.
#![cfg_attr(not(test), deny(clippy::unwrap_used))]

pub mod agones;
pub mod bot;
pub mod config;
pub mod daily;
pub mod delivered;
pub mod doors;
pub mod fleet;
pub mod fresh;
pub mod gate;
pub mod http;
pub mod identity;
pub mod lobby;
pub mod metrics;
pub mod names;
pub mod outbox;
pub mod people;
pub mod queue;
pub mod rating;
pub mod refused;
pub mod rooms;
pub mod rounds;
pub mod seating;
pub mod secret;
pub mod server;
pub mod socket;
pub mod store;
pub mod table;
pub mod tls;

use std::time::Duration;

/// Runs the server as `config` says until SIGTERM or Ctrl-C, then drains: no new matches, every
/// running one saved (it is after each shot) and its players told, and the process ends.
pub async fn run(config: config::Config) -> Result<(), String> {
    let operator = config.operator_hash()?;
    let url = config.database_url();
    let store = store::Store::open(&url).await.map_err(|e| e.to_string())?;
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.listen))?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    let tls = match (&config.tls_cert, &config.tls_key) {
        (Some(cert), Some(key)) => Some(tls::acceptor(cert, key)?),
        _ => None,
    };
    let scheme = if tls.is_some() { "wss" } else { "ws" };
    let public = match (&config.public_url, config.agones) {
        (Some(url), _) => url.clone(),
        // In a fleet, the other nodes send players to the address Agones gave this pod.
        (None, true) => match agones_sdk(&config).public_url().await {
            // Served over TLS, the pod is reached by wss:// at the address Agones gave (a
            // certificate must then name it: most fleets pass --public-url instead).
            Ok(url) if tls.is_some() => url.replacen("ws://", "wss://", 1),
            Ok(url) => url,
            Err(error) => {
                tracing::warn!(%error, "Agones gave no address: the other nodes send players to the listening one");
                format!("{scheme}://{address}/ws")
            }
        },
        (None, false) => format!("{scheme}://{address}/ws"),
    };
    check_node(&config.node_id(), &public)?;
    let server = server::Server::new(config, store, public);
    server.operator.set(operator).ok();
    let resumed = server.take_up_held().await?;
    tracing::info!(%address, resumed, database = %url.split('@').next_back().unwrap_or_default(), "listening");
    // The line a script or test waits for.
    println!("carrom-server listening on {address}");
    let sweeper = server.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_millis(500));
        loop {
            every.tick().await;
            sweeper.sweep().await;
        }
    });
    let sdk = server.config.agones.then(|| agones_sdk(&server.config));
    let keeper = sdk.clone().map(|sdk| tokio::spawn(agones::keep(sdk, server.clone())));
    let app = http::routes(server.clone());
    let draining = server.clone();
    let lost = server.clone();
    gate::serve(server.clone(), listener, tls, app, async move {
        tokio::select! {
            () = stop_signal() => {}
            () = lost.lost() => {}
        }
        tracing::info!("stopping: no new matches; telling the players");
        draining.drain();
        // Tables tell their players and end (a busy one may take a moment: a save under way);
        // then the messages are given a moment to leave.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
        while !draining.hub().tables.is_empty() && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    })
    .await;
    // Every match is saved: the others may claim them now rather than when the lease runs out.
    if let Err(error) = server.store.release(&server.fence()).await {
        tracing::warn!(%error, "the node's lease could not be given up: the others wait it out");
    }
    if let (Some(sdk), Some(keeper)) = (sdk, keeper) {
        // Drained: no more health, and Agones may stop the pod.
        keeper.abort();
        match sdk.shutdown().await {
            Ok(status) => tracing::info!(status, "Agones: shutdown"),
            Err(error) => tracing::warn!(%error, "Agones: shutdown not told"),
        }
    }
    let lost = server.hub().lost.take();
    lost.map_or(Ok(()), Err)
}

/// The Agones SDK as `config` names it: the pod's sidecar, or the one given.
fn agones_sdk(config: &config::Config) -> agones::Sdk {
    match &config.agones_sdk {
        Some(url) => agones::Sdk::new(url),
        None => agones::Sdk::of_pod(),
    }
}

/// Refuses a node id or URL the fleet could not use.
fn check_node(node: &str, url: &str) -> Result<(), String> {
    let fits = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    if node.is_empty() || node.len() > 63 || !node.chars().all(fits) {
        return Err(format!("node id {node:?}: 1 to 63 letters, digits, '-', '_' or '.'"));
    }
    if url.len() > 200 || !(url.starts_with("ws://") || url.starts_with("wss://")) {
        return Err(format!(
            "public URL {url:?}: ws://HOST:PORT/ws or wss://HOST/ws, at most 200 characters"
        ));
    }
    Ok(())
}

async fn stop_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(term) => term,
            Err(_) => return ctrl_c.await.unwrap_or_default(),
        };
        tokio::select! {
            _ = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    ctrl_c.await.unwrap_or_default();
}
