//! Who the match waits for, and for what: the toss's winner to choose who breaks (IC6), the
//! placer of returned pieces (X3), or the seat to strike. The one answer the game, the online
//! host, its turn clock and the computer all ask, so none of them works it out again.

use super::Action;
use crate::rules::Match;
use crate::seat::Seat;

/// The kind of action the match waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Asked {
    /// The toss's winner chooses to break or to let the seat after it break (IC6).
    ChooseBreak,
    /// The seat after the one whose turn sent pieces back places them (X3).
    Place,
    /// The seat to play strikes (or lets its time run out).
    Strike,
}

/// The seat the match waits for, and what it must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Awaited {
    /// Who must act.
    pub seat: Seat,
    /// What they must do.
    pub asked: Asked,
}

impl Awaited {
    /// What `rules` waits for; `None` once the match is over. The toss's choice comes before
    /// anything, a placement before the next strike.
    pub fn of(rules: &Match) -> Option<Awaited> {
        if rules.is_over() {
            return None;
        }
        if let Some(seat) = rules.toss() {
            return Some(Awaited { seat, asked: Asked::ChooseBreak });
        }
        if let Some(placing) = rules.placing() {
            return Some(Awaited { seat: placing.by, asked: Asked::Place });
        }
        rules.to_play().map(|seat| Awaited { seat, asked: Asked::Strike })
    }

    /// What a turn clock does when the seat's time runs out: the toss's winner breaks (the
    /// choice that keeps the game moving, IC6), returned pieces go nearest the centre (X1,
    /// X3), and a strike not taken passes the turn (T2).
    pub fn on_timeout(&self) -> Action {
        let seat = self.seat;
        match self.asked {
            Asked::ChooseBreak => Action::ChooseBreak { seat, breaks: true },
            Asked::Place => Action::Place { seat, spots: vec![] },
            Asked::Strike => Action::Pass { seat },
        }
    }

    /// Whether `action` is of the kind awaited, by the seat awaited.
    pub fn is_answered_by(&self, action: &Action) -> bool {
        let kind = match action {
            Action::ChooseBreak { .. } => Asked::ChooseBreak,
            Action::Place { .. } => Asked::Place,
            Action::Strike { .. } | Action::Pass { .. } | Action::DeclareFoul { .. } => Asked::Strike,
            Action::AddTime { .. } => return false,
        };
        action.seat() == Some(self.seat) && kind == self.asked
    }
}
