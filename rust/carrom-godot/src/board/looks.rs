//! How the board looks beyond its drawing: the piece nodes, made from the scenes and moved to
//! their pieces, and redrawing when a wood texture changes.

use super::pieces::Scenes;
use super::CarromBoard;
use godot::classes::{Node2D, Texture2D};
use godot::prelude::*;

impl CarromBoard {
    /// Redraws now, and again whenever the texture `new` changes (a `NoiseTexture2D` makes its
    /// image on a thread and says so when done); `old` is no longer followed.
    pub(super) fn redraw_with(&mut self, old: Option<Gd<Texture2D>>, new: Option<Gd<Texture2D>>) {
        let redraw = self.base().callable("queue_redraw");
        if let Some(mut old) = old {
            if old.is_connected("changed", &redraw) {
                old.disconnect("changed", &redraw);
            }
        }
        if let Some(mut new) = new {
            if !new.is_connected("changed", &redraw) {
                new.connect("changed", &redraw);
            }
        }
        self.base_mut().queue_redraw();
    }

    /// Moves every piece node to its piece.
    pub(super) fn sync_nodes(&mut self) {
        let (units, hide) = (self.units, self.hide_pocketed);
        let pieces = super::inner::shown(&self.game, &self.free).pieces();
        self.nodes.sync(pieces, units, hide);
    }

    /// Frees and recreates the piece nodes from the scenes.
    pub(super) fn rebuild_piece_nodes(&mut self) {
        let scenes = Scenes {
            white: self.white_coin_scene.clone(),
            black: self.black_coin_scene.clone(),
            queen: self.queen_scene.clone(),
            striker: self.striker_scene.clone(),
        };
        let mut parent = self.to_gd().upcast::<Node2D>();
        let table = super::inner::shown(&self.game, &self.free);
        self.nodes.rebuild(&mut parent, &scenes, table.pieces(), table.spec(), self.units);
        self.sync_nodes();
    }

    pub(super) fn rebuild_if_ready(&mut self) {
        if self.base().is_node_ready() {
            self.rebuild_piece_nodes();
        }
    }
}
