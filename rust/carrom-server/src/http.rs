//! The server's addresses: `/ws` for devices, `/healthz` and `/readyz` for the orchestrator,
//! `/metrics` for Prometheus, players' ratings, histories and the leaderboards as JSON, and the
//! daily challenge's board: `POST /daily/{day}` takes an attempt, `GET /daily/{day}` shows it.

use crate::daily;
use crate::doors::Door;
use crate::gate::Held;
use crate::rating::LADDERS;
use crate::server::Server;
use crate::socket::{self, MAX_FRAME_IN};
use axum::error_handling::HandleErrorLayer;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::get;
use axum::Extension;
use axum::Router;
use carrom_core::practice::{DailyEntry, MAX_ENTRY_BYTES};
use serde::Deserialize;
use serde_json::json;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The largest daily entry a device may post, bytes: the entry and a name and token.
const MAX_POST: usize = MAX_ENTRY_BYTES + 1024;
/// Lines of a day's board sent back with an entry counted.
const BOARD_WITH_ENTRY: u32 = 5;

/// Every address the server answers, each request held to `--request-seconds` (a body sent a
/// byte at a time would otherwise hold its connection for as long as it liked).
pub fn routes(server: Arc<Server>) -> Router {
    let within = std::time::Duration::from_secs(u64::from(server.config.request_seconds));
    let timed = tower::ServiceBuilder::new()
        .layer(HandleErrorLayer::new(|_: axum::BoxError| async {
            refuse(StatusCode::REQUEST_TIMEOUT, "the request took too long: send it whole, at once")
        }))
        .timeout(within);
    Router::new()
        .route("/ws", get(upgrade))
        .route("/healthz", get(|| async { "ok" }))
        .route("/readyz", get(ready))
        .route("/metrics", get(metrics))
        .route("/players/{id}", get(player))
        .route("/leaderboard", get(leaderboard))
        .route("/operator/reports", get(operator_reports))
        .route("/daily/{day}", get(daily_board).post(daily_entry).layer(DefaultBodyLimit::max(MAX_POST)))
        .layer(timed)
        .with_state(server)
}

async fn upgrade(
    State(server): State<Arc<Server>>,
    ConnectInfo(address): ConnectInfo<SocketAddr>,
    Extension(held): Extension<Held>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let address = device_address(&server, address, &headers);
    if !server.doors.may_enter(Door::Socket, address) {
        server.doors.refused(&server.metrics, address, "Handshakes", "connections too fast");
        return (StatusCode::TOO_MANY_REQUESTS, "too many connections from this address: wait a moment\n")
            .into_response();
    }
    upgrade
        .max_frame_size(MAX_FRAME_IN)
        .max_message_size(MAX_FRAME_IN)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |ws| async move {
            // The connection's place is given back when the socket ends, not the request.
            let _held = held;
            socket::serve(server, ws, address).await
        })
        .into_response()
}

/// The bytes a connection reads at a time. tungstenite fills its read buffer with zeros up to
/// this size before each read, and a device's frames are a few hundred bytes: at its default
/// (128 KiB) that zeroing was a sixth of a node's CPU with 2,000 connections (docs/online.md).
/// A longer frame still arrives whole: the buffer grows for it.
const READ_BUFFER: usize = 4 * 1024;

/// Where a request comes from: the peer's address; from a trusted proxy, the address the
/// nearest untrusted hop of `X-Forwarded-For` names (read from the right: each proxy adds the
/// address it was reached from, and only what trusted proxies added is believed).
fn device_address(server: &Server, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
    let mut address = peer.ip();
    if !server.doors.is_trusted_proxy(address) {
        return address;
    }
    let hops = headers.get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok());
    let hops: Vec<&str> = hops.flat_map(|v| v.split(',')).map(str::trim).collect();
    for hop in hops.iter().rev() {
        let Ok(hop) = hop.parse::<IpAddr>() else { break };
        address = hop;
        if !server.doors.is_trusted_proxy(hop) {
            break;
        }
    }
    address
}

/// The answer to an address that queries too fast.
fn too_fast(server: &Server, address: IpAddr) -> Response {
    server.doors.refused(&server.metrics, address, "Queries", "queries too fast");
    refuse(StatusCode::TOO_MANY_REQUESTS, "too many queries from this address: wait a moment")
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
    refuse(StatusCode::SERVICE_UNAVAILABLE, "the database does not answer")
}

async fn player(
    State(server): State<Arc<Server>>,
    ConnectInfo(address): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let address = device_address(&server, address, &headers);
    if !server.doors.may_enter(Door::Query, address) {
        return too_fast(&server, address);
    }
    if id.len() != 16 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return refuse(StatusCode::BAD_REQUEST, "a player id is 16 hexadecimal digits");
    }
    let name = match server.store.name(&id).await {
        Ok(Some(name)) => name,
        Ok(None) => return refuse(StatusCode::NOT_FOUND, "no such player"),
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
    let address = device_address(&server, address, &headers);
    if !server.doors.may_enter(Door::Query, address) {
        return too_fast(&server, address);
    }
    let ladder = board.ladder.unwrap_or_else(|| "singles".into());
    if !LADDERS.contains(&ladder.as_str()) {
        return refuse(StatusCode::BAD_REQUEST, "ladder is singles, doubles or points");
    }
    let limit = board.limit.unwrap_or(50).clamp(1, 100);
    match server.store.leaderboard(&ladder, limit).await {
        Ok(rows) => Json(json!({ "ladder": ladder, "players": rows })).into_response(),
        Err(error) => failed(error),
    }
}

/// A refusal of a request, with its status and reason as JSON.
fn refuse(status: StatusCode, why: impl std::fmt::Display) -> Response {
    (status, Json(json!({ "error": why.to_string() }))).into_response()
}

/// A day in a daily address: days since 1 January 1970, UTC.
fn day_of(text: &str) -> Result<u32, String> {
    text.parse::<u32>().map_err(|_| format!("a day is a whole number of days since 1970, not {text:?}"))
}

/// An attempt at a day's challenge as a device posts it: who, and the entry made by the game
/// (`CarromTrickShots.get_daily_entry`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Posted {
    name: String,
    token: String,
    entry: DailyEntry,
}

/// Counts an attempt at `day`'s challenge: the server makes the challenge, plays the entry's
/// strikes again from its position, and keeps the player's best. The answer says what the
/// strikes earned, where the player stands, and the day's best few.
async fn daily_entry(
    State(server): State<Arc<Server>>,
    ConnectInfo(address): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(day): Path<String>,
    body: String,
) -> Response {
    let address = device_address(&server, address, &headers);
    if !server.doors.may_enter(Door::Query, address) {
        return too_fast(&server, address);
    }
    let refused = |status: StatusCode, why: String| {
        server.metrics.refused_as("DailyEntry");
        refuse(status, why)
    };
    let day = match day_of(&day) {
        Ok(day) => day,
        Err(why) => return refused(StatusCode::BAD_REQUEST, why),
    };
    let posted = match serde_json::from_str::<Posted>(&body) {
        Ok(posted) => posted,
        Err(error) => {
            return refused(StatusCode::BAD_REQUEST, format!("the entry is not as it should be: {error}"))
        }
    };
    let entry = match posted.entry.checked() {
        Ok(entry) if entry.day == day => entry,
        Ok(entry) => {
            return refused(
                StatusCode::BAD_REQUEST,
                format!("the entry is for day {}, posted to day {day}", entry.day),
            )
        }
        Err(error) => return refused(StatusCode::BAD_REQUEST, error.to_string()),
    };
    if let Err(why) = daily::open(day) {
        return refused(StatusCode::BAD_REQUEST, why);
    }
    if let Err(why) = crate::identity::check_identity_of(&posted.name, &posted.token) {
        return refused(StatusCode::BAD_REQUEST, why.to_string());
    }
    let trick = match server.challenges.challenge(day).await {
        Ok(trick) => trick,
        Err(why) => return refused(StatusCode::NOT_FOUND, why),
    };
    let (strikes, stars) = match server.challenges.judge(trick, entry.strikes.clone()).await {
        Ok(score) => score,
        Err(why) => return refused(StatusCode::UNPROCESSABLE_ENTITY, why),
    };
    // Only an entry counted makes or renames a player.
    let player = match crate::identity::sign_in(&server, &posted.name, &posted.token).await {
        Ok(signed) => signed.player,
        Err(why) => return refused(StatusCode::BAD_REQUEST, why.to_string()),
    };
    let kept = server.store.keep_daily(day, &player, strikes, stars, &entry.to_json()).await;
    let place = match kept {
        Ok(_) => server.store.daily_place(day, &player).await,
        Err(error) => return failed(error),
    };
    let (place, board) = match (place, server.store.daily_board(day, BOARD_WITH_ENTRY).await) {
        (Ok(Some(place)), Ok((board, _))) => (place, board),
        (Ok(None), _) => return failed("an entry just kept is not on the board"),
        (Err(error), _) | (_, Err(error)) => return failed(error),
    };
    server.metrics.daily_entries.inc();
    Json(json!({
        "day": day,
        "player": player,
        "strikes": strikes,
        "stars": stars,
        "best": place.strikes,
        "rank": place.rank,
        "of": place.of,
        "players": board,
    }))
    .into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DailyQuery {
    limit: Option<u32>,
}

/// A day's board: the best `limit` (1–100, 20 unless asked) and how many are on it.
async fn daily_board(
    State(server): State<Arc<Server>>,
    ConnectInfo(address): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(day): Path<String>,
    Query(query): Query<DailyQuery>,
) -> Response {
    let address = device_address(&server, address, &headers);
    if !server.doors.may_enter(Door::Query, address) {
        return too_fast(&server, address);
    }
    let day = match day_of(&day) {
        Ok(day) => day,
        Err(why) => return refuse(StatusCode::BAD_REQUEST, why),
    };
    let limit = query.limit.unwrap_or(20).clamp(1, 100);
    match server.store.daily_board(day, limit).await {
        Ok((players, of)) => Json(json!({ "day": day, "of": of, "players": players })).into_response(),
        Err(error) => failed(error),
    }
}

/// What `GET /operator/reports` takes.
#[derive(Deserialize)]
struct Reports {
    limit: Option<u32>,
}

/// `GET /operator/reports?limit=N`: the latest reports (at most 500), newest first, each with
/// its match's replay as it stood when reported.
async fn operator_reports(
    State(server): State<Arc<Server>>,
    ConnectInfo(address): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(asked): Query<Reports>,
) -> Response {
    let address = device_address(&server, address, &headers);
    if !server.doors.may_enter(Door::Query, address) {
        return too_fast(&server, address);
    }
    let Some(Some(expected)) = server.operator.get() else {
        return refuse(StatusCode::NOT_FOUND, "no such address");
    };
    let given = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|token| crate::secret::hash(token.trim()));
    if given.as_ref() != Some(expected) {
        server.doors.refused(&server.metrics, address, "OperatorToken", "a wrong or missing operator token");
        return refuse(
            StatusCode::UNAUTHORIZED,
            "the operator's token is needed: Authorization: Bearer TOKEN",
        );
    }
    let limit = asked.limit.unwrap_or(100).clamp(1, 500);
    match server.store.reports(limit).await {
        Ok(rows) => Json(json!({ "reports": rows })).into_response(),
        Err(error) => failed(error),
    }
}
