//! A connection's way out: a bounded queue of frames its socket writes. A device that does not
//! read (a phone gone to sleep on a slow link) fills it; it is then dropped, and comes back by
//! rejoining, rather than holding memory for ever or slowing its match.

use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tokio::sync::{mpsc, Notify};

/// Frames waiting for one connection: enough for a welcome and a burst of shots.
pub const OUTBOX_FRAMES: usize = 128;

/// What goes out on a WebSocket.
#[derive(Debug)]
pub enum Frame {
    /// A lobby message.
    Text(String),
    /// A match's protocol message, unchanged.
    Binary(Vec<u8>),
}

/// One connection's outgoing queue, and the means to cut it off.
#[derive(Clone)]
pub struct Outbox {
    tx: mpsc::Sender<Frame>,
    cut: Arc<Notify>,
    slow: Arc<AtomicBool>,
}

impl Outbox {
    /// A new queue and the receiving end its socket writes from.
    pub fn new() -> (Outbox, mpsc::Receiver<Frame>) {
        let (tx, rx) = mpsc::channel(OUTBOX_FRAMES);
        (Outbox { tx, cut: Arc::new(Notify::new()), slow: Arc::new(AtomicBool::new(false)) }, rx)
    }

    /// Queues `frame`; a full queue cuts the connection off.
    pub fn send(&self, frame: Frame) {
        if let Err(mpsc::error::TrySendError::Full(_)) = self.tx.try_send(frame) {
            self.slow.store(true, Ordering::Relaxed);
            self.cut.notify_one();
        }
    }

    /// Queues a lobby message.
    pub fn text<T: Serialize>(&self, message: &T) {
        self.send(Frame::Text(carrom_net::lobby::write(message)));
    }

    /// Cuts the connection off (a device that breaks the protocol's order); what is queued
    /// is still written first only if the socket gets to it.
    pub fn hang_up(&self) {
        self.cut.notify_one();
    }

    /// Resolves when the connection has been cut off: for not reading, or hung up.
    pub async fn cut(&self) {
        self.cut.notified().await;
    }

    /// Whether it was cut off for not reading.
    pub fn was_slow(&self) -> bool {
        self.slow.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_connection_that_does_not_read_is_cut_off_when_its_outbox_is_full() {
        let (outbox, mut incoming) = Outbox::new();
        for i in 0..OUTBOX_FRAMES {
            outbox.send(Frame::Text(i.to_string()));
        }
        assert!(!outbox.was_slow(), "a full outbox is not yet too full");
        outbox.send(Frame::Text("one too many".into()));
        assert!(outbox.was_slow());
        tokio::time::timeout(std::time::Duration::from_secs(1), outbox.cut()).await.expect("cut off");
        // What was queued is still there to read (nothing is half-written), and no more.
        let mut queued = 0;
        while incoming.try_recv().is_ok() {
            queued += 1;
        }
        assert_eq!(queued, OUTBOX_FRAMES);
    }
}
