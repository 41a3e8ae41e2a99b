//! A bot's WebSocket to a server, from a local address of its choosing (a test's stand-in for a
//! device's own address), within a bounded wait.

use super::{BotError, Socket};
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;
use tokio::net::TcpSocket;
use tokio_tungstenite::MaybeTlsStream;

/// How long a bot waits for a server to take its connection: a frozen one accepts (the kernel
/// does) and never answers.
const CONNECT_WAIT: Duration = Duration::from_secs(10);

/// A WebSocket to `url`, from the local address `from` if given.
pub(super) async fn open(url: &str, from: Option<IpAddr>) -> Result<Socket, BotError> {
    let link = |e: &dyn std::fmt::Display| BotError::Link(e.to_string());
    let connecting = async {
        let Some(from) = from else {
            return tokio_tungstenite::connect_async(url).await.map_err(|e| link(&e));
        };
        let host = url.split("://").nth(1).and_then(|rest| rest.split('/').next()).unwrap_or_default();
        let to = tokio::net::lookup_host(host)
            .await
            .map_err(|e| link(&e))?
            .find(|a| a.is_ipv4() == from.is_ipv4())
            .ok_or_else(|| BotError::Link(format!("{host}: no address to reach from {from}")))?;
        let socket =
            if from.is_ipv4() { TcpSocket::new_v4() } else { TcpSocket::new_v6() }.map_err(|e| link(&e))?;
        socket.bind(SocketAddr::new(from, 0)).map_err(|e| link(&e))?;
        let tcp = socket.connect(to).await.map_err(|e| link(&e))?;
        tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(tcp)).await.map_err(|e| link(&e))
    };
    let (ws, _) = tokio::time::timeout(CONNECT_WAIT, connecting)
        .await
        .map_err(|_| BotError::Link(format!("{url} did not answer within {CONNECT_WAIT:?}")))??;
    Ok(ws)
}
