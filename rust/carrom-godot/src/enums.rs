//! The carrom-core enums as Godot enums: each is a typed property or argument in Godot, with
//! its values registered as class constants (`CarromRules.MODE_POINTS`, `CarromBoard.KIND_QUEEN`),
//! so that GDScript never compares raw numbers or strings. The one place core and Godot values
//! are mapped.

use carrom_core::physics::Place as CorePlace;
use carrom_core::rules::{
    Mode as CoreMode, Penalty as CorePenalty, QueenState as CoreQueen, Scoring as CoreScoring,
};
use carrom_core::PieceKind;
use godot::prelude::*;

/// The game a `CarromRules` referees.
#[derive(GodotConvert, Var, Export, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[godot(via = i64)]
pub enum Mode {
    /// Two players opposite each other, white against black.
    #[default]
    Singles = 0,
    /// Four players, partners opposite each other sharing a colour.
    Doubles = 1,
    /// Three players, every piece scores for whoever pockets it.
    Points = 2,
    /// One player clearing the board alone: the turn never passes. Not offered online.
    Solo = 3,
}

impl From<Mode> for CoreMode {
    fn from(mode: Mode) -> CoreMode {
        match mode {
            Mode::Singles => CoreMode::Singles,
            Mode::Doubles => CoreMode::Doubles,
            Mode::Points => CoreMode::Points,
            Mode::Solo => CoreMode::Solo,
        }
    }
}

impl From<CoreMode> for Mode {
    fn from(mode: CoreMode) -> Mode {
        match mode {
            CoreMode::Singles => Mode::Singles,
            CoreMode::Doubles => Mode::Doubles,
            CoreMode::Points => Mode::Points,
            CoreMode::Solo => Mode::Solo,
        }
    }
}

/// What a piece is.
#[derive(GodotConvert, Var, Export, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[godot(via = i64)]
pub enum Kind {
    /// A white coin.
    #[default]
    White = 0,
    /// A black coin.
    Black = 1,
    /// The red queen.
    Queen = 2,
    /// The striker.
    Striker = 3,
}

impl From<Kind> for PieceKind {
    fn from(kind: Kind) -> PieceKind {
        match kind {
            Kind::White => PieceKind::White,
            Kind::Black => PieceKind::Black,
            Kind::Queen => PieceKind::Queen,
            Kind::Striker => PieceKind::Striker,
        }
    }
}

impl From<PieceKind> for Kind {
    fn from(kind: PieceKind) -> Kind {
        match kind {
            PieceKind::White => Kind::White,
            PieceKind::Black => Kind::Black,
            PieceKind::Queen => Kind::Queen,
            PieceKind::Striker => Kind::Striker,
        }
    }
}

/// Where a piece is.
#[derive(GodotConvert, Var, Export, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[godot(via = i64)]
pub enum Place {
    /// On the playing surface.
    #[default]
    Board = 0,
    /// Dropped into a pocket.
    Pocket = 1,
    /// Left the board.
    Off = 2,
    /// The striker, waiting to be placed.
    Hand = 3,
}

impl From<CorePlace> for Place {
    fn from(place: CorePlace) -> Place {
        match place {
            CorePlace::Board => Place::Board,
            CorePlace::Pocket(_) => Place::Pocket,
            CorePlace::Off => Place::Off,
            CorePlace::Hand => Place::Hand,
        }
    }
}

/// What a foul cost.
#[derive(GodotConvert, Var, Export, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[godot(via = i64)]
pub enum Penalty {
    /// A white coin went back to the centre.
    #[default]
    White = 0,
    /// A black coin went back to the centre.
    Black = 1,
    /// Nothing to give back: a due, paid with the next piece pocketed.
    Due = 2,
    /// Another foul of the same strike already carries its one penalty.
    Shared = 3,
    /// The fouler lost the board: a last coin pocketed before the queen was won (IC4).
    BoardLost = 4,
}

impl From<CorePenalty> for Penalty {
    fn from(penalty: CorePenalty) -> Penalty {
        match penalty {
            CorePenalty::Piece(PieceKind::Black) => Penalty::Black,
            CorePenalty::Piece(_) => Penalty::White,
            CorePenalty::Due => Penalty::Due,
            CorePenalty::Shared => Penalty::Shared,
            CorePenalty::BoardLost => Penalty::BoardLost,
        }
    }
}

/// Where the queen stands in the rules.
#[derive(GodotConvert, Var, Export, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[godot(via = i64)]
pub enum Queen {
    /// On the board.
    #[default]
    OnBoard = 0,
    /// Pocketed; the side must cover her with its next pocketed piece.
    AwaitingCover = 1,
    /// Pocketed before the side held a piece: she goes back when the turn ends.
    TooEarly = 2,
    /// Pocketed and covered.
    Covered = 3,
    /// Not in this game: the ruleset plays without her.
    NotPlayed = 4,
}

impl From<CoreQueen> for Queen {
    fn from(queen: CoreQueen) -> Queen {
        match queen {
            CoreQueen::OnBoard => Queen::OnBoard,
            CoreQueen::AwaitingCover { .. } => Queen::AwaitingCover,
            CoreQueen::TooEarly { .. } => Queen::TooEarly,
            CoreQueen::Covered { .. } => Queen::Covered,
            CoreQueen::NotPlayed => Queen::NotPlayed,
        }
    }
}

/// How a ruleset scores a board.
#[derive(GodotConvert, Var, Export, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[godot(via = i64)]
pub enum Scoring {
    /// The board's winner takes the opponents' coins left, plus the queen bonus.
    #[default]
    Board = 0,
    /// Every piece counts its value; the first to the target wins at once.
    Pieces = 1,
}

impl From<Scoring> for CoreScoring {
    fn from(scoring: Scoring) -> CoreScoring {
        match scoring {
            Scoring::Board => CoreScoring::Board,
            Scoring::Pieces => CoreScoring::Pieces,
        }
    }
}

impl From<CoreScoring> for Scoring {
    fn from(scoring: CoreScoring) -> Scoring {
        match scoring {
            CoreScoring::Board => Scoring::Board,
            CoreScoring::Pieces => Scoring::Pieces,
        }
    }
}

/// How strong the computer plays.
#[derive(GodotConvert, Var, Export, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[godot(via = i64)]
pub enum Level {
    /// Sees few shots, shaky hand.
    Easy = 0,
    /// Sees more, steadier.
    Medium = 1,
    /// Sees most, steady.
    #[default]
    Hard = 2,
    /// Sees every shot and what it leaves the next player; plays safe on purpose.
    Expert = 3,
}

impl From<Level> for carrom_core::ai::Level {
    fn from(level: Level) -> carrom_core::ai::Level {
        match level {
            Level::Easy => carrom_core::ai::Level::Easy,
            Level::Medium => carrom_core::ai::Level::Medium,
            Level::Hard => carrom_core::ai::Level::Hard,
            Level::Expert => carrom_core::ai::Level::Expert,
        }
    }
}

impl From<carrom_core::ai::Level> for Level {
    fn from(level: carrom_core::ai::Level) -> Level {
        match level {
            carrom_core::ai::Level::Easy => Level::Easy,
            carrom_core::ai::Level::Medium => Level::Medium,
            carrom_core::ai::Level::Hard => Level::Hard,
            carrom_core::ai::Level::Expert => Level::Expert,
        }
    }
}

/// Who plays a seat of an online match, as the host last told (`CarromNet.get_who`).
#[derive(GodotConvert, Var, Export, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[godot(via = i64)]
pub enum Who {
    /// The person at the host.
    Host = 0,
    /// The computer, played by the host.
    Computer = 1,
    /// A person on a device that is connected.
    Person = 2,
    /// A person whose device dropped: the match waits for them.
    Away = 3,
    /// The computer, for a person who dropped and did not come back in time.
    StandIn = 4,
    /// Nobody yet: the next device to join takes it.
    Open = 5,
    /// Not told: no online match, or a seat the match does not have.
    #[default]
    Untold = 6,
}

impl From<carrom_net::Who> for Who {
    fn from(who: carrom_net::Who) -> Who {
        match who {
            carrom_net::Who::Host => Who::Host,
            carrom_net::Who::Computer => Who::Computer,
            carrom_net::Who::Person => Who::Person,
            carrom_net::Who::Away => Who::Away,
            carrom_net::Who::StandIn => Who::StandIn,
            carrom_net::Who::Open => Who::Open,
        }
    }
}

/// What changed at a seat of an online match (`CarromNet.seat_news`).
#[derive(GodotConvert, Var, Export, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[godot(via = i64)]
pub enum News {
    /// A person took an open seat.
    #[default]
    Joined = 0,
    /// A person who dropped is back.
    Back = 1,
    /// A person dropped: the match waits for them.
    Away = 2,
    /// The computer stands in for a person who did not come back in time.
    StoodIn = 3,
}

impl From<carrom_net::players::News> for News {
    fn from(news: carrom_net::players::News) -> News {
        match news {
            carrom_net::players::News::Joined => News::Joined,
            carrom_net::players::News::Back => News::Back,
            carrom_net::players::News::Away => News::Away,
            carrom_net::players::News::StoodIn => News::StoodIn,
        }
    }
}

/// The kind of a turn the host refused (`CarromNet.turn_refused`), to tell the player in their
/// own language.
#[derive(GodotConvert, Var, Export, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[godot(via = i64)]
pub enum RefusalKind {
    /// Another seat is to act.
    NotYourTurn = 0,
    /// The seat is not this device's.
    NotYourSeat = 1,
    /// The match waits for players.
    Waiting = 2,
    /// The last shot still rolled on the host.
    Rolling = 3,
    /// The match is over.
    Over = 4,
    /// The rules or the table refused it.
    Rules = 5,
    /// Too many messages too fast.
    TooFast = 6,
    /// Anything else: the host's words say what.
    #[default]
    Other = 7,
}

impl From<carrom_net::Refusal> for RefusalKind {
    fn from(kind: carrom_net::Refusal) -> RefusalKind {
        match kind {
            carrom_net::Refusal::NotYourTurn => RefusalKind::NotYourTurn,
            carrom_net::Refusal::NotYourSeat => RefusalKind::NotYourSeat,
            carrom_net::Refusal::Waiting => RefusalKind::Waiting,
            carrom_net::Refusal::Rolling => RefusalKind::Rolling,
            carrom_net::Refusal::Over => RefusalKind::Over,
            carrom_net::Refusal::Rules => RefusalKind::Rules,
            carrom_net::Refusal::TooFast => RefusalKind::TooFast,
            carrom_net::Refusal::Other => RefusalKind::Other,
        }
    }
}

/// Who the host gives a seat to (`CarromNet.host_match`, `set_holder`).
#[derive(GodotConvert, Var, Export, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[godot(via = i64)]
pub enum Holder {
    /// The person at the host.
    #[default]
    Here = 0,
    /// The computer.
    Computer = 1,
    /// The next device that joins.
    Open = 2,
}

impl From<Holder> for carrom_net::Holder {
    fn from(holder: Holder) -> carrom_net::Holder {
        match holder {
            Holder::Here => carrom_net::Holder::Host,
            Holder::Computer => carrom_net::Holder::Computer,
            Holder::Open => carrom_net::Holder::Open,
        }
    }
}
