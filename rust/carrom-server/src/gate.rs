//! The way in: every TCP connection counted against a cap for the whole server and one for its
//! address, its request headers read within a time or it is closed, then handed to the routes.
//! So idle or half-sent connections cannot hold every descriptor the process has, and a
//! device can always get in.

use crate::server::Server;
use axum::extract::ConnectInfo;
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio_rustls::TlsAcceptor;
use tower::ServiceExt;

/// Descriptors kept back from connections: the database's, the listener's, logs, files.
const RESERVED_FILES: u64 = 64;

/// How many connections are open, in all and by address.
pub struct Gate {
    /// Connections open by address, and in all.
    open: Mutex<(HashMap<IpAddr, u32>, usize)>,
    most: usize,
    most_per_address: u32,
}

/// One open connection's place: given back when the last holder of it (the HTTP connection,
/// and the WebSocket it became) is gone.
pub struct Pass {
    gate: Arc<Gate>,
    address: IpAddr,
}

/// A connection's place, as a request carries it to a WebSocket that outlives the request.
#[derive(Clone)]
pub struct Held(pub Arc<Pass>);

impl Gate {
    /// At most `most` connections at once (fewer if the process may not open that many
    /// descriptors), `most_per_address` from one address.
    pub fn new(most: usize, most_per_address: u32) -> Arc<Gate> {
        let most = match open_files_allowed() {
            Some(files) => most.min(usize::try_from(files.saturating_sub(RESERVED_FILES)).unwrap_or(most)),
            None => most,
        };
        Arc::new(Gate { open: Mutex::new((HashMap::new(), 0)), most: most.max(1), most_per_address })
    }

    /// The most connections it lets in at once.
    pub fn most(&self) -> usize {
        self.most
    }

    /// A place for a connection from `address`, or why there is none. An address in `exempt`
    /// (a trusted proxy, which brings many devices) is held only to the whole server's cap.
    pub fn enter(self: &Arc<Self>, address: IpAddr, exempt: bool) -> Result<Pass, &'static str> {
        let mut open = self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let (by_address, total) = &mut *open;
        if *total >= self.most {
            return Err("Connections");
        }
        let mine = by_address.entry(address).or_insert(0);
        if !exempt && *mine >= self.most_per_address {
            return Err("AddressConnections");
        }
        *mine += 1;
        *total += 1;
        Ok(Pass { gate: self.clone(), address })
    }
}

impl Drop for Pass {
    fn drop(&mut self) {
        let mut open = self.gate.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let (by_address, total) = &mut *open;
        if let Some(count) = by_address.get_mut(&self.address) {
            *count -= 1;
            *total -= 1;
            if *count == 0 {
                by_address.remove(&self.address);
            }
        }
    }
}

/// The soft limit on this process's open descriptors, if the system says.
fn open_files_allowed() -> Option<u64> {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit writes the struct it is given and reads nothing else.
    let done = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) };
    (done == 0 && limit.rlim_cur != libc::RLIM_INFINITY).then_some(limit.rlim_cur)
}

/// Takes connections on `listener` for `app` until `stop` resolves, each over TLS when `tls`
/// is given (its handshake held to the same time as a request's headers).
pub async fn serve(
    server: Arc<Server>,
    listener: TcpListener,
    tls: Option<TlsAcceptor>,
    app: Router,
    stop: impl std::future::Future<Output = ()>,
) {
    let most = usize::try_from(server.config.max_connections).unwrap_or(usize::MAX);
    let gate = Gate::new(most, server.config.max_connections_per_address);
    tracing::info!(
        most = gate.most(),
        per_address = server.config.max_connections_per_address,
        "connections"
    );
    let headers_within = Duration::from_secs(u64::from(server.config.header_seconds));
    tokio::pin!(stop);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of descriptors, most often: wait for some to be given back.
                    tracing::warn!(%error, "a connection could not be accepted");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut stop => return,
        };
        let pass = match gate.enter(peer.ip(), server.doors.is_trusted_proxy(peer.ip())) {
            Ok(pass) => pass,
            Err(kind) => {
                server.doors.refused(&server.metrics, peer.ip(), kind, "too many connections open");
                continue;
            }
        };
        // Shots are small and wanted at once: no waiting to fill a packet.
        let _ = tcp.set_nodelay(true);
        let held = Held(Arc::new(pass));
        let service = app.clone().map_request(move |mut request: hyper::Request<hyper::body::Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            request.extensions_mut().insert(held.clone());
            request
        });
        let tls = tls.clone();
        tokio::spawn(async move {
            let service = TowerToHyperService::new(service);
            let Some(tls) = tls else { return http(tcp, service, headers_within).await };
            match tokio::time::timeout(headers_within, tls.accept(tcp)).await {
                Ok(Ok(stream)) => http(stream, service, headers_within).await,
                Ok(Err(error)) => tracing::debug!(%peer, %error, "a TLS handshake failed"),
                Err(_) => tracing::debug!(%peer, "a TLS handshake took too long"),
            }
        });
    }
}

/// Serves HTTP/1.1 (and the WebSockets it upgrades to) on one connection, its request headers
/// read within `headers_within`.
async fn http<I, S>(io: I, service: S, headers_within: Duration)
where
    I: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
    S: hyper::service::Service<hyper::Request<hyper::body::Incoming>, Response = axum::response::Response>
        + Send
        + 'static,
    S::Future: Send + 'static,
    S::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let connection = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(headers_within)
        .serve_connection(TokioIo::new(io), service)
        .with_upgrades();
    if let Err(error) = connection.await {
        tracing::debug!(%error, "a connection ended");
    }
}
