//! `--agones`: the server's calls to the Agones SDK sidecar, against an endpoint in this test
//! that records them (Agones's own local SDK server is not in the registries this project can
//! use). Ready is tried until taken, Health comes every two seconds, the `matches` Counter says
//! how many matches run of the process's capacity, and Shutdown comes once SIGTERM's drain is
//! over — and nothing after it. The address Agones gave the game server (`GET /gameserver`)
//! is where the other nodes of the fleet send its players.

mod common;

use axum::extract::State;
use axum::http::{Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Router;
use carrom_net::lobby::{ToClient, ToServer};
use common::{databases, token, Running, WAIT};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A call the server made: method, path, body.
type Call = (String, String, String);

#[derive(Default)]
struct Recorder {
    calls: Mutex<Vec<Call>>,
    /// Ready is refused this many times first, as a sidecar that is not up yet would.
    refuse_ready: Mutex<u32>,
}

/// The GameServer the recorder describes: an address and ports as Agones reports them.
const GAMESERVER: &str = r#"{"object_meta":{"name":"carrom-x7k2p"},"status":{"state":"Scheduled",
    "address":"203.0.113.7","ports":[{"name":"metrics","port":7001},{"name":"ws","port":7654}]}}"#;

async fn record(State(recorder): State<Arc<Recorder>>, method: Method, uri: Uri, body: String) -> Response {
    let path = uri.path().to_string();
    recorder.calls.lock().unwrap().push((method.to_string(), path.clone(), body));
    let mut refuse = recorder.refuse_ready.lock().unwrap();
    if path == "/ready" && *refuse > 0 {
        *refuse -= 1;
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    }
    if path == "/gameserver" {
        return (StatusCode::OK, GAMESERVER).into_response();
    }
    StatusCode::OK.into_response()
}

async fn recorder(refuse_ready: u32) -> (String, Arc<Recorder>) {
    let recorder = Arc::new(Recorder { refuse_ready: Mutex::new(refuse_ready), ..Recorder::default() });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let app = Router::new().fallback(record).with_state(recorder.clone());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, recorder)
}

fn calls(recorder: &Recorder) -> Vec<Call> {
    recorder.calls.lock().unwrap().clone()
}

/// Waits until `wanted` holds of the calls so far.
async fn until(recorder: &Recorder, what: &str, wanted: impl Fn(&[Call]) -> bool) {
    let deadline = Instant::now() + WAIT;
    while !wanted(&calls(recorder)) {
        assert!(Instant::now() < deadline, "{what}: the calls were {:?}", calls(recorder));
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn count(calls: &[Call], path: &str) -> usize {
    calls.iter().filter(|(_, p, _)| p == path).count()
}

// Two threads: the recorder must answer while the test waits for the server to stop.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_tells_agones_ready_health_its_matches_and_shutdown() {
    let database = databases("agones").await.remove(0);
    let (url, sidecar) = recorder(2).await;
    let server = Running::start(&database, &["--agones", "--agones-sdk", &url, "--max-matches", "50"]);
    until(&sidecar, "Ready taken after two refusals", |c| count(c, "/ready") >= 3).await;
    let counter = ("PATCH".to_string(), "/v1beta1/counters/matches".to_string());
    let told =
        |c: &[Call], body: &str| c.iter().any(|(m, p, b)| (m, p) == (&counter.0, &counter.1) && b == body);
    until(&sidecar, "the counter at 0 of 50", |c| told(c, r#"{"count":"0","capacity":"50"}"#)).await;
    let started = Instant::now();
    let healthy = count(&calls(&sidecar), "/health");
    until(&sidecar, "two more health calls", |c| count(c, "/health") >= healthy + 2).await;
    let elapsed = started.elapsed();
    assert!(elapsed < Duration::from_secs(7), "health every 2 s: two took {elapsed:?}");

    // A match begins: the counter says so.
    let mut a = server.bot("ola", &token("ola")).await;
    let mut b = server.bot("pia", &token("pia")).await;
    let quick = ToServer::Quick { mode: "singles".into(), rules: "classic".into() };
    a.ask(&quick).await.unwrap();
    b.ask(&quick).await.unwrap();
    for bot in [&mut a, &mut b] {
        bot.until(WAIT, |m| matches!(m, ToClient::Matched { .. }).then_some(())).await.unwrap();
    }
    until(&sidecar, "the counter at 1 of 50", |c| told(c, r#"{"count":"1","capacity":"50"}"#)).await;

    // SIGTERM: the drain, then Shutdown, and no health after it.
    assert!(server.stop().success());
    let all = calls(&sidecar);
    let shutdown = all.iter().position(|(m, p, _)| m == "POST" && p == "/shutdown");
    let shutdown = shutdown.unwrap_or_else(|| panic!("no shutdown: {all:?}"));
    assert_eq!(shutdown, all.len() - 1, "shutdown is the last call: {:?}", &all[shutdown..]);
    let bodies_fit = |(m, p, b): &Call| p.starts_with("/v1beta1/counters/") || b == "{}" || m == "GET";
    assert!(all.iter().all(bodies_fit), "{all:?}");

    // The fleet knows this node by the address Agones gave it, not by the one it listens on.
    use sqlx::Connection;
    let mut db = sqlx::SqliteConnection::connect(&database).await.unwrap();
    let url: String = sqlx::query_scalar("SELECT url FROM nodes").fetch_one(&mut db).await.unwrap();
    assert_eq!(url, "ws://203.0.113.7:7654/ws");
}
