//! The nodes that show the pieces: one per piece, from the board's piece scenes or, when a
//! scene is not set, a plain `CarromPiece`. The board moves them; they never move themselves.

use crate::piece::CarromPiece;
use crate::units::Units;
use carrom_core::physics::{PieceState, Place};
use carrom_core::{BoardSpec, PieceKind};
use godot::classes::{Node2D, PackedScene};
use godot::prelude::*;

/// The four scenes a modder may set.
pub struct Scenes {
    pub white: Option<Gd<PackedScene>>,
    pub black: Option<Gd<PackedScene>>,
    pub queen: Option<Gd<PackedScene>>,
    pub striker: Option<Gd<PackedScene>>,
}

impl Scenes {
    fn for_kind(&self, kind: PieceKind) -> Option<&Gd<PackedScene>> {
        match kind {
            PieceKind::White => self.white.as_ref(),
            PieceKind::Black => self.black.as_ref(),
            PieceKind::Queen => self.queen.as_ref(),
            PieceKind::Striker => self.striker.as_ref(),
        }
    }
}

#[derive(Default)]
pub struct PieceNodes {
    nodes: Vec<Option<Gd<Node2D>>>,
}

impl PieceNodes {
    pub fn get(&self, index: usize) -> Option<Gd<Node2D>> {
        self.nodes.get(index).cloned().flatten()
    }

    /// Frees the old nodes and makes one per piece of `pieces` under `parent`.
    pub fn rebuild(
        &mut self,
        parent: &mut Gd<Node2D>,
        scenes: &Scenes,
        pieces: &[PieceState],
        spec: &BoardSpec,
        units: Units,
    ) {
        for node in self.nodes.drain(..).flatten() {
            if node.is_instance_valid() {
                let mut node = node;
                node.queue_free();
            }
        }
        for piece in pieces {
            let node = scenes
                .for_kind(piece.kind)
                .and_then(|scene| scene.try_instantiate_as::<Node2D>())
                .unwrap_or_else(|| {
                    CarromPiece::make(piece.kind, spec.radius(piece.kind) * units.scale()).upcast()
                });
            let mut node = node;
            // A scene that draws to the piece's size is told it before it enters the tree: its
            // `_ready` runs inside this rebuild, while the board cannot be asked anything.
            let radius = spec.radius(piece.kind) * units.scale();
            if !node.get("radius").is_nil() {
                node.set("radius", &radius.to_variant());
            }
            node.set_name(&format!("{}_{}", piece.kind.name(), piece.id.number()));
            // Pieces sit above the board's drawing; the striker above the coins.
            node.set_z_index(if piece.kind == PieceKind::Striker { 2 } else { 1 });
            parent.add_child(&node);
            self.nodes.push(Some(node));
        }
    }

    /// Moves and shows or hides each node after its piece.
    pub fn sync(&mut self, pieces: &[PieceState], units: Units, hide_pocketed: bool) {
        for (piece, node) in pieces.iter().zip(self.nodes.iter_mut()) {
            let Some(node) = node else { continue };
            if !node.is_instance_valid() {
                continue;
            }
            node.set_position(units.point(piece.position));
            node.set_rotation(piece.angle);
            match piece.place {
                Place::Board => node.set_visible(true),
                // Left to the game when it animates the drop itself.
                Place::Pocket(_) if !hide_pocketed => {}
                Place::Pocket(_) | Place::Off | Place::Hand => node.set_visible(false),
            }
        }
    }
}
