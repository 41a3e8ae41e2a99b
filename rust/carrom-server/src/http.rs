//! The server's addresses: `/ws` for devices, `/healthz` and `/readyz` for the orchestrator,
//! `/metrics` for Prometheus, and players' ratings, histories and the leaderboards as JSON.

use crate::rating::LADDERS;
use crate::server::{Door, Server};
use crate::socket::{self, MAX_FRAME_IN};
use axum::extract::{ConnectInfo, Path, Query, State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::get;
use axum::Router;
use serde::Deserialize;
use serde_json::json;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// Every address the server answers.
pub fn routes(server: Arc<Server>) -> Router {
    Router::new()
        .route("/ws", get(upgrade))
        .route("/healthz", get(|| async { "ok" }))
        .route("/readyz", get(ready))
        .route("/metrics", get(metrics))
        .route("/players/{id}", get(player))
        .route("/leaderboard", get(leaderboard))
        .with_state(server)
}

async fn upgrade(
    State(server): State<Arc<Server>>,
    ConnectInfo(address): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !server.may_enter(Door::Socket, device_address(&server, address, &headers)) {
        server.metrics.refused_as("Handshakes");
        return (StatusCode::TOO_MANY_REQUESTS, "too many connections from this address: wait a moment\n")
            .into_response();
    }
    upgrade
        .max_frame_size(MAX_FRAME_IN)
        .max_message_size(MAX_FRAME_IN)
        .on_upgrade(move |ws| socket::serve(server, ws))
        .into_response()
}

/// Where a request comes from: the peer's address, or behind a proxy the first address of
/// `X-Forwarded-For`.
fn device_address(server: &Server, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
    if server.config.behind_proxy {
        let forwarded = headers.get("x-forwarded-for").and_then(|v| v.to_str().ok());
        let first = forwarded.and_then(|v| v.split(',').next()).map(str::trim);
        if let Some(ip) = first.and_then(|ip| ip.parse::<IpAddr>().ok()) {
            return ip;
        }
    }
    peer.ip()
}

/// The answer to an address that queries too fast.
fn too_fast(server: &Server) -> Response {
    server.metrics.refused_as("Queries");
    (
        StatusCode::TOO_MANY_REQUESTS,
        Json(json!({ "error": "too many queries from this address: wait a moment" })),
    )
        .into_response()
}

async fn ready(State(server): State<Arc<Server>>) -> Response {
    if server.hub().draining {
        return (StatusCode::SERVICE_UNAVAILABLE, "draining\n").into_response();
    }
    if !server.store.ping().await {
        return (StatusCode::SERVICE_UNAVAILABLE, "the database does not answer\n").into_response();
    }
    "ready\n".into_response()
}

async fn metrics(State(server): State<Arc<Server>>) -> Response {
    ([("content-type", "text/plain; version=0.0.4")], server.metrics.text()).into_response()
}

fn failed(error: impl std::fmt::Display) -> Response {
    tracing::error!(%error, "a query failed");
    (StatusCode::SERVICE_UNAVAILABLE, Json(json!({ "error": "the database does not answer" })))
        .into_response()
}

async fn player(
    State(server): State<Arc<Server>>,
    ConnectInfo(address): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if !server.may_enter(Door::Query, device_address(&server, address, &headers)) {
        return too_fast(&server);
    }
    if id.len() != 16 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return (StatusCode::BAD_REQUEST, Json(json!({ "error": "a player id is 16 hexadecimal digits" })))
            .into_response();
    }
    let name = match server.store.name(&id).await {
        Ok(Some(name)) => name,
        Ok(None) => {
            return (StatusCode::NOT_FOUND, Json(json!({ "error": "no such player" }))).into_response()
        }
        Err(error) => return failed(error),
    };
    let (standings, history) = match (server.store.standings(&id).await, server.store.history(&id, 20).await)
    {
        (Ok(s), Ok(h)) => (s, h),
        (Err(error), _) | (_, Err(error)) => return failed(error),
    };
    let ratings: Vec<_> = standings
        .iter()
        .map(|(ladder, s)| json!({ "ladder": ladder, "rating": s.rating.round() as i32, "games": s.games }))
        .collect();
    Json(json!({ "player": id, "name": name, "ratings": ratings, "history": history })).into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Board {
    ladder: Option<String>,
    limit: Option<u32>,
}

async fn leaderboard(
    State(server): State<Arc<Server>>,
    ConnectInfo(address): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(board): Query<Board>,
) -> Response {
    if !server.may_enter(Door::Query, device_address(&server, address, &headers)) {
        return too_fast(&server);
    }
    let ladder = board.ladder.unwrap_or_else(|| "singles".into());
    if !LADDERS.contains(&ladder.as_str()) {
        return (StatusCode::BAD_REQUEST, Json(json!({ "error": "ladder is singles, doubles or points" })))
            .into_response();
    }
    let limit = board.limit.unwrap_or(50).clamp(1, 100);
    match server.store.leaderboard(&ladder, limit).await {
        Ok(rows) => Json(json!({ "ladder": ladder, "players": rows })).into_response(),
        Err(error) => failed(error),
    }
}
