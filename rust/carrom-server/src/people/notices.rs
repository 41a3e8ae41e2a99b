//! Delivering notices: each sweep, a node reads the notices left for the players connected to
//! it (by any node) and sends each to their connections here, once.

use crate::delivered::OVERLAP_MS;
use crate::outbox::Frame;
use crate::server::Server;
use std::sync::Arc;

impl Server {
    /// Sends this node's connections the notices left for them since the last sweep.
    pub async fn deliver_notices(self: &Arc<Self>) -> Result<(), crate::store::StoreError> {
        if self.hub().people.is_empty() {
            return Ok(());
        }
        let seen = self.hub().delivered.since_ms;
        let since = match seen {
            0 => self.store.clock_ms().await? - OVERLAP_MS,
            since => since - OVERLAP_MS,
        };
        let notices = self.store.notices(&self.node, since).await?;
        let mut hub = self.hub();
        for notice in notices {
            if hub.delivered.ids.contains_key(&notice.id) {
                continue;
            }
            hub.delivered.since_ms = hub.delivered.since_ms.max(notice.at);
            if let Some(connections) = hub.people.get(&notice.player) {
                for (_, outbox) in connections {
                    outbox.send(Frame::Text(notice.body.clone()));
                }
            }
            hub.delivered.ids.insert(notice.id, notice.at);
        }
        if hub.delivered.since_ms == 0 {
            hub.delivered.since_ms = since + OVERLAP_MS;
        }
        let keep_from = hub.delivered.since_ms - 2 * OVERLAP_MS;
        hub.delivered.ids.retain(|_, at| *at >= keep_from);
        Ok(())
    }
}
