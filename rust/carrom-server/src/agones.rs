//! Agones: the server as a game server of a fleet. Its own task speaks to the Agones SDK
//! sidecar's REST endpoints — `Ready` (tried until the sidecar answers), `Health` every two
//! seconds, the `matches` Counter (how many this process runs, of its capacity), and `Shutdown`
//! once a drain has ended — so that the fleet allocates to processes with room and replaces a
//! process that stops answering. Nothing here is needed without `--agones`.

use crate::server::Server;
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use std::sync::Arc;
use std::time::Duration;

/// How often the process tells the sidecar it is healthy (Agones's default period is 5 s).
pub const HEALTH_SECONDS: u64 = 2;
/// The Counter the fleet's autoscaler and allocations read.
pub const COUNTER: &str = "matches";
/// The longest wait between two tries of `Ready`.
const READY_BACKOFF_MAX: Duration = Duration::from_secs(5);
/// The most a sidecar's answer is read of.
const ANSWER_BYTES: usize = 64 * 1024;

/// The sidecar's REST endpoints.
#[derive(Clone)]
pub struct Sdk {
    base: String,
    client: Client<HttpConnector, Full<Bytes>>,
}

impl Sdk {
    /// The sidecar at `base` (`http://localhost:9358`: Agones sets `AGONES_SDK_HTTP_PORT`).
    pub fn new(base: &str) -> Sdk {
        Sdk {
            base: base.trim_end_matches('/').to_string(),
            client: Client::builder(TokioExecutor::new()).build_http(),
        }
    }

    /// The sidecar of this pod: `localhost` on `AGONES_SDK_HTTP_PORT` (9358 if unset).
    pub fn of_pod() -> Sdk {
        let port =
            std::env::var("AGONES_SDK_HTTP_PORT").ok().and_then(|p| p.parse::<u16>().ok()).unwrap_or(9358);
        Sdk::new(&format!("http://localhost:{port}"))
    }

    /// The sidecar's answer to `request`, waited for at most 5 s.
    async fn answer(
        &self,
        request: hyper::Request<Full<Bytes>>,
    ) -> Result<hyper::Response<hyper::body::Incoming>, String> {
        tokio::time::timeout(Duration::from_secs(5), self.client.request(request))
            .await
            .map_err(|_| "the sidecar did not answer within 5 s".to_string())?
            .map_err(|e| e.to_string())
    }

    /// Sends `body` to `path` by `method`; the sidecar's status, or why there is none.
    async fn call(&self, method: hyper::Method, path: &str, body: String) -> Result<u16, String> {
        let request = hyper::Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .body(Full::new(Bytes::from(body)))
            .map_err(|e| e.to_string())?;
        let answer = self.answer(request).await?;
        let status = answer.status().as_u16();
        // Read (a bounded amount of) the answer, so that the connection can be used again.
        let _ = http_body_util::Limited::new(answer.into_body(), ANSWER_BYTES).collect().await;
        Ok(status)
    }

    /// `GET path`: the sidecar's answer as JSON (bounded), or why there is none.
    async fn get_json(&self, path: &str) -> Result<serde_json::Value, String> {
        let request = hyper::Request::builder()
            .uri(format!("{}{path}", self.base))
            .body(Full::new(Bytes::new()))
            .map_err(|e| e.to_string())?;
        let answer = self.answer(request).await?;
        if !answer.status().is_success() {
            return Err(format!("the sidecar answered {}", answer.status()));
        }
        let body = http_body_util::Limited::new(answer.into_body(), ANSWER_BYTES)
            .collect()
            .await
            .map_err(|e| e.to_string())?
            .to_bytes();
        serde_json::from_slice(&body).map_err(|e| e.to_string())
    }

    /// Where clients reach this game server from outside: the address and the `ws` port (or
    /// the first) that Agones gave it, as `ws://ADDRESS:PORT/ws` — tried for a few seconds, as
    /// the sidecar may start after the process.
    pub async fn public_url(&self) -> Result<String, String> {
        let mut last = String::new();
        for _ in 0..10 {
            match self.get_json("/gameserver").await.and_then(|g| address_of(&g)) {
                Ok(url) => return Ok(url),
                Err(error) => last = error,
            }
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        Err(last)
    }

    async fn post(&self, path: &str) -> Result<u16, String> {
        self.call(hyper::Method::POST, path, "{}".into()).await
    }

    /// Says the process is ready for players, trying again (with a growing wait) until the
    /// sidecar takes it: it may start after the process.
    pub async fn ready(&self) {
        let mut wait = Duration::from_millis(200);
        loop {
            match self.post("/ready").await {
                Ok(status) if (200..300).contains(&status) => return,
                Ok(status) => tracing::warn!(status, "Agones did not take Ready: trying again"),
                Err(error) => tracing::warn!(%error, "Agones's sidecar is not there yet: trying again"),
            }
            tokio::time::sleep(wait).await;
            wait = (wait * 2).min(READY_BACKOFF_MAX);
        }
    }

    /// Health: the process is alive.
    pub async fn health(&self) -> Result<u16, String> {
        self.post("/health").await
    }

    /// The `matches` Counter: `count` of `capacity` (Agones's integers travel as strings).
    pub async fn matches(&self, count: i64, capacity: i64) -> Result<u16, String> {
        let body = format!(r#"{{"count":"{count}","capacity":"{capacity}"}}"#);
        self.call(hyper::Method::PATCH, &format!("/v1beta1/counters/{COUNTER}"), body).await
    }

    /// Shutdown: the drain is over; Agones may stop the pod.
    pub async fn shutdown(&self) -> Result<u16, String> {
        self.post("/shutdown").await
    }
}

/// The `ws://` URL of a GameServer's `status` (its address and port), or what is missing.
fn address_of(gameserver: &serde_json::Value) -> Result<String, String> {
    let status = &gameserver["status"];
    let address = status["address"].as_str().unwrap_or_default();
    let fits = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':');
    if address.is_empty() || address.len() > 253 || !address.chars().all(fits) {
        return Err(format!(
            "the GameServer has no usable address yet ({:?})",
            address.chars().take(40).collect::<String>()
        ));
    }
    let ports = status["ports"].as_array().map(Vec::as_slice).unwrap_or_default();
    let port = ports
        .iter()
        .find(|p| p["name"] == "ws")
        .or(ports.first())
        .and_then(|p| p["port"].as_u64())
        .and_then(|p| u16::try_from(p).ok())
        .ok_or("the GameServer has no port yet")?;
    // An IPv6 address is written in brackets in a URL.
    let host = if address.contains(':') { format!("[{address}]") } else { address.to_string() };
    Ok(format!("ws://{host}:{port}/ws"))
}

/// Runs beside the server for as long as it runs: Ready once listening, then Health and the
/// Counter every [`HEALTH_SECONDS`].
pub async fn keep(sdk: Sdk, server: Arc<Server>) {
    sdk.ready().await;
    tracing::info!("Agones: ready");
    let capacity = i64::try_from(server.config.max_matches).unwrap_or(i64::MAX);
    let mut every = tokio::time::interval(Duration::from_secs(HEALTH_SECONDS));
    let mut told = None;
    loop {
        every.tick().await;
        if let Err(error) = sdk.health().await {
            tracing::warn!(%error, "Agones: health not told");
        }
        let count = i64::try_from(server.hub().tables.len()).unwrap_or(i64::MAX);
        if told != Some(count) {
            match sdk.matches(count, capacity).await {
                Ok(status) if (200..300).contains(&status) => told = Some(count),
                Ok(status) => tracing::warn!(status, "Agones: the matches counter was refused"),
                Err(error) => tracing::warn!(%error, "Agones: the matches counter not told"),
            }
        }
    }
}
