//! A bad network between a device and the server, in the test's own process: a TCP relay on
//! loopback that holds every chunk for a delay with jitter (in order, as TCP keeps it), and can
//! go silent for a while — a phone in a tunnel — without closing anything. A share of chunks is
//! "lost": held a retransmission's time more (what a lost segment costs a TCP stream, which
//! never loses bytes). The kernel's `tc netem` would do this below TCP; it is not available on
//! every machine (this one's kernel has no netem), so the tests do it here.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// A relay to the server, and the means to cut it.
#[derive(Clone)]
pub struct Lag {
    /// `127.0.0.1:PORT`, to connect to instead of the server.
    pub address: String,
    /// Until when nothing passes.
    silent_until: Arc<Mutex<Option<Instant>>>,
}

impl Lag {
    /// Relays to `target`, holding each chunk `delay` ± `jitter`, and a share `loss` of them a
    /// retransmission (`RETRANSMIT` to twice that) longer.
    pub async fn start(target: &str, delay: Duration, jitter: Duration, loss: f64) -> Lag {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let lag = Lag { address: listener.local_addr().unwrap().to_string(), silent_until: Arc::default() };
        let target = target.to_string();
        let silent = lag.silent_until.clone();
        tokio::spawn(async move {
            let mut seed = 0x2545_f491_4f6c_dd1d_u64;
            while let Ok((device, _)) = listener.accept().await {
                let Ok(server) = TcpStream::connect(&target).await else { continue };
                let (device_in, device_out) = device.into_split();
                let (server_in, server_out) = server.into_split();
                for (from, to) in [(device_in, server_out), (server_in, device_out)] {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    let bad = Bad { delay, jitter, loss };
                    tokio::spawn(relay(from, to, bad, seed, silent.clone()));
                }
            }
        });
        lag
    }

    /// Nothing passes for `seconds` (what is sent meanwhile arrives after).
    pub fn go_silent(&self, seconds: f64) {
        *self.silent_until.lock().unwrap() = Some(Instant::now() + Duration::from_secs_f64(seconds));
    }
}

/// The least a lost segment costs: Linux's smallest retransmission timeout.
const RETRANSMIT: Duration = Duration::from_millis(200);

/// How bad one direction of the link is.
#[derive(Clone, Copy)]
struct Bad {
    delay: Duration,
    jitter: Duration,
    loss: f64,
}

async fn relay(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    bad: Bad,
    mut seed: u64,
    silent: Arc<Mutex<Option<Instant>>>,
) {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<(Instant, Vec<u8>)>();
    let writer = tokio::spawn(async move {
        while let Some((at, chunk)) = rx.recv().await {
            tokio::time::sleep_until(at.into()).await;
            loop {
                let quiet = *silent.lock().unwrap();
                match quiet {
                    Some(until) if until > Instant::now() => tokio::time::sleep_until(until.into()).await,
                    _ => break,
                }
            }
            if to.write_all(&chunk).await.is_err() {
                return;
            }
        }
    });
    let mut last = Instant::now();
    let mut buffer = vec![0; 16 * 1024];
    while let Ok(n) = from.read(&mut buffer).await {
        if n == 0 {
            break;
        }
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % 10_001) as f64 / 10_000.0
        };
        let spread = next() * 2.0 - 1.0;
        let mut held = bad.delay.as_secs_f64() + bad.jitter.as_secs_f64() * spread;
        if next() < bad.loss {
            held += RETRANSMIT.as_secs_f64() * (1.0 + next());
        }
        // In order: a chunk never overtakes the one before.
        last = last.max(Instant::now() + Duration::from_secs_f64(held.max(0.0)));
        if tx.send((last, buffer[..n].to_vec())).is_err() {
            break;
        }
    }
    drop(tx);
    let _ = writer.await;
}
